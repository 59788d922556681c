// Passkeys over HTTP with a software authenticator (test/helpers/soft-authenticator.ts): the
// options, registering, listing and removing a member's passkeys, and signing in with one without
// a username or password, with the attacks a relying party must refuse.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type CreationOptions, type RequestOptions, SoftPasskey } from '../../../test/helpers/soft-authenticator.ts';
import { createTestApp, type SignedIn, setCookies, type TestApp } from '../../../test/helpers/test-app.ts';
import type { SessionInfo } from '../../shared/contracts/sessions.ts';
import { MAX_OPEN_PASSKEY_PROMPTS, MAX_PASSKEYS_PER_USER, PASSKEY_TEXT, type PasskeySummary } from '../../shared/passkeys.ts';

let now = Date.UTC(2031, 4, 1, 12);
const clock = () => new Date(now);

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  // These tests fail sign-ins on purpose more often than the default limit allows, except the one about the limit.
  t = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '1000', ALLOWED_HOSTS: 'hub.example.test' } });
  alice = await t.createUser({ username: 'alice', name: 'Alice A' });
  bob = await t.createUser({ username: 'bob', name: 'Bob B', role: 'user' }, alice);
});
afterAll(() => t.close());

const creationOptions = async (who: SignedIn) => {
  const res = await t.request('/api/me/passkeys/options', { method: 'POST', as: who });
  expect(res.status).toBe(200);
  return (await res.json()) as CreationOptions & Record<string, unknown>;
};

const register = (who: SignedIn, name: string, response: unknown) => t.request('/api/me/passkeys', { method: 'POST', as: who, json: { name, response } });

/** A new passkey for `who`, registered through the API. */
async function addPasskey(who: SignedIn, name = 'Phone'): Promise<{ passkey: SoftPasskey; saved: PasskeySummary }> {
  const passkey = await SoftPasskey.create('localhost');
  const res = await register(who, name, await passkey.register(await creationOptions(who)));
  expect(res.status).toBe(201);
  return { passkey, saved: (await res.json()) as PasskeySummary };
}

const signInOptions = async (siteToken: string) => {
  const res = await t.request('/auth/passkey/options', { method: 'POST', as: { siteToken } });
  expect(res.status).toBe(200);
  return (await res.json()) as RequestOptions & Record<string, unknown>;
};

const verify = (siteToken: string, body: unknown) => t.request('/auth/passkey/verify', { method: 'POST', as: { siteToken }, json: body });

