// Vault import and export over HTTP: each exporter's sample file imported as the exporter held it
// (read back through GET /api/accounts/{id}), duplicates left out, malformed files changing
// nothing, owners kept apart, the export only for the owner's password, the round trip into another
// user, and a burst of identical imports adding each entry once.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FACTORY_PASSWORD, signedInUser } from '../../../../test/helpers/factories.ts';
import { type Credentials, createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import {
  VAULT_LIMITS,
  VAULT_TEXT,
  type VaultAccount,
  type VaultAccountInput,
  type VaultAccountWithPassword,
  type VaultImportResult,
} from '../../../shared/connect.ts';
import { BITWARDEN_ENCRYPTED } from './bitwarden.ts';
import { IMPORT_TEXT, readImport } from './read-import.ts';
import { EXPORT_PASSWORD_REQUIRED } from './transfer.routes.ts';

const FIXTURES = path.join(import.meta.dir, '../../../../test/fixtures/vault');
const sample = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const MAX_ATTEMPTS = 3;

let t: TestApp;
let now: number;
let ada: SignedIn;
let bob: SignedIn;

beforeEach(async () => {
  now = Date.parse('2026-11-21T12:00:00Z');
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS), TRUST_PROXY: 'true' } });
  ada = await signedInUser(t.database.db, { username: 'ada' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob' }, now);
});
afterEach(() => t.close());

/** `as` is who sends it: a signed-in user, or site credentials only (past the gate, no session). */
const importRaw = (body: BodyInit, as: Credentials = ada, type = 'text/csv') =>
  t.request('/api/accounts/import', { method: 'POST', body, headers: { 'content-type': type }, as });
const importFile = (name: string, as: SignedIn = ada) => {
  const form = new FormData();
  form.append('file', new File([readFileSync(path.join(FIXTURES, name))], name));
  return t.request('/api/accounts/import', { method: 'POST', body: form, as });
};
const exportAs = (as: Credentials, body: unknown, from = '203.0.113.9') =>
  t.request('/api/accounts/export', { method: 'POST', json: body, as, headers: { 'x-forwarded-for': from } });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** Every account of a user with its password, through the API a person's browser uses. */
async function accountsOf(as: SignedIn): Promise<VaultAccountWithPassword[]> {
  const list = (await (await t.request('/api/accounts?limit=1000', { as })).json()) as VaultAccount[];
  return Promise.all(list.map(async (a) => (await (await t.request(`/api/accounts/${a._id}`, { as })).json()) as VaultAccountWithPassword));
}
const fieldsOf = (a: VaultAccountWithPassword): Required<VaultAccountInput> => ({
  name: a.name,
  username: a.username,
  email: a.email,
  password: a.password,
  website: a.website,
  favicon: a.favicon,
  category: a.category,
});
const byName = (a: { name: string; username: string }, b: { name: string; username: string }) =>
  a.name.localeCompare(b.name) || a.username.localeCompare(b.username);
/** What a sample file holds, as the readers' own tests pin it value by value. */
const expected = (name: string) =>
  readImport(sample(name))
    .entries.map((e) => e.account)
    .sort(byName);

