// The HTML document and app shell every page renders in: head, top bar, main, footer, island script.

import { useRequestContext } from '@hono/react-renderer';
import type { ReactNode } from 'react';
import { ADULT_NOTICE, BRAND_NAME, copyrightLine } from '../shared/brand.ts';
import { Island, IslandsOnPage } from './island.tsx';
import type { IslandName } from '../../islands/registry.ts';
import { useContext } from 'react';

declare module '@hono/react-renderer' {
  interface Props {
    /** Page title; the brand name is appended. */
    title?: string;
    /**
     * A static page (404, error) keeps the shell but no interactive parts, so it ships no
     * JavaScript at all.
     */
    staticPage?: boolean;
  }
}

export function Document({ children, title, staticPage = false }: { children: ReactNode; title?: string; staticPage?: boolean }) {
  const c = useRequestContext();
  const { assets, clock } = c.var.deps;
  const mode = c.var.themeMode;
  const islands = new Set<IslandName>();
  return (
    <IslandsOnPage.Provider value={islands}>
      <html lang="en" data-mode={mode}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <meta name="robots" content="noindex, nofollow, noarchive" />
          {/* The industry's adult-content label, read by parental-control filters. */}
          <meta name="rating" content="RTA-5042-1996-1400-1577-RTA" />
          <title>{title ? `${title} · ${BRAND_NAME}` : BRAND_NAME}</title>
          <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
          <link rel="stylesheet" href={assets.css} />
        </head>
        <body className="flex min-h-screen flex-col bg-bg text-fg">
          <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2">
            Skip to content
          </a>
          <TopBar mode={mode} interactive={!staticPage} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
            {children}
          </main>
          <Footer year={clock().getFullYear()} />
          <IslandScripts entry={assets.islandEntry} />
        </body>
      </html>
    </IslandsOnPage.Provider>
  );
}

/** Rendered last, so every island above has registered itself by now. */
function IslandScripts({ entry }: { entry: string }) {
  const used = useContext(IslandsOnPage);
  if (!used || used.size === 0) return null;
  return <script type="module" src={entry} />;
}

function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" className="shrink-0">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M10 9v14M22 9v14M10 16h12" stroke="white" strokeWidth="3" strokeLinecap="round" fill="none" />
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

function TopBar({ mode, interactive }: { mode: 'light' | 'dark' | 'system'; interactive: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <a href="/" className="flex items-center gap-2 font-display text-lg font-bold tracking-tight text-fg no-underline">
          <BrandMark />
          <span>{BRAND_NAME}</span>
        </a>
        <a href="/" aria-label="Home" title="Home" className="inline-flex h-9 w-9 items-center justify-center rounded-full text-muted hover:bg-raised hover:text-fg">
          <HomeIcon />
        </a>
        <AdultBadge className="hidden sm:inline-flex" />
        <div className="flex-1" />
        {interactive ? <Island name="ThemeSwitch" props={{ mode }} /> : null}
      </nav>
    </header>
  );
}

function Footer({ year }: { year: number }) {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>{copyrightLine(year)}</p>
        <p className="flex items-center gap-2">
          <AdultBadge />
          <span>{ADULT_NOTICE}</span>
        </p>
      </div>
    </footer>
  );
}
