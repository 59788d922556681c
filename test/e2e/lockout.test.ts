// Journeys in Chromium around the site lockout (the dead-man's switch): the badge counts down, and
// once the expiry passes the site is locked for everyone, the right password included.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { SITE_MESSAGES } from '../../src/features/gate/gate.service.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshot,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, admitContext, countdownSeconds, enterSiteThroughGate, SITE_PASSWORD, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const LOCKED_MESSAGE = SITE_MESSAGES.locked;

describe.skipIf(Boolean(unavailable))('site lockout in Chromium', () => {
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  const hubs: SpawnedHub[] = [];

  beforeAll(async () => {
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.cleanup();
  });
  afterAll(async () => {
    await closeBrowser?.();
  });

  test('the badge counts down second by second', async () => {
    // 0.02 h = 72 s: long enough for the journey, short enough to be in the warning hour.
    const hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0.02' });
    hubs.push(hub);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${hub.url}/users`);
    await enterSiteThroughGate(page);
    await islandsReady(page);

    const badge = page.locator('[data-lockout-badge]');
    const digits = page.getByRole('timer');
    const first = countdownSeconds((await digits.textContent()) ?? '');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(72);
    // Read as a sentence; the ticking itself is a timer, not a live region, and nothing is announced.
    expect(await badge.textContent()).toMatch(/^Site locks in 00:0[01]:\d{2}$/);
    expect(await page.getByRole('status').textContent()).toBe('');
    // Within the last hour it takes the warning colour.
    expect(await badge.getAttribute('class')).toContain('text-warn');

    // Two reads a couple of seconds apart: the later one shows less time.
    await page.waitForFunction((before) => {
      const text = document.querySelector('[role="timer"]')?.textContent?.trim() ?? '';
      const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(text);
      return m !== null && Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) <= before - 2;
    }, first);
    const second = countdownSeconds((await digits.textContent()) ?? '');
    expect(second).toBeLessThan(first);
    await screenshotVariants(page, 'lockout-badge');
    expect(unexpectedProblems(problems, [{ status: 401, path: '/users' }])).toEqual([]);
    await context.close();
  });

  test('when the expiry passes the badge says LOCKED, pages show the locked gate (423) and the right password is refused', async () => {
    // 0.004 h = 14.4 s from the first look at the lockout status (the gate page below).
    const hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0.004' });
    hubs.push(hub);

    // A visitor still at the gate, with the mui-mode cookie asking for the dark theme.
    const outside = await browser.newContext({ viewport: VIEWPORTS.phone });
    await outside.addCookies([{ name: 'mui-mode', value: 'dark', url: hub.url }]);
    const gate = await openTracedPage(outside);
    const first = await gate.page.goto(`${hub.url}/`);
    expect(first?.status()).toBe(401);
    await gate.page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect(await gate.page.locator('html').getAttribute('data-mode')).toBe('dark');
    await islandsReady(gate.page);

    // A member inside the site, watching the badge.
    const inside = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(inside, hub, ADMIN);
    const member = await openTracedPage(inside);
    await member.page.goto(`${hub.url}/`);
    await islandsReady(member.page);
    const badge = member.page.locator('[data-lockout-badge]');
    expect(await badge.textContent()).toMatch(/^Site locks in 00:00:\d{2}$/);

    // At zero the badge asks the server again and turns to LOCKED, which is announced.
    await member.page.getByRole('status').filter({ hasText: 'Site locked' }).waitFor();
    expect((await badge.locator('[data-lockout-text]').textContent())?.trim()).toBe('LOCKED');
    expect(await badge.getAttribute('class')).toContain('text-danger');
    await screenshot(member.page, 'lockout-badge-locked-desktop-light');

    // The visitor at the gate now enters the right password: refused with the locked message.
    const field = gate.page.getByLabel('Site password', { exact: true });
    await field.fill(SITE_PASSWORD);
    await field.press('Enter');
    await gate.page.getByRole('alert').filter({ hasText: LOCKED_MESSAGE }).waitFor();
    expect((await outside.cookies()).some((c) => c.name === 'hub_site')).toBe(false);

    // Reloading shows the locked gate: 423, Site Locked, the message, and a form that is off.
    const locked = await gate.page.reload();
    expect(locked?.status()).toBe(423);
    await gate.page.getByRole('heading', { name: 'Site Locked' }).waitFor();
    await islandsReady(gate.page);
    await expect(gate.page.getByRole('alert').first().textContent()).resolves.toBe(LOCKED_MESSAGE);
    expect(await field.isDisabled()).toBe(true);
    expect(await gate.page.getByRole('button', { name: 'Enter Site' }).isDisabled()).toBe(true);
    await screenshot(gate.page, 'gate-locked-cookie-dark-phone');

    // The member's site cookie is dead too: the next page is the locked gate.
    const after = await member.page.reload();
    expect(after?.status()).toBe(423);
    await member.page.getByRole('heading', { name: 'Site Locked' }).waitFor();
    expect(await member.page.getByLabel('Account menu for root', { exact: true }).count()).toBe(0);
    await islandsReady(member.page);
    await screenshotVariants(member.page, 'gate-locked');

    // And the API refuses the right password with 423.
    const answer = await fetch(`${hub.url}/api/site/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: SITE_PASSWORD }),
    });
    expect(answer.status).toBe(423);
    expect(await answer.json()).toEqual({ success: false, error: LOCKED_MESSAGE });

    expect(
      unexpectedProblems(gate.problems, [
        { status: 401, path: '/' },
        { status: 423, path: '/' },
        { status: 423, path: '/api/site/verify-password' },
      ]),
    ).toEqual([]);
    expect(unexpectedProblems(member.problems, [{ status: 423, path: '/' }])).toEqual([]);
    await outside.close();
    await inside.close();
  });
});