describe('POST /api/accounts/import', () => {
  test.each([
    ['bitwarden.csv', 9, 2],
    ['bitwarden.json', 4, 2],
    ['keepassxc.csv', 5, 1],
    ['chrome.csv', 4, 0],
    ['firefox.csv', 3, 0],
  ])('%s: its logins become accounts with every field (password included) as the exporter held it', async (name, imported, skipped) => {
    const res = await importFile(name);
    expect(res.status).toBe(200);
    const result = (await res.json()) as VaultImportResult;
    expect([result.imported, result.skipped]).toEqual([imported, skipped]);
    expect(result.errors).toEqual(readImport(sample(name)).errors);
    expect((await accountsOf(ada)).map(fieldsOf).sort(byName)).toEqual(expected(name));
  });

  test("a real Firefox export with Firefox's own account entry: its login is imported, that row is named by line and reason, none of it stored or echoed", async () => {
    const res = await importFile('firefox-with-account.csv');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      imported: 1,
      skipped: 1,
      alreadyInVault: 0,
      repeatedInFile: 0,
      errors: ['Line 2: unexpected text after a closing quote; the row could not be read and was skipped'],
    });
    for (const secret of ['fxa-', 'FirefoxAccounts', '4f2c9a1e']) expect(text).not.toContain(secret);
    expect((await accountsOf(ada)).map(fieldsOf)).toEqual([
      {
        name: 'shop.test',
        username: 'ada@shop.test',
        email: 'ada@shop.test',
        password: 'sh0p, "secret"',
        website: 'https://shop.test',
        favicon: '',
        category: 'social',
      },
    ]);
  });

  test('the raw body works as well as a multipart field, whatever the type says', async () => {
    const res = await importRaw(sample('firefox.csv'), ada, 'application/octet-stream');
    expect(((await res.json()) as VaultImportResult).imported).toBe(3);
  });

  test('nothing in the answer is secret: rows are named by number and name only', async () => {
    const text = (await (await importFile('bitwarden.csv')).text()).toLowerCase();
    for (const secret of ['orphan secret', 'p@ss,word', 'password123456', 'totpseed123', 'droidpass']) expect(text).not.toContain(secret);
  });

  test('duplicates of accounts already there (name ignoring case, same username, same site) are skipped, and so are repeats within the file', async () => {
    const made = await t.request('/api/accounts', {
      method: 'POST',
      as: ada,
      json: { name: 'TWITTER', username: 'me@example.test', website: 'https://twitter.com/home', password: 'older' },
    });
    expect(made.status).toBe(201);
    const first = (await (await importFile('bitwarden.csv')).json()) as VaultImportResult;
    expect([first.imported, first.skipped, first.alreadyInVault, first.repeatedInFile]).toEqual([8, 3, 1, 0]);
    const again = (await (await importFile('bitwarden.csv')).json()) as VaultImportResult;
    expect([again.imported, again.skipped, again.alreadyInVault, again.repeatedInFile]).toEqual([0, 11, 9, 0]);
    const twitter = (await accountsOf(ada)).filter((a) => a.name.toLowerCase() === 'twitter');
    expect(twitter.map((a) => a.password)).toEqual(['older']);

    const repeats = [
      'name,url,username,password',
      'Shop,https://shop.example/a,me,one',
      'shop,https://SHOP.example/b,me,two',
      'Shop,https://shop.example,other,three',
      'Shop,http://shop.example,me,four',
    ].join('\n');
    const result = (await (await importRaw(repeats, bob)).json()) as VaultImportResult;
    expect([result.imported, result.skipped, result.alreadyInVault, result.repeatedInFile]).toEqual([3, 1, 0, 1]);
    expect((await accountsOf(bob)).map((a) => a.password).sort()).toEqual(['four', 'one', 'three']);
  });

  test('a file that cannot be read changes nothing and answers 4xx with why', async () => {
    await importFile('chrome.csv');
    const before = JSON.stringify(await accountsOf(ada));
    const oversize = `name,url,username,password\n${'x'.repeat(VAULT_LIMITS.importBytes)}`;
    const cases: [string, BodyInit, number, string][] = [
      ['broken quotes in its only row', 'name,url,username,password\n"B,https://b.example,u,p\n', 400, 'is never closed'],
      [
        "Firefox's own account entry alone",
        sample('firefox-with-account.csv').split('\r\n').slice(0, 2).join('\r\n'),
        400,
        'The file is not a well-formed CSV file: unexpected text after a closing quote on line 2',
      ],
      ['wrong JSON', '{"encrypted": false, "items": [{"type": 1, "name": "A"', 400, IMPORT_TEXT.badJson],
      ['an encrypted Bitwarden export', sample('bitwarden-encrypted.json'), 400, BITWARDEN_ENCRYPTED],
      [
        'a binary file',
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xd8]),
        400,
        IMPORT_TEXT.notText,
      ],
      ['an unknown layout', 'Title,URL,Username,Password,Notes,OTPAuth\nA,https://a.example,u,p,,\n', 400, IMPORT_TEXT.unknown],
      ['an empty body', '', 400, IMPORT_TEXT.noFile],
      [
        'too many entries',
        ['name,url,username,password', ...Array.from({ length: VAULT_LIMITS.importEntries + 1 }, (_, i) => `n${i},https://a.example,u,p`)].join('\n'),
        400,
        IMPORT_TEXT.tooMany,
      ],
      ['an oversize file', oversize, 413, IMPORT_TEXT.tooLarge],
    ];
    for (const [what, body, status, why] of cases) {
      const res = await importRaw(body);
      expect(`${what}: ${res.status}`).toBe(`${what}: ${status}`);
      expect(await errorOf(res)).toContain(why);
    }
    const form = new FormData();
    form.append('other', 'no file here');
    const noFile = await t.request('/api/accounts/import', { method: 'POST', body: form, as: ada });
    expect([noFile.status, await errorOf(noFile)]).toEqual([400, IMPORT_TEXT.noFile]);
    expect(JSON.stringify(await accountsOf(ada))).toBe(before);
  });

  test("without a session: 401 with the vault's message, nothing stored", async () => {
    const res = await importRaw(sample('chrome.csv'), { siteToken: ada.siteToken });
    expect([res.status, await errorOf(res)]).toEqual([401, VAULT_TEXT.signInRequired]);
    expect(await accountsOf(ada)).toEqual([]);
  });

  test("an import goes to the caller only; the other user's vault is untouched", async () => {
    await t.request('/api/accounts', { method: 'POST', as: bob, json: { name: 'Bob only', password: 'bob pw' } });
    await importFile('keepassxc.csv', ada);
    expect((await accountsOf(bob)).map((a) => a.name)).toEqual(['Bob only']);
    expect((await accountsOf(ada)).length).toBe(5);
  });

  test('100 identical imports at once leave each entry exactly once', async () => {
    const file = readFileSync(path.join(FIXTURES, 'bitwarden.csv'));
    const answers = await Promise.all(Array.from({ length: 100 }, () => importRaw(file)));
    expect(answers.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const results = (await Promise.all(answers.map((r) => r.json()))) as VaultImportResult[];
    expect(results.reduce((sum, r) => sum + r.imported, 0)).toBe(9);
    expect((await accountsOf(ada)).map(fieldsOf).sort(byName)).toEqual(expected('bitwarden.csv'));
  });

  test("'import' and 'export' are never taken for an account id", async () => {
    expect((await t.request('/api/accounts/import', { as: ada })).status).toBe(404);
    expect((await t.request('/api/accounts/export', { as: ada })).status).toBe(404);
    expect((await t.request('/api/accounts/import', { method: 'DELETE', as: ada })).status).toBe(404);
  });
});

