// A journey in Chromium for two-factor sign-in: a member turns it on from the profile, reading the
// key off the page as a person would type it into an authenticator app, signs out, and signs in
// again with the password and a code computed here from that key.
import { beforeAll, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { PublicUser } from '../../src/features/users/users.schema.ts';
import { axeViolations } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, createUserByApi, credentialsByApi, hubAndBrowser } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const MEMBER = { name: 'Tess Member', username: 'tess', email: 'tess@example.test', password: 'tess password' };

/** What an authenticator app shows now (`ahead`: that many 30-second steps later). */
const codeFor = (secret: string, ahead = 0) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + ahead), 6);

describe.skipIf(Boolean(unavailable))('two-factor sign-in in Chromium', () => {
  const started = hubAndBrowser();
  let member: PublicUser;
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    const admin = await credentialsByApi(started.hub, ADMIN);
    member = await createUserByApi(started.hub, admin, MEMBER);
  });

  test('enrol from the profile, sign out, sign in with the password and a code', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, started.hub, { username: MEMBER.username, password: MEMBER.password });
    const { page, problems } = await openTracedPage(context);

    await page.goto(`${started.hub.url}/user/${member._id}`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Off: your password alone signs you in.').waitFor();
    await islandsReady(page);
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('img', { name: 'QR code for an authenticator app' }).waitFor();
    const secret = (await section.getByTestId('totp-secret').textContent())!.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshotVariants(page, 'profile-two-factor-setup');
    expect(await axeViolations(page)).toEqual([]);

    await section.getByLabel('6-digit code from the app').fill(codeFor(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    recoveryCodes = await codes.getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    const download = section.getByRole('link', { name: 'Download (.txt)' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('hub-recovery-codes.txt');
    // Away from the link just clicked, and once its hover colours have faded back.
    await page.mouse.move(0, 0);
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotVariants(page, 'profile-two-factor-codes');
    await section.getByRole('button', { name: 'Done' }).click();
    await section.getByText('10 recovery codes left.').waitFor();
    await screenshotVariants(page, 'profile-two-factor-on');

    // Sign out from the profile, then in again: the password, then the code.
    await Promise.all([page.waitForURL((url) => url.pathname === '/signin'), page.getByRole('button', { name: 'Sign Out', exact: true }).click()]);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await islandsReady(page);
    await page.getByLabel('Username', { exact: true }).fill(MEMBER.username);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect((await context.cookies()).some((c) => c.name === 'hub_session')).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotVariants(page, 'signin-code-step');

    // The enabling code's step is used up: the app's next code (within the allowed drift).
    await code.fill(codeFor(secret, 1));
    await Promise.all([page.waitForURL((url) => url.pathname !== '/signin'), page.getByRole('button', { name: 'Verify' }).click()]);
    expect((await context.cookies()).some((c) => c.name === 'hub_session')).toBe(true);
    await page.goto(`${started.hub.url}/user/${member._id}`);
    await page.getByText('On: a code from your authenticator app is asked for after your password.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the plain sign-in form (no JavaScript) asks for the code too', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark', javaScriptEnabled: false });
    await admitContext(context, started.hub);
    const page = await context.newPage();
    await page.goto(`${started.hub.url}/signin`);
    await page.getByLabel('Username', { exact: true }).fill(MEMBER.username);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign In', exact: true }).click()]);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    // Without the toggle, the same field takes a recovery code.
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await Promise.all([page.waitForURL((url) => url.pathname !== '/signin'), page.getByRole('button', { name: 'Verify' }).click()]);
    expect((await context.cookies()).some((c) => c.name === 'hub_session')).toBe(true);
    await context.close();
  });
});
