// Discreet mode and the sessions list in Chromium: with discreet mode on, thumbnails are blurred
// until hovered or focused, the page blurs while the tab is hidden, a single Escape (closing the
// viewer) leaves the page alone, and Escape twice lands on the site gate with the site session
// ended on the server (a reload stays on the gate). Screenshots: a gallery in discreet mode and
// the profile's sessions list (rows of one browser told apart by when and how each signed in),
// light and dark, at 390 and 1280 px.
import { beforeAll, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import type { MediaPage } from '../../src/shared/media.ts';
import { browserUnavailableReason, islandsReady, openPage, screenshotVariants, VIEWPORTS } from '../helpers/browser.ts';
import {
  ADMIN,
  type ApiCredentials,
  addCredentialCookies,
  callApi,
  credentialsByApi,
  hubAndBrowser,
  mediaCards,
  openUserMenu,
  signInThroughForm,
  submitPlainForm,
  uploadByApi,
} from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function photo(i: number): Promise<Buffer> {
  const hue = (i * 67) % 360;
  const [r, g, b] = [0, -120, 120].map((shift) => Math.round(128 + 127 * Math.cos(((hue + shift) * Math.PI) / 180)));
  return sharp({ create: { width: 240, height: 180, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .composite([{ input: { create: { width: 80, height: 80, channels: 3, background: { r: 255, g: 255, b: 255 } } }, left: 30 + i * 10, top: 40 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** What a passer-by would read that names an adult site (the hub's own words; the items here have neutral names). */
const REVEALING = /18\s*\+|\b18\b|adult|explicit|mature|red room|private hub/gi;
const revealingWords = async (page: Page) =>
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is the point (innerText leaves out what CSS hides)
  (await page.evaluate(() => document.body.innerText)).match(REVEALING) ?? [];

/** The blur filter of the first card's thumbnail, as computed. */
const thumbnailFilter = (page: Page) =>
  page
    .locator('ul[aria-label="Media"] img[src*="/thumbnail"]')
    .first()
    .evaluate((img) => getComputedStyle(img).filter);

describe.skipIf(Boolean(unavailable))('discreet mode and sessions in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    for (let i = 0; i < 6; i++) await uploadByApi(started.hub, admin, [{ name: `Holiday ${i + 1}.jpg`, bytes: await photo(i), type: 'image/jpeg' }]);
    for (let tries = 0; ; tries++) {
      const page = await callApi<MediaPage>(started.hub, admin, 'GET', '/api/gallery?limit=100');
      if (page.media.every((m) => m.status === 'ready')) break;
      if (tries > 300) throw new Error('thumbnails not made');
      await Bun.sleep(200);
    }
    await callApi(started.hub, admin, 'PUT', '/api/me/preferences', { discreet: true });
  }, 120_000);

  /** A browser of the administrator's, past the gate and signed in, that accepted the gallery's warning before. */
  async function signedInContext(): Promise<{ context: BrowserContext; credentials: ApiCredentials }> {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials = await credentialsByApi(started.hub, ADMIN);
    await addCredentialCookies(context, started.hub, credentials);
    await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: started.hub.url }]);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    return { context, credentials };
  }

  async function openGallery(context: BrowserContext) {
    const watched = await openPage(context);
    await watched.page.goto(`${started.hub.url}/gallery`);
    await islandsReady(watched.page);
    await mediaCards(watched.page).first().waitFor();
    await watched.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('ul[aria-label="Media"] img[src*="/thumbnail"]');
      return img?.complete && img.naturalWidth > 0;
    });
    return watched;
  }

  const siteSessionValid = async (credentials: ApiCredentials) =>
    ((await (await fetch(`${started.hub.url}/api/site/verify-token`, { headers: { 'x-site-token': credentials.siteToken } })).json()) as { valid: boolean })
      .valid;

  test('the gallery: neutral title and icon, thumbnails blurred until hovered or focused', async () => {
    const { context } = await signedInContext();
    const { page, problems } = await openGallery(context);
    expect(await page.title()).toBe('Notes');
    expect(await page.locator('html').getAttribute('data-discreet')).toBe('');
    expect(await page.locator('link[rel=icon]').getAttribute('href')).toBe('/static/favicon-notes.svg');
    // The page names nothing of what the hub is: a neutral heading and brand, no 18+ badge.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Gallery');
    expect(await revealingWords(page)).toEqual([]);

    await page.mouse.move(2, 2);
    expect(await thumbnailFilter(page)).toContain('blur(');
    await mediaCards(page).first().locator('img[src*="/thumbnail"]').hover();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('ul[aria-label="Media"] img[src*="/thumbnail"]')!).filter === 'none');
    await page.mouse.move(2, 2);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('ul[aria-label="Media"] img[src*="/thumbnail"]')!).filter.includes('blur('));
    // Keyboard: focus on the card's link shows its picture.
    await mediaCards(page).first().getByRole('link').first().focus();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('ul[aria-label="Media"] img[src*="/thumbnail"]')!).filter === 'none');
    await page.locator('body').click({ position: { x: 2, y: 300 } });

    await page.mouse.move(2, 2);
    await screenshotVariants(page, 'discreet-gallery');

    // The user menu's switch turns it off and on again (a plain form: the page comes back).
    await openUserMenu(page, ADMIN.username);
    await screenshotVariants(page, 'discreet-user-menu');
    const toggle = page.getByRole('switch', { name: 'Discreet mode' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await submitPlainForm(page, toggle);
    expect(new URL(page.url()).pathname).toBe('/gallery');
    expect(await page.title()).toBe('The Red Room · Private Hub');
    expect(await page.locator('html').getAttribute('data-discreet')).toBeNull();
    await mediaCards(page).first().waitFor();
    expect(await thumbnailFilter(page)).toBe('none');
    await openUserMenu(page, ADMIN.username);
    await submitPlainForm(page, page.getByRole('switch', { name: 'Discreet mode' }));
    expect(await page.title()).toBe('Notes');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the page blurs while the tab is hidden and clears when it is shown again', async () => {
    const { context } = await signedInContext();
    const { page } = await openGallery(context);
    const bodyFilter = () => page.evaluate(() => getComputedStyle(document.body).filter);
    expect(await bodyFilter()).toBe('none');
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    expect(await bodyFilter()).toContain('blur(');
    await setHidden(false);
    expect(await bodyFilter()).toBe('none');
    await context.close();
  });

  test('one Escape closes the viewer and nothing more; Escape twice locks the site: the gate, and a reload stays there', async () => {
    const { context, credentials } = await signedInContext();
    const { page, problems } = await openGallery(context);
    await mediaCards(page).first().getByRole('link').first().click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Past the second's window, the next Escape starts a new pair: still here, still admitted.
    await page.waitForTimeout(1100);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/gallery');
    expect(await siteSessionValid(credentials)).toBe(true);

    await Promise.all([page.waitForURL(`${started.hub.url}/`), page.keyboard.press('Escape').then(() => page.keyboard.press('Escape'))]);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    // The gate is discreet too (this browser remembers the mode), and the site session is gone on the server.
    expect(await page.title()).toBe('Notes');
    // Nothing on it names what the hub is; the confirmation of age is there in neutral words.
    expect(await revealingWords(page)).toEqual([]);
    expect(await page.getByRole('link', { name: 'Notes' }).count()).toBe(1);
    expect(await page.getByText('MEMBERS OF AGE ONLY').count()).toBe(1);
    expect(await siteSessionValid(credentials)).toBe(false);
    expect((await context.cookies(started.hub.url)).some((c) => c.name === 'hub_site')).toBe(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    await page.goto(`${started.hub.url}/gallery`);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect(await mediaCards(page).count()).toBe(0);
    // The gate answers 401 (Chromium logs that as a failed load); nothing else went wrong.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  test('Shift+Escape locks at once', async () => {
    const { context, credentials } = await signedInContext();
    const { page } = await openGallery(context);
    await Promise.all([page.waitForURL(`${started.hub.url}/`), page.keyboard.press('Shift+Escape')]);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect(await siteSessionValid(credentials)).toBe(false);
    await context.close();
  });

  test('on a phone, an opened viewer shows its picture unblurred: opening it was the deliberate act', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    const credentials = await credentialsByApi(started.hub, ADMIN);
    await addCredentialCookies(context, started.hub, credentials);
    await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: started.hub.url }]);
    const { page } = await openGallery(context);
    expect(await thumbnailFilter(page)).toContain('blur(');
    await mediaCards(page).first().getByRole('link').first().tap();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    const picture = viewer.locator('img').first();
    await picture.waitFor();
    // The tap's focus and hover are moved away: the picture is still shown.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await picture.evaluate((img) => getComputedStyle(img).filter)).toBe('none');
    await context.close();
  });

  test('the profile lists the sessions: this device first, the others with browser and system; one is signed out after a confirmation', async () => {
    // Two more devices of the administrator's.
    for (const agent of [FIREFOX, PHONE]) {
      const site = await credentialsByApi(started.hub);
      const res = await fetch(`${started.hub.url}/auth/signin/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-token': site.siteToken, 'user-agent': agent },
        body: JSON.stringify(ADMIN),
      });
      expect(res.status).toBe(200);
    }
    // Discreet off here, so the screenshots show the list as most members see it.
    await callApi(started.hub, admin, 'PUT', '/api/me/preferences', { discreet: false });
    // This browser signs in through the form, so its own session carries its User-Agent.
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await addCredentialCookies(context, started.hub, await credentialsByApi(started.hub));
    const { page, problems } = await openPage(context);
    await page.goto(`${started.hub.url}/signin?next=${encodeURIComponent(`/user/${admin.user!._id}`)}`);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await islandsReady(page);
    // Two more sessions in this very browser and address: one with a code, one with a recovery code.
    const agent = await page.evaluate(() => navigator.userAgent);
    const setup = await callApi<{ secret: string }>(started.hub, admin, 'POST', '/api/me/2fa/totp/setup');
    const codeAt = (drift: number) => generateHOTP(decodeBase32IgnorePadding(setup.secret), BigInt(Math.floor(Date.now() / 30_000) + drift), 6);
    const { recoveryCodes } = await callApi<{ recoveryCodes: string[] }>(started.hub, admin, 'POST', '/api/me/2fa/totp/enable', { code: codeAt(0) });
    for (const code of [codeAt(1), recoveryCodes[0]!]) {
      const site = await credentialsByApi(started.hub);
      const headers = { 'content-type': 'application/json', 'x-site-token': site.siteToken, 'user-agent': agent };
      const step = await fetch(`${started.hub.url}/auth/signin/`, { method: 'POST', headers, body: JSON.stringify(ADMIN) });
      const { challenge } = (await step.json()) as { challenge: string };
      const done = await fetch(`${started.hub.url}/auth/signin/2fa`, { method: 'POST', headers, body: JSON.stringify({ challenge, code }) });
      expect(done.status).toBe(200);
    }
    await callApi(started.hub, admin, 'DELETE', '/api/me/2fa/totp', { password: ADMIN.password });
    await page.reload();
    await islandsReady(page);
    const list = page.getByRole('region', { name: 'Sessions' });
    await list.waitFor();
    const first = list.getByRole('listitem').first();
    expect(await first.getByText('This device').count()).toBe(1);
    expect(await first.textContent()).toContain('Chrome on Linux');
    expect(await list.getByText('Firefox on Windows').count()).toBe(1);
    expect(await list.getByText('Safari on iOS').count()).toBe(1);
    // Rows of the same browser at the same address are told apart: when (with the time) and how each signed in.
    const rows = await list.getByRole('listitem').allTextContents();
    expect(new Set(rows).size).toBe(rows.length);
    const chromes = rows.filter((text) => text.includes('Chrome on Linux'));
    expect(chromes.length).toBeGreaterThanOrEqual(3);
    for (const text of rows) expect(text).toMatch(/Last seen \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(chromes.some((text) => /Signed in \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M with password \+ code/.test(text))).toBe(true);
    expect(chromes.some((text) => text.includes('with password + recovery code'))).toBe(true);
    await screenshotVariants(page, 'profile-sessions');

    const before = await list.getByRole('listitem').count();
    await list.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out this session?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await list.getByRole('listitem').count()).toBe(before - 1);
    expect(await list.getByText('Firefox on Windows').count()).toBe(0);
    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('region', { name: 'Sessions' }).getByText('Firefox on Windows').count()).toBe(0);
    expect(problems).toEqual([]);
    await callApi(started.hub, admin, 'PUT', '/api/me/preferences', { discreet: true });
    await context.close();
  });
});
