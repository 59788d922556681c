// The HTML document and app shell every page renders in: head, top bar, main, footer, bottom bar,
// theme and island scripts. The shell is JSX (Shell, below), rendered by React once per kind of
// page (theme mode, signed in or not, admin, bottom bar, year, assets) into a template whose holes
// are filled on each request with that request's values, escaped as React escapes them; only the
// page's own content (and the lockout badge) is rendered by React on every request. The answer is
// byte for byte what rendering Shell whole would give (decision 0042).

import { randomBytes } from 'node:crypto';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createContext, createElement, Fragment, type ReactElement, type ReactNode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from '../../islands/registry.ts';
import { isDiscreet, renderDiscreetly } from '../../islands/server.ts';
import { ADULT_NOTICE, BRAND_NAME, copyrightLine, DISCREET_TEXT } from '../shared/brand.ts';
import type { SessionUser } from '../shared/contracts/session.ts';
import type { ThemeMode } from '../shared/theme.ts';
import { currentPath } from './body.ts';
import { DISCREET_COOKIE, syncDiscreetCookie } from './discreet.ts';
import { Island, IslandsOnPage } from './island.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

/** What a route passes to c.render beside the page's content. */
export interface PageProps {
  /** Page title; the brand name is appended. */
  title?: string;
  /**
   * A static page (404, error) keeps the shell but no live parts (no Lock Site bar, no lockout
   * badge), so it loads no React; only the theme switch's small script.
   */
  staticPage?: boolean;
}

declare module 'hono' {
  interface ContextRenderer {
    // biome-ignore lint/style/useShorthandFunctionType: an interface, to merge with Hono's own ContextRenderer
    (content: ReactElement, props?: PageProps): Response | Promise<Response>;
  }
}

const RequestContext = createContext<Context | null>(null);

/** The request's context, for a page component that needs more than its props. */
export function useRequestContext<E extends Env = Env>(): Context<E> {
  const c = useContext(RequestContext);
  if (!c) throw new Error('useRequestContext outside a page');
  return c as unknown as Context<E>;
}

/** The name a page calls the hub by: the product's, or DISCREET_TITLE while the page is discreet. */
export function useBrand(): string {
  const c = useRequestContext();
  return isDiscreet() ? c.var.deps.config.discreetTitle : BRAND_NAME;
}

/** c.render(content, { title, staticPage }): the page in the document shell, as text/html. */
export const pageRenderer = (): MiddlewareHandler =>
  async function pageRenderer(c, next) {
    c.setRenderer((content: ReactElement, props?: PageProps) => c.html(renderPage(c, content, props ?? {})));
    await next();
  };

/** What the shell shows, from the request: every value the page's own content does not decide. */
interface ShellFacts {
  mode: ThemeMode;
  access: boolean;
  user: SessionUser | null;
  bottomBar: boolean;
  year: number;
  /** Discreet mode: neutral title, brand, words and icon, `data-discreet` (blurred media), its script. */
  discreet: boolean;
  /** The name the top bar and the footer show: the product's, or DISCREET_TITLE while discreet. */
  brand: string;
  assets: { css: string; themeScript: string; islandEntry: string; discreetScript: string };
}

/** The shell's values that change from request to request, written into the template's holes. */
type Hole = 'title' | 'returnTo' | 'userName' | 'initial' | 'profile' | 'main' | 'badge' | 'scripts';

/** A marker React writes through unchanged (letters and digits), unknown outside this process. */
const MARK = `h${randomBytes(12).toString('hex')}`;
const hole = (name: Hole) => `${MARK}${name}${MARK}`;
const HOLES = new RegExp(`${MARK}([a-zA-Z]+)${MARK}`);

/** A template: the static text between the holes and, at the odd places, the name of each hole. */
type Template = string[];
const templates = new Map<string, Template>();

function templateFor(facts: ShellFacts): Template {
  const { mode, access, user, bottomBar, year, discreet, brand, assets } = facts;
  const key = `${mode} ${access} ${user ? (user.admin ? 'admin' : 'user') : '-'} ${bottomBar} ${year} ${discreet} ${brand} ${assets.css} ${assets.themeScript} ${assets.discreetScript}`;
  let template = templates.get(key);
  if (!template) {
    // The user's own values are holes; only whether there is one, and whether an admin, shape the shell.
    const stand = user ? { ...user, name: hole('userName'), _id: '' } : null;
    const html = renderToString(
      <Shell
        documentTitle={hole('title')}
        mode={mode}
        returnTo={hole('returnTo')}
        access={access}
        user={stand}
        initial={hole('initial')}
        profile={hole('profile')}
        bottomBar={bottomBar}
        year={year}
        discreet={discreet}
        brand={brand}
        assets={assets}
        main={hole('main')}
        badge={hole('badge')}
        scripts={hole('scripts')}
      />,
    );
    template = `<!DOCTYPE html>${html}`.split(HOLES);
    templates.set(key, template);
  }
  return template;
}

