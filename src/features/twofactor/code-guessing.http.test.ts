// Guessing at the second factor with the password in hand (decision 0058): wrong codes and wrong
// recovery codes are counted per account, whatever the challenge and the address, and nothing but
// the window forgives them; a right password that only opens the code step forgives nothing; a
// completed sign-in forgives the password failures of its account from its address. With the
// default limit (LOGIN_MAX_ATTEMPTS=5 in 15 minutes), behind a proxy that names the address.
import { afterEach, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { TWO_FACTOR_MESSAGES } from './twofactor.service.ts';

const PASSWORD = 'correct horse battery';
const TOO_MANY = 'Too many attempts. Please try again in 15 minutes.';
const STEP_MS = 30_000;
const WINDOW_MS = 15 * 60_000;

// Mid-step, so moving by whole steps never lands on a boundary.
let now = Date.UTC(2031, 4, 1, 12, 0, 10);
const clock = () => new Date(now);
const codeFor = (secret: string, drift = 0) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / STEP_MS) + drift), 6);

let t: TestApp;
let site: string;
afterEach(() => t.close());

/** Alice, an administrator with two-factor sign-in on: her key and recovery codes. */
async function start(): Promise<{ alice: SignedIn; secret: string; recoveryCodes: string[] }> {
  t = await createTestApp({ clock, env: { TRUST_PROXY: 'true', SITE_LOCKOUT_HOURS: '0' } });
  const alice = await t.createUser({ username: 'alice', password: PASSWORD });
  site = alice.siteToken;
  const setup = (await (await t.request('/api/me/2fa/totp/setup', { method: 'POST', as: alice })).json()) as { secret: string };
  const enabled = await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: alice, json: { code: codeFor(setup.secret) } });
  expect(enabled.status).toBe(200);
  now += STEP_MS;
  return { alice, secret: setup.secret, ...((await enabled.json()) as { recoveryCodes: string[] }) };
}

const passwordStep = (password: string, address: string) =>
  t.request('/auth/signin/', { method: 'POST', json: { username: 'alice', password }, as: { siteToken: site }, headers: { 'x-forwarded-for': address } });
const codeStep = (challenge: string, code: string, address: string) =>
  t.request('/auth/signin/2fa', { method: 'POST', json: { challenge, code }, as: { siteToken: site }, headers: { 'x-forwarded-for': address } });

async function challengeFrom(address: string): Promise<string> {
  const res = await passwordStep(PASSWORD, address);
  expect(res.status).toBe(200);
  return ((await res.json()) as { challenge: string }).challenge;
}

/** A 6-digit code that is none of the three the hub would take now. */
function wrongCode(secret: string, i: number): string {
  const taken = new Set([codeFor(secret, -1), codeFor(secret), codeFor(secret, 1)]);
  let n = 100_000 + i * 7919;
  while (taken.has(String(n % 1_000_000).padStart(6, '0'))) n++;
  return String(n % 1_000_000).padStart(6, '0');
}

/** A well-formed recovery code that is not one of hers. */
const wrongRecoveryCode = (i: number) => `abcd-efgh-ijkl-${'mnop'.slice(0, 3)}${'qrstuvwxyz234567'[i % 16]}`;

