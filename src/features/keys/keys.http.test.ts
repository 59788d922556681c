// API keys through the real app: creating, listing and revoking them from a signed-in session; a
// key alone passing the site gate for its owner, within its scopes; what no key may ever reach;
// when a key stops working; the guessing limit; lastUsedAt on the app's clock; and the database
// holding hashes only.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { revertThrough } from '../../../test/helpers/migrations.ts';
import { picture } from '../../../test/helpers/pictures.ts';
import { createTestApp, type SignedIn, TEST_SITE_PASSWORD, type TestApp } from '../../../test/helpers/test-app.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { tokenId } from '../../security/tokens.ts';
import { API_KEY_TEXT, type ApiKeyScope, type ApiKeyView, MAX_API_KEYS_PER_USER, type NewApiKey } from '../../shared/api-keys.ts';
import { SITE_MESSAGES } from '../gate/gate.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2031, 2, 10, 8, 0, 0);
let now = START;
const clock = () => new Date(now);

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeEach(async () => {
  now = START;
  t = await createTestApp({ clock });
  alice = await signedInUser(t.database.db, { username: 'alice', name: 'Alice' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob', name: 'Bob' }, now);
});
afterEach(() => t.close());

async function createKey(as: SignedIn, scopes: ApiKeyScope[], name = 'Backup script'): Promise<NewApiKey> {
  const res = await t.request('/api/keys', { method: 'POST', as, json: { name, scopes } });
  expect(res.status).toBe(201);
  return (await res.json()) as NewApiKey;
}

/** A request carrying the key alone: no site token, no cookie. */
function withKey(key: string, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  return t.request(url, { ...init, headers });
}

function jsonWithKey(key: string, url: string, method: string, body: unknown): Promise<Response> {
  return withKey(key, url, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

async function listKeys(as: SignedIn): Promise<ApiKeyView[]> {
  const res = await t.request('/api/keys', { as });
  expect(res.status).toBe(200);
  return (await res.json()) as ApiKeyView[];
}

describe('managing keys from a signed-in session', () => {
  test('a new key is shown once; the list never holds it, only its last four characters', async () => {
    const created = await createKey(alice, ['write', 'read', 'read'], '  Phone shortcut  ');
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Phone shortcut',
      scopes: ['read', 'write'],
      key: expect.stringMatching(/^hub_[a-z2-7]{52}$/),
      hint: created.key.slice(-4),
      createdAt: new Date(START).toISOString(),
      lastUsedAt: null,
    });
    const list = await listKeys(alice);
    expect(list).toEqual([
      {
        _id: created._id,
        name: 'Phone shortcut',
        scopes: ['read', 'write'],
        hint: created.key.slice(-4),
        createdAt: new Date(START).toISOString(),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.key);
    // Each user sees their own keys only.
    expect(await listKeys(bob)).toEqual([]);
    // Two keys are never the same.
    const second = await createKey(alice, ['read']);
    expect(second.key).not.toBe(created.key);
  });

  test('bad input is a 400 naming the problem', async () => {
    const cases: [unknown, string][] = [
      [{ scopes: ['read'] }, API_KEY_TEXT.nameRequired],
      [{ name: '   ', scopes: ['read'] }, API_KEY_TEXT.nameRequired],
      [{ name: 42, scopes: ['read'] }, API_KEY_TEXT.nameType],
      [{ name: 'x'.repeat(101), scopes: ['read'] }, API_KEY_TEXT.nameLong],
      [{ name: 'ok' }, API_KEY_TEXT.scopes],
      [{ name: 'ok', scopes: [] }, API_KEY_TEXT.scopes],
      [{ name: 'ok', scopes: ['admin'] }, API_KEY_TEXT.scopes],
      [{ name: 'ok', scopes: 'read' }, API_KEY_TEXT.scopes],
    ];
    for (const [json, error] of cases) {
      const res = await t.request('/api/keys', { method: 'POST', as: alice, json });
      expect({ json, status: res.status, body: await res.json() }).toEqual({ json, status: 400, body: { error } });
    }
    // 100 characters (after trimming) are fine.
    expect((await createKey(alice, ['read'], ` ${'x'.repeat(100)} `)).name).toBe('x'.repeat(100));
    expect(await listKeys(alice)).toHaveLength(1);
  });

  test('revoking: the owner gets 200, then 404; another user and a made-up id get 404', async () => {
    const key = await createKey(alice, ['read']);
    const byBob = await t.request(`/api/keys/${key._id}`, { method: 'DELETE', as: bob });
    expect(byBob.status).toBe(404);
    expect(await byBob.json()).toEqual({ error: API_KEY_TEXT.notFound });
    expect((await t.request('/api/keys/no-such-key', { method: 'DELETE', as: alice })).status).toBe(404);
    expect((await withKey(key.key, '/api/gallery')).status).toBe(200); // Bob's try left it working
    const res = await t.request(`/api/keys/${key._id}`, { method: 'DELETE', as: alice });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: API_KEY_TEXT.revoked });
    expect(await listKeys(alice)).toEqual([]);
    expect((await t.request(`/api/keys/${key._id}`, { method: 'DELETE', as: alice })).status).toBe(404);
    // A revoked key is an unknown key.
    const used = await withKey(key.key, '/api/gallery');
    expect(used.status).toBe(401);
    expect(await used.json()).toEqual({ error: API_KEY_TEXT.invalid });
  });

  test('signed out: 401; a site token alone does not do', async () => {
    expect((await t.request('/api/keys')).status).toBe(401);
    expect((await t.request('/api/keys', { as: { siteToken: alice.siteToken } })).status).toBe(401);
  });

  test(`a burst of 100 creates at once: exactly ${MAX_API_KEYS_PER_USER} keys, the rest 409`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.request('/api/keys', { method: 'POST', as: alice, json: { name: `Key ${i}`, scopes: ['read'] } })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_API_KEYS_PER_USER);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100 - MAX_API_KEYS_PER_USER);
    const refused = answers.find((res) => res.status === 409)!;
    expect(await refused.json()).toEqual({ error: API_KEY_TEXT.tooMany });
    expect(await listKeys(alice)).toHaveLength(MAX_API_KEYS_PER_USER);
    // The cap is per user: Bob still gets one; and revoking one of Alice's makes room for one.
    await createKey(bob, ['read']);
    const [first] = await listKeys(alice);
    await t.request(`/api/keys/${first!._id}`, { method: 'DELETE', as: alice });
    await createKey(alice, ['read']);
    expect((await t.request('/api/keys', { method: 'POST', as: alice, json: { name: 'one more', scopes: ['read'] } })).status).toBe(409);
  });
});

