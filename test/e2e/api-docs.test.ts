// The API reference page in Chromium: /api/docs shows the hub's OpenAPI document with Swagger UI
// served by the hub itself, under the hub's Content-Security-Policy (no inline script, nothing from
// another host), and a call tried from the page goes with the browser's own credentials.
import { beforeAll, describe, expect, test } from 'bun:test';
import type { BrowserContext } from 'playwright-core';
import { browserUnavailableReason, openTracedPage, screenshot, screenshotVariants, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, hubAndBrowser } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('the API reference in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let context: BrowserContext;
  /** Every request the page made to a host other than the hub's (each is refused). */
  const foreign: string[] = [];

  beforeAll(async () => {
    context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const hubHost = new URL(started.hub.url).host;
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.host === hubHost || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      foreign.push(url.href);
      return route.abort();
    });
    await admitContext(context, started.hub, ADMIN);
  });

  test('shows every section of the API, and a call tried from the page answers', async () => {
    const { page, problems } = await openTracedPage(context);
    const res = await page.goto(`${started.hub.url}/api/docs`);
    expect(res?.status()).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');

    await page.locator('.opblock-tag', { hasText: 'Albums' }).waitFor();
    const sections = await page.locator('.opblock-tag').allInnerTexts();
    for (const name of ['Site gate', 'Sign-in', 'Users', 'The Red Room', 'Premium', 'Albums', 'Models', 'Links', 'Streaming sites', 'Connect (vault)']) {
      expect(sections.some((text) => text.startsWith(name))).toBe(true);
    }
    await screenshotVariants(page, 'api-docs');

    // GET /api/tags, tried from the page: the browser's cookies carry the site token and session.
    await page.locator('.opblock-tag', { hasText: 'Tags' }).click();
    await page.locator('#operations-Tags-getApiTags .opblock-summary').click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    const status = page.locator('#operations-Tags-getApiTags .live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    await screenshot(page, 'api-docs-tried');

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
