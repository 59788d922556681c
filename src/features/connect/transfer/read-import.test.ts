// Each import format read from a sample in its exporter's exact layout: the accounts it becomes
// (every field as the exporter held it), what is skipped and why; detection by content; refusals.

import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VaultAccountInput, VaultCategory } from '../../../shared/connect.ts';
import { BITWARDEN_ENCRYPTED, writeBitwardenCsv } from './bitwarden.ts';
import { categoryFor, webAddress } from './entries.ts';
import { IMPORT_TEXT, importText, readImport } from './read-import.ts';

const sample = (name: string) => readFileSync(path.join(import.meta.dir, '../../../../test/fixtures/vault', name), 'utf8');
const account = (fields: Partial<VaultAccountInput> & { name: string }): Required<VaultAccountInput> => ({
  username: '',
  email: '',
  password: '',
  website: '',
  favicon: '',
  category: 'social',
  ...fields,
});

describe('Bitwarden CSV', () => {
  test('every login as Bitwarden held it (the username trimmed, as the form does); notes skipped and counted; a row with no name and no address refused by its row', () => {
    const plan = readImport(sample('bitwarden.csv'));
    expect(plan.entries.map((e) => e.where)).toEqual(['Row 2', 'Row 3', 'Row 4', 'Row 6', 'Row 7', 'Row 8', 'Row 9', 'Row 11', 'Row 12']);
    expect(plan.entries.map((e) => e.account)).toEqual([
      account({
        name: 'Twitter',
        username: 'me@example.test',
        email: 'me@example.test',
        password: 'p@ss,word',
        website: 'https://twitter.com',
        category: 'social',
      }),
      account({
        name: 'EVGA',
        username: 'hello@bitwarden.test',
        email: 'hello@bitwarden.test',
        password: 'fake"password',
        website: 'https://www.evga.com/support/login.asp',
      }),
      account({ name: 'My Bank', username: 'john.smith', password: 'password123456', website: 'https://www.wellsfargo.com/home.jhtml', category: 'finance' }),
      account({ name: 'Google', username: 'jane@gmail.com', email: 'jane@gmail.com', password: 'g00gle!', website: 'https://accounts.google.com' }),
      account({ name: 'Café ☕ Ünïcödé', username: 'zoë', password: 'pässwörd🔑', website: 'https://café.example/' }),
      account({ name: 'No Password Site', username: 'nobody', website: 'https://nopass.example.test/login' }),
      account({ name: 'Spaced', username: 'lead', password: ' spaced password ', website: 'https://spaced.example.test' }),
      account({ name: 'Android App', username: 'droid', password: 'droidpass' }),
      account({
        name: 'GitHub',
        username: 'octocat',
        email: 'octo@work.example',
        password: '=HYPERLINK("http://evil.example")',
        website: 'https://github.com/login',
        category: 'development',
      }),
    ]);
    expect(plan.skipped).toBe(2);
    expect(plan.errors).toEqual([
      'Row 10: no name and no website',
      '1 entry was not a login (a note, card or identity) and was skipped',
      'Row 6 (Google): imported with the first of its 2 web addresses',
      'Row 11 (Android App): imported without a website (its address is not a web address)',
      '2 entries had notes, one-time-password secrets or custom fields, which the vault does not keep',
    ]);
    expect(plan.errors.join('\n')).not.toMatch(/orphan secret|password123456|TOTPSEED/);
  });

  test("an organisation's export (collections instead of folder) is read too", () => {
    const plan = readImport(
      'collections,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\r\n"Finance,Shared",login,Bank,,,0,https://bank.example,me,pw,',
    );
    expect(plan.entries.map((e) => e.account)).toEqual([
      account({ name: 'Bank', username: 'me', password: 'pw', website: 'https://bank.example', category: 'finance' }),
    ]);
  });
});