describe('a key alone passes the site gate, as its owner', () => {
  test('no site token, no session: the owner’s collection, never anyone else’s; no cookie is set', async () => {
    newMedia(t.database, alice.user._id, { title: 'Alice at the lake' });
    newMedia(t.database, bob.user._id, { title: 'Bob in town' });
    const { key } = await createKey(alice, ['read']);
    const res = await withKey(key, '/api/gallery');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Alice at the lake');
    expect(text).not.toContain('Bob in town');
    expect(res.headers.getSetCookie()).toEqual([]);
    // Cookies sent along are neither read nor cleared.
    const withCookies = await withKey(key, '/api/gallery', { headers: { cookie: 'hub_site=stale; hub_session=stale' } });
    expect(withCookies.status).toBe(200);
    expect(withCookies.headers.getSetCookie()).toEqual([]);
  });

  test('read: listing and media bytes (GET and HEAD); another user’s bytes are 404', async () => {
    const mine = newMedia(t.database, alice.user._id, { title: 'Mine' });
    const theirs = newMedia(t.database, bob.user._id, { title: 'Theirs' });
    await putMediaBytes(t.store, mine);
    await putMediaBytes(t.store, theirs);
    const { key } = await createKey(alice, ['read']);
    const bytes = await withKey(key, `/media/${mine.id}`);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe(`bytes of ${mine.storage_key}`);
    expect((await withKey(key, `/media/${mine.id}/thumbnail`)).status).toBe(200);
    expect((await withKey(key, `/media/${mine.id}`, { method: 'HEAD' })).status).toBe(200);
    expect((await withKey(key, `/media/${theirs.id}`)).status).toBe(404);
    expect((await withKey(key, `/api/gallery/${mine.id}`)).status).toBe(200);
    for (const url of [
      '/api/premium',
      '/api/albums',
      '/api/tags',
      '/api/links',
      '/api/streaming-sites',
      '/api/models',
      '/api/home',
      '/api/gallery/recycling-bin',
    ]) {
      expect({ url, status: (await withKey(key, url)).status }).toEqual({ url, status: 200 });
    }
  });

  test('each scope opens its own routes only: 403 naming the missing scope', async () => {
    const reader = (await createKey(alice, ['read'])).key;
    const writer = (await createKey(alice, ['write'])).key;
    const uploader = (await createKey(alice, ['upload'])).key;
    const item = newMedia(t.database, alice.user._id, { title: 'Editable' });

    // Changes need write.
    const denied = await jsonWithKey(reader, '/api/albums', 'POST', { name: 'Holidays' });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: API_KEY_TEXT.missingScope('write') });
    const made = await jsonWithKey(writer, '/api/albums', 'POST', { name: 'Holidays' });
    expect({ status: made.status, body: await made.text() }).toEqual({ status: 201, body: expect.any(String) });
    expect((await withKey(writer, `/api/gallery/${item.id}/favorite`, { method: 'POST' })).status).toBe(200);
    expect((await jsonWithKey(writer, '/api/links', 'POST', { name: 'Docs', url: 'https://example.test/' })).status).toBe(201);
    expect((await withKey(writer, `/api/gallery/${item.id}/delete`, { method: 'DELETE' })).status).toBe(200);

    // Reading needs read.
    const blind = await withKey(writer, '/api/gallery');
    expect(blind.status).toBe(403);
    expect(await blind.json()).toEqual({ error: API_KEY_TEXT.missingScope('read') });
    expect((await withKey(uploader, `/media/${item.id}`)).status).toBe(403);

    // Uploads need upload (multipart and every method of the resumable uploads).
    const form = () => {
      const body = new FormData();
      body.append('files', new File([new Uint8Array([1, 2, 3])], 'not-media.bin'));
      return body;
    };
    for (const key of [reader, writer]) {
      const res = await withKey(key, '/api/gallery/upload', { method: 'POST', body: form() });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: API_KEY_TEXT.missingScope('upload') });
      expect((await withKey(key, '/api/premium/upload', { method: 'POST', body: form() })).status).toBe(403);
      for (const method of ['OPTIONS', 'POST', 'HEAD', 'PATCH', 'DELETE', 'GET']) {
        expect({ method, status: (await withKey(key, '/api/uploads/some-id', { method })).status }).toEqual({ method, status: 403 });
      }
    }
    // With the upload scope a photo is uploaded into the key owner's gallery.
    const photo = new FormData();
    photo.append('files', new File([new Uint8Array(await picture('beach', 320))], 'beach.jpg'));
    const accepted = await withKey(uploader, '/api/gallery/upload', { method: 'POST', body: photo });
    expect(accepted.status).toBe(201);
    const uploaded = t.database.sqlite.query("select owner_id from media where title like 'beach%'").all();
    expect(uploaded).toEqual([{ owner_id: alice.user._id }]);
    expect((await withKey(uploader, '/api/uploads', { method: 'OPTIONS' })).status).not.toBe(403);
    // An upload key is no writer.
    expect((await jsonWithKey(uploader, '/api/albums', 'POST', { name: 'x' })).status).toBe(403);
  });

  test('a write key gets back the item it changed, whole (decision 0050: write includes what it is told to change), and can look nothing up', async () => {
    const writer = (await createKey(alice, ['write'])).key;
    const item = newMedia(t.database, alice.user._id, { title: 'Before' });
    const changed = await jsonWithKey(writer, `/api/gallery/${item.id}`, 'PUT', { title: 'After' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ _id: item.id, title: 'After', type: item.type });
    // The same item by id, or the list: read is needed.
    expect((await withKey(writer, `/api/gallery/${item.id}`)).status).toBe(403);
    expect((await withKey(writer, '/api/gallery?limit=1')).status).toBe(403);
    expect((await withKey(writer, `/media/${item.id}/thumbnail`)).status).toBe(403);
  });

  test('never with a key, whatever its scopes or its owner’s role: 403 {error}', async () => {
    const admin = await signedInUser(t.database.db, { username: 'root', role: 'admin' }, now);
    const { key } = await createKey(admin, ['read', 'write', 'upload']);
    const never: [string, string][] = [
      ['GET', '/api/accounts'],
      ['POST', '/api/accounts'],
      ['GET', '/api/accounts/x/favicon'],
      ['POST', '/api/accounts/export'],
      ['POST', '/api/admin/reset-lockout'],
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['DELETE', `/api/users/${admin.user._id}`],
      ['GET', '/api/libraries'],
      ['POST', '/api/libraries'],
      ['POST', '/api/site/lock'],
      ['GET', '/api/site/lockout-status'],
      ['POST', '/auth/signout-everywhere'],
      ['GET', '/auth/signout'],
      ['GET', '/api/no-such-thing'],
    ];
    for (const [method, url] of never) {
      const res = await jsonWithKey(key, url, method, {});
      expect({ method, url, status: res.status, body: await res.json() }).toEqual({ method, url, status: 403, body: { error: API_KEY_TEXT.forbidden } });
    }
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys/x'],
    ] as const) {
      const res = await jsonWithKey(key, url, method, { name: 'from a key', scopes: ['read'] });
      expect({ method, url, status: res.status, body: await res.json() }).toEqual({ method, url, status: 403, body: { error: API_KEY_TEXT.keysNotWithKey } });
    }
    expect(await listKeys(admin)).toHaveLength(1);
    // The account is still there, and the site is not locked.
    expect((await t.request('/api/site/lockout-status')).status).toBe(200);
    expect((await t.request(`/api/users/${admin.user._id}`, { as: admin })).status).toBe(200);
  });

  test('pages are not for keys: 403 (the vault page too)', async () => {
    const { key } = await createKey(alice, ['read', 'write', 'upload']);
    for (const url of ['/', '/gallery', '/connect', '/admin', `/user/${alice.user._id}`]) {
      const res = await withKey(key, url);
      expect({ url, status: res.status }).toEqual({ url, status: 403 });
      expect(await res.text()).toContain(API_KEY_TEXT.pagesNotWithKey);
    }
    expect((await withKey(key, '/theme', { method: 'POST' })).status).toBe(403);
  });

  test('a key is exempt from the cross-site check (a bearer carries no ambient credential)', async () => {
    const { key } = await createKey(alice, ['write']);
    const res = await withKey(key, '/api/albums', {
      method: 'POST',
      body: JSON.stringify({ name: 'From a script' }),
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(201);
  });
});

