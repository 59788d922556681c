// Connect in Chromium: a member adds an account with a generated password, reveals it, copies it
// (read back from the real clipboard), filters by category, searches, edits it (the password kept),
// deletes it, imports a Chrome passwords file and exports the vault after typing her password
// again. Every request the browser makes is logged through a route: none goes anywhere but the
// hub, and the generated password is in no answer but GET /api/accounts/{id} (no list, no page).
// The accounts' websites are a fixture on 127.0.0.1, which the hub may reach for their icons.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { VaultAccount, VaultAccountWithPassword } from '../../src/shared/connect.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** A 16 px pink square: the fixture site's icon. */
const ICON = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR4nGN4KZf8nxLMMGrAqAGjBgwXAwBR+2kfIszbwwAAAABJRU5ErkJggg==', 'base64');

interface Logged {
  method: string;
  url: URL;
  status: number;
  contentType: string;
  body: string;
}

describe.skipIf(Boolean(unavailable))('Connect in Chromium', () => {
  let hub: SpawnedHub;
  let site: FixtureServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let admin: ApiCredentials;

  beforeAll(async () => {
    site = await startFixtureServer();
    const html =
      '<!doctype html><html><head><title>Fixture Mail</title><link rel="icon" type="image/png" sizes="16x16" href="/icon.png"></head><body><h1>Fixture Mail</h1></body></html>';
    site.route('/', (_, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    site.route('/icon.png', (_, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(ICON));
    site.route('/favicon.ico', (_, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(ICON));
    hub = await spawnGatedHub({ FETCH_ALLOW_HOSTS: site.hostPort });
    admin = await credentialsByApi(hub, ADMIN);
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    await site?.close();
  });

  test('add with a generated password, reveal, copy, filter, search, edit, delete, import, export: the password travels only when asked', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: hub.url });
    await admitContext(context, hub, ADMIN);

    // The network log: every request of every page, answered by the hub through the route (so
    // each answer's body is seen); a request to any other host is refused and recorded.
    const log: Logged[] = [];
    const elsewhere: string[] = [];
    const hubHost = new URL(hub.url).host;
    await context.route('**/*', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (url.host !== hubHost) {
        elsewhere.push(`${request.method()} ${url.href}`);
        return route.abort('blockedbyclient');
      }
      const response = await route.fetch();
      const body = await response.body();
      log.push({
        method: request.method(),
        url,
        status: response.status(),
        contentType: response.headers()['content-type'] ?? '',
        body: body.toString('utf8'),
      });
      await route.fulfill({ response, body });
    });
    const { page, problems } = await openTracedPage(context);

    // The top bar leads to Connect; the empty vault says so.
    await page.goto(`${hub.url}/users`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect' }).click();
    await page.waitForURL(`${hub.url}/connect`);
    await page.getByRole('heading', { name: 'Connect', level: 1 }).waitFor();
    await page.getByText('Secure Account Management Hub', { exact: true }).waitFor();
    await islandsReady(page);
    await page.getByRole('heading', { name: 'No accounts yet' }).waitFor();
    await screenshotVariants(page, 'connect-empty');

    // Add New Account with a generated password (the default: 20 characters of every class).
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add New Account' });
    await add.waitFor();
    expect(await add.getByLabel('Category', { exact: true }).inputValue()).toBe('social');
    await add.getByLabel('Account Name', { exact: true }).fill('Fixture Mail');
    await add.getByLabel('Username', { exact: true }).fill('ada.fixture');
    await add.getByLabel('Email', { exact: true }).fill('ada@fixture.test');
    await add.getByLabel('Website URL', { exact: true }).fill(`${site.origin}/`);
    await add.getByLabel('Category', { exact: true }).selectOption('email');
    await add.getByRole('button', { name: 'Generate Password' }).click();
    const password = await add.getByLabel('Password', { exact: true }).inputValue();
    expect(password).toHaveLength(20);
    expect(password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{20}$/);
    expect(await add.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await screenshotVariants(page, 'connect-add-dialog');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.waitFor({ state: 'hidden' });
    await page.getByText('Account added successfully!', { exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Fixture Mail' });
    await card.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: kept from before the linter; fix when this code is next touched
    expect(await card.innerText()).not.toContain(password);

    // The icon comes from the website, through the hub; the chip reads Email.
    const id = (await card.getAttribute('data-account-id'))!;
    expect(await card.locator('img').getAttribute('src')).toBe(`/api/accounts/${id}/favicon`);
    await page.waitForFunction(() => {
      const img = document.querySelector('article img') as HTMLImageElement | null;
      // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
      return img !== null && img.complete && img.naturalWidth === 16;
    });
    await card.getByText('Email', { exact: true }).first().waitFor();
    const visit = card.getByRole('link', { name: 'Visit Site' });
    expect([await visit.getAttribute('href'), await visit.getAttribute('target'), await visit.getAttribute('rel')]).toEqual([
      `${site.origin}/`,
      '_blank',
      'noopener noreferrer',
    ]);

    // Reveal, then hide.
    await card.getByRole('button', { name: 'Show password of Fixture Mail' }).click();
    await card.getByText(password, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Hide password of Fixture Mail' }).click();
    await card.getByText(password, { exact: true }).waitFor({ state: 'detached' });

    // Copy: the real clipboard holds it; the toast says so.
    await card.getByRole('button', { name: 'Copy password of Fixture Mail' }).click();
    await page.getByText('Copied to clipboard!', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await card.getByRole('button', { name: 'Copy username of Fixture Mail' }).click();
    await page.waitForFunction(async () => (await navigator.clipboard.readText()) === 'ada.fixture');

    // More accounts (through the API) for the grid, the chips and the search.
    for (const [name, category, extra] of [
      ['Fixture Bank', 'finance', { username: 'ada-bank', password: 'bank-only-secret', website: `${site.origin}/bank` }],
      ['Git Forge', 'development', { username: 'ada', email: 'ada@forge.test', password: 'forge-secret' }],
      ['Movie Club', 'entertainment', { email: 'ada@movies.test', favicon: `${site.origin}/icon.png` }],
      ['Chat Corner', 'social', { username: 'ada_chat', password: 'chat-secret' }],
      ['Misc Notes', 'other', { username: 'a.very.long.username.for.the.card@notes.example.test' }],
    ] as const) {
      await callApi(hub, admin, 'POST', '/api/accounts', { name, category, ...extra });
    }
    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('article').count()).toBe(6);
    await page.getByRole('article', { name: 'Chat Corner' }).getByRole('button', { name: 'Show password of Chat Corner' }).click();
    await page.getByText('chat-secret', { exact: true }).waitFor();
    await screenshotVariants(page, 'connect-grid');

    // A category chip, then a search by name within it; the address keeps them.
    const chips = page.getByRole('group', { name: 'Filter by category' });
    await chips.getByRole('button', { name: /^Email \d+$/ }).click();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('article', { name: 'Fixture Mail' }).waitFor();
    await chips.getByRole('button', { name: /^All \d+$/ }).click();
    await page.getByLabel('Search accounts by name').fill('fixture');
    await page.waitForFunction(() => document.querySelectorAll('article').length === 2);
    expect(new URL(page.url()).search).toBe('?search=fixture');
    await chips.getByRole('button', { name: /^Finance \d+$/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    await page.getByRole('article', { name: 'Fixture Bank' }).waitFor();
    await screenshotVariants(page, 'connect-filtered');
    await page.getByLabel('Search accounts by name').fill('nothing like this');
    await page.getByRole('heading', { name: 'No accounts match' }).waitFor();
    await screenshotVariants(page, 'connect-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 6);

    // Edit: the stored password arrives once the dialog is open; left alone, it is kept.
    await card.getByRole('button', { name: 'Edit Fixture Mail' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Account' });
    await edit.waitFor();
    await page.waitForFunction(
      (expected) => (document.querySelector('dialog[open] input[name="password"]') as HTMLInputElement | null)?.value === expected,
      password,
    );
    await edit.getByLabel('Account Name', { exact: true }).fill('Fixture Mail (work)');
    await screenshotVariants(page, 'connect-edit-dialog');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Account updated successfully!', { exact: true }).waitFor();
    const renamed = page.getByRole('article', { name: 'Fixture Mail (work)' });
    await renamed.waitFor();
    expect((await callApi<VaultAccountWithPassword>(hub, admin, 'GET', `/api/accounts/${id}`)).password).toBe(password);

    // Delete, after the confirmation.
    await renamed.getByRole('button', { name: 'Delete Fixture Mail (work)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Account' });
    await confirm.waitFor();
    await screenshotVariants(page, 'connect-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Account deleted successfully!', { exact: true }).waitFor();
    await renamed.waitFor({ state: 'detached' });
    expect((await callApi<VaultAccount[]>(hub, admin, 'GET', '/api/accounts')).map((a) => a.name)).not.toContain('Fixture Mail (work)');

    // Import a Chrome passwords file (its sites on this machine), then export after the password.
    const chrome = [
      'name,url,username,password,note',
      `${site.hostPort},${site.origin}/shop,shopper@fixture.test,shop-import-secret,`,
      `forum.fixture,${site.origin}/forum,forum-ada,"forum,import ""secret""",old account`,
      '',
    ].join('\n');
    await page.getByLabel('Import').setInputFiles({ name: 'Chrome Passwords.csv', mimeType: 'text/csv', buffer: Buffer.from(chrome) });
    await page.getByText('Imported 2 accounts. See the note at the top of the page', { exact: true }).waitFor();
    const report = page.getByRole('region', { name: 'Import report' });
    await report.getByText(/notes/).waitFor();
    await screenshotVariants(page, 'connect-import-report');
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForFunction(() => document.querySelectorAll('article').length === 7);

    await page.getByRole('button', { name: 'Export' }).click();
    const exporting = page.getByRole('dialog', { name: 'Export Accounts' });
    await exporting.waitFor();
    await exporting.getByLabel('Your password', { exact: true }).fill('not my password');
    await exporting.getByRole('button', { name: 'Export', exact: true }).click();
    const refusal = exporting.getByRole('alert');
    await refusal.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: kept from before the linter; fix when this code is next touched
    expect((await refusal.locator('span').first().innerText()).trim()).not.toBe('');
    await screenshotVariants(page, 'connect-export-dialog');
    await exporting.getByLabel('Your password', { exact: true }).fill(ADMIN.password);
    const [download] = await Promise.all([page.waitForEvent('download'), exporting.getByRole('button', { name: 'Export', exact: true }).click()]);
    await exporting.waitFor({ state: 'hidden' });
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp');
    expect(csv).toContain('chat-secret');
    expect(csv).toContain('"forum,import ""secret"""');
    expect(csv).not.toContain(password);

    // The network log: only the hub was asked; the password came only from GET /api/accounts/{id}.
    expect(elsewhere).toEqual([]);
    expect(site.requests.length).toBeGreaterThan(0);
    const carrying = log.filter((entry) => entry.body.includes(password)).map((entry) => `${entry.method} ${entry.url.pathname}`);
    expect(carrying.length).toBeGreaterThan(0);
    for (const entry of carrying) expect(entry).toBe(`GET /api/accounts/${id}`);
    const lists = log.filter((entry) => entry.method === 'GET' && entry.url.pathname === '/api/accounts');
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) for (const account of JSON.parse(list.body) as Record<string, unknown>[]) expect(account).not.toHaveProperty('password');
    const pages = log.filter((entry) => entry.contentType.startsWith('text/html'));
    expect(pages.map((entry) => entry.url.pathname)).toContain('/connect');
    for (const html of pages)
      for (const secret of [password, 'bank-only-secret', 'forge-secret', 'shop-import-secret']) expect(html.body).not.toContain(secret);

    // The refused export is the one failed load Chromium reports.
    const refused = log.find((entry) => entry.url.pathname === '/api/accounts/export' && entry.status >= 400);
    expect(refused).toBeDefined();
    expect(unexpectedProblems(problems, [{ status: refused!.status, path: '/api/accounts/export' }])).toEqual([]);
    await context.close();
  });
});