describe('Bitwarden JSON', () => {
  test('logins with their folders; notes and cards skipped and counted; a login with no username or password', () => {
    const plan = readImport(sample('bitwarden.json'));
    expect(plan.entries.map((e) => [e.where, e.account])).toEqual([
      [
        'Item 1',
        account({
          name: 'Netflix',
          username: 'family@example.test',
          email: 'family@example.test',
          password: 'Str3am, "all" night',
          website: 'https://www.netflix.com/login',
          category: 'entertainment',
        }),
      ],
      ['Item 2', account({ name: 'Home router', username: 'admin', password: 'r0uter\npass', website: 'http://192.168.1.1/' })],
      ['Item 5', account({ name: 'Пример ログイン' })],
      [
        'Item 6',
        account({
          name: 'PayPal',
          username: 'jane@example.test',
          email: 'jane@example.test',
          password: 'm0ney$',
          website: 'https://www.paypal.com/signin',
          category: 'finance',
        }),
      ],
    ]);
    expect(plan.skipped).toBe(2);
    expect(plan.errors).toEqual([
      '2 entries were not a login (a note, card or identity) and were skipped',
      'Item 6 (PayPal): imported with the first of its 2 web addresses',
      '1 entry had notes, one-time-password secrets or custom fields, which the vault does not keep',
    ]);
  });

  test('an encrypted export is refused with how to export it unencrypted', () => {
    expect(() => readImport(sample('bitwarden-encrypted.json'))).toThrow(BITWARDEN_ENCRYPTED);
    expect(BITWARDEN_ENCRYPTED).toContain('without encryption');
  });

  test('an item that is not an entry, or wrong JSON, refuses the whole file', () => {
    const ok = { type: 1, name: 'Ok', login: { username: 'u', password: 'p', uris: [{ uri: 'https://ok.example' }] } };
    expect(() => readImport(JSON.stringify({ encrypted: false, items: [ok, 42] }))).toThrow('The file is not a Bitwarden export: item 2 is not an entry');
    expect(() => readImport(`{"items":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)).toThrow('item 1 is not an entry');
    expect(() => readImport('{"encrypted": false, "items": [')).toThrow(IMPORT_TEXT.badJson);
    expect(() => readImport('{"accounts": []}')).toThrow(IMPORT_TEXT.unknown);
  });
});

describe('KeePassXC CSV', () => {
  test('every entry but the Recycle Bin, groups naming the category, quotes and line breaks kept', () => {
    const plan = readImport(sample('keepassxc.csv'));
    expect(plan.entries.map((e) => [e.where, e.account])).toEqual([
      ['Row 2', account({ name: 'Sample Entry', username: 'User Name', password: 'Password', website: 'https://keepass.info/' })],
      [
        'Row 3',
        account({
          name: 'Forum, "the old one"',
          username: 'fan@example.test',
          email: 'fan@example.test',
          password: 'qu"ote,comma',
          website: 'https://forum.example.test/',
        }),
      ],
      [
        'Row 4',
        account({ name: 'Mailbox', username: 'me@proton.me', email: 'me@proton.me', password: 'M4il!', website: 'https://mail.proton.me', category: 'email' }),
      ],
      ['Row 5', account({ name: 'Savings', username: 'acct-778', category: 'finance' })],
      ['Row 7', account({ name: 'Ελληνικά', username: 'χρήστης', password: 'κωδικός', website: 'https://example.gr/login' })],
    ]);
    expect(plan.skipped).toBe(1);
    expect(plan.errors).toEqual(['3 entries had notes, one-time-password secrets or custom fields, which the vault does not keep']);
  });
});

describe('browsers', () => {
  test("Chrome: its names, an Android app's login kept without a website, empty passwords, unicode", () => {
    const plan = readImport(sample('chrome.csv'));
    expect(plan.entries.map((e) => e.account)).toEqual([
      account({
        name: 'accounts.google.com',
        username: 'jane@gmail.com',
        email: 'jane@gmail.com',
        password: 'pa,ss"word',
        website: 'https://accounts.google.com/signin/v2/identifier',
      }),
      account({ name: 'com.example.app', username: 'droid@example.test', email: 'droid@example.test', password: 'android pass' }),
      account({ name: 'shop.example.test', website: 'https://shop.example.test/' }),
      account({ name: 'ünïcode.example', username: 'ユーザー', password: '密码🔒', website: 'https://xn--ncode-cta3g.example/' }),
    ]);
    expect(plan.skipped).toBe(0);
    expect(plan.errors).toEqual([
      'Row 3 (com.example.app): imported without a website (its address is not a web address)',
      '1 entry had notes, one-time-password secrets or custom fields, which the vault does not keep',
    ]);
  });

  test("Firefox: names from the site's host, HTTP-auth logins, empty passwords", () => {
    const plan = readImport(sample('firefox.csv'));
    expect(plan.entries.map((e) => e.account)).toEqual([
      account({ name: 'mozilla.org', username: 'moz@example.test', email: 'moz@example.test', password: 'f1refox,"pass"', website: 'https://www.mozilla.org' }),
      account({ name: 'intranet.example.test', username: 'jdoe', password: 'realm pass', website: 'https://intranet.example.test:8443' }),
      account({ name: 'news.example.test', username: 'reader', website: 'https://news.example.test' }),
    ]);
    expect(plan.errors).toEqual([]);
  });

  test("a real export with Firefox's own account entry (its JSON unquoted inside a quoted field): the login imports, that row is named by its line and left out", () => {
    const plan = readImport(sample('firefox-with-account.csv'));
    expect(plan.entries).toEqual([
      {
        where: 'Row 3',
        account: account({ name: 'shop.test', username: 'ada@shop.test', email: 'ada@shop.test', password: 'sh0p, "secret"', website: 'https://shop.test' }),
      },
    ]);
    expect(plan.skipped).toBe(1);
    expect(plan.errors).toEqual(['Line 2: unexpected text after a closing quote; the row could not be read and was skipped']);
  });
});

describe('rows that are not well-formed', () => {
  const header = 'name,url,username,password,note';
  test('each is named by its line and why, among the notes of the rows that imported; the rows after it keep their numbers', () => {
    const plan = readImport(
      [
        header,
        'A,https://a.example,u,pa,',
        '"B"x,https://b.example,u,pb,',
        'C,https://c.example,u"q,pc,',
        `D,https://d.example,u,${'x'.repeat(4097)},`,
        'E,,u,pe,"open',
      ].join('\n'),
    );
    expect(plan.entries.map((e) => [e.where, e.account.name, e.account.password])).toEqual([['Row 2', 'A', 'pa']]);
    expect(plan.errors).toEqual([
      'Line 3: unexpected text after a closing quote; the row could not be read and was skipped',
      'Line 4: a quote inside an unquoted field; the row could not be read and was skipped',
      'Line 6: a quoted field is never closed; the row could not be read and was skipped',
      'Row 5 (D): Password must be at most 4096 characters',
    ]);
    expect(plan.skipped).toBe(4);
  });

  test("none of a bad row's text is in its message", () => {
    const plan = readImport(`${header}\nA,https://a.example,u,pa,\n"x","y","{"secret":"hunter2"}","z",\n`);
    expect(plan.errors.join(' ')).not.toMatch(/hunter2|secret/);
  });

  test('a file whose header cannot be read, or none of whose readable rows is a login, is refused whole with its first bad line', () => {
    expect(() => readImport('"name"x,url,username,password\nA,https://a.example,u,p\n')).toThrow(
      'The file is not a well-formed CSV file: unexpected text after a closing quote on line 1',
    );
    expect(() => readImport(`${header}\n"B"x,https://b.example,u,pb,\nC,https://c.example,u"q,pc,\n`)).toThrow(
      'The file is not a well-formed CSV file: unexpected text after a closing quote on line 2',
    );
    const firefoxAccountOnly = sample('firefox-with-account.csv').split('\r\n').slice(0, 2).join('\r\n');
    expect(() => readImport(firefoxAccountOnly)).toThrow('The file is not a well-formed CSV file: unexpected text after a closing quote on line 2');
  });
});

