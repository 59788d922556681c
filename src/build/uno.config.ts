// UnoCSS configuration: utility classes plus the hub's colour tokens for light and dark themes.

import type { UserConfig } from '@unocss/core';
import presetWind3, { type Theme } from '@unocss/preset-wind3';

/**
 * Colours are CSS variables holding "R G B" triples, so one class (bg-surface) serves both themes
 * and the theme can switch without re-rendering. `html[data-mode]` carries the chosen mode:
 * light, dark, or system (which follows the operating system through a media query).
 *
 * Every text pair in use reaches WCAG AA (4.5:1) in both themes, including the tinted chips and
 * notes (accent on accent/10 and /15, warn on warn/10 and /15, danger on danger/10) and muted
 * text on raised; the browser journeys check every page with axe (test/e2e/accessibility.test.ts).
 */
const light = {
  bg: '250 246 247',
  surface: '255 255 255',
  raised: '245 239 241',
  fg: '28 20 23',
  muted: '107 91 97',
  line: '231 221 224',
  accent: '194 24 91',
  'accent-fg': '255 255 255',
  danger: '185 28 28',
  /** Behind white text (buttons, error toasts): dark enough in both themes (6.5:1 with white). */
  'danger-solid': '185 28 28',
  warn: '154 69 8',
};
const dark = {
  bg: '15 11 13',
  surface: '26 19 22',
  raised: '36 27 31',
  fg: '243 234 237',
  muted: '168 149 156',
  line: '52 40 45',
  accent: '240 98 146',
  /** Dark text on the pink: white on a pink light enough to read as text on dark grounds is 3.8:1. */
  'accent-fg': '28 8 16',
  danger: '245 108 104',
  'danger-solid': '185 28 28',
  warn: '251 191 36',
};

const vars = (palette: Record<string, string>) =>
  Object.entries(palette)
    .map(([name, rgb]) => `--c-${name}:${rgb};`)
    .join('');

export const themePreflight = `
:root,html[data-mode=light]{${vars(light)}color-scheme:light;}
html[data-mode=dark]{${vars(dark)}color-scheme:dark;}
@media (prefers-color-scheme: dark){html[data-mode=system]{${vars(dark)}color-scheme:dark;}}
html{background:rgb(var(--c-bg));color:rgb(var(--c-fg));font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;}
body{min-height:100vh;min-height:100dvh;}
:focus-visible{outline:2px solid rgb(var(--c-accent));outline-offset:2px;}
@keyframes hub-fade-in{from{opacity:0;transform:translateY(6px)}to{opacity:1;transform:none}}
.fade-in-slow{animation:hub-fade-in 1000ms ease-out both;}
@media (prefers-reduced-motion: reduce){.fade-in-slow{animation:none;}}
dialog::backdrop{background:rgb(0 0 0 / .55);}
.dash-grid{display:grid;gap:1rem;grid-template-columns:repeat(1,minmax(0,1fr));}
.dash-grid.dash-models{grid-template-columns:repeat(2,minmax(0,1fr));}
@media (min-width:600px){.dash-grid{grid-template-columns:repeat(2,minmax(0,1fr));}.dash-grid.dash-models{grid-template-columns:repeat(3,minmax(0,1fr));}}
@media (min-width:900px){.dash-grid{grid-template-columns:repeat(3,minmax(0,1fr));}.dash-grid.dash-models{grid-template-columns:repeat(4,minmax(0,1fr));}}
@media (min-width:1200px){.dash-grid{grid-template-columns:repeat(4,minmax(0,1fr));}}
@media (max-width:599.98px){.dash-favs>:nth-child(n+3){display:none;}}
@media (min-width:600px) and (max-width:899.98px){.dash-favs>:nth-child(n+5){display:none;}}
@media (min-width:900px) and (max-width:1199.98px){.dash-favs>:nth-child(n+7){display:none;}}
/* The theme switch's Apply button is for browsers without JavaScript: it shows once the choice
   differs from the mode the page was rendered in (its script removes it and applies at once). */
.theme-switch .theme-apply{display:none;}
.theme-switch:has(input[data-rendered]:not(:checked)) .theme-apply{display:inline-flex;}
`;

/**
 * Discreet mode (html[data-discreet], decision 0054): pictures and videos (thumbnails, the viewer,
 * cards, model pictures, account icons) are blurred until the pointer is on them or on what
 * holds them, or focus is inside what holds them; no script is needed. An opened viewer
 * ([data-viewer]) shows its media unblurred, on a phone too, where nothing hovers: opening it is
 * a deliberate act. While
 * the tab is hidden the whole page is blurred, and after the panic key nothing is shown (both
 * classes set by islands/discreet.ts).
 */
export const discreetPreflight = `
html[data-discreet] :is(img,video,[style*="background-image"]){filter:blur(18px) saturate(.6);transition:filter .15s ease-out;}
html[data-discreet] :is(img,video,[style*="background-image"]):hover,
html[data-discreet] :is(:hover,:focus-within)>:is(img,video,[style*="background-image"]),
html[data-discreet] [data-viewer] :is(img,video,[style*="background-image"]){filter:none;}
html[data-discreet].discreet-hidden body{filter:blur(28px);}
html[data-discreet].discreet-panic body{visibility:hidden;}
@media (prefers-reduced-motion: reduce){html[data-discreet] :is(img,video){transition:none;}}
`;