/** Text and attribute values as React writes them (its escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const NEEDS_ESCAPE = /["&'<>]/;
const escapeHtml = (text: string) => (NEEDS_ESCAPE.test(text) ? text.replace(/["&'<>]/g, (ch) => ESCAPES[ch]!) : text);

/**
 * React's generated ids (useId) encode the element's place among its siblings on the way down
 * from the root: these fragments put the page at the place <main>'s content has in Shell (the
 * second child of <html>, the third of <body>), and the badge at its place in the bottom bar, so
 * the ids are those of the whole document rendered at once.
 */
const atMain = (node: ReactNode) => createElement(Fragment, null, null, createElement(Fragment, null, null, null, node, null, null, null));
const atBadge = (node: ReactNode) =>
  createElement(Fragment, null, null, createElement(Fragment, null, null, null, null, null, createElement(Fragment, null, null, node), null));

/** The whole answer to c.render: the shell's template with this request's values. */
function renderPage(c: Context, content: ReactElement, { title, staticPage = false }: PageProps): string {
  const { assets, clock, config } = c.var.deps;
  // Error pages can be rendered before the access middleware ran: every var may be missing.
  const access = c.var.siteAccess === true;
  const user = c.var.session?.user ?? null;
  const lockout = c.var.lockout;
  // Lock Site and the countdown share a bar at the bottom; with the lockout off (SITE_LOCKOUT_HOURS=0)
  // the badge is not rendered at all, so such pages need no React for it.
  const bottomBar = access && !staticPage;
  const badge = bottomBar && lockout?.lockoutEnabled === true;
  // The viewer's preference; without a session (the gate after the panic key, sign-in) this
  // browser's memory of it, so the page that replaces a discreet one is discreet too.
  const discreet = c.var.session ? c.var.session.discreet : getCookie(c, DISCREET_COOKIE) === '1';
  if (c.var.session) syncDiscreetCookie(c, discreet);
  const islands = new Set<IslandName>();
  const inPage = (node: ReactNode) =>
    renderDiscreetly(discreet, () =>
      renderToString(createElement(RequestContext.Provider, { value: c }, createElement(IslandsOnPage.Provider, { value: islands }, node))),
    );

  const values: Record<Hole, string> = {
    title: escapeHtml(discreet ? config.discreetTitle : title ? `${title} · ${BRAND_NAME}` : BRAND_NAME),
    // The switch's form returns to this page; a page rendered for a form post returns home.
    returnTo: escapeHtml(c.req.method === 'GET' ? currentPath(c) : '/'),
    userName: user ? escapeHtml(user.name) : '',
    initial: user ? escapeHtml(initialOf(user)) : '',
    profile: user ? escapeHtml(profilePath(user)) : '',
    main: inPage(atMain(content)),
    badge: badge && lockout ? inPage(atBadge(<Island name="LockoutBadge" props={{ initial: lockout, admin: user?.admin === true }} />)) : '',
    scripts: '',
  };
  // Last, once every island of the page has registered itself.
  // The entry is told the scripts of this page's islands (client.ts): no page carries every island's file name.
  // An island's component, where not its file's default export, is named after a # (client.ts).
  const scripts = Object.fromEntries(
    [...islands].map((name) => [name, assets.islandExports?.[name] ? `${assets.islands[name]}#${assets.islandExports[name]}` : assets.islands[name]]),
  );
  values.scripts =
    islands.size > 0 ? `<script type="module" src="${escapeHtml(assets.islandEntry)}" data-islands="${escapeHtml(JSON.stringify(scripts))}"></script>` : '';

  const brand = discreet ? config.discreetTitle : BRAND_NAME;
  const template = templateFor({ mode: c.var.themeMode, access, user, bottomBar, year: clock().getFullYear(), discreet, brand, assets });
  let html = template[0]!;
  for (let i = 1; i < template.length; i += 2) html += values[template[i] as Hole] + template[i + 1]!;
  return html;
}

const initialOf = (user: SessionUser) => (user.name.trim()[0] ?? '?').toUpperCase();
const profilePath = (user: SessionUser) => `/user/${encodeURIComponent(user._id)}`;

