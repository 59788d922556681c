// Premium and Connect locks over HTTP on a real temp database: off by default; a PIN the first time;
// while locked the areas' API answers 403 {locked: true}, their pages an unlock form with no item
// data, and premium bytes stay closed; an unlock opens this session only, for the owner's minutes;
// every change needs the PIN or the password; wrong PINs have a limit of their own, also in a burst.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { credentialsFor, FACTORY_PASSWORD, type NewUser, newUser } from '../../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { passwordWork } from '../../security/passwords.ts';
import { LOCK_TEXT, type LockSettings, PIN_MAX_ATTEMPTS, type UnlockResult } from '../../shared/locks.ts';

let t: TestApp;
let ada: NewUser;
let phone: SignedIn;
let laptop: SignedIn;
let offsetMs = 0;
const MINUTE = 60_000;

beforeEach(async () => {
  offsetMs = 0;
  t = await createTestApp({ clock: () => new Date(Date.now() + offsetMs), env: { SITE_LOCKOUT_HOURS: '0' } });
  ada = await newUser(t.database.db, { username: 'ada' });
  phone = await credentialsFor(t.database.db, ada);
  laptop = await credentialsFor(t.database.db, ada);
});
afterEach(() => t.close());

const call = (url: string, as: SignedIn, method = 'GET', json?: unknown) => t.request(url, { method, as, ...(json === undefined ? {} : { json }) });
const settings = async (as: SignedIn) => (await (await call('/api/me/locks', as)).json()) as LockSettings;
async function lockPremium(as = phone, pin = '4321') {
  const res = await call('/api/me/locks', as, 'PUT', { premium: true, pin });
  expect(res.status).toBe(200);
  return (await res.json()) as LockSettings;
}

describe('off by default', () => {
  test('premium and Connect answer as the specification says until a lock is set', async () => {
    expect(await settings(phone)).toEqual({
      premium: false,
      connect: false,
      minutes: 15,
      hasPin: false,
      unlockedUntil: null,
      locked: { premium: false, connect: false },
    });
    expect((await call('/api/premium', phone)).status).toBe(200);
    expect((await call('/api/accounts', phone)).status).toBe(200);
    expect((await call('/premium', phone)).status).toBe(200);
  });

  test('the first lock needs a PIN of 4 to 12 digits; minutes 1-240', async () => {
    expect(await (await call('/api/me/locks', phone, 'PUT', { premium: true })).json()).toEqual({ error: LOCK_TEXT.pinRequired });
    for (const pin of ['123', '1234567890123', '12a4', 1234]) {
      const res = await call('/api/me/locks', phone, 'PUT', { premium: true, pin });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: LOCK_TEXT.pin });
    }
    for (const minutes of [0, 241, 1.5, '15']) expect((await call('/api/me/locks', phone, 'PUT', { premium: true, pin: '1234', minutes })).status).toBe(400);
    expect((await call('/api/me/locks', phone, 'PUT', {})).status).toBe(400);
    expect((await settings(phone)).hasPin).toBe(false);
  });
});

