// Journeys in Chromium for a member's account: sign in (a wrong password first), the profile from
// the user menu, editing the name, signing out and in again, and the All Users list.
import { beforeAll, describe, expect, test } from 'bun:test';
import { longDate } from '../../src/features/users/pages/UserPages.tsx';
import type { PublicUser } from '../../src/features/users/users.schema.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import {
  ADMIN,
  type ApiCredentials,
  admitContext,
  callApi,
  createUserByApi,
  credentialsByApi,
  enterSiteThroughGate,
  hubAndBrowser,
  openUserMenu,
  signInThroughForm,
  submitPlainForm,
} from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const MEMBER = { name: 'Dana Member', username: 'dana', email: 'dana@example.test', password: 'dana password' };
const OTHER = { name: 'Sam Other', username: 'sam', email: 'sam@example.test', password: 'sam password' };

describe.skipIf(Boolean(unavailable))('accounts in Chromium', () => {
  const started = hubAndBrowser();
  let admin: ApiCredentials;
  let member: PublicUser;

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    member = await createUserByApi(started.hub, admin, MEMBER);
    await createUserByApi(started.hub, admin, OTHER);
  });

  test('sign in, the profile from the user menu, edit the name, and sign out and in again', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);
    await enterSiteThroughGate(page);
    // The home page needs an account: off to sign in, to come back to /.
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await islandsReady(page);
    await expect(page.getByRole('note').textContent()).resolves.toContain('18+ ADULT CONTENT WARNING');
    await screenshotVariants(page, 'signin');

    // A wrong password: the server's message, above the Sign In button.
    await page.getByLabel('Username', { exact: true }).fill(MEMBER.username);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not her password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await password.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await alert.waitFor();
    const alertBox = await alert.boundingBox();
    const buttonBox = await page.getByRole('button', { name: 'Sign In', exact: true }).boundingBox();
    expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await screenshotVariants(page, 'signin-error');

    await signInThroughForm(page, MEMBER.username, MEMBER.password);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: /^Welcome to / }).waitFor();
    await islandsReady(page);
    await screenshotVariants(page, 'home-signed-in');

    // The user menu: My Profile and Sign Out, no Admin Panel for a member.
    await openUserMenu(page, MEMBER.name);
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await screenshotVariants(page, 'user-menu');
    await page.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(`${started.hub.url}/user/${member._id}`);

    const heading = page.getByRole('heading', { name: 'Account Profile', exact: true });
    await heading.waitFor();
    // The role chip sits with the heading.
    await heading.locator('xpath=..').getByText('User', { exact: true }).waitFor();
    expect(await heading.locator('xpath=..').getByText('Administrator', { exact: true }).count()).toBe(0);
    const row = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(row('Name').textContent()).resolves.toBe(MEMBER.name);
    await expect(row('Email').textContent()).resolves.toBe(MEMBER.email);
    await expect(row('Username').textContent()).resolves.toBe(MEMBER.username);
    await expect(row('Account type').textContent()).resolves.toBe('Standard User Account');
    await expect(row('Member Since').textContent()).resolves.toBe(longDate(member.created));
    await expect(row('Last Updated').textContent()).resolves.toBe('Never');
    await islandsReady(page);
    await screenshotVariants(page, 'profile');

    // Edit: only the name is filled in; the other fields stay empty and so stay as they were.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL(`${started.hub.url}/user/edit/${member._id}`);
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await islandsReady(page);
    await screenshotVariants(page, 'edit-profile');
    await page.getByLabel('Name', { exact: true }).fill('Dana Renamed');
    await submitPlainForm(page, page.getByRole('button', { name: 'Submit' }));
    await page.waitForURL(`${started.hub.url}/user/${member._id}`);
    await heading.waitFor();
    await expect(row('Name').textContent()).resolves.toBe('Dana Renamed');
    await expect(row('Email').textContent()).resolves.toBe(MEMBER.email);
    const updated = await callApi<PublicUser>(started.hub, admin, 'GET', `/api/users/${member._id}`);
    expect(updated.updated).not.toBeNull();
    await expect(row('Last Updated').textContent()).resolves.toBe(longDate(updated.updated!));
    await page.getByLabel('Account menu for Dana Renamed', { exact: true }).waitFor();
    await islandsReady(page);
    await screenshotVariants(page, 'profile-updated');

    // Sign out from the profile; the unchanged password still works.
    await submitPlainForm(page, page.getByRole('main').getByRole('button', { name: 'Sign Out', exact: true }));
    await page.waitForURL((url) => url.pathname === '/signin');
    expect((await context.cookies()).some((c) => c.name === 'hub_session')).toBe(false);
    await signInThroughForm(page, MEMBER.username, MEMBER.password);
    await page.getByLabel('Account menu for Dana Renamed', { exact: true }).waitFor();

    expect(
      unexpectedProblems(problems, [
        { status: 401, path: '/' },
        { status: 401, path: '/auth/signin/' },
      ]),
    ).toEqual([]);
    await context.close();
  });

  test('All Users lists every account, each linking to its profile; another account’s profile and edit page are refused', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    const sam = await admitContext(context, started.hub, { username: OTHER.username, password: OTHER.password });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/users`);
    await page.getByRole('heading', { name: 'All Users' }).waitFor();
    const list = page.getByRole('main').getByRole('list');
    expect(await list.getByRole('listitem').count()).toBe(3);
    await islandsReady(page);
    await screenshotVariants(page, 'users');

    // The administrator's row leads to a profile the member may not see.
    expect(await list.getByRole('link', { name: OTHER.name, exact: true }).getAttribute('href')).toBe(`/user/${sam.user!._id}`);
    const other = await list.getByRole('link', { name: ADMIN.username, exact: true }).getAttribute('href');
    expect(other).toBe(`/user/${admin.user!._id}`);
    const refused = await page.goto(`${started.hub.url}${other}`);
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Not authorised' }).waitFor();
    await page.getByText('You can only view your own profile.').waitFor();
    await islandsReady(page);
    await screenshotVariants(page, 'profile-not-authorised');
    const edit = await page.goto(`${started.hub.url}/user/edit/${member._id}`);
    expect(edit?.status()).toBe(403);
    await page.getByText('You can only edit your own profile.').waitFor();

    expect(
      unexpectedProblems(problems, [
        { status: 403, path: other! },
        { status: 403, path: `/user/edit/${member._id}` },
      ]),
    ).toEqual([]);
    await context.close();
  });
});