describe('registering a passkey', () => {
  test('the options ask for a discoverable passkey, preferring user verification, and leave out the member’s passkeys', async () => {
    const { passkey } = await addPasskey(alice, 'Laptop');
    const options = await creationOptions(alice);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: expect.any(String) },
      user: { id: Buffer.from(alice.user._id).toString('base64url'), name: 'alice', displayName: 'Alice A' },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
    });
    expect(options.excludeCredentials).toContainEqual({ id: passkey.id, type: 'public-key', transports: ['internal'] });
  });

  test('201 with {_id, name, createdAt, lastUsedAt}; the list shows it; the key, counter and flags are kept', async () => {
    const { passkey, saved } = await addPasskey(bob, '  Work laptop ');
    expect(saved).toEqual({ _id: expect.any(String), name: 'Work laptop', createdAt: new Date(now).toISOString(), lastUsedAt: null });
    const list = await t.request('/api/me/passkeys', { as: bob });
    expect(await list.json()).toEqual([saved]);
    const row = await t.database.db.selectFrom('passkeys').selectAll().where('id', '=', saved._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: bob.user._id,
      credential_id: passkey.id,
      counter: 0,
      device_type: 'singleDevice',
      backed_up: 0,
      transports: '["internal"]',
    });
    // Another member does not see it.
    expect(((await (await t.request('/api/me/passkeys', { as: alice })).json()) as PasskeySummary[]).map((p) => p._id)).not.toContain(saved._id);
  });

  test('a response from another origin is refused', async () => {
    const passkey = await SoftPasskey.create('localhost');
    const res = await register(alice, 'Phone', await passkey.register(await creationOptions(alice), { origin: 'http://evil.example' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: PASSKEY_TEXT.registrationFailed });
  });

  test('a credential for another relying party is refused', async () => {
    const passkey = await SoftPasskey.create('localhost');
    const res = await register(alice, 'Phone', await passkey.register(await creationOptions(alice), { rpId: 'evil.example' }));
    expect(res.status).toBe(400);
  });

  test('a challenge the hub never gave, another member’s, a used one and an expired one are refused', async () => {
    const passkey = await SoftPasskey.create('localhost');
    const options = await creationOptions(alice);
    // Made up.
    expect((await register(alice, 'Phone', await passkey.register(options, { challenge: 'bm90LWdpdmVuLWJ5LXRoZS1odWI' }))).status).toBe(400);
    // Bob's challenge answered in Alice's name.
    const bobs = await creationOptions(bob);
    expect((await register(alice, 'Phone', await passkey.register(bobs))).status).toBe(400);
    // Used once (the refused attempt above spent Bob's; a success spends one too).
    const fresh = await creationOptions(alice);
    const response = await passkey.register(fresh);
    expect((await register(alice, 'Phone', response)).status).toBe(201);
    const again = await SoftPasskey.create('localhost');
    expect((await register(alice, 'Tablet', await again.register(fresh))).status).toBe(400);
    // Five minutes and a second later.
    const late = await creationOptions(alice);
    now += 5 * 60_000 + 1000;
    expect((await register(alice, 'Tablet', await again.register(late))).status).toBe(400);
  });

  test('the same authenticator registered twice is a 409', async () => {
    const passkey = await SoftPasskey.create('localhost');
    expect((await register(bob, 'Key', await passkey.register(await creationOptions(bob)))).status).toBe(201);
    const res = await register(bob, 'Key again', await passkey.register(await creationOptions(bob)));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: PASSKEY_TEXT.alreadyRegistered });
  });

  test.each([
    ['no name', { response: {} }, PASSKEY_TEXT.nameRequired],
    ['a blank name', { name: '   ', response: {} }, PASSKEY_TEXT.nameRequired],
    ['a name too long', { name: 'x'.repeat(65), response: {} }, PASSKEY_TEXT.nameTooLong],
    ['no response', { name: 'Phone' }, PASSKEY_TEXT.responseRequired],
    ['a response that is not a credential', { name: 'Phone', response: { id: 'abc', type: 'public-key' } }, PASSKEY_TEXT.responseRequired],
    [
      'a response that is not base64url',
      { name: 'Phone', response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!', attestationObject: 'a' } } },
      PASSKEY_TEXT.responseRequired,
    ],
    [
      'a response with garbage inside',
      { name: 'Phone', response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } } },
      PASSKEY_TEXT.registrationFailed,
    ],
  ])('%s: 400 with its message', async (_what, body, message) => {
    const res = await t.request('/api/me/passkeys', { method: 'POST', as: alice, json: body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });

  test('signed-out callers get 401; callers without the site token do not get past the gate', async () => {
    const site = await t.enterSite();
    expect((await t.request('/api/me/passkeys', { as: { siteToken: site } })).status).toBe(401);
    expect((await t.request('/api/me/passkeys/options', { method: 'POST', as: { siteToken: site } })).status).toBe(401);
    expect((await t.request('/auth/passkey/options', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/auth/passkey/verify', { method: 'POST', json: {} })).status).toBe(401);
  });

  test(`at most ${MAX_PASSKEYS_PER_USER} passkeys per member: the next gets a 409`, async () => {
    const carol = await t.createUser({ username: 'carol', role: 'user' }, alice);
    for (let i = 0; i < MAX_PASSKEYS_PER_USER; i++) await addPasskey(carol, `Key ${i}`);
    const res = await t.request('/api/me/passkeys/options', { method: 'POST', as: carol });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: PASSKEY_TEXT.tooMany });
  });
});

describe('a burst of registrations', () => {
  test(`${MAX_PASSKEYS_PER_USER + 10} registrations sent at once, each with its own options: exactly ${MAX_PASSKEYS_PER_USER} are kept, the rest get 409`, async () => {
    const dan = await t.createUser({ username: 'dan', role: 'user' }, alice);
    // Every options call first (none is refused yet), then every registration at once.
    const prepared = await Promise.all(
      Array.from({ length: MAX_PASSKEYS_PER_USER + 10 }, async () => {
        const passkey = await SoftPasskey.create('localhost');
        return passkey.register(await creationOptions(dan));
      }),
    );
    const answers = await Promise.all(prepared.map((response, i) => register(dan, `Key ${i}`, response)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_PASSKEYS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect((await (await t.request('/api/me/passkeys', { as: dan })).json()) as PasskeySummary[]).toHaveLength(MAX_PASSKEYS_PER_USER);
  });
});

describe('removing a passkey', () => {
  test('another member’s passkey is 404 and stays; one’s own goes, and then is 404 too', async () => {
    const { saved } = await addPasskey(bob, 'Old phone');
    const bobs = `/api/me/passkeys/${saved._id}`;
    const res = await t.request(bobs, { method: 'DELETE', as: alice });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: PASSKEY_TEXT.notFound });
    expect(((await (await t.request('/api/me/passkeys', { as: bob })).json()) as PasskeySummary[]).map((p) => p._id)).toContain(saved._id);
    expect((await t.request(bobs, { method: 'DELETE', as: bob })).status).toBe(200);
    expect(((await (await t.request('/api/me/passkeys', { as: bob })).json()) as PasskeySummary[]).map((p) => p._id)).not.toContain(saved._id);
    expect((await t.request(bobs, { method: 'DELETE', as: bob })).status).toBe(404);
  });
});

describe('signing in with a passkey', () => {
  test('the options name no credentials (discoverable) and prefer user verification', async () => {
    const options = await signInOptions(await t.enterSite());
    expect(options).toMatchObject({ rpId: 'localhost', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/), userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  test('answers {token, user} and the session cookie, as the password sign-in does; counter and last use are kept', async () => {
    const { passkey, saved } = await addPasskey(bob, 'Phone');
    const site = await t.enterSite();
    const options = await signInOptions(site);
    const res = await verify(site, { challenge: options.challenge, response: await passkey.assert(options) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; user: unknown };
    expect(body).toEqual({ token: expect.stringMatching(/^[a-z2-7]{32}$/), user: { _id: bob.user._id, name: 'Bob B', role: 'user', admin: false } });
    const cookie = setCookies(res).get('hub_session')!;
    expect(cookie.value).toBe(body.token);
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    // The session works.
    const me = await t.request(`/api/users/${bob.user._id}`, { as: { siteToken: site, token: body.token } });
    expect(me.status).toBe(200);
    const row = await t.database.db.selectFrom('passkeys').select(['counter', 'last_used_at']).where('id', '=', saved._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ counter: 1, last_used_at: now });
    const listed = ((await (await t.request('/api/me/passkeys', { as: bob })).json()) as PasskeySummary[]).find((p) => p._id === saved._id);
    expect(listed?.lastUsedAt).toBe(new Date(now).toISOString());
  });

  test('the session is listed as begun with a passkey, with the browser it signed in from', async () => {
    const { passkey } = await addPasskey(bob, 'Tablet');
    const site = await t.enterSite();
    const options = await signInOptions(site);
    const agent = 'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const res = await t.request('/auth/passkey/verify', {
      method: 'POST',
      as: { siteToken: site },
      headers: { 'user-agent': agent },
      json: { challenge: options.challenge, response: await passkey.assert(options) },
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const sessions = (await (await t.request('/api/me/sessions', { as: { siteToken: site, token } })).json()) as SessionInfo[];
    expect(sessions.find((s) => s.current)).toMatchObject({ method: 'passkey', userAgent: agent });
    // The password sign-in that made Bob's first session says so.
    expect(sessions.filter((s) => !s.current).map((s) => s.method)).toContain('password');
  });

  test('a wrong origin, a wrong challenge and a reused challenge are refused with one message and no cookie', async () => {
    const { passkey } = await addPasskey(alice, 'Phone');
    const site = await t.enterSite();
    const refused = async (res: Response) => {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: PASSKEY_TEXT.signInFailed });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('hub_session='))).toBe(false);
    };
    let options = await signInOptions(site);
    await refused(await verify(site, { challenge: options.challenge, response: await passkey.assert(options, { origin: 'http://evil.example' }) }));
    // Signed over another challenge than the one sent back.
    options = await signInOptions(site);
    const other = await signInOptions(site);
    await refused(await verify(site, { challenge: options.challenge, response: await passkey.assert(other) }));
    // A challenge the hub never gave.
    await refused(
      await verify(site, { challenge: 'bm90LWdpdmVuLWJ5LXRoZS1odWI', response: await passkey.assert({ challenge: 'bm90LWdpdmVuLWJ5LXRoZS1odWI' }) }),
    );
    // Used once: the same answer sent twice signs in once.
    options = await signInOptions(site);
    const answer = await passkey.assert(options);
    expect((await verify(site, { challenge: options.challenge, response: answer })).status).toBe(200);
    await refused(await verify(site, { challenge: options.challenge, response: answer }));
    // Expired.
    options = await signInOptions(site);
    now += 5 * 60_000 + 1000;
    await refused(await verify(site, { challenge: options.challenge, response: await passkey.assert(options) }));
  });

  test('a passkey that was removed no longer signs in', async () => {
    const { passkey, saved } = await addPasskey(alice, 'Lost phone');
    expect((await t.request(`/api/me/passkeys/${saved._id}`, { method: 'DELETE', as: alice })).status).toBe(200);
    const site = await t.enterSite();
    const options = await signInOptions(site);
    const res = await verify(site, { challenge: options.challenge, response: await passkey.assert(options) });
    expect(res.status).toBe(401);
  });

  test('a counter going backwards (a cloned authenticator) is refused, and the stored counter stays', async () => {
    const { passkey, saved } = await addPasskey(alice, 'Key');
    const site = await t.enterSite();
    let options = await signInOptions(site);
    expect((await verify(site, { challenge: options.challenge, response: await passkey.assert(options, { counter: 7 }) })).status).toBe(200);
    options = await signInOptions(site);
    expect((await verify(site, { challenge: options.challenge, response: await passkey.assert(options, { counter: 3 }) })).status).toBe(401);
    options = await signInOptions(site);
    expect((await verify(site, { challenge: options.challenge, response: await passkey.assert(options, { counter: 7 }) })).status).toBe(401);
    const row = await t.database.db.selectFrom('passkeys').select('counter').where('id', '=', saved._id).executeTakeFirstOrThrow();
    expect(row.counter).toBe(7);
    options = await signInOptions(site);
    expect((await verify(site, { challenge: options.challenge, response: await passkey.assert(options, { counter: 8 }) })).status).toBe(200);
  });

  test('a passkey whose user handle names another account is refused', async () => {
    const { passkey } = await addPasskey(alice, 'Key');
    passkey.userHandle = Buffer.from(bob.user._id).toString('base64url');
    const site = await t.enterSite();
    const options = await signInOptions(site);
    expect((await verify(site, { challenge: options.challenge, response: await passkey.assert(options) })).status).toBe(401);
  });

  test.each([
    ['an empty body', {}, PASSKEY_TEXT.challengeRequired],
    ['no response', { challenge: 'abc' }, PASSKEY_TEXT.responseRequired],
    [
      'a registration response',
      { challenge: 'abc', response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } } },
      PASSKEY_TEXT.responseRequired,
    ],
  ])('%s: 400 with its message', async (_what, body, message) => {
    const res = await verify(await t.enterSite(), body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });
});