describe('the attack: the password, then 4 wrong codes, again and again', () => {
  test('12 rounds from one address: the first 5 wrong codes are checked, every later one is refused with 429', async () => {
    const { secret } = await start();
    const home = '192.0.2.30';
    const codes: number[] = [];
    for (let round = 0; round < 12; round++) {
      const challenge = await challengeFrom(home);
      for (let i = 0; i < 4; i++) codes.push((await codeStep(challenge, wrongCode(secret, round * 4 + i), home)).status);
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right code is refused until the window passes; then it signs in.
    const challenge = await challengeFrom(home);
    const refused = await codeStep(challenge, codeFor(secret), home);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ error: TOO_MANY });
    now += WINDOW_MS + STEP_MS;
    expect((await codeStep(await challengeFrom(home), codeFor(secret), home)).status).toBe(200);
  });

  test('each round from another address: still 5 code checks for the account in all', async () => {
    const { secret } = await start();
    const codes: number[] = [];
    for (let round = 0; round < 12; round++) {
      const address = `198.51.100.${round + 1}`;
      const challenge = await challengeFrom(address);
      for (let i = 0; i < 4; i++) codes.push((await codeStep(challenge, wrongCode(secret, round * 4 + i), address)).status);
    }
    expect(codes.filter((s) => s === 401)).toHaveLength(5);
    expect(codes.slice(5).every((s) => s === 429)).toBe(true);
    // The password step itself is not held back (it is the code that is guessed at).
    expect((await passwordStep(PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  test('the same with wrong recovery codes: 5 checked, then 429', async () => {
    await start();
    const home = '192.0.2.31';
    const codes: number[] = [];
    for (let round = 0; round < 6; round++) {
      const challenge = await challengeFrom(home);
      for (let i = 0; i < 4; i++) {
        const res = await codeStep(challenge, wrongRecoveryCode(round * 4 + i), home);
        codes.push(res.status);
        if (res.status === 401) expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode });
      }
    }
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((s) => s === 429)).toBe(true);
  });

  test('wrong codes and wrong recovery codes share the count', async () => {
    const { secret } = await start();
    const home = '192.0.2.32';
    const challenge = await challengeFrom(home);
    for (let i = 0; i < 3; i++) expect((await codeStep(challenge, wrongCode(secret, i), home)).status).toBe(401);
    const next = await challengeFrom(home);
    for (let i = 0; i < 2; i++) expect((await codeStep(next, wrongRecoveryCode(i), home)).status).toBe(401);
    expect((await codeStep(next, wrongCode(secret, 9), home)).status).toBe(429);
  });
});

describe('no success of one step forgives the failures of another', () => {
  test('a sign-in completed with a recovery code forgives no wrong codes', async () => {
    const { secret, recoveryCodes } = await start();
    const home = '192.0.2.33';
    const challenge = await challengeFrom(home);
    for (let i = 0; i < 4; i++) expect((await codeStep(challenge, wrongCode(secret, i), home)).status).toBe(401);
    expect((await codeStep(await challengeFrom(home), recoveryCodes[0]!, home)).status).toBe(200);
    // The fifth wrong code is checked; the sixth is refused.
    const next = await challengeFrom(home);
    expect((await codeStep(next, wrongCode(secret, 4), home)).status).toBe(401);
    expect((await codeStep(next, wrongCode(secret, 5), home)).status).toBe(429);
  });

  test('a sign-in completed with the right code forgives no wrong codes either, not even its own address’s', async () => {
    const { secret } = await start();
    const away = '198.51.100.40';
    const home = '192.0.2.34';
    const challenge = await challengeFrom(away);
    for (let i = 0; i < 4; i++) expect((await codeStep(challenge, wrongCode(secret, i), away)).status).toBe(401);
    expect((await codeStep(await challengeFrom(home), codeFor(secret), home)).status).toBe(200);
    now += STEP_MS;
    const next = await challengeFrom(home);
    expect((await codeStep(next, wrongCode(secret, 4), home)).status).toBe(401);
    expect((await codeStep(next, codeFor(secret), home)).status).toBe(429);
  });

  test('a right password that only opens the code step forgives no wrong passwords', async () => {
    await start();
    const home = '192.0.2.35';
    for (let i = 0; i < 4; i++) expect((await passwordStep(`guess ${i}`, home)).status).toBe(401);
    await challengeFrom(home);
    expect((await passwordStep('guess 4', home)).status).toBe(401);
    const refused = await passwordStep(PASSWORD, home);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY });
  });

  test('a completed sign-in (password and code) forgives the password failures of that account from that address', async () => {
    const { secret } = await start();
    const home = '192.0.2.36';
    for (let i = 0; i < 4; i++) expect((await passwordStep(`guess ${i}`, home)).status).toBe(401);
    expect((await codeStep(await challengeFrom(home), codeFor(secret), home)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await passwordStep(`typo ${i}`, home)).status).toBe(401);
    expect((await passwordStep(PASSWORD, home)).status).toBe(429);
  });
});

describe('counted before the check', () => {
  test('100 wrong codes at once on 20 challenges from 100 addresses: exactly 5 are checked', async () => {
    const { secret } = await start();
    const challenges: string[] = [];
    for (let i = 0; i < 20; i++) challenges.push(await challengeFrom(`10.2.0.${i + 1}`));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => codeStep(challenges[i % 20]!, wrongCode(secret, i), `10.3.${Math.floor(i / 200)}.${(i % 200) + 1}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    const checked = await Promise.all(answers.filter((r) => r.status === 401).map((r) => r.json()));
    expect(checked.every((body) => (body as { error: string }).error === TWO_FACTOR_MESSAGES.wrongCode)).toBe(true);
  });

  test('an expired or made-up challenge checks no code and counts nothing', async () => {
    const { secret } = await start();
    const home = '192.0.2.37';
    for (let i = 0; i < 10; i++) {
      const res = await codeStep('a'.repeat(32), wrongCode(secret, i), home);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.challengeGone });
    }
    expect((await codeStep(await challengeFrom(home), codeFor(secret), home)).status).toBe(200);
  });
});
