// The premium lock in real Chromium: the Premium page shows the unlock form and nothing of the
// gallery; a wrong PIN is told, the right one opens the page; the profile's Lock now closes it
// again. axe checks the unlock form and the profile's locks in both themes at both widths
// (screenshots in artifacts/screenshots/a11y-locks-*.png).
import { describe, expect, test } from 'bun:test';
import { LOCK_TEXT } from '../../src/shared/locks.ts';
import { axeEverywhere } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, openPage, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, callApi, hubAndBrowser } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('premium and Connect locks in Chromium', () => {
  const started = hubAndBrowser();

  test('the unlock form stands in for Premium until the PIN is given; Lock now on the profile closes it again', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    const { page } = await openPage(context);
    const me = await admitContext(context, started.hub, ADMIN);
    await callApi(started.hub, me, 'PUT', '/api/me/locks', { premium: true, connect: true, pin: '246810' });
    const found: string[] = [];

    await page.goto(`${started.hub.url}/premium`);
    await page.getByRole('heading', { name: LOCK_TEXT.locked.premium }).waitFor();
    expect(await page.getByRole('list', { name: 'Media' }).count()).toBe(0);
    found.push(...(await axeEverywhere(page, 'a11y-locks-unlock')));
    await page.getByLabel('PIN').fill('1111');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText(LOCK_TEXT.wrongPin).waitFor();
    await page.getByLabel('PIN').fill('246810');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL(`${started.hub.url}/premium`);
    await page.getByRole('heading', { name: LOCK_TEXT.locked.premium }).waitFor({ state: 'detached' });
    await islandsReady(page);
    // The unlock covers Connect too, on this device.
    await page.goto(`${started.hub.url}/connect`);
    expect(await page.getByRole('heading', { name: LOCK_TEXT.locked.connect }).count()).toBe(0);

    await page.goto(`${started.hub.url}/user/${me.user!._id}`);
    await page.getByRole('heading', { name: 'Premium and Connect locks' }).waitFor();
    await islandsReady(page);
    found.push(...(await axeEverywhere(page, 'a11y-locks-profile')));
    await page.getByRole('button', { name: 'Lock now' }).click();
    await page.getByText('Premium and Connect are locked on this device.').waitFor();
    await page.goto(`${started.hub.url}/premium`);
    await page.getByRole('heading', { name: LOCK_TEXT.locked.premium }).waitFor();
    expect(found).toEqual([]);
    await context.close();
  });
});