/**
 * The document as JSX: what every page looks like around its content. Rendered into templates
 * (renderPage), and whole by the test that holds the two to the same bytes.
 */
export function Shell({
  documentTitle,
  mode,
  returnTo,
  access,
  user,
  initial,
  profile,
  bottomBar,
  year,
  discreet,
  brand,
  assets,
  main,
  badge,
  scripts,
}: ShellFacts & { documentTitle: string; returnTo: string; initial: string; profile: string; main: ReactNode; badge: ReactNode; scripts: ReactNode }) {
  return (
    <html lang="en" data-mode={mode} data-discreet={discreet ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex, nofollow, noarchive" />
        {/* The industry's adult-content label, read by parental-control filters. */}
        <meta name="rating" content="RTA-5042-1996-1400-1577-RTA" />
        <title>{documentTitle}</title>
        <link rel="icon" href={discreet ? '/static/favicon-notes.svg' : '/static/favicon.svg'} type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} />
        <script type="module" src={assets.themeScript} />
        {discreet ? <script type="module" src={assets.discreetScript} /> : null}
      </head>
      {/* On phones the bottom bar is solid and the body keeps its height free, so nothing sits under it. */}
      <body className={`flex min-h-screen flex-col bg-bg text-fg ${bottomBar ? 'pb-12 sm:pb-0' : ''}`}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <TopBar mode={mode} returnTo={returnTo} access={access} user={user} initial={initial} profile={profile} discreet={discreet} brand={brand} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
          {main}
        </main>
        <Footer year={year} access={access} roomForCorners={bottomBar} discreet={discreet} brand={brand} />
        {bottomBar ? <BottomBar>{badge}</BottomBar> : null}
        {scripts}
      </body>
    </html>
  );
}

function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M10 9v14M22 9v14M10 16h12" className="stroke-accent-fg" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function HomeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" strokeLinejoin="round" />
    </svg>
  );
}

export function AdultBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`chip border border-accent/40 bg-accent/10 text-accent ${className}`} title={ADULT_NOTICE}>
      18+
    </span>
  );
}

const NAV_LINKS = [
  { href: '/watch', label: 'Watch' },
  { href: '/links', label: 'Links' },
  { href: '/models', label: 'Models' },
  { href: '/connect', label: 'Connect' },
] as const;

function TopBar({
  mode,
  returnTo,
  access,
  user,
  initial,
  profile,
  discreet,
  brand,
}: {
  mode: ThemeMode;
  returnTo: string;
  access: boolean;
  user: SessionUser | null;
  initial: string;
  profile: string;
  discreet: boolean;
  brand: string;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <a href="/" className="flex items-center gap-2 font-display text-lg font-bold tracking-tight text-fg no-underline">
          <BrandMark />
          {/* On phones the top bar of a visitor past the gate is full: the mark stands for the name,
              which stays the link's name for screen readers. */}
          <span className={access ? 'sr-only whitespace-nowrap sm:not-sr-only' : 'whitespace-nowrap'}>{brand}</span>
        </a>
        <a
          href="/"
          aria-label="Home"
          title="Home"
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg"
        >
          <HomeIcon />
        </a>
        {discreet ? null : <AdultBadge className="hidden lg:inline-flex" />}
        {user ? <SectionLinks listClass="ml-1 hidden items-center gap-1 md:flex" linkClass="rounded-lg px-3 py-2 hover:bg-raised" /> : null}
        <div className="flex-1" />
        {user ? (
          <a href="/premium" className="chip bg-warn/15 text-warn no-underline" title="Premium gallery">
            Premium
          </a>
        ) : null}
        <ThemeSwitch mode={mode} returnTo={returnTo} />
        {user ? (
          <UserMenu user={user} initial={initial} profile={profile} returnTo={returnTo} discreet={discreet} />
        ) : access ? (
          <a href="/signin" className="btn-primary whitespace-nowrap px-3 py-1.5 no-underline">
            Sign In
          </a>
        ) : null}
      </nav>
      {user ? (
        <nav aria-label="Sections" className="border-t border-line md:hidden">
          <SectionLinks listClass="mx-auto flex max-w-6xl items-center justify-around px-2" linkClass="block px-3 py-2" />
        </nav>
      ) : null}
    </header>
  );
}