describe('the relying party', () => {
  test('comes from the Host header when PUBLIC_URL is not set, with the request’s scheme', async () => {
    const site = await t.enterSite();
    const res = await t.request('https://hub.example.test/auth/passkey/options', { method: 'POST', as: { siteToken: site } });
    expect(((await res.json()) as { rpId: string }).rpId).toBe('hub.example.test');
    // The Host header names it, port and all (a default port spelled out is the same origin).
    for (const [host, rpId] of [
      ['localhost:3000', 'localhost'],
      ['Hub.Example.test:80', 'hub.example.test'],
    ]) {
      const named = await t.request('/auth/passkey/options', { method: 'POST', as: { siteToken: site }, headers: { host: host! } });
      expect(((await named.json()) as { rpId: string }).rpId).toBe(rpId!);
    }
    // A passkey answered on the page at http://localhost is refused for https://hub.example.test.
    const passkey = await SoftPasskey.create('hub.example.test');
    const options = await t.request('https://hub.example.test/api/me/passkeys/options', { method: 'POST', as: alice });
    const ok = await t.request('https://hub.example.test/api/me/passkeys', {
      method: 'POST',
      as: alice,
      json: { name: 'Phone', response: await passkey.register((await options.json()) as CreationOptions, { origin: 'https://hub.example.test' }) },
    });
    expect(ok.status).toBe(201);
  });

  test('PUBLIC_URL wins over the Host header', async () => {
    const other = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', PUBLIC_URL: 'https://media.example.test:8443/' } });
    try {
      const admin = await other.createUser({ username: 'root' });
      const options = (await (await other.request('/api/me/passkeys/options', { method: 'POST', as: admin })).json()) as CreationOptions;
      expect(options.rp.id).toBe('media.example.test');
      const passkey = await SoftPasskey.create('media.example.test');
      // Answered at http://localhost (the Host of this request): refused.
      const wrong = await other.request('/api/me/passkeys', {
        method: 'POST',
        as: admin,
        json: { name: 'A', response: await passkey.register(options, { origin: 'http://localhost' }) },
      });
      expect(wrong.status).toBe(400);
      const options2 = (await (await other.request('/api/me/passkeys/options', { method: 'POST', as: admin })).json()) as CreationOptions;
      const right = await other.request('/api/me/passkeys', {
        method: 'POST',
        as: admin,
        json: { name: 'A', response: await passkey.register(options2, { origin: 'https://media.example.test:8443' }) },
      });
      expect(right.status).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('the sign-in limit', () => {
  test('failed passkey sign-ins count against the address’s passkey sign-in limit; at the limit even a good passkey waits, a password sign-in does not', async () => {
    const limited = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '3' } });
    try {
      const admin = await limited.createUser({ username: 'root' });
      const passkey = await SoftPasskey.create('localhost');
      const options = (await (await limited.request('/api/me/passkeys/options', { method: 'POST', as: admin })).json()) as CreationOptions;
      expect(
        (await limited.request('/api/me/passkeys', { method: 'POST', as: admin, json: { name: 'K', response: await passkey.register(options) } })).status,
      ).toBe(201);
      const site = await limited.enterSite();
      const attempt = async (spoil: { origin?: string }) => {
        const o = (await (await limited.request('/auth/passkey/options', { method: 'POST', as: { siteToken: site } })).json()) as RequestOptions;
        return limited.request('/auth/passkey/verify', {
          method: 'POST',
          as: { siteToken: site },
          json: { challenge: o.challenge, response: await passkey.assert(o, spoil) },
        });
      };
      // A success does not count.
      expect((await attempt({})).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt({ origin: 'http://evil.example' })).status).toBe(401);
      const blocked = await attempt({});
      expect(blocked.status).toBe(429);
      // Passkey guesses from an address count as attempts at no account from it (decision 0053): a
      // member of the same household still signs in with a password, and the address's wider cap
      // (4x) still holds the guessing as a whole.
      expect(
        (await limited.request('/auth/signin/', { method: 'POST', as: { siteToken: site }, json: { username: 'root', password: 'correct horse battery' } }))
          .status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('open passkey prompts', () => {
  test(`a burst of 100 sign-in option requests from one address: exactly ${MAX_OPEN_PASSKEY_PROMPTS} are answered, the rest 429; another address is not held; after 5 minutes the address is answered again`, async () => {
    const proxied = await createTestApp({ clock, env: { SITE_LOCKOUT_HOURS: '0', TRUST_PROXY: 'true' } });
    try {
      await proxied.createUser({ username: 'root' });
      const site = await proxied.enterSite();
      const ask = (address: string) =>
        proxied.request('/auth/passkey/options', { method: 'POST', as: { siteToken: site }, headers: { 'x-forwarded-for': address } });
      const answers = await Promise.all(Array.from({ length: 100 }, () => ask('203.0.113.7')));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_OPEN_PASSKEY_PROMPTS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - MAX_OPEN_PASSKEY_PROMPTS);
      const refused = answers.find((r) => r.status === 429)!;
      expect(await refused.json()).toEqual({ error: PASSKEY_TEXT.tooManyPrompts });
      expect(refused.headers.get('retry-after')).toBe('300');
      const kept = proxied.database.sqlite.query<{ n: number }, []>("select count(*) as n from passkey_challenges where purpose = 'signin'").get()!.n;
      expect(kept).toBe(MAX_OPEN_PASSKEY_PROMPTS);
      expect((await ask('198.51.100.4')).status).toBe(200);
      now += 5 * 60_000 + 1;
      expect((await ask('203.0.113.7')).status).toBe(200);
      // The expired ones are gone, not merely not counted.
      expect(proxied.database.sqlite.query<{ n: number }, []>("select count(*) as n from passkey_challenges where purpose = 'signin'").get()!.n).toBe(1);
    } finally {
      await proxied.close();
    }
  });

  test(`a member may have ${MAX_OPEN_PASSKEY_PROMPTS} prompts for adding a passkey open; the next is 429, and using one frees its place`, async () => {
    const erin = await t.createUser({ username: 'erin', role: 'user' }, alice);
    const answers = await Promise.all(
      Array.from({ length: MAX_OPEN_PASSKEY_PROMPTS + 5 }, () => t.request('/api/me/passkeys/options', { method: 'POST', as: erin })),
    );
    const opened = answers.filter((r) => r.status === 200);
    expect(opened).toHaveLength(MAX_OPEN_PASSKEY_PROMPTS);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    // Another member is not held by erin's prompts.
    expect((await t.request('/api/me/passkeys/options', { method: 'POST', as: bob })).status).toBe(200);
    const passkey = await SoftPasskey.create('localhost');
    const options = (await opened[0]!.json()) as CreationOptions;
    expect((await register(erin, 'Laptop', await passkey.register(options))).status).toBe(201);
    expect((await t.request('/api/me/passkeys/options', { method: 'POST', as: erin })).status).toBe(200);
  });
});
