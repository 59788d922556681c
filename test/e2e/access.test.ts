// Journeys in Chromium through the two gates: the site password (wrong, blank, shown, right), a
// guarded page that sends a signed-out visitor to sign in and back, and Lock Site.
import { describe, expect, test } from 'bun:test';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, credentialsByApi, enterSiteThroughGate, hubAndBrowser, SITE_PASSWORD, signInThroughForm, submitPlainForm } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('site gate and sign-in in Chromium', () => {
  const started = hubAndBrowser();

  test('the gate refuses a wrong and a blank password, shows the password on request, and lets the right one through to the page asked for', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const { page, problems } = await openTracedPage(context);
    const asked = '/users?from=gate';
    const response = await page.goto(`${started.hub.url}${asked}`);
    expect(response?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    await islandsReady(page);
    await expect(page.getByRole('note').textContent()).resolves.toContain('18+ ADULT CONTENT WARNING');
    // Nothing of the site shows behind the gate: no menu, no Lock Site, no countdown.
    expect(await page.getByRole('button', { name: 'Lock Site' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.locator('[data-lockout-badge]').count()).toBe(0);
    await screenshotVariants(page, 'gate');

    const field = page.getByLabel('Site password', { exact: true });
    const enter = page.getByRole('button', { name: 'Enter Site' });
    const snackbar = page.getByRole('alert');

    // Blank (spaces only) is refused in the page.
    await field.fill('   ');
    await enter.click();
    await snackbar.filter({ hasText: 'Please enter the site password' }).waitFor();
    await screenshotVariants(page, 'gate-blank');
    await page.getByRole('button', { name: 'Close' }).click();
    await snackbar.waitFor({ state: 'detached' });

    // Show and hide.
    await field.fill('not the password');
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    await screenshotVariants(page, 'gate-password-shown');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field.getAttribute('type')).toBe('password');

    // Wrong, submitted with the Enter key: the server's message, and the field is emptied.
    await field.press('Enter');
    await snackbar.filter({ hasText: 'Incorrect site password. Please try again.' }).waitFor();
    expect(await field.inputValue()).toBe('');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(asked);
    await screenshotVariants(page, 'gate-wrong');

    // Right, with the Enter key: back on the page asked for.
    await field.fill(SITE_PASSWORD);
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Private Access' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(asked);
    // Past the gate: the shell offers Sign In, Lock Site, and the lockout countdown (24 h by default).
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    await page.getByRole('button', { name: 'Lock Site' }).waitFor();
    await islandsReady(page);
    expect(await page.locator('[data-lockout-badge]').textContent()).toMatch(/^Site locks in \d{2}:\d{2}:\d{2}$/);
    expect((await context.cookies()).some((c) => c.name === 'hub_site' && c.httpOnly)).toBe(true);
    await screenshotVariants(page, 'users-signed-out');

    expect(
      unexpectedProblems(problems, [
        { status: 401, path: asked },
        { status: 401, path: '/api/site/verify-password' },
      ]),
    ).toEqual([]);
    await context.close();
  });

  test('a guarded page visited signed out goes to sign-in, and signing in returns to it', async () => {
    const admin = await credentialsByApi(started.hub, ADMIN);
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    const { page, problems } = await openTracedPage(context);
    const guarded = `/user/edit/${admin.user!._id}`;

    // The gate first, through its form, at the guarded address itself.
    const gate = await page.goto(`${started.hub.url}${guarded}`);
    expect(gate?.status()).toBe(401);
    await enterSiteThroughGate(page);
    // The gate sent the browser back to the guarded page, which sends it on to sign in.
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe(guarded);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    // The same for the admin panel, visited directly.
    await page.goto(`${started.hub.url}/admin`);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin');

    await page.goto(`${started.hub.url}/signin?next=${encodeURIComponent(guarded)}`);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe(guarded);
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    expect(unexpectedProblems(problems, [{ status: 401, path: guarded }])).toEqual([]);
    await context.close();
  });

  test('Lock Site ends the site session: back at the gate, and the old cookie no longer opens the site', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/users`);
    await enterSiteThroughGate(page);
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    const old = (await context.cookies()).find((c) => c.name === 'hub_site');
    expect(old).toBeDefined();

    await submitPlainForm(page, page.getByRole('button', { name: 'Lock Site' }), 401);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).some((c) => c.name === 'hub_site')).toBe(false);
    await islandsReady(page);

    // Putting the old cookie back does not help: the token was revoked on the server.
    await context.addCookies([old!]);
    const again = await page.goto(`${started.hub.url}/users`);
    expect(again?.status()).toBe(401);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    const answer = await fetch(`${started.hub.url}/api/site/verify-token`, { headers: { 'x-site-token': old!.value } });
    expect(await answer.json()).toEqual({ valid: false });

    expect(
      unexpectedProblems(problems, [
        { status: 401, path: '/users' },
        { status: 401, path: '/' },
      ]),
    ).toEqual([]);
    await context.close();
  });

  test('the footer’s Leave site (lock) does the same on a phone', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);
    await page.getByLabel(`Account menu for ${ADMIN.username}`, { exact: true }).waitFor();
    await islandsReady(page);
    await submitPlainForm(page, page.getByRole('button', { name: 'Leave site (lock)' }), 401);
    await page.getByRole('heading', { name: 'Private Access' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'hub_site')).toBe(false);
    expect(unexpectedProblems(problems, [{ status: 401, path: '/' }])).toEqual([]);
    await context.close();
  });
});