/** Watch, Links, Models, Connect: in the top bar on wide screens, in a row of their own on phones. */
function SectionLinks({ listClass, linkClass }: { listClass: string; linkClass: string }) {
  return (
    <ul className={listClass}>
      {NAV_LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={`${linkClass} text-sm font-semibold text-muted no-underline hover:text-fg`}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The user menu: a disclosure that works without JavaScript. */
function UserMenu({
  user,
  initial,
  profile,
  returnTo,
  discreet,
}: {
  user: SessionUser;
  initial: string;
  profile: string;
  returnTo: string;
  discreet: boolean;
}) {
  return (
    <details className="user-menu relative">
      <summary
        aria-label={`Account menu for ${user.name}`}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1 pr-1 hover:bg-raised sm:pr-3"
      >
        {/* The initial is drawn by CSS, so the menu's visible text is only the name, which its label contains. */}
        <span
          aria-hidden="true"
          data-initial={initial}
          className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-accent text-sm font-bold text-accent-fg before:content-[attr(data-initial)]"
        />
        <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{user.name}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-52 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-lg">
        <p className="truncate border-b border-line px-4 py-2 text-xs text-muted">
          Signed in as <span className="font-semibold text-fg">{user.name}</span>
        </p>
        <a href={profile} className="block px-4 py-2 text-sm text-fg no-underline hover:bg-raised">
          My Profile
        </a>
        {user.admin ? (
          <a href="/admin" className="block px-4 py-2 text-sm text-fg no-underline hover:bg-raised">
            Admin Panel
          </a>
        ) : null}
        <DiscreetSwitch discreet={discreet} returnTo={returnTo} />
        <form method="post" action="/signout" className="border-t border-line">
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm text-fg hover:bg-raised">
            Sign Out
          </button>
        </form>
      </div>
    </details>
  );
}

/**
 * Discreet mode's switch: a plain form (POST /preferences/discreet) that turns it the other way
 * and comes back to this page, so it works without JavaScript.
 */
function DiscreetSwitch({ discreet, returnTo }: { discreet: boolean; returnTo: string }) {
  return (
    <form method="post" action="/preferences/discreet" className="border-t border-line">
      <input type="hidden" name="discreet" value={discreet ? 'off' : 'on'} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        role="switch"
        aria-checked={discreet}
        title="Neutral title and icon, blurred pictures, Escape twice locks the site"
        className="flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm text-fg hover:bg-raised"
      >
        Discreet mode
        <span aria-hidden="true" className={`relative inline-flex h-5 w-9 shrink-0 rounded-full ${discreet ? 'bg-accent' : 'bg-line'}`}>
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow ${discreet ? 'left-4.5' : 'left-0.5'}`} />
        </span>
      </button>
    </form>
  );
}

/**
 * Lock Site (left) and the lockout countdown (right). On phones a solid bar across the bottom, for
 * which the body keeps room; from the sm breakpoint two floating corners, for which the footer
 * keeps room at the page end.
 */
function BottomBar({ children }: { children: ReactNode }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-50 flex h-12 items-center justify-between gap-2 border-t border-line bg-surface px-4 sm:pointer-events-none sm:inset-x-4 sm:bottom-4 sm:h-auto sm:border-0 sm:bg-transparent sm:px-0">
      <LockSiteButton />
      {children}
    </div>
  );
}

/** Lock Site: ends this browser's site session (the footer offers the same). */
function LockSiteButton() {
  return (
    <form method="post" action="/site/lock" className="pointer-events-auto">
      <button
        type="submit"
        title="Lock Site: forget the site password in this browser"
        className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1 text-xs font-semibold text-fg shadow-md hover:bg-raised"
      >
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
        </svg>
        Lock Site
      </button>
    </form>
  );
}

function Footer({
  year,
  access,
  roomForCorners,
  discreet,
  brand,
}: {
  year: number;
  access: boolean;
  roomForCorners: boolean;
  discreet: boolean;
  brand: string;
}) {
  return (
    <footer className={`border-t border-line bg-surface ${roomForCorners ? 'sm:pb-12' : ''}`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{copyrightLine(year, brand)}</p>
        {discreet ? (
          <p>{DISCREET_TEXT.notice}</p>
        ) : (
          <p className="flex items-center gap-2">
            <AdultBadge />
            <span>{ADULT_NOTICE}</span>
          </p>
        )}
        {access ? (
          <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1">
            <a href="/api/docs" className="text-sm font-semibold text-muted underline-offset-2 hover:text-fg hover:underline">
              API reference
            </a>
            <form method="post" action="/site/lock">
              <button type="submit" className="text-sm font-semibold text-muted underline-offset-2 hover:text-fg hover:underline">
                Leave site (lock)
              </button>
            </form>
          </div>
        ) : null}
      </div>
    </footer>
  );
}
