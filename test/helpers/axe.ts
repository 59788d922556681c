// axe-core in real Chromium: the page's WCAG 2.0/2.1 A and AA violations, as readable lines.

import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { COLOR_SCHEMES, SCREENSHOT_DIR, VIEWPORTS } from './browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules checked: everything axe tags as WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe on the page as it is now. The hub's CSP allows no inline script, so axe's source is
 * evaluated through the DevTools protocol (page.evaluate), which the policy does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, WCAG_TAGS);
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact}): ${v.help} at ${n.target.map(String).join(' > ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').trim()})` : ''}`,
    ),
  );
}

/**
 * Checks the page in light and dark (emulated colour scheme; the page must be in system mode)
 * at phone and desktop width, and writes a screenshot of each variant:
 * artifacts/screenshots/<name>-<phone|desktop>-<light|dark>.png. Returns every violation, each
 * line prefixed with the page name and the variant; the viewport and the scheme are put back.
 */
export async function axeEverywhere(page: Page, name: string): Promise<string[]> {
  const mode = await page.locator('html').getAttribute('data-mode');
  if (mode !== 'system') throw new Error(`axeEverywhere needs the system theme mode, ${name} has ${mode}`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const before = (await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) ? 'dark' : 'light';
  const found: string[] = [];
  for (const scheme of COLOR_SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, dimensions] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(dimensions);
      // Transitions (hover colours, the theme's own) must have settled before colours are measured.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      for (const line of await axeViolations(page)) found.push(`${name} [${size}, ${scheme}] ${line}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size}-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: before });
  if (viewport) await page.setViewportSize(viewport);
  return found;
}
