// The guessing limit per account and address (issue 22, finding 1; decision 0053): a member who
// signs in as themselves between guesses at the administrator's password no longer clears those
// guesses; members sharing an address do not lock each other out; wider caps per account (many
// addresses) and per address (many accounts); the vault's export counts on its own; bursts at
// once get no more checks than the caps.
import { afterEach, describe, expect, test } from 'bun:test';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { passwordWork } from '../../security/passwords.ts';

const PASSWORD = 'correct horse battery';
const TOO_MANY = 'Too many attempts. Please try again in 15 minutes.';
let t: TestApp;
afterEach(() => t.close());

/** The default limit (LOGIN_MAX_ATTEMPTS=5 in 15 minutes), behind a proxy that names the address. */
const start = () => createTestApp({ env: { TRUST_PROXY: 'true', SITE_LOCKOUT_HOURS: '0' } });

const signIn = (site: string, username: string, password: string, address: string) =>
  t.request('/auth/signin/', { method: 'POST', json: { username, password }, as: { siteToken: site }, headers: { 'x-forwarded-for': address } });

/** Runs a burst with a password queue that waits as long as it takes (see hardening.http.test.ts). */
async function patiently<T>(burst: () => Promise<T>): Promise<T> {
  const maxWaitMs = passwordWork.options.maxWaitMs;
  passwordWork.options.maxWaitMs = 300_000;
  try {
    return await burst();
  } finally {
    passwordWork.options.maxWaitMs = maxWaitMs;
  }
}

describe('guessing with a friend’s help', () => {
  test('a member guessing at the admin’s password, signing in as themselves after every 4 guesses, is refused at the 6th guess', async () => {
    t = await start();
    await t.createUser({ username: 'admin', password: PASSWORD });
    const admin = await t.signIn('admin', PASSWORD);
    await t.createUser({ username: 'member', password: 'member password' }, admin);
    const site = admin.siteToken;
    const home = '192.0.2.10';
    const guesses: number[] = [];
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 4; i++) guesses.push((await signIn(site, 'admin', `guess ${round}-${i}`, home)).status);
      expect((await signIn(site, 'member', 'member password', home)).status).toBe(200);
    }
    // 48 guesses: the first 5 were checked (401), every later one refused (429).
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses.slice(5).every((s) => s === 429)).toBe(true);
    const refused = await signIn(site, 'admin', PASSWORD, home);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: TOO_MANY });
    // The administrator at another address is not held back.
    expect((await signIn(site, 'admin', PASSWORD, '198.51.100.20')).status).toBe(200);
  });

  test('members sharing one address: one member’s typos up to the limit do not lock the other out', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    await t.createUser({ username: 'anna', password: 'anna password' }, admin);
    await t.createUser({ username: 'ben', password: 'ben password' }, admin);
    const home = '192.0.2.11';
    for (let i = 0; i < 5; i++) expect((await signIn(admin.siteToken, 'anna', `typo ${i}`, home)).status).toBe(401);
    expect((await signIn(admin.siteToken, 'anna', 'anna password', home)).status).toBe(429);
    expect((await signIn(admin.siteToken, 'ben', 'ben password', home)).status).toBe(200);
    // Ben's success forgives Ben's attempts only: Anna is still refused.
    expect((await signIn(admin.siteToken, 'anna', 'anna password', home)).status).toBe(429);
  });

  test('per account whatever the address: 20 wrong guesses from 20 addresses, then the account refuses everyone for the window', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    for (let i = 0; i < 20; i++) expect((await signIn(admin.siteToken, 'admin', 'guess', `198.51.100.${i + 1}`)).status).toBe(401);
    const refused = await signIn(admin.siteToken, 'ADMIN', PASSWORD, '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY });
  });

  test('per address whatever the account: 20 wrong guesses at 20 names from one address, then that address is refused for any account', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    const guesser = '192.0.2.12';
    for (let i = 0; i < 20; i++) expect((await signIn(admin.siteToken, `someone${i}`, 'guess', guesser)).status).toBe(401);
    expect((await signIn(admin.siteToken, 'admin', PASSWORD, guesser)).status).toBe(429);
    expect((await signIn(admin.siteToken, 'admin', PASSWORD, '192.0.2.13')).status).toBe(200);
  });

  test('the vault’s export counts on its own: sign-in failures up to the limit leave it open, and its failures leave sign-in open', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    const home = '192.0.2.14';
    const exportVault = (as: SignedIn, password: string) =>
      t.request('/api/accounts/export', { method: 'POST', json: { password }, as, headers: { 'x-forwarded-for': home } });
    for (let i = 0; i < 5; i++) expect((await signIn(admin.siteToken, 'admin', 'guess', home)).status).toBe(401);
    expect((await signIn(admin.siteToken, 'admin', PASSWORD, home)).status).toBe(429);
    expect((await exportVault(admin, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await exportVault(admin, 'guess')).status).toBe(401);
    const refused = await exportVault(admin, PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY });
    // The site password has its own counter as well.
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'x' }, headers: { 'x-forwarded-for': home } })).status).toBe(401);
  });
});

describe('bursts at once', () => {
  test('100 wrong passwords at once for one account from one address: exactly 5 checks', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    const started = passwordWork.started;
    const answers = await patiently(() => Promise.all(Array.from({ length: 100 }, () => signIn(admin.siteToken, 'admin', 'guess', '192.0.2.15'))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    expect(passwordWork.started - started).toBe(5);
  });

  test('100 wrong passwords at once for one account from 100 addresses: exactly 20 checks (the per-account cap)', async () => {
    t = await start();
    const admin = await t.createUser({ username: 'admin', password: PASSWORD });
    const started = passwordWork.started;
    const answers = await patiently(() =>
      Promise.all(Array.from({ length: 100 }, (_, i) => signIn(admin.siteToken, 'admin', 'guess', `10.1.${Math.floor(i / 200)}.${(i % 200) + 1}`))),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    expect(passwordWork.started - started).toBe(20);
  });
});