describe('when a key stops working', () => {
  test('its user is deleted: the key is gone with them', async () => {
    const { key } = await createKey(alice, ['read']);
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
    expect((await t.request(`/api/users/${alice.user._id}`, { method: 'DELETE', as: alice })).status).toBe(200);
    expect((await withKey(key, '/api/gallery')).status).toBe(401);
    const rows = t.database.sqlite.query('select count(*) as n from api_keys').get() as { n: number };
    expect(rows.n).toBe(0);
  });

  test('the site is locked (the lockout ran out): 423, and it works again after the reset', async () => {
    const { key } = await createKey(alice, ['read']);
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
    now += 25 * HOUR;
    const res = await withKey(key, '/api/gallery');
    expect(res.status).toBe(423);
    expect(await res.json()).toEqual({ error: SITE_MESSAGES.locked });
    await t.services.gate.resetLockout();
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
  });

  test('Lock Site ends one browser’s site session only: keys go on working', async () => {
    const { key } = await createKey(alice, ['read']);
    expect((await t.request('/api/site/lock', { method: 'POST', as: alice })).status).toBe(200);
    expect((await t.request('/api/site/verify-token', { as: alice })).status).toBe(200);
    expect((await t.request('/api/gallery', { as: alice })).status).toBe(401);
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
  });
});