describe('while premium is locked', () => {
  test('its API, page and bytes are closed; the Red Room and Connect are not', async () => {
    const secret = newMedia(t.database, ada.id, { gallery: 'premium', title: 'Very private title' });
    const free = newMedia(t.database, ada.id, { title: 'Free item' });
    await putMediaBytes(t.store, secret);
    await putMediaBytes(t.store, free);
    expect(await lockPremium()).toMatchObject({ premium: true, hasPin: true, locked: { premium: true, connect: false } });

    for (const url of ['/api/premium', `/api/premium/${secret.id}`, '/api/premium/recycling-bin', '/api/premium/duplicates']) {
      const res = await call(url, phone);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: LOCK_TEXT.locked.premium, locked: true });
    }
    expect((await call(`/api/premium/${secret.id}`, phone, 'DELETE')).status).toBe(403);
    for (const url of [`/media/${secret.id}`, `/media/${secret.id}/thumbnail`, `/media/${secret.id}/display`])
      expect((await call(url, phone)).status).toBe(403);
    expect((await call(`/media/${free.id}`, phone)).status).toBe(200);
    // A resumable upload into premium is refused as /api/premium/upload is; into the Red Room it goes.
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const create = (gallery: string) =>
      t.request('/api/uploads', {
        method: 'POST',
        as: phone,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${b64('a.jpg')},gallery ${b64(gallery)}` },
      });
    const intoPremium = await create('premium');
    expect(intoPremium.status).toBe(403);
    expect(await intoPremium.json()).toEqual({ error: LOCK_TEXT.locked.premium, locked: true });
    expect((await create('gallery')).status).toBe(201);
    expect((await call('/api/gallery', phone)).status).toBe(200);
    expect((await call('/api/accounts', phone)).status).toBe(200);

    const page = await call('/premium', phone);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain(LOCK_TEXT.locked.premium);
    expect(html).toContain('name="pin"');
    expect(html).not.toContain('Very private title');
    expect(html).not.toContain(secret.id);
  });

  test('an unlock opens this session only, for the chosen minutes; Lock locks it again at once', async () => {
    await call('/api/me/locks', phone, 'PUT', { premium: true, connect: true, pin: '4321', minutes: 5 });
    expect((await call('/api/accounts', phone)).status).toBe(403);
    const wrong = await call('/api/unlock', phone, 'POST', { pin: '0000' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: LOCK_TEXT.wrongPin });

    const opened = (await (await call('/api/unlock', phone, 'POST', { pin: '4321' })).json()) as UnlockResult;
    expect(Date.parse(opened.unlockedUntil) - Date.now()).toBeGreaterThan(4 * MINUTE);
    expect((await call('/api/premium', phone)).status).toBe(200);
    expect((await call('/api/accounts', phone)).status).toBe(200);
    expect((await call('/premium', phone)).status).toBe(200);
    // The same member's other device stays locked.
    expect((await call('/api/premium', laptop)).status).toBe(403);
    expect((await settings(laptop)).locked).toEqual({ premium: true, connect: true });

    offsetMs = 5 * MINUTE + 1000;
    expect((await call('/api/premium', phone)).status).toBe(403);
    await call('/api/unlock', phone, 'POST', { pin: '4321' });
    expect((await call('/api/premium', phone)).status).toBe(200);
    expect(await (await call('/api/lock', phone, 'POST')).json()).toMatchObject({ locked: { premium: true, connect: true }, unlockedUntil: null });
    expect((await call('/api/premium', phone)).status).toBe(403);
  });

  test('the unlock form works without JavaScript and comes back to the page', async () => {
    await lockPremium();
    const wrong = await t.request('/unlock', { method: 'POST', as: phone, body: new URLSearchParams({ pin: '1111', next: '/premium' }) });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain(LOCK_TEXT.wrongPin);
    const right = await t.request('/unlock', { method: 'POST', as: phone, body: new URLSearchParams({ pin: '4321', next: '/premium' }), redirect: 'manual' });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/premium');
    expect((await call('/premium', phone)).status).toBe(200);
  });
});

describe('premium items appear nowhere else while premium is locked', () => {
  test('albums (covers, counts, pages), tags and the Red Room tell nothing of them', async () => {
    const secret = newMedia(t.database, ada.id, { gallery: 'premium', title: 'Secret', tags: ['only-premium'], createdAt: Date.now() });
    const free = newMedia(t.database, ada.id, { title: 'Free', tags: ['everyday'], createdAt: Date.now() - 1000 });
    const album = (await (await call('/api/albums', phone, 'POST', { name: 'Mixed' })).json()) as { _id: string };
    expect((await call(`/api/albums/${album._id}/media`, phone, 'POST', { mediaIds: [free.id, secret.id] })).status).toBe(200);
    await call(`/api/albums/${album._id}`, phone, 'PUT', { coverImage: secret.id });
    const before = (await (await call('/api/albums', phone)).json()) as { albums: { mediaCount: number; coverImage: { _id: string } | null }[] };
    expect(before.albums[0]).toMatchObject({ mediaCount: 2, coverImage: { _id: secret.id } });

    await lockPremium();
    const list = (await (await call('/api/albums', phone)).json()) as { albums: { mediaCount: number; coverImage: { _id: string } | null }[] };
    expect(list.albums[0]).toMatchObject({ mediaCount: 1, coverImage: { _id: free.id } });
    const detail = await (await call(`/api/albums/${album._id}`, phone)).json();
    expect(detail).toMatchObject({ mediaCount: 1, totalItems: 1, coverImage: { _id: free.id } });
    expect(detail.media.map((m: { _id: string }) => m._id)).toEqual([free.id]);
    const renamed = await (await call(`/api/albums/${album._id}`, phone, 'PUT', { name: 'Renamed' })).json();
    expect(renamed).toMatchObject({ mediaCount: 1, coverImage: { _id: free.id } });
    const tags = (await (await call('/api/tags', phone)).json()) as { custom: string[] };
    expect(tags.custom).toEqual(['everyday']);
    expect((await call(`/api/gallery/${secret.id}`, phone)).status).toBe(404);
    const everything = [
      await (await call('/api/gallery', phone)).text(),
      await (await call('/api/gallery?search=Secret', phone)).text(),
      await (await call('/api/gallery/recycling-bin', phone)).text(),
      await (await call('/api/gallery/duplicates', phone)).text(),
      await (await call('/api/albums', phone)).text(),
      await (await call(`/api/albums/${album._id}`, phone)).text(),
      await (await call('/api/tags', phone)).text(),
      await (await call('/api/home', phone)).text(),
      await (await call('/gallery', phone)).text(),
    ];
    for (const text of everything) {
      expect(text).not.toContain(secret.id);
      expect(text).not.toContain('only-premium');
    }
    // Unlocked, the same calls show it again.
    await call('/api/unlock', phone, 'POST', { pin: '4321' });
    expect(await (await call(`/api/albums/${album._id}`, phone)).json()).toMatchObject({ mediaCount: 2, coverImage: { _id: secret.id } });
    expect(((await (await call('/api/tags', phone)).json()) as { custom: string[] }).custom).toEqual(['everyday', 'only-premium']);
  });
});

describe('an item moved into premium', () => {
  test('leaves the locked views of its albums at once; unlocked, the album shows it again', async () => {
    const item = newMedia(t.database, ada.id, { title: 'Moving' });
    const stays = newMedia(t.database, ada.id, { title: 'Staying' });
    const album = (await (await call('/api/albums', phone, 'POST', { name: 'Travels' })).json()) as { _id: string };
    await call(`/api/albums/${album._id}/media`, phone, 'POST', { mediaIds: [item.id, stays.id] });
    await lockPremium();
    expect(await (await call(`/api/albums/${album._id}`, phone)).json()).toMatchObject({ mediaCount: 2, totalItems: 2 });
    expect((await call('/api/gallery/move-to-premium', phone, 'POST', { mediaIds: [item.id] })).status).toBe(200);
    const locked = await (await call(`/api/albums/${album._id}`, phone)).json();
    expect(locked).toMatchObject({ mediaCount: 1, totalItems: 1 });
    expect(locked.media.map((m: { _id: string }) => m._id)).toEqual([stays.id]);
    await call('/api/unlock', phone, 'POST', { pin: '4321' });
    expect(await (await call(`/api/albums/${album._id}`, phone)).json()).toMatchObject({ mediaCount: 2, totalItems: 2 });
  });
});

describe('every route asked for a premium item while premium is locked', () => {
  test('no GET route of the hub answers with it, its title or its tags (the premium area itself answers 403 {locked: true})', async () => {
    const secret = newMedia(t.database, ada.id, { gallery: 'premium', title: 'Xylophone secret', tags: ['zebra-only-premium'] });
    await putMediaBytes(t.store, secret);
    const album = (await (await call('/api/albums', phone, 'POST', { name: 'Holder' })).json()) as { _id: string };
    await call(`/api/albums/${album._id}/media`, phone, 'POST', { mediaIds: [secret.id] });
    await lockPremium();
    const routes = [...new Set(t.app.routes.filter((r) => r.method === 'GET' || r.method === 'ALL').map((r) => r.path))].filter(
      (path) => !path.includes('*') && !path.startsWith('/static') && path !== '/healthz',
    );
    expect(routes.length).toBeGreaterThan(30);
    const asked: string[] = [];
    for (const route of routes) {
      for (const id of [secret.id, album._id]) {
        const url = route.replace(/:[A-Za-z]+(\{[^}]*\})?/g, id);
        if (asked.includes(url)) continue;
        asked.push(url);
        const res = await call(url, phone);
        const body = await res.text();
        if (res.status === 403 && (url.startsWith('/api/premium') || url.startsWith('/media/') || url === '/premium')) continue;
        for (const told of [secret.id, 'Xylophone secret', 'zebra-only-premium']) {
          if (body.includes(told)) throw new Error(`${url} (${res.status}) tells ${told}`);
        }
      }
    }
    // The premium area and the item's bytes are closed, not just empty.
    expect(asked).toContain(`/api/premium/${secret.id}`);
    expect(asked).toContain(`/media/${secret.id}/thumbnail`);
    expect(asked).toContain(`/api/albums/${album._id}`);
  });
});

describe('changing the locks', () => {
  test('needs the current PIN or the password; a change locks every session again', async () => {
    await lockPremium();
    await call('/api/unlock', phone, 'POST', { pin: '4321' });
    expect(await (await call('/api/me/locks', phone, 'PUT', { premium: false })).json()).toEqual({ error: LOCK_TEXT.proofRequired });
    const wrong = await call('/api/me/locks', phone, 'PUT', { premium: false, currentPin: '9999' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: LOCK_TEXT.wrongProof });
    expect(await (await call('/api/me/locks', phone, 'PUT', { connect: true, currentPin: '4321', minutes: 30 })).json()).toMatchObject({
      premium: true,
      connect: true,
      minutes: 30,
      locked: { premium: true, connect: true },
    });
    expect(await (await call('/api/me/locks', phone, 'PUT', { pin: '24680', password: FACTORY_PASSWORD })).json()).toMatchObject({ hasPin: true });
    expect((await call('/api/unlock', phone, 'POST', { pin: '4321' })).status).toBe(403);
    expect((await call('/api/unlock', phone, 'POST', { pin: '24680' })).status).toBe(200);
    expect(await (await call('/api/me/locks', phone, 'PUT', { premium: false, connect: false, currentPin: '24680' })).json()).toMatchObject({
      locked: { premium: false, connect: false },
    });
    expect((await call('/api/premium', laptop)).status).toBe(200);
  });
});

describe('wrong PINs', () => {
  test(`${PIN_MAX_ATTEMPTS} per 15 minutes per account, then 429 even for the right one; a burst gets no more checks`, async () => {
    await lockPremium();
    // The five PIN checks queue for the password work one after another; on a busy machine the
    // last would wait past the queue's bound and be turned away (busy, not a wrong PIN): the
    // burst shows the limit, not the queue, so its checks may wait (as in hardening.http.test.ts).
    const maxWaitMs = passwordWork.options.maxWaitMs;
    passwordWork.options.maxWaitMs = 120_000;
    const answers = await Promise.all(Array.from({ length: 100 }, () => call('/api/unlock', phone, 'POST', { pin: '0000' }))).finally(() => {
      passwordWork.options.maxWaitMs = maxWaitMs;
    });
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(PIN_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - PIN_MAX_ATTEMPTS);
    const right = await call('/api/unlock', laptop, 'POST', { pin: '4321' });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeString();
    offsetMs = 15 * MINUTE + 1000;
    expect((await call('/api/unlock', laptop, 'POST', { pin: '4321' })).status).toBe(200);
  });
});

describe('nothing forgives a wrong PIN but the window', () => {
  test('a right PIN on another device of the same member leaves the wrong ones counted', async () => {
    await lockPremium();
    const statuses: number[] = [];
    for (let i = 0; i < PIN_MAX_ATTEMPTS - 1; i++) statuses.push((await call('/api/unlock', phone, 'POST', { pin: '0000' })).status);
    // The owner unlocks on the laptop: that is no reason to give the phone more guesses.
    statuses.push((await call('/api/unlock', laptop, 'POST', { pin: '4321' })).status);
    statuses.push((await call('/api/unlock', phone, 'POST', { pin: '0001' })).status);
    statuses.push((await call('/api/unlock', phone, 'POST', { pin: '4321' })).status);
    expect(statuses).toEqual([...Array(PIN_MAX_ATTEMPTS - 1).fill(403), 200, 403, 429]);
  });

  test('a change proved by the password, and a signing in again, forgive no wrong PINs', async () => {
    await lockPremium();
    for (let i = 0; i < PIN_MAX_ATTEMPTS - 2; i++) expect((await call('/api/unlock', phone, 'POST', { pin: '0000' })).status).toBe(403);
    expect((await call('/api/me/locks', laptop, 'PUT', { minutes: 20, password: FACTORY_PASSWORD })).status).toBe(200);
    const signIn = await t.request('/auth/signin/', {
      method: 'POST',
      as: { siteToken: phone.siteToken },
      json: { username: 'ada', password: FACTORY_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const again: SignedIn = { ...phone, token: ((await signIn.json()) as { token: string }).token };
    expect((await call('/api/unlock', again, 'POST', { pin: '0001' })).status).toBe(403);
    expect((await call('/api/me/locks', phone, 'PUT', { minutes: 25, currentPin: '0002' })).status).toBe(403);
    expect((await call('/api/unlock', again, 'POST', { pin: '4321' })).status).toBe(429);
  });
});

describe('the PIN limit is its own', () => {
  test('LOGIN_MAX_ATTEMPTS=2 does not change it, and wrong PINs do not stop a sign-in', async () => {
    await t.close();
    t = await createTestApp({ clock: () => new Date(Date.now() + offsetMs), env: { SITE_LOCKOUT_HOURS: '0', LOGIN_MAX_ATTEMPTS: '2' } });
    ada = await newUser(t.database.db, { username: 'ada' });
    phone = await credentialsFor(t.database.db, ada);
    await lockPremium();
    const statuses: number[] = [];
    for (let i = 0; i < PIN_MAX_ATTEMPTS + 1; i++) statuses.push((await call('/api/unlock', phone, 'POST', { pin: '0000' })).status);
    expect(statuses).toEqual([...Array(PIN_MAX_ATTEMPTS).fill(403), 429]);
    const signIn = await t.request('/auth/signin/', {
      method: 'POST',
      as: { siteToken: phone.siteToken },
      json: { username: 'ada', password: FACTORY_PASSWORD },
    });
    expect(signIn.status).toBe(200);
  });
});

describe('another member', () => {
  test("one member's locks close nothing of another's", async () => {
    await lockPremium();
    const bea = await credentialsFor(t.database.db, await newUser(t.database.db, { username: 'bea' }));
    expect((await call('/api/premium', bea)).status).toBe(200);
    expect((await settings(bea)).hasPin).toBe(false);
  });
});