describe('POST /api/accounts/export', () => {
  const seed = async (as: SignedIn, accounts: VaultAccountInput[]) => {
    for (const json of accounts) expect((await t.request('/api/accounts', { method: 'POST', as, json })).status).toBe(201);
  };
  const ADA_ACCOUNTS: VaultAccountInput[] = [
    {
      name: 'Bank, "main"',
      username: 'ada@bank.example',
      email: '',
      password: '=1+1,"quoted"',
      website: 'https://bank.example/login?a=1,2',
      favicon: 'https://cdn.example/bank.png',
      category: 'finance',
    },
    { name: 'Mail ✉', username: 'ada@mail.example', email: 'ada@mail.example', password: 'two\nlines', website: 'https://mail.example', category: 'email' },
    { name: 'Forge', username: 'ada', email: 'ada@forge.example', password: ' spaced ', website: 'https://forge.example', category: 'development' },
    { name: 'No password', username: '', email: '', password: '', website: '', category: 'other' },
    { name: 'Movies', username: 'ada', password: 'popcorn', website: 'https://movies.example', category: 'entertainment' },
    { name: 'Chat', username: 'ada', password: 'hello', category: 'social' },
  ];

  test("the owner's accounts as Bitwarden's CSV download, dated, not kept by any cache; another user's are not in it", async () => {
    await seed(ada, ADA_ACCOUNTS);
    await seed(bob, [{ name: 'Bob secret', username: 'bob', password: 'bob-only-password' }]);
    const res = await exportAs(ada, { password: FACTORY_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hub-vault-export-2026-11-21.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toBe('folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp');
    // An email that is not simply the username, and a custom favicon, ride in Bitwarden's custom fields.
    expect(csv).toContain(
      '\r\nFinance,,login,"Bank, ""main""",,"email: \nfavicon: https://cdn.example/bank.png",0,"https://bank.example/login?a=1,2",ada@bank.example,"=1+1,""quoted""",\r\n',
    );
    expect(csv).toContain('\r\nDevelopment,,login,Forge,,email: ada@forge.example,0,https://forge.example,ada," spaced ",\r\n');
    expect(csv.endsWith('\r\nOther,,login,No password,,,0,,,,')).toBe(true);
    expect(csv).not.toContain('Bob secret');
    expect(csv).not.toContain('bob-only-password');
    expect(readImport(csv).entries).toHaveLength(ADA_ACCOUNTS.length);
  });

  test('export then import into another user gives the same accounts, passwords and all', async () => {
    await seed(ada, ADA_ACCOUNTS);
    const csv = await (await exportAs(ada, { password: FACTORY_PASSWORD })).text();
    const res = await importRaw(csv, bob);
    expect(await res.json()).toEqual({ imported: ADA_ACCOUNTS.length, skipped: 0, alreadyInVault: 0, repeatedInFile: 0, errors: [] });
    expect((await accountsOf(bob)).map(fieldsOf).sort(byName)).toEqual((await accountsOf(ada)).map(fieldsOf).sort(byName));
  });

  test('refused without a session, without a password, or with a wrong one: no data', async () => {
    await seed(ada, ADA_ACCOUNTS);
    const none = await exportAs({ siteToken: ada.siteToken }, { password: FACTORY_PASSWORD });
    expect([none.status, await errorOf(none)]).toEqual([401, VAULT_TEXT.signInRequired]);
    for (const body of [{}, { password: '' }, { password: 42 }]) {
      const res = await exportAs(ada, body);
      expect([res.status, await errorOf(res)]).toEqual([400, EXPORT_PASSWORD_REQUIRED]);
    }
    const wrong = await exportAs(ada, { password: 'not my password' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('content-type')).toContain('application/json');
    const text = await wrong.text();
    expect(JSON.parse(text)).toEqual({ error: VAULT_TEXT.exportPasswordWrong });
  });

  test('wrong passwords meet a guessing limit of their own (per account and address): then 429, even for the right one; sign-in is not held back', async () => {
    for (let i = 0; i < MAX_ATTEMPTS; i++) expect((await exportAs(ada, { password: `guess ${i}` }, '198.51.100.7')).status).toBe(401);
    const limited = await exportAs(ada, { password: FACTORY_PASSWORD }, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).not.toContain('login_password');
    // Signing in from that address is another counter: not held back.
    const signIn = await t.request('/auth/signin/', {
      method: 'POST',
      json: { username: 'ada', password: FACTORY_PASSWORD },
      as: { siteToken: ada.siteToken },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(signIn.status).toBe(200);
    // Another address is not held back, and a success forgives it.
    expect((await exportAs(ada, { password: FACTORY_PASSWORD }, '198.51.100.8')).status).toBe(200);
  });
});