describe('guessing keys', () => {
  test('a wrong key counts as a failed site-password attempt from that address: 5 → 429, for keys and the password alike', async () => {
    const { key } = await createKey(alice, ['read']);
    const wrong = `hub_${'a'.repeat(52)}`;
    for (let i = 0; i < 5; i++) {
      const res = await withKey(i % 2 ? wrong : 'hub_short', '/api/gallery');
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: API_KEY_TEXT.invalid });
    }
    const limited = await withKey(wrong, '/api/gallery');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right key waits, or guessing would go on.
    expect((await withKey(key, '/api/gallery')).status).toBe(429);
    const password = await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } });
    expect(password.status).toBe(429);
    // Once the window has passed, the right key works again.
    now += 16 * MINUTE;
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
  });

  test('using a right key does not forgive earlier wrong passwords', async () => {
    const { key } = await createKey(alice, ['read']);
    for (let i = 0; i < 4; i++) await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'wrong guess' } });
    expect((await withKey(key, '/api/gallery')).status).toBe(200);
    expect(await t.services.keys.authenticate(key, 'unknown').then(() => 'ok')).toBe('ok');
    await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'wrong guess' } });
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(429);
  });
});

describe('the site password forgives no wrong keys', () => {
  test('4 wrong keys, the right site password from the same address, 1 wrong key: then even the right key waits', async () => {
    const { key } = await createKey(alice, ['read']);
    const wrong = `hub_${'b'.repeat(52)}`;
    for (let i = 0; i < 4; i++) expect((await withKey(wrong, '/api/gallery')).status).toBe(401);
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(200);
    expect((await withKey(wrong, '/api/gallery')).status).toBe(401);
    expect((await withKey(key, '/api/gallery')).status).toBe(429);
  });

  test('while the right site password still forgives the address’s wrong site passwords', async () => {
    for (let i = 0; i < 4; i++) expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'wrong guess' } })).status).toBe(401);
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: 'typo' } })).status).toBe(401);
    expect((await t.request('/api/site/verify-password', { method: 'POST', json: { password: TEST_SITE_PASSWORD } })).status).toBe(200);
  });
});

