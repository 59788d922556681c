// Two-factor sign-in over HTTP (issue 22): codes are computed here from the secret the hub hands
// out, and the hub's clock is moved instead of waiting.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { cookieHeader, createTestApp, type SignedIn, setCookies, type TestApp } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import { SIGN_IN_FAILED } from '../auth/auth.service.ts';
import { TWO_FACTOR_MESSAGES } from './twofactor.service.ts';

const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

// Mid-step, so moving by whole steps never lands on a boundary.
let now = Date.UTC(2031, 4, 1, 12, 0, 10);
const clock = () => new Date(now);

/** The code an authenticator app shows for `secret`, `drift` steps away from the hub's now. */
function codeFor(secret: string, drift = 0): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / STEP_MS) + drift), 6);
}

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

async function setUp(t: TestApp, who: SignedIn): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = (await (await t.request('/api/me/2fa/totp/setup', { method: 'POST', as: who })).json()) as Setup;
  const res = await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: who, json: { code: codeFor(setup.secret) } });
  expect(res.status).toBe(200);
  const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
  // The enabling code is used up: the sign-ins below start one step later.
  now += STEP_MS;
  return { secret: setup.secret, recoveryCodes };
}

describe('two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let site: string;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '1000' } });
    admin = await t.createUser({ username: 'Alice', name: 'Alice A' });
    site = admin.siteToken;
  });
  afterAll(() => t.close());

  const passwordStep = (username: string, password = PASSWORD) =>
    t.request('/auth/signin/', { method: 'POST', json: { username, password }, as: { siteToken: site } });
  const codeStep = (challenge: unknown, code: unknown) => t.request('/auth/signin/2fa', { method: 'POST', json: { challenge, code }, as: { siteToken: site } });
  /** Attempts counted (for one account when given) within the window: older ones are forgotten as the clock moves. */
  const attempts = async (account?: string, scope: 'signin' | 'code' = 'signin') =>
    Number(
      (
        await t.database.db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('scope', '=', scope)
          .$if(account !== undefined, (q) => q.where('account', '=', account!))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const challengeOf = async (username: string) => {
    const res = await passwordStep(username);
    expect(res.status).toBe(200);
    return ((await res.json()) as { challenge: string }).challenge;
  };

  test('setup answers a base32 secret, its otpauth address and a QR code drawn by the hub; enable returns 10 recovery codes once', async () => {
    const who = await t.createUser({ username: 'setup-sam' }, admin);
    expect(await (await t.request('/api/me/2fa', { as: who })).json()).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false });
    const res = await t.request('/api/me/2fa/totp/setup', { method: 'POST', as: who });
    expect(res.status).toBe(200);
    const setup = (await res.json()) as Setup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/); // 20 bytes
    expect(setup.otpauthUrl).toBe(`otpauth://totp/Hub:setup-sam?secret=${setup.secret}&issuer=Hub&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qrSvg).toStartWith('<svg ');
    expect(setup.qrSvg).toContain('viewBox');
    expect(await (await t.request('/api/me/2fa', { as: who })).json()).toMatchObject({ enabled: false, pending: true });

    // A wrong first code leaves it off.
    const wrong = await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: who, json: { code: codeFor(setup.secret, 3) } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode });

    const enabled = await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: who, json: { code: codeFor(setup.secret) } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(await (await t.request('/api/me/2fa', { as: who })).json()).toEqual({ enabled: true, pending: false, recoveryCodesLeft: 10, required: false });
    // Stored hashed: no code is in the database as typed.
    const stored = await t.database.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    for (const code of recoveryCodes) expect(stored.map((r) => r.code_hash).join()).not.toContain(code.replaceAll('-', ''));
    // Once on, setting up again or enabling again is refused.
    expect((await t.request('/api/me/2fa/totp/setup', { method: 'POST', as: who })).status).toBe(409);
    expect((await t.request('/api/me/2fa/totp/enable', { method: 'POST', as: who, json: { code: codeFor(setup.secret, 1) } })).status).toBe(409);
    now += STEP_MS;
  });

  test('the password step answers a challenge and no session; the code step answers {token, user} with the cookie', async () => {
    const bo = await t.createUser({ username: 'bo', name: 'Bo B' }, admin);
    const { secret } = await setUp(t, bo);
    const res = await passwordStep('bo');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { twoFactorRequired: boolean; challenge: string; token?: string };
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.stringMatching(/^[a-z2-7]{32}$/) });
    expect(res.headers.get('set-cookie')).toBeNull();
    // The challenge is not a session.
    expect((await t.request(`/api/users/${bo.user._id}`, { as: { siteToken: site, token: body.challenge } })).status).toBe(401);
    // Stored hashed.
    const ids = (await t.database.db.selectFrom('signin_challenges').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(body.challenge);

    const done = await codeStep(body.challenge, codeFor(secret));
    expect(done.status).toBe(200);
    const signedIn = (await done.json()) as { token: string; user: unknown };
    expect(signedIn).toEqual({ token: expect.stringMatching(/^[a-z2-7]{32}$/), user: { _id: bo.user._id, name: 'Bo B', role: 'user', admin: false } });
    expect(setCookies(done).get('hub_session')!.value).toBe(signedIn.token);
    expect((await t.request(`/api/users/${bo.user._id}`, { headers: { cookie: cookieHeader({ hub_site: site, hub_session: signedIn.token }) } })).status).toBe(
      200,
    );
    // The challenge is used up.
    expect((await codeStep(body.challenge, codeFor(secret, 1))).status).toBe(401);
    // A wrong password still gets the plain refusal, never a challenge.
    const refused = await passwordStep('bo', 'wrong password');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: SIGN_IN_FAILED });
  });

  test('one step of drift either way is accepted, two are refused; a code is never taken twice', async () => {
    const cy = await t.createUser({ username: 'cy' }, admin);
    const { secret } = await setUp(t, cy);
    // Clear of the step the enabling code used.
    now += 2 * STEP_MS;
    for (const drift of [2, -2]) {
      const challenge = await challengeOf('cy');
      const res = await codeStep(challenge, codeFor(secret, drift));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode });
    }
    // The code one step behind (a slow phone) works ...
    expect((await codeStep(await challengeOf('cy'), codeFor(secret, -1))).status).toBe(200);
    // ... and then neither it nor an earlier one again.
    expect((await codeStep(await challengeOf('cy'), codeFor(secret, -1))).status).toBe(401);
    // The code one step ahead (a fast phone) works; after it, the current one is too old as well.
    expect((await codeStep(await challengeOf('cy'), codeFor(secret, 1))).status).toBe(200);
    expect((await codeStep(await challengeOf('cy'), codeFor(secret, 0))).status).toBe(401);
    // The same code within its window: refused (reuse), even with a new challenge.
    now += 2 * STEP_MS;
    const code = codeFor(secret);
    expect((await codeStep(await challengeOf('cy'), code)).status).toBe(200);
    const again = await codeStep(await challengeOf('cy'), code);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode });
  });

  test('a recovery code signs in once, typed with or without its dashes, and the count goes down', async () => {
    const di = await t.createUser({ username: 'di' }, admin);
    const { recoveryCodes } = await setUp(t, di);
    const [first, second] = recoveryCodes as [string, string];
    expect((await codeStep(await challengeOf('di'), first)).status).toBe(200);
    expect((await codeStep(await challengeOf('di'), first)).status).toBe(401);
    expect((await codeStep(await challengeOf('di'), ` ${second.replaceAll('-', '').toUpperCase()} `)).status).toBe(200);
    expect(await (await t.request('/api/me/2fa', { as: di })).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 8 });
    // Another account's recovery code is not this one's.
    const ed = await t.createUser({ username: 'ed' }, admin);
    const eds = await setUp(t, ed);
    expect((await codeStep(await challengeOf('di'), eds.recoveryCodes[0])).status).toBe(401);
  });

  test('the sessions list says how each began: the password and a code, or the password and a recovery code', async () => {
    const ky = await t.createUser({ username: 'ky' }, admin);
    const { secret, recoveryCodes } = await setUp(t, ky);
    const withCode = (await (await codeStep(await challengeOf('ky'), codeFor(secret))).json()) as { token: string };
    const withRecovery = (await (await codeStep(await challengeOf('ky'), recoveryCodes[0])).json()) as { token: string };
    const methodOf = async (token: string) => {
      const list = (await (await t.request('/api/me/sessions', { as: { siteToken: site, token } })).json()) as { current: boolean; method: string | null }[];
      return list.find((s) => s.current)?.method;
    };
    expect(await methodOf(withCode.token)).toBe('password+code');
    expect(await methodOf(withRecovery.token)).toBe('password+recovery');
    // The first one, before two-factor sign-in was on, began with the password alone.
    expect(await methodOf(ky.token)).toBe('password');
  });

  test('a challenge lives 5 minutes', async () => {
    const fa = await t.createUser({ username: 'fa' }, admin);
    const { secret } = await setUp(t, fa);
    const challenge = await challengeOf('fa');
    now += 5 * 60_000;
    const res = await codeStep(challenge, codeFor(secret));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.challengeGone });
    // Just under 5 minutes is fine.
    const fresh = await challengeOf('fa');
    now += 5 * 60_000 - 1000;
    expect((await codeStep(fresh, codeFor(secret))).status).toBe(200);
  });

  test('5 wrong codes end the challenge: the right code then fails too', async () => {
    const gus = await t.createUser({ username: 'gus' }, admin);
    const { secret } = await setUp(t, gus);
    const challenge = await challengeOf('gus');
    const before = await attempts(gus.user._id, 'code');
    for (let i = 0; i < 5; i++) {
      const res = await codeStep(challenge, '000000' === codeFor(secret) ? '111111' : '000000');
      expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongCode });
    }
    // Each wrong code counted as a failed attempt at the second factor (decision 0058).
    expect(await attempts(gus.user._id, 'code')).toBe(before + 5);
    const res = await codeStep(challenge, codeFor(secret));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: TWO_FACTOR_MESSAGES.challengeGone });
    // Junk never gives a 500.
    for (const [c, code] of [
      [null, null],
      [challenge, 42],
      ['x'.repeat(32), '123456'],
      [{}, []],
    ] as const) {
      expect((await codeStep(c, code)).status).toBeLessThan(500);
    }
  });

  test('a burst of 100 identical right-code requests on one challenge makes exactly one session', async () => {
    const hu = await t.createUser({ username: 'hu' }, admin);
    const { secret } = await setUp(t, hu);
    const challenge = await challengeOf('hu');
    const code = codeFor(secret);
    const before = await t.services.auth.countSessions(hu.user._id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => codeStep(challenge, code)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([]);
    expect(await t.services.auth.countSessions(hu.user._id)).toBe(before + 1);
  });

  test('turning it off needs the password; a wrong one counts on the sign-in limit', async () => {
    const ivy = await t.createUser({ username: 'ivy' }, admin);
    await setUp(t, ivy);
    const before = await attempts(ivy.user._id);
    const wrong = await t.request('/api/me/2fa/totp', { method: 'DELETE', as: ivy, json: { password: 'not it' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: TWO_FACTOR_MESSAGES.wrongPassword });
    expect(await attempts(ivy.user._id)).toBe(before + 1);
    expect((await t.request('/api/me/2fa/totp', { method: 'DELETE', as: ivy, json: {} })).status).toBe(403);
    expect(await (await t.request('/api/me/2fa', { as: ivy })).json()).toMatchObject({ enabled: true });
    const off = await t.request('/api/me/2fa/totp', { method: 'DELETE', as: ivy, json: { password: PASSWORD } });
    expect(off.status).toBe(200);
    expect(await (await t.request('/api/me/2fa', { as: ivy })).json()).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false });
    expect(await t.database.db.selectFrom('totp_recovery_codes').selectAll().where('user_id', '=', ivy.user._id).execute()).toEqual([]);
    // The password alone signs in again.
    const res = await passwordStep('ivy');
    expect(((await res.json()) as { token?: string }).token).toMatch(/^[a-z2-7]{32}$/);
  });

  test('an administrator cannot turn a member’s two-factor sign-in off from the web; the command line can', async () => {
    const jo = await t.createUser({ username: 'jo' }, admin);
    await setUp(t, jo);
    // The user-edit API has no such field: it is ignored.
    for (const body of [{ twoFactor: false }, { totp: null, twoFactorEnabled: false, recoveryCodes: [] }]) {
      const res = await t.request(`/api/users/${jo.user._id}`, { method: 'PUT', as: admin, json: body });
      expect(res.status).toBe(200);
    }
    // And there is no route for someone else's.
    for (const path of [`/api/users/${jo.user._id}/2fa`, `/api/users/${jo.user._id}/2fa/totp`, `/api/me/2fa/totp?user=${jo.user._id}`]) {
      await t.request(path, { method: 'DELETE', as: admin, json: { password: PASSWORD } });
    }
    expect(await (await t.request('/api/me/2fa', { as: jo })).json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(await passwordStep('jo').then((r) => r.json())).toMatchObject({ twoFactorRequired: true });

    const out: string[] = [];
    const io = {
      out: (l: string) => out.push(l),
      err: (l: string) => out.push(l),
      env: { DATA_DIR: t.dataDir },
      readLine: async () => '',
      readSecret: async () => '',
      interactive: false,
    };
    expect(await runCli(['user', '2fa-reset', 'JO'], io)).toBe(0);
    expect(out.join('\n')).toBe(
      'Two-factor sign-in is off for jo; their recovery codes are gone. They sign in with their password alone until they set it up again.',
    );
    expect(await (await t.request('/api/me/2fa', { as: jo })).json()).toEqual({ enabled: false, pending: false, recoveryCodesLeft: 0, required: false });
    expect(await t.database.db.selectFrom('totp_recovery_codes').selectAll().where('user_id', '=', jo.user._id).execute()).toEqual([]);
    expect(await passwordStep('jo').then((r) => r.json())).toMatchObject({ token: expect.any(String) });
    out.length = 0;
    expect(await runCli(['user', '2fa-reset', 'nobody'], io)).toBe(1);
    expect(out.join('\n')).toContain('No user named nobody');
  });

  test('the plain sign-in form asks for the code, keeps the step after a wrong code, and signs in with the right one', async () => {
    const kim = await t.createUser({ username: 'kim' }, admin);
    const { secret } = await setUp(t, kim);
    const form = (fields: Record<string, string>) =>
      t.request('/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader({ hub_site: site }), origin: 'http://localhost' },
        body: new URLSearchParams(fields).toString(),
      });
    const first = await form({ username: 'kim', password: PASSWORD, next: '/links' });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    const page = await first.text();
    expect(page).toContain('Two-factor sign-in');
    expect(page).toMatch(/autocomplete="one-time-code"/i);
    expect(page).toMatch(/inputmode="numeric"/i);
    const challenge = page.match(/name="challenge" value="([a-z2-7]{32})"/)![1]!;
    const wrong = await form({ challenge, code: '12345x', next: '/links' });
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain(TWO_FACTOR_MESSAGES.wrongCode);
    expect(wrongPage).toContain(`value="${challenge}"`);
    const done = await form({ challenge, code: codeFor(secret), next: '/links' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/links');
    expect(setCookies(done).get('hub_session')?.value).toMatch(/^[a-z2-7]{32}$/);
  });
});

describe('REQUIRE_2FA', () => {
  for (const requirement of ['admins', 'all'] as const) {
    test(`=${requirement}: an account that must enrol reaches only the enrolment until it has`, async () => {
      const t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '1000', REQUIRE_2FA: requirement } });
      try {
        const admin = await t.createUser({ username: 'root' });
        // createUser signed in with the password alone: the session exists, but is held at the enrolment.
        const blocked = await t.request('/api/links', { as: admin });
        expect(blocked.status).toBe(403);
        expect(await blocked.json()).toEqual({ error: TWO_FACTOR_MESSAGES.enrolRequired, enrolRequired: true });
        const page = await t.request('/links', { as: admin });
        expect(page.status).toBe(303);
        expect(page.headers.get('location')).toBe(`/user/${admin.user._id}#two-factor`);
        expect((await t.request(`/user/${admin.user._id}`, { as: admin })).status).toBe(200);
        expect(await (await t.request('/api/me/2fa', { as: admin })).json()).toMatchObject({ enabled: false, required: true });
        // Not even an administrator's own work (creating an account) gets through.
        expect(
          (await t.request('/api/users', { method: 'POST', as: admin, json: { username: 'x', name: 'x', email: 'x@x.test', password: PASSWORD } })).status,
        ).toBe(403);

        // Enrolling frees the session at once.
        await setUp(t, admin);
        expect((await t.request('/api/links', { as: admin })).status).toBe(200);
        expect((await t.request('/links', { as: admin })).status).toBe(200);
        // The member: held too only when everyone must.
        const member = await t.createUser({ username: 'mo' }, admin);
        expect((await t.request('/api/links', { as: member })).status).toBe(requirement === 'all' ? 403 : 200);
        expect(await (await t.request('/api/me/2fa', { as: member })).json()).toMatchObject({ required: requirement === 'all' });
        // The next sign-in asks for the code.
        const res = await t.request('/auth/signin/', { method: 'POST', json: { username: 'root', password: PASSWORD }, as: { siteToken: admin.siteToken } });
        expect(await res.json()).toMatchObject({ twoFactorRequired: true });
        // Signing out and locking the site work while held.
        const site = await t.request('/api/site/lockout-status', { as: member });
        expect(site.status).toBe(200);
        const out = await t.request('/auth/signout/', { as: member });
        expect(out.status).toBe(200);
      } finally {
        await t.close();
      }
    });
  }

  test('off by default: nobody is held', async () => {
    const t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0' } });
    try {
      const admin = await t.createUser({ username: 'root' });
      expect((await t.request('/api/links', { as: admin })).status).toBe(200);
      expect(await (await t.request('/api/me/2fa', { as: admin })).json()).toMatchObject({ required: false });
    } finally {
      await t.close();
    }
  });
});