describe('limits and refusals', () => {
  test('an over-long value refuses its row, named, never cut short; the rest still import', () => {
    const long = 'x'.repeat(4097);
    const plan = readImport(
      `name,url,username,password,note\nLong,https://a.example,me,${long},\nFine,https://b.example,me,pw,\n${'n'.repeat(201)},https://c.example,me,pw,\n`,
    );
    expect(plan.entries.map((e) => e.account.name)).toEqual(['Fine']);
    expect(plan.errors).toEqual([
      'Row 2 (Long): Password must be at most 4096 characters',
      `Row 4 (${'n'.repeat(59)}…): Account name must be at most 200 characters`,
    ]);
    expect(plan.skipped).toBe(2);
  });

  test('a custom email field that is not an email refuses its row', () => {
    const plan = readImport(
      'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\nx,,login,Bad,,email: not-an-email,0,,u,p,',
    );
    expect(plan.errors).toEqual(['Row 2 (Bad): Please enter a valid email address']);
  });

  test('layout told by content: an unknown header, a broken CSV, binary bytes, too many entries', () => {
    expect(() => readImport('Title,URL,Username,Password,Notes,OTPAuth\nx,https://a.example,u,p,,\n')).toThrow(IMPORT_TEXT.unknown);
    expect(IMPORT_TEXT.unknown).toMatch(/Bitwarden.*KeePassXC.*Chrome.*Firefox/);
    expect(() => readImport('name,url,username,password\n"broken,https://a.example,u,p\n')).toThrow('never closed');
    expect(() => importText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]))).toThrow(IMPORT_TEXT.notText);
    expect(() => importText(new TextEncoder().encode('name,url\0,username'))).toThrow(IMPORT_TEXT.notText);
    const many = ['name,url,username,password', ...Array.from({ length: 10_001 }, (_, i) => `n${i},https://a.example,u,p`)].join('\n');
    expect(() => readImport(many)).toThrow(IMPORT_TEXT.tooMany);
  });
});