describe('lastUsedAt', () => {
  const lastUsed = async () => (await listKeys(alice))[0]!.lastUsedAt;

  test('set by a use, and written at most once a minute (by the app’s clock)', async () => {
    const { key } = await createKey(alice, ['read']);
    expect(await lastUsed()).toBeNull();
    now += 5 * MINUTE;
    await withKey(key, '/api/gallery');
    const first = new Date(now).toISOString();
    expect(await lastUsed()).toBe(first);
    now += 59_999;
    await withKey(key, '/api/gallery');
    expect(await lastUsed()).toBe(first);
    now += 1;
    await withKey(key, '/api/tags');
    expect(await lastUsed()).toBe(new Date(now).toISOString());
  });

  test('a minute of requests writes the row once', async () => {
    const { key } = await createKey(alice, ['read']);
    await withKey(key, '/api/gallery');
    const changes = () => (t.database.sqlite.query('select total_changes() as n').get() as { n: number }).n;
    const before = changes();
    for (let i = 0; i < 20; i++) {
      now += 2_000;
      expect((await withKey(key, '/api/tags')).status).toBe(200);
    }
    // 40 s later: nothing written at all.
    expect(changes()).toBe(before);
  });
});

describe('storage', () => {
  test('the database keeps the key’s SHA-256 only: the key is in no file of the data folder', async () => {
    const keys = await Promise.all([createKey(alice, ['read']), createKey(alice, ['write']), createKey(bob, ['upload'])]);
    for (const { key } of keys) expect((await withKey(key, '/api/keys')).status).toBe(403);
    const files = readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.some((file) => file.endsWith('.db') || file.endsWith('.sqlite'))).toBe(true);
    const contents = files.map((file) => readFileSync(file).toString('latin1')).join('\n');
    for (const { key } of keys) {
      expect(contents).not.toContain(key);
      expect(contents).not.toContain(key.slice(4)); // nor its random part
      expect(contents).toContain(tokenId(key));
    }
  });

  test('migration 0034 reverts alone and applies again', async () => {
    await createKey(alice, ['read']);
    const reverted = await revertThrough(t.database.db, '2026-11-26-0034-api-keys');
    expect(reverted.at(-1)).toBe('2026-11-26-0034-api-keys');
    const table = () => t.database.sqlite.query("select name from sqlite_master where name = 'api_keys'").get();
    expect(table()).toBeNull();
    expect(await migrateToLatest(t.database.db)).toEqual([...reverted].reverse());
    expect(table()).toEqual({ name: 'api_keys' });
  });
});
