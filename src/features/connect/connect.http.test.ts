// Connect's API on a real temp database and key file: CRUD with owner isolation, validation, no
// password in lists, the raw database and its WAL holding no secret, moved ciphertexts refused,
// account icons through the hub, and bursts of concurrent calls.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/fixture-server.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { VAULT_LIMITS, VAULT_TEXT, type VaultAccount, type VaultAccountWithPassword } from '../../shared/connect.ts';

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;
let site: FixtureServer;

beforeEach(async () => {
  site = await startFixtureServer();
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: site.hostPort } });
  ada = await signedInUser(t.database.db, { username: 'ada' });
  bob = await signedInUser(t.database.db, { username: 'bob' });
});

afterEach(async () => {
  await t.close();
  await site.close();
});

const post = (json: unknown, as: SignedIn = ada) => t.request('/api/accounts', { method: 'POST', json, as });
const put = (id: string, json: unknown, as: SignedIn = ada) => t.request(`/api/accounts/${id}`, { method: 'PUT', json, as });
const getOne = (id: string, as: SignedIn = ada) => t.request(`/api/accounts/${id}`, { as });
const list = (query = '', as: SignedIn = ada) => t.request(`/api/accounts${query}`, { as });
async function made(json: Record<string, unknown>, as: SignedIn = ada): Promise<VaultAccount> {
  const res = await post(json, as);
  expect(res.status).toBe(201);
  return (await res.json()) as VaultAccount;
}
const rawRows = () => t.database.sqlite.query('select * from vault_accounts order by id').all();

