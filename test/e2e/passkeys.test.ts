// A journey in Chromium with the DevTools virtual authenticator (a platform authenticator holding
// discoverable credentials, the user verified): sign in with the password, add a passkey on the
// profile, sign out, and sign in again with the passkey button alone, no username typed; then a
// removed passkey no longer signs in. The page is at http://localhost: a passkey cannot belong to
// an IP address.
import { describe, expect, test } from 'bun:test';
import { PASSKEY_TEXT } from '../../src/shared/passkeys.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, credentialsByApi, enterSiteThroughGate, hubAndBrowser, signInThroughForm } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('passkeys in Chromium', () => {
  const started = hubAndBrowser();

  test('add a passkey on the profile, sign out, sign in with the passkey alone; a removed one no longer works', async () => {
    const base = started.hub.url.replace('127.0.0.1', 'localhost');
    const adminId = (await credentialsByApi(started.hub, ADMIN)).user!._id;
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await openTracedPage(context);
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    // Signed in with the password, to the profile.
    await page.goto(`${base}/user/${adminId}`);
    await enterSiteThroughGate(page);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    expect(new URL(page.url()).pathname).toBe(`/user/${adminId}`);
    await islandsReady(page);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('No passkeys yet.').waitFor();

    // Adding one: named, made by the authenticator, listed.
    await section.getByLabel('Passkey name', { exact: true }).fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Last used Never');
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshotVariants(page, 'profile-passkeys');

    // Signed out; the sign-in page offers the passkey.
    await Promise.all([page.waitForURL((url) => url.pathname === '/signin'), page.getByRole('button', { name: 'Sign Out', exact: true }).click()]);
    await islandsReady(page);
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();
    await screenshotVariants(page, 'signin-passkey');

    // The button alone: nothing typed in the form.
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('');
    await Promise.all([page.waitForURL((url) => url.pathname !== '/signin'), passkeyButton.click()]);
    await page.goto(`${base}/user/${adminId}`);
    await islandsReady(page);
    expect(new URL(page.url()).pathname).toBe(`/user/${adminId}`);
    await page.getByRole('heading', { name: 'Account Profile' }).waitFor();
    const used = page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Work laptop' });
    await used.waitFor();
    expect(await used.textContent()).not.toContain('Last used Never');

    // Removed after a confirmation; the authenticator still holds it, and the hub refuses it.
    await used.getByRole('button', { name: 'Remove Work laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove passkey' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('region', { name: 'Passkeys' }).getByText('No passkeys yet.').waitFor();
    await Promise.all([page.waitForURL((url) => url.pathname === '/signin'), page.getByRole('button', { name: 'Sign Out', exact: true }).click()]);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: PASSKEY_TEXT.signInFailed }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');

    // The gate answers the first visit with 401; the refused passkey's verify call is the other.
    const expected = [
      { status: 401, path: `/user/${adminId}` },
      { status: 401, path: '/auth/passkey/verify' },
    ];
    expect(unexpectedProblems(problems, expected)).toEqual([]);
    await context.close();
  });
});