/**
 * A rated card's stars (CardStars, decision 0068), drawn from its `data-stars` (1 to 5): that many
 * filled amber stars, then the rest dimmed, so that fifty cards carry no markup for them and the
 * first load no code. The amber on the pill (black/75) over the whitest picture is 5:1.
 */
const star = (n: number) => '\\2605'.repeat(n);
export const cardStarsPreflight = [1, 2, 3, 4, 5]
  .map((n) => `.media-stars[data-stars="${n}"]::before{content:"${star(n)}";color:#fbbf24}.media-stars[data-stars="${n}"]::after{content:"${star(5 - n)}"}`)
  .join('');

export const unoConfig: UserConfig<Theme> = {
  presets: [presetWind3({ dark: { dark: 'html[data-mode=dark]', light: 'html[data-mode=light]' } })],
  theme: {
    colors: Object.fromEntries(Object.keys(light).map((name) => [name, `rgb(var(--c-${name}))`])),
    fontFamily: {
      display: 'ui-serif,Georgia,Cambria,"Times New Roman",serif',
    },
  },
  shortcuts: {
    btn: 'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:opacity-50 disabled:cursor-not-allowed',
    'btn-primary': 'btn bg-accent text-accent-fg hover:bg-accent/90',
    'btn-ghost': 'btn text-fg hover:bg-raised',
    card: 'rounded-2xl border border-line bg-surface shadow-sm',
    chip: 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
    'btn-outline': 'btn border border-line text-fg hover:bg-raised',
    'btn-danger': 'btn bg-danger-solid text-white hover:bg-danger-solid/90',
    // The media cards (fifty to a page): short names keep the page's HTML small.
    // `group` is a marker, not a utility: a shortcut cannot carry it, so the card's markup names it.
    'media-card': 'relative flex h-full flex-col rounded-xl border border-line bg-surface shadow-sm',
    'media-fill': 'absolute inset-0 h-full w-full object-cover',
    'media-round': 'inline-flex h-8 w-8 items-center justify-center rounded-full bg-black/55 shadow-sm hover:bg-black/75 disabled:opacity-50',
    // A card's favourite mark (premium), select-mode checkbox and "Converting 42 %" pill.
    'media-mark': 'pointer-events-none absolute left-2 top-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-black/55 text-[#ff6b9a]',
    'media-check': 'absolute left-1.5 top-1.5 inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full bg-black/55',
    'media-pill': 'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-black/80 px-2.5 py-1 text-xs font-semibold tabular-nums text-white',
    // Premium's large cards (the spec's 260, 280, 300, 320 and 340 px wide), the galleries' floating
    // Upload and Back to top buttons: long class lists the galleries' first load would otherwise carry.
    'premium-cards':
      'gap-4 grid-cols-[repeat(auto-fill,minmax(min(100%,260px),1fr))] sm:grid-cols-[repeat(auto-fill,minmax(280px,1fr))] md:grid-cols-[repeat(auto-fill,minmax(300px,1fr))] lg:grid-cols-[repeat(auto-fill,minmax(320px,1fr))] xl:grid-cols-[repeat(auto-fill,minmax(340px,1fr))]',
    // A card whose processing failed, and one still waiting for its picture.
    'media-failed': 'pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1 px-3 text-center text-danger',
    'media-waiting': 'pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-2 text-muted',
    // A card's menu button's corner (shown on hover or focus where a pointer hovers) and its play badge.
    'media-menu': 'absolute right-1.5 top-1.5 sm:opacity-0 sm:focus-within:opacity-100 sm:group-hover:opacity-100',
    'media-play': 'inline-flex h-10 w-10 items-center justify-center rounded-full bg-black/55 text-white',
    // A gallery's heading.
    'gallery-heading': 'flex flex-wrap items-center gap-2 font-display text-2xl font-bold tracking-tight sm:text-3xl',
    'floating-upload':
      'fixed bottom-28 right-6 z-40 hidden h-14 w-14 items-center justify-center rounded-full bg-accent text-accent-fg shadow-xl hover:bg-accent/90 disabled:opacity-50 sm:inline-flex',
    'back-to-top':
      'fixed bottom-1 left-1/2 z-[55] inline-flex h-10 w-10 -translate-x-1/2 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-lg hover:bg-raised sm:bottom-28 sm:left-6 sm:h-11 sm:w-11 sm:translate-x-0',
    // A rated card's stars (CardStars): over the top of the picture, shown while the card is hovered or holds focus.
    'media-stars':
      'pointer-events-none absolute left-1/2 top-3.5 -translate-x-1/2 whitespace-nowrap rounded-full bg-black/75 px-1.5 text-xs leading-5 tracking-tight text-white/60 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100',
    field:
      'block w-full rounded-lg border border-line bg-bg px-3 py-2 text-fg placeholder:text-muted/70 focus:border-accent focus:outline-none disabled:cursor-not-allowed disabled:bg-raised disabled:opacity-50',
  },
  preflights: [
    { getCSS: () => themePreflight },
    // The Red Room's warning, once accepted in this browser (static/mature-content.js marks the page).
    { getCSS: () => 'html[data-mature-accepted] dialog[data-mature-warning]{display:none}' },
    // A finger held on a video card plays its preview (MediaCard): no link callout or text selection then.
    { getCSS: () => '[data-video-card] a{-webkit-touch-callout:none;-webkit-user-select:none;user-select:none}' },
    { getCSS: () => discreetPreflight },
    { getCSS: () => cardStarsPreflight },
  ],
};