describe('/api/accounts', () => {
  test('without a session every call answers 401 with the spec message', async () => {
    const siteToken = await t.enterSite();
    const account = await made({ name: 'Mail' });
    const calls: [string, string][] = [
      ['GET', '/api/accounts'],
      ['POST', '/api/accounts'],
      ['GET', `/api/accounts/${account._id}`],
      ['PUT', `/api/accounts/${account._id}`],
      ['DELETE', `/api/accounts/${account._id}`],
      ['GET', `/api/accounts/${account._id}/favicon`],
    ];
    for (const [method, url] of calls) {
      const res = await t.request(url, { method, as: { siteToken }, ...(method === 'POST' || method === 'PUT' ? { json: { name: 'X' } } : {}) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'You must be logged in to perform this action' });
    }
    expect(rawRows()).toHaveLength(1);
  });

  test('create, read with the password, list without it, change part of it, delete', async () => {
    const res = await post({
      name: '  Mail  ',
      username: ' ada ',
      email: 'ada@example.test',
      password: ' s3cret pass ',
      website: 'https://mail.example.test/inbox',
      category: 'email',
    });
    expect(res.status).toBe(201);
    const account = (await res.json()) as VaultAccount;
    expect(account).toEqual({
      _id: account._id,
      id: account._id,
      name: 'Mail',
      username: 'ada',
      email: 'ada@example.test',
      website: 'https://mail.example.test/inbox',
      favicon: '',
      category: 'email',
      hasPassword: true,
      hasIcon: true,
      createdAt: expect.any(String),
      updatedAt: account.createdAt,
    });
    expect(JSON.stringify(account)).not.toContain('s3cret');

    // The password keeps its spaces; only GET one hands it out.
    const one = (await (await getOne(account._id)).json()) as VaultAccountWithPassword;
    expect(one).toEqual({ ...account, password: ' s3cret pass ' });

    const bare = await made({ name: 'Bare' });
    expect(bare).toMatchObject({ username: '', email: '', website: '', favicon: '', category: 'social', hasPassword: false });
    expect((await (await getOne(bare._id)).json()).password).toBe('');

    // Partial: only what is sent changes; '' empties a field.
    await Bun.sleep(2);
    const changed = await put(account._id, { password: '', username: 'ada.l', _id: 'ignored', hasPassword: true });
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as VaultAccount;
    expect(after).toMatchObject({
      name: 'Mail',
      username: 'ada.l',
      email: 'ada@example.test',
      website: 'https://mail.example.test/inbox',
      category: 'email',
      hasPassword: false,
    });
    expect(after.updatedAt > account.updatedAt).toBe(true);
    expect(after.createdAt).toBe(account.createdAt);
    expect((await (await getOne(account._id)).json()).password).toBe('');
    // An empty body changes nothing.
    expect(await (await put(account._id, {})).json()).toEqual(after);

    const deleted = await t.request(`/api/accounts/${account._id}`, { method: 'DELETE', as: ada });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ success: true, message: 'Account deleted successfully!' });
    expect((await getOne(account._id)).status).toBe(404);
    expect(await (await getOne(account._id)).json()).toEqual({ error: VAULT_TEXT.notFound });
    expect((await t.request(`/api/accounts/${account._id}`, { method: 'DELETE', as: ada })).status).toBe(404);
  });

  test('the list: an array in name order ignoring case, paged with X-Total-Count, filtered by category and name, never a password', async () => {
    for (const [name, category] of [
      ['beta', 'social'],
      ['Alpha', 'finance'],
      ['gamma', 'finance'],
      ['Delta', 'other'],
      ['alpha two', 'social'],
    ] as const) {
      await made({ name, category, password: `pw-of-${name}`, username: `user-${name}` });
    }
    const all = await list();
    expect(all.headers.get('x-total-count')).toBe('5');
    const text = await all.text();
    expect(text).not.toContain('pw-of-');
    expect(text).not.toContain('"password"');
    const accounts = JSON.parse(text) as VaultAccount[];
    expect(accounts.map((a) => a.name)).toEqual(['Alpha', 'alpha two', 'beta', 'Delta', 'gamma']);
    expect(accounts.every((a) => a.hasPassword && a.username === `user-${a.name}`)).toBe(true);

    const page = await list('?limit=2&offset=2');
    expect(page.headers.get('x-total-count')).toBe('5');
    expect(((await page.json()) as VaultAccount[]).map((a) => a.name)).toEqual(['beta', 'Delta']);

    const finance = await list('?category=finance');
    expect(finance.headers.get('x-total-count')).toBe('2');
    expect(((await finance.json()) as VaultAccount[]).map((a) => a.name)).toEqual(['Alpha', 'gamma']);

    const search = await list('?search=ALPHA');
    expect(((await search.json()) as VaultAccount[]).map((a) => a.name)).toEqual(['Alpha', 'alpha two']);
    // A % in the search is a character, not a wildcard; searching secrets finds nothing (only names are searched).
    expect(await (await list('?search=%25')).json()).toEqual([]);
    expect(await (await list('?search=pw-of')).json()).toEqual([]);

    const bad = await list('?category=banking');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Category must be one of social, email, development, entertainment, finance, other' });
    expect((await list('?limit=0')).status).toBe(400);
  });

  test('validation: a clear 400 and nothing written', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, VAULT_TEXT.nameRequired],
      [{ name: '   ' }, VAULT_TEXT.nameRequired],
      [{ name: 7 }, VAULT_TEXT.nameRequired],
      [{ name: 'x'.repeat(VAULT_LIMITS.name + 1) }, `Account name must be at most ${VAULT_LIMITS.name} characters`],
      [{ name: 'A', email: 'not an email' }, VAULT_TEXT.invalidEmail],
      [{ name: 'A', website: 'javascript:alert(1)' }, VAULT_TEXT.invalidWebsite],
      [{ name: 'A', website: '/relative' }, VAULT_TEXT.invalidWebsite],
      [{ name: 'A', favicon: 'data:image/png;base64,AAAA' }, VAULT_TEXT.invalidFavicon],
      [{ name: 'A', favicon: 'ftp://example.test/x.ico' }, VAULT_TEXT.invalidFavicon],
      [{ name: 'A', category: 'banking' }, 'Category must be one of social, email, development, entertainment, finance, other'],
      [{ name: 'A', password: 'p'.repeat(VAULT_LIMITS.password + 1) }, `Password must be at most ${VAULT_LIMITS.password} characters`],
      [{ name: 'A', password: 12345 }, 'password must be text'],
    ];
    for (const [body, error] of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(rawRows()).toHaveLength(0);
    const account = await made({ name: 'Keep', email: 'k@example.test' });
    for (const [body, error] of [
      [{ name: '' }, VAULT_TEXT.nameRequired],
      [{ email: 'nope' }, VAULT_TEXT.invalidEmail],
      [{ website: 'mail.example.test' }, VAULT_TEXT.invalidWebsite],
    ] as const) {
      const res = await put(account._id, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    expect(await (await getOne(account._id)).json()).toMatchObject({ name: 'Keep', email: 'k@example.test' });
    const notJson = await t.request('/api/accounts', {
      method: 'POST',
      as: ada,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
  });

  test("another user's account is 404 for every call and in no list; nothing of it changes", async () => {
    const secret = await made({ name: "Bob's bank", password: 'bob-only-password', category: 'finance' }, bob);
    const before = rawRows();
    for (const [method, url] of [
      ['GET', `/api/accounts/${secret._id}`],
      ['PUT', `/api/accounts/${secret._id}`],
      ['DELETE', `/api/accounts/${secret._id}`],
      ['GET', `/api/accounts/${secret._id}/favicon`],
    ] as const) {
      const res = await t.request(url, { method, as: ada, ...(method === 'PUT' ? { json: { name: 'Taken', password: 'x' } } : {}) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: VAULT_TEXT.notFound });
    }
    expect(rawRows()).toEqual(before);
    for (const query of ['', '?category=finance', '?search=bank']) {
      const res = await list(query);
      expect(await res.json()).toEqual([]);
      expect(res.headers.get('x-total-count')).toBe('0');
    }
    expect(((await (await list('', bob)).json()) as VaultAccount[]).map((a) => a.name)).toEqual(["Bob's bank"]);
  });

  test('the grep test: the database file and its WAL hold no username, email or password, in the clear or base64', async () => {
    const secrets = { password: 'Zq7-grep-test-PASSWORD-90210', username: 'grep-test-username-5531', email: 'grep-test-5531@mailbox.example' };
    const account = await made({ name: 'GrepCanary', website: 'https://canary.example.test/', ...secrets });
    await put(account._id, { password: `${secrets.password}-changed` });
    const database = path.join(t.dataDir, 'hub.sqlite');
    const files = () => [readFileSync(database), readFileSync(`${database}-wal`)];
    const forms = (text: string) => [text, Buffer.from(text).toString('base64'), Buffer.from(text).toString('base64url'), Buffer.from(text).toString('hex')];
    const check = () => {
      const [main, wal] = files();
      // The plaintext name is where the grep looks: proof that it reads the right bytes.
      expect(main!.includes('GrepCanary') || wal!.includes('GrepCanary')).toBe(true);
      for (const bytes of files()) {
        for (const secret of [...Object.values(secrets), `${secrets.password}-changed`, 'canary.example.test']) {
          for (const form of forms(secret)) expect(bytes.includes(form)).toBe(false);
        }
      }
    };
    check();
    t.database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await made({ name: 'After checkpoint', ...secrets });
    check();
    // And the API still opens them.
    expect((await (await getOne(account._id)).json()).password).toBe(`${secrets.password}-changed`);
  });

  test('a value moved to another row, field or owner does not open: a clear 500, no secret in the answer or the log; delete still works', async () => {
    const a = await made({ name: 'A', username: 'user-a', password: 'password-of-a' });
    const b = await made({ name: 'B', username: 'user-b', password: 'password-of-b' });
    const db = t.database.sqlite;
    // A's password into B's row: B's list entry still shows (lists do not open passwords), B's page refuses.
    db.query('update vault_accounts set password = (select password from vault_accounts where id = ?) where id = ?').run(a._id, b._id);
    const got = await getOne(b._id);
    expect(got.status).toBe(500);
    const error = ((await got.json()) as { error: string }).error;
    expect(error).toBe(`The password of vault account ${b._id} cannot be decrypted: it was changed outside the hub`);
    // B's own password moved into its username field: the list refuses too.
    db.query('update vault_accounts set username = (select password from vault_accounts where id = ?) where id = ?').run(a._id, b._id);
    const listed = await list();
    expect(listed.status).toBe(500);
    expect(await listed.json()).toEqual({ error: `The username of vault account ${b._id} cannot be decrypted: it was changed outside the hub` });
    expect(t.logs.join('\n')).toContain(`The username of vault account ${b._id} cannot be decrypted`);
    for (const text of [...t.logs, ...t.jsonBodies.filter((body) => body.startsWith('{"error"'))]) {
      for (const secret of ['password-of-a', 'password-of-b', 'user-a', 'user-b']) expect(text).not.toContain(secret);
    }
    // The broken account can still be deleted; A is untouched.
    expect((await t.request(`/api/accounts/${b._id}`, { method: 'DELETE', as: ada })).status).toBe(200);
    expect((await (await getOne(a._id)).json()).password).toBe('password-of-a');

    // A row handed to another owner by SQL does not open for them either.
    db.query('update vault_accounts set owner_id = ? where id = ?').run(bob.user._id, a._id);
    expect((await getOne(a._id, bob)).status).toBe(500);
  });

  test("the icon: the custom favicon URL, else the website's icon, fetched by the hub; else 404", async () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(7)]);
    const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, ...new Array(30).fill(1)]);
    site.route('/custom/icon.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    site.route('/favicon.ico', (_req, res) => res.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO));
    const custom = await made({ name: 'Custom', website: `${site.origin}/private/page`, favicon: `${site.origin}/custom/icon.png` });
    const fromSite = await made({ name: 'Site', website: `${site.origin}/private/page` });
    const none = await made({ name: 'None' });
    const broken = await made({ name: 'Broken', favicon: `${site.origin}/missing.png` });

    const icon = await t.request(`/api/accounts/${custom._id}/favicon`, { as: ada });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('private, no-cache');
    expect(new Uint8Array(await icon.arrayBuffer())).toEqual(PNG);
    const again = await t.request(`/api/accounts/${custom._id}/favicon`, { as: ada, headers: { 'if-none-match': icon.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const siteIcon = await t.request(`/api/accounts/${fromSite._id}/favicon`, { as: ada });
    expect(siteIcon.status).toBe(200);
    expect(new Uint8Array(await siteIcon.arrayBuffer())).toEqual(ICO);
    // Only the icon and the site's home page were asked for, never the stored page; each once (kept).
    expect(site.requests.filter((r) => r.includes('private'))).toEqual([]);
    await t.request(`/api/accounts/${custom._id}/favicon`, { as: ada });
    expect(site.requests.filter((r) => r === 'GET /custom/icon.png')).toHaveLength(1);

    for (const id of [none._id, broken._id]) {
      const res = await t.request(`/api/accounts/${id}/favicon`, { as: ada });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'No icon for this account' });
    }
  });

  test('hasIcon: false without a website or favicon, and once the hub knows neither gives an icon', async () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(7)]);
    site.route('/ok.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    const good = await made({ name: 'Good', favicon: `${site.origin}/ok.png` });
    const broken = await made({ name: 'Broken', favicon: `${site.origin}/missing.png` });
    const siteless = await made({ name: 'Siteless', website: `${site.origin}/inbox` });
    await made({ name: 'None' });
    const flags = async () => ((await (await list()).json()) as VaultAccount[]).map((a) => [a.name, a.hasIcon]);
    // Nothing asked yet: every account with a place to look is worth one request.
    expect(await flags()).toEqual([
      ['Broken', true],
      ['Good', true],
      ['None', false],
      ['Siteless', true],
    ]);
    for (const account of [good, broken, siteless]) await t.request(`/api/accounts/${account._id}/favicon`, { as: ada });
    expect(await flags()).toEqual([
      ['Broken', false],
      ['Good', true],
      ['None', false],
      ['Siteless', false],
    ]);
    // A website added to the broken one is a new place to look.
    await put(broken._id, { website: `${site.origin.replace('127.0.0.1', 'localhost')}/` });
    expect((await flags())[0]).toEqual(['Broken', true]);
  });

  test('createMany and createManyNew (the import): all in one transaction; a choice over what exists, run 20 times at once, adds each account once', async () => {
    const connect = t.services.connect;
    const made = await connect.createMany(ada.user._id, [
      { name: 'One', password: 'p1' },
      { name: 'Two', username: 'u2' },
    ]);
    expect(made.map((a) => [a.name, a.hasPassword])).toEqual([
      ['One', true],
      ['Two', false],
    ]);
    const wanted = ['Two', 'Three', 'Four'];
    const added = await Promise.all(
      Array.from({ length: 20 }, () =>
        connect.createManyNew(ada.user._id, (existing) =>
          wanted.filter((name) => !existing.some((a) => a.name === name)).map((name) => ({ name, password: `pw-${name}` })),
        ),
      ),
    );
    expect(added.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await connect.listWithSecrets(ada.user._id)).map((a) => [a.name, a.password])).toEqual([
      ['Four', 'pw-Four'],
      ['One', 'p1'],
      ['Three', 'pw-Three'],
      ['Two', ''],
    ]);
  });

  test('100 identical concurrent creates make 100 whole accounts; concurrent changes and deletes answer sanely', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => post({ name: 'Same', username: 'same-user', password: 'same-password' })));
    expect(answers.map((r) => r.status)).toEqual(new Array(100).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as VaultAccount)._id)));
    expect(ids.size).toBe(100);
    const page = await list('?limit=1000');
    expect(page.headers.get('x-total-count')).toBe('100');
    expect(((await page.json()) as VaultAccount[]).every((a) => a.username === 'same-user' && a.hasPassword)).toBe(true);
    const id = [...ids][0]!;
    expect((await (await getOne(id)).json()).password).toBe('same-password');

    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 3 ? t.request(`/api/accounts/${id}`, { method: 'DELETE', as: ada }) : put(id, { password: `changed-${i}`, username: `user-${i}` }),
      ),
    );
    const statuses = mixed.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(statuses.filter((s, i) => i % 4 === 3 && s === 200)).toHaveLength(1);
    expect((await getOne(id)).status).toBe(404);
    expect((await list()).headers.get('x-total-count')).toBe('99');
    // Every other account opens whole.
    for (const account of ((await (await list('?limit=1000')).json()) as VaultAccount[]).slice(0, 10))
      expect((await (await getOne(account._id)).json()).password).toBe('same-password');
  });
});
