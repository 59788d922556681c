// Real Chromium (Debian's package) driven by playwright-core, with console errors collected per page.

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { PROJECT_ROOT } from './spawn-hub.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, 'artifacts', 'screenshots');

/** Why the browser tests cannot run here, or undefined. Under CI they must run, so no reason is given. */
export function browserUnavailableReason(): string | undefined {
  if (process.env.CI === 'true') return undefined;
  if (!existsSync(CHROMIUM_PATH)) return `${CHROMIUM_PATH} not found; install Debian's chromium package (bash .ci/run does)`;
  return undefined;
}

export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    // Playwright gives every launch a fresh, temporary profile and removes it on close.
    close: () => browser.close(),
  };
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface WatchedPage {
  page: Page;
  /** Console errors (Chromium also reports failed loads there) and uncaught page errors seen so far. */
  problems: string[];
}

// Only console and page errors are listened to. Playwright's request events refer to request
// objects that it may already have disposed after a navigation, which under load throws
// "Object with guid request@… was not bound" inside the test process; the page's own
// resource timing tells which scripts loaded without that race.
export async function openPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

/** Paths of every JavaScript file the current document loaded (entry and lazily imported chunks). */
export async function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  );
}

/** Waits until every island on the page is hydrated (clicks before that would hit inert HTML). */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((el) => (el as HTMLElement).dataset.hydrated === 'true'));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await screenshotWithRetry(page, path.join(SCREENSHOT_DIR, `${name}.png`), false);
}

/**
 * Like openPage, but each console problem names the resource it is about ("… [url]"), so a test
 * can let through exactly the failed loads it expects (see unexpectedProblems).
 */
export async function openTracedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` [${where}]` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

const FAILED_LOAD = /^console: Failed to load resource: the server responded with a status of (\d{3}) \([^)]*\) \[(.+)\]$/;

/**
 * The problems left once Chromium's "Failed to load resource" errors for the given answers are
 * dropped. Each expected answer is a status and a path (with its query, if any) on the page's origin.
 */
export function unexpectedProblems(problems: string[], expected: { status: number; path: string }[]): string[] {
  return problems.filter((problem) => {
    const match = FAILED_LOAD.exec(problem);
    if (!match) return true;
    const url = new URL(match[2]!);
    return !expected.some((e) => e.status === Number(match[1]) && e.path === url.pathname + url.search);
  });
}

export const COLOR_SCHEMES = ['light', 'dark'] as const;

/**
 * Screenshots of the page as it is now, in light and dark at phone and desktop size:
 * artifacts/screenshots/<name>-<phone|desktop>-<light|dark>.png. The page must be in the
 * theme's system mode (no mui-mode cookie), so the emulated colour scheme decides the theme. The
 * viewport and the colour scheme are put back afterwards. Finite CSS animations are finished first.
 */
/**
 * A full-page screenshot, tried up to three times: on a busy machine Chromium now and then answers
 * "Unable to capture screenshot" while it is still laying out the resized page. The pictures are
 * artifacts to look at, not assertions; a third failure still fails the test.
 */
async function screenshotWithRetry(page: Page, file: string, stillAnimations = true): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path: file, fullPage: true, ...(stillAnimations ? { animations: 'disabled' as const } : {}) });
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Unable to capture screenshot')) throw error;
      await page.waitForTimeout(500 * attempt);
    }
  }
}

export async function screenshotVariants(page: Page, name: string): Promise<void> {
  const mode = await page.locator('html').getAttribute('data-mode');
  if (mode !== 'system') throw new Error(`screenshotVariants needs the system theme mode, the page has ${mode}`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const before = (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, dimensions] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(dimensions);
      await screenshotWithRetry(page, path.join(SCREENSHOT_DIR, `${name}-${size}-${scheme}.png`));
    }
  }
  await page.emulateMedia({ colorScheme: before });
  if (viewport) await page.setViewportSize(viewport);
  // The theme's colours fade back to the page's own scheme: what a test reads next (axe's contrast)
  // must see the settled colours, not a frame between the two themes.
  await settleTransitions(page);
}

/** Waits for every running transition or animation that ends (not the endless ones) to finish. */
export async function settleTransitions(page: Page): Promise<void> {
  // Two frames first: a change of scheme starts its transitions at the next style pass.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
