// The theme switch in the top bar: a plain form (POST /theme) that works without JavaScript;
// islands/theme.ts applies a change at once when scripts run.

import { THEME_MODES, type ThemeMode } from '../shared/theme.ts';

const LABELS: Record<ThemeMode, string> = { light: 'Light', system: 'System', dark: 'Dark' };

function Icon({ mode }: { mode: ThemeMode }) {
  const common = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, 'aria-hidden': true } as const;
  if (mode === 'light') {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: kept from before the linter; fix when this code is next touched
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" strokeLinecap="round" />
      </svg>
    );
  }
  if (mode === 'dark') {
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: kept from before the linter; fix when this code is next touched
      <svg {...common}>
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: kept from before the linter; fix when this code is next touched
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Light, System, Dark as native radio inputs: one tab stop, arrow keys move the choice. Without
 * JavaScript an Apply button shows once the choice differs from the page's mode (CSS :has, see
 * uno.config.ts); the script removes it and applies each change by itself.
 */
export function ThemeSwitch({ mode, returnTo }: { mode: ThemeMode; returnTo: string }) {
  return (
    <form method="post" action="/theme" data-theme-switch="" className="theme-switch flex items-center gap-1">
      <input type="hidden" name="returnTo" value={returnTo} />
      {/** biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: kept from before the linter; fix when this code is next touched */}
      <fieldset role="radiogroup" aria-label="Theme" className="inline-flex items-center rounded-full border border-line bg-surface p-0.5">
        {THEME_MODES.map((m) => (
          <label key={m} title={`${LABELS[m]} theme`} className="relative inline-flex cursor-pointer">
            <input
              type="radio"
              name="mode"
              value={m}
              defaultChecked={mode === m}
              data-rendered={mode === m ? '' : undefined}
              className="peer absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span className="inline-flex h-7 w-7 items-center justify-center rounded-full text-muted transition-colors hover:text-fg peer-checked:bg-accent peer-checked:text-accent-fg peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
              <Icon mode={m} />
            </span>
            <span className="sr-only">{LABELS[m]} theme</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" data-theme-apply="" className="theme-apply btn-outline px-2.5 py-1 text-xs">
        Apply
      </button>
    </form>
  );
}