describe('mappings', () => {
  test('website: http(s) kept as written, bare hosts get https, other schemes are not websites', () => {
    expect(webAddress('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(webAddress('twitter.com')).toBe('https://twitter.com');
    expect(webAddress('localhost:8080/admin')).toBe('https://localhost:8080/admin');
    for (const other of ['androidapp://com.x', 'ftp://files.example', 'javascript:alert(1)', 'mailto:a@b.example', 'not a url', ''])
      expect(webAddress(other)).toBeNull();
  });

  test('category: a folder or group that says it, else a well-known domain, else the default', () => {
    expect(categoryFor('Finance', '')).toBe('finance');
    expect(categoryFor('Root/eMail', '')).toBe('email');
    expect(categoryFor('Work', 'https://mail.google.com/')).toBe('email');
    expect(categoryFor('', 'https://www.github.com/login')).toBe('development');
    expect(categoryFor('', 'https://notgithub.com/')).toBe('social');
  });

  test('a browser export: each login gets the category its site suggests (mail, code hosting, banks and payments, video and streaming), else social', () => {
    const sites: [string, VaultCategory][] = [
      ['https://webmail.example.test/', 'email'],
      ['https://mail.example.test/inbox', 'email'],
      ['https://www.hotmail.example/', 'email'],
      ['https://git.example.test/ada', 'development'],
      ['https://gitea.example.test/', 'development'],
      ['https://codeberg.org/ada', 'development'],
      ['https://online.mybank.example/', 'finance'],
      ['https://pay.example.test/', 'finance'],
      ['https://www.example-bank.de/login', 'finance'],
      ['https://www.venmo.com/', 'finance'],
      ['https://vimeo.com/', 'entertainment'],
      ['https://play.crunchyroll.com/', 'entertainment'],
      ['https://www.hbotv.example/', 'entertainment'],
      ['https://www.primevideo.com/', 'entertainment'],
      ['https://video.example.test/watch', 'entertainment'],
      ['https://forum.example.test/', 'social'],
      ['https://notgithub.com/', 'social'],
      ['https://ingredients.example/', 'social'],
      ['https://paintball.example/', 'social'],
    ];
    const chrome = ['name,url,username,password,note', ...sites.map(([url], i) => `Site ${i},${url},ada,pw${i},`)].join('\n');
    const firefox = [
      'url,username,password,httpRealm,formActionOrigin,guid,timeCreated,timeLastUsed,timePasswordChanged',
      ...sites.map(([url], i) => `${url},ada,pw${i},,,,,,`),
    ].join('\n');
    for (const file of [chrome, firefox]) {
      expect(readImport(file).entries.map((e) => [e.account.website, e.account.category])).toEqual(sites);
    }
  });

  test("the hub's own export reads back as the same accounts, whatever the values", () => {
    const accounts = [
      {
        name: 'Bank, "main"',
        username: 'a@b.example',
        email: '',
        password: '=1+1',
        website: 'https://bank.example/login?a=1,2',
        favicon: 'https://cdn.example/i.png',
        category: 'finance' as const,
      },
      { name: 'Mail', username: 'me@mail.example', email: 'me@mail.example', password: 'line\nbreak', website: '', favicon: '', category: 'email' as const },
      { name: 'Other ✓', username: 'spaced', email: 'x@y.example', password: '', website: 'http://192.168.0.1/', favicon: '', category: 'other' as const },
    ];
    const csv = writeBitwardenCsv(
      accounts.map((a, i) => ({ ...a, _id: String(i), id: String(i), hasPassword: a.password !== '', hasIcon: false, createdAt: '', updatedAt: '' })),
    );
    expect(csv.startsWith('folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp\r\n')).toBe(true);
    const plan = readImport(csv);
    expect(plan.entries.map((e) => e.account)).toEqual(accounts);
    expect(plan.errors).toEqual([]);
  });
});
