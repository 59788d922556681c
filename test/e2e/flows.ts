// Shared steps of the journeys: a hub behind the site gate with a first administrator, passing the
// gate and signing in through the real forms, or (where a journey is about something else)
// through the API with the resulting cookies handed to the browser context.

import { afterAll, beforeAll } from 'bun:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { PublicUser } from '../../src/features/users/users.schema.ts';
import { islandsReady, launchChromium } from '../helpers/browser.ts';
import { type SpawnedHub, spawnHub } from '../helpers/spawn-hub.ts';

export const SITE_PASSWORD = 'household secret';
export const ADMIN = { username: 'root', password: 'root password' } as const;

/** A hub with the site password and the first administrator set by the environment. */
export function spawnGatedHub(env: Record<string, string> = {}): Promise<SpawnedHub> {
  return spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ...env });
}

/** The hub and the browser of one describe block's journeys (set once its first beforeAll has run). */
export interface Journeys {
  hub: SpawnedHub;
  browser: Browser;
}

/**
 * A gated hub (spawnGatedHub(env)) and Chromium for the journeys of one describe block: started
 * before its tests (ahead of the block's own beforeAll, registered after this call) and stopped
 * after them.
 */
export function hubAndBrowser(env: Record<string, string> = {}): Journeys {
  const started = {} as Journeys;
  let closeBrowser: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    started.hub = await spawnGatedHub(env);
    ({ browser: started.browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await started.hub?.cleanup();
  });
  return started;
}

/** Fills the gate's form on the current (gate) page and submits it with the Enter Site button. */
export async function enterSiteThroughGate(page: Page, password = SITE_PASSWORD): Promise<void> {
  await page.getByRole('heading', { name: 'Private Access' }).waitFor();
  await islandsReady(page);
  await page.getByLabel('Site password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Enter Site' }).click();
  // The island loads the requested address again; wait for that new document, past the gate.
  await page.getByRole('heading', { name: 'Private Access' }).waitFor({ state: 'detached' });
  await page.waitForLoadState('load');
}

/** Fills the sign-in form on the current (/signin) page and waits until it has left for `next`. */
export async function signInThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await islandsReady(page);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/signin'), page.getByRole('button', { name: 'Sign In', exact: true }).click()]);
  await page.waitForLoadState('load');
}

export interface ApiCredentials {
  siteToken: string;
  sessionToken?: string;
  user?: { _id: string; name: string; role: string; admin: boolean };
}

async function json<T>(response: Response, what: string): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/** Enters the site password and (optionally) signs in through the API, as a script would. */
export async function credentialsByApi(
  hub: SpawnedHub,
  signIn?: { username: string; password: string },
  sitePassword = SITE_PASSWORD,
): Promise<ApiCredentials> {
  const site = await json<{ siteToken: string }>(
    await fetch(`${hub.url}/api/site/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: sitePassword }),
    }),
    'verify-password',
  );
  if (!signIn) return { siteToken: site.siteToken };
  const session = await json<{ token: string; user: ApiCredentials['user'] }>(
    await fetch(`${hub.url}/auth/signin/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-site-token': site.siteToken },
      body: JSON.stringify(signIn),
    }),
    'sign-in',
  );
  return { siteToken: site.siteToken, sessionToken: session.token, user: session.user };
}

/** Hands API credentials to a browser context as the cookies the forms would have set. */
export async function addCredentialCookies(context: BrowserContext, hub: SpawnedHub, credentials: ApiCredentials): Promise<void> {
  const cookies = [{ name: 'hub_site', value: credentials.siteToken, url: hub.url, httpOnly: true, sameSite: 'Lax' as const }];
  if (credentials.sessionToken) cookies.push({ name: 'hub_session', value: credentials.sessionToken, url: hub.url, httpOnly: true, sameSite: 'Lax' as const });
  await context.addCookies(cookies);
}

/** Passes the gate (and signs in, if asked) through the API and gives the context its cookies. */
export async function admitContext(context: BrowserContext, hub: SpawnedHub, signIn?: { username: string; password: string }): Promise<ApiCredentials> {
  const credentials = await credentialsByApi(hub, signIn);
  await addCredentialCookies(context, hub, credentials);
  return credentials;
}

/** Calls the hub's API with the site token and, if given, a session token. */
export async function callApi<T>(hub: SpawnedHub, credentials: ApiCredentials, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'x-site-token': credentials.siteToken, accept: 'application/json' };
  if (credentials.sessionToken) headers.authorization = `Bearer ${credentials.sessionToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return json<T>(await fetch(`${hub.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), `${method} ${path}`);
}

/** Creates an account as the administrator (through the API). */
export async function createUserByApi(
  hub: SpawnedHub,
  admin: ApiCredentials,
  user: { name: string; username: string; email: string; password: string; role?: 'admin' | 'user' },
): Promise<PublicUser> {
  return callApi<PublicUser>(hub, admin, 'POST', '/api/users', user);
}

/** The numbers of an HH:MM:SS countdown, in seconds. */
export function countdownSeconds(text: string): number {
  const match = /^(\d{2,}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a countdown: ${JSON.stringify(text)}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Opens the shell's user menu (a <details>) and waits for its items. */
export async function openUserMenu(page: Page, name: string): Promise<void> {
  await page.getByLabel(`Account menu for ${name}`, { exact: true }).click();
  await page.getByRole('link', { name: 'My Profile' }).waitFor();
}

/**
 * Clicks a button of a plain HTML form (a real navigation, no script) and waits for the page the
 * browser ends up on. If that page does not answer with `expected`, fails at once with its text,
 * rather than leaving the next step to wait for something that will never show.
 */
export async function submitPlainForm(page: Page, button: Locator, expected = 200): Promise<void> {
  const [response] = await Promise.all([page.waitForNavigation(), button.click()]);
  const status = response?.status();
  if (status !== expected) {
    const text = (
      await page
        .locator('main')
        // biome-ignore lint/performance/useDomNodeTextContent: kept from before the linter; fix when this code is next touched
        .innerText()
        .catch(() => '')
    )
      .replace(/\s+/g, ' ')
      .trim();
    throw new Error(`the form post ended on ${page.url()} with status ${status} (expected ${expected}): ${text}`);
  }
}

/** Sends files through POST /api/gallery/upload, as the upload dialog does (extra form fields too). */
export async function uploadByApi(
  hub: SpawnedHub,
  credentials: ApiCredentials,
  files: { name: string; bytes: Uint8Array; type: string }[],
  fields: Record<string, string> = {},
): Promise<void> {
  const form = new FormData();
  for (const file of files) form.append('files', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${hub.url}/api/gallery/upload`, {
    method: 'POST',
    headers: { 'x-site-token': credentials.siteToken, authorization: `Bearer ${credentials.sessionToken}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
}

/** The media cards of The Red Room's grid. */
export const mediaCards = (page: Page) => page.getByRole('list', { name: 'Media' }).getByRole('article');

/** Records every value the upload progress bar shows, from the page's side, in window.progressSeen. */
export async function watchUploadProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      const value = bar ? Number(bar.getAttribute('value')) : null;
      if (value !== null && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
}

/** Slows the page's uploads to `rate` bytes a second (Chromium's network emulation); returns the undo. */
export async function slowUploadLine(page: Page, rate: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: rate });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  };
}
