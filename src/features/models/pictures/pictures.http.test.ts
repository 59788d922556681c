// GET /api/models/{id}/picture on a real temp database, against a fixture picture host on
// 127.0.0.1 that the app may reach through FETCH_ALLOW_HOSTS; the clock is injected to walk past
// expiries. A second loopback server that is not allowed must never hear from the hub.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { ServerResponse } from 'node:http';
import { type FixtureServer, startFixtureServer } from '../../../../test/helpers/fixture-server.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { Model } from '../../../shared/models.ts';
import { PICTURE_LIMITS, PICTURE_TEXT } from './pictures.service.ts';
import { pictureVersion } from './source.ts';

const DAY = 24 * 60 * 60 * 1000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(7)]);
const OTHER_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(9)]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(3)]);
const AVIF = new Uint8Array([
  0,
  0,
  0,
  0x1c,
  ...new TextEncoder().encode('ftypavif'),
  0,
  0,
  0,
  0,
  ...new TextEncoder().encode('avifmif1miaf'),
  ...new Array(20).fill(0),
]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

let host: FixtureServer;
let forbidden: FixtureServer;
let t: TestApp;
let now: number;
let ann: SignedIn;

const file = (bytes: Uint8Array | string, type: string) => (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'content-type': type }).end(bytes);

async function start(env: Record<string, string> = {}) {
  // The lockout is off so walking the clock forward by days does not lock the site.
  t = await createTestApp({ clock: () => new Date(now), env: { FETCH_ALLOW_HOSTS: host.hostPort, SITE_LOCKOUT_HOURS: '0', ...env } });
  ann = await t.createUser({ username: 'ann', password: 'correct horse battery' });
}

beforeEach(async () => {
  host = await startFixtureServer();
  forbidden = await startFixtureServer();
  now = Date.parse('2026-11-21T12:00:00Z');
  await start();
});

afterEach(async () => {
  expect(forbidden.connections).toBe(0);
  await t.close();
  await host.close();
  await forbidden.close();
});

async function create(as: SignedIn, body: Record<string, unknown>): Promise<Model> {
  const res = await t.request('/api/models', { method: 'POST', as, json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as Model;
}
const picture = (as: SignedIn, model: Pick<Model, '_id'>, headers: Record<string, string> = {}) =>
  t.request(`/api/models/${model._id}/picture`, { as, headers });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
/** Sessions last 30 days: after a jump in time, sign in again. */
const signInAgain = async () => (ann = await t.signIn('ann', 'correct horse battery'));
const storedRows = () => t.database.db.selectFrom('model_pictures').selectAll().execute();

async function expectNotFound(res: Response, error: string) {
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error });
}

describe('the picture field', () => {
  test("is the hub's own address with a short hash of the source URL; image and profilePicture stay as typed", async () => {
    const image = `${host.origin}/zoe.png`;
    const model = await create(ann, { name: 'Zoe', image });
    expect(model.image).toBe(image);
    expect(model.profilePicture).toBeNull();
    expect(model.picture).toBe(`/api/models/${model._id}/picture?v=${pictureVersion(image)}`);
    expect(pictureVersion(image)).toMatch(/^[\w-]{12}$/);
    // profilePicture.url comes first; a changed URL is a new address.
    const pp = `${host.origin}/pp.png`;
    const changed = (await (await t.request(`/api/models/${model._id}`, { method: 'PUT', as: ann, json: { profilePicture: { url: pp } } })).json()) as Model;
    expect(changed).toMatchObject({ image, profilePicture: { url: pp }, picture: `/api/models/${model._id}/picture?v=${pictureVersion(pp)}` });
    expect((await create(ann, { name: 'No Picture' })).picture).toBeNull();
    // Creating and listing never fetch anything.
    expect(host.connections).toBe(0);
  });
});

describe('GET /api/models/{id}/picture', () => {
  test('serves the picture typed by its bytes, with private caching, an ETag (304 on a match), nosniff and a CSP of its own', async () => {
    host.route('/mia.jpg', file(JPEG, 'image/png'));
    const model = await create(ann, { name: 'Mia', image: `${host.origin}/mia.jpg?size=large` });
    const res = await t.request(model.picture!, { as: ann });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await bytesOf(res)).toEqual(JPEG);
    expect(host.requests).toEqual(['GET /mia.jpg?size=large']);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await picture(ann, model, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(await again.text()).toBe('');
    // Pages keep the hub's own policy.
    expect((await t.request('/models', { as: ann })).headers.get('content-security-policy')).toContain("img-src 'self'");
  });

  test('PNG, GIF, WebP and AVIF are served with their own types', async () => {
    // biome-ignore lint/style/useTemplate: kept from before the linter; fix when this code is next touched
    const GIF = new TextEncoder().encode('GIF89a' + 'x'.repeat(20));
    // biome-ignore lint/style/useTemplate: kept from before the linter; fix when this code is next touched
    const WEBP = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ' + 'x'.repeat(20));
    const cases: Array<[string, Uint8Array<ArrayBuffer>, string]> = [
      ['/a.png', PNG, 'image/png'],
      ['/a.gif', GIF, 'image/gif'],
      ['/a.webp', WEBP, 'image/webp'],
      ['/a.avif', AVIF, 'image/avif'],
    ];
    for (const [path, bytes, type] of cases) {
      host.route(path, file(bytes, 'image/whatever'));
      const res = await picture(ann, await create(ann, { name: path, image: `${host.origin}${path}` }));
      expect(res.headers.get('content-type')).toBe(type);
      expect(await bytesOf(res)).toEqual(bytes);
    }
  });

  test('stored (after a restart too, and shared by models with the same URL); refetched after 30 days', async () => {
    host.route('/p.png', file(PNG, 'image/png'));
    const url = `${host.origin}/p.png`;
    const one = await create(ann, { name: 'One', image: url });
    expect(await bytesOf(await picture(ann, one))).toEqual(PNG);
    // Another model, even another account's, with the same URL: the same stored row.
    const two = await create(ann, { name: 'Two', profilePicture: { url } });
    const bob = await t.createUser({ username: 'bob' }, ann);
    const bobs = await create(bob, { name: 'Bobs', image: url });
    expect(await bytesOf(await picture(ann, two))).toEqual(PNG);
    expect(await bytesOf(await picture(bob, bobs))).toEqual(PNG);
    expect(await storedRows()).toHaveLength(1);
    await t.restart();
    now += 30 * DAY - 1;
    await signInAgain();
    expect(await bytesOf(await picture(ann, one))).toEqual(PNG);
    expect(host.requests).toEqual(['GET /p.png']);

    host.route('/p.png', file(OTHER_PNG, 'image/png'));
    now += 1;
    expect(await bytesOf(await picture(ann, one))).toEqual(OTHER_PNG);
    expect(host.requests).toEqual(['GET /p.png', 'GET /p.png']);
  });

  test('a changed URL is fetched anew at once', async () => {
    host.route('/old.png', file(PNG, 'image/png'));
    host.route('/new.png', file(OTHER_PNG, 'image/png'));
    const model = await create(ann, { name: 'Changing', image: `${host.origin}/old.png` });
    expect(await bytesOf(await picture(ann, model))).toEqual(PNG);
    await t.request(`/api/models/${model._id}`, { method: 'PUT', as: ann, json: { image: `${host.origin}/new.png` } });
    expect(await bytesOf(await picture(ann, model))).toEqual(OTHER_PNG);
    expect(host.requests).toEqual(['GET /old.png', 'GET /new.png']);
  });

  test('a failure answers 404 and is remembered for a day, then tried once more', async () => {
    const model = await create(ann, { name: 'Missing', image: `${host.origin}/gone.png` });
    await expectNotFound(await picture(ann, model), PICTURE_TEXT.unavailable);
    expect(host.requests).toEqual(['GET /gone.png']);
    host.route('/gone.png', file(PNG, 'image/png'));
    now += DAY - 1;
    await expectNotFound(await picture(ann, model), PICTURE_TEXT.unavailable);
    expect(host.requests).toHaveLength(1);
    now += 1;
    expect(await bytesOf(await picture(ann, model))).toEqual(PNG);
    expect(host.requests).toEqual(['GET /gone.png', 'GET /gone.png']);
  });

  test('SVG (by its label or its bytes) and things that are not pictures are refused: 404', async () => {
    host.route('/a.svg', file(SVG, 'image/svg+xml'));
    host.route('/disguised.png', file(SVG, 'image/png'));
    host.route('/page.html', file('<!doctype html><p>hello</p>', 'text/html'));
    host.route('/html-as-png', file('<!doctype html><p>hello</p>', 'image/png'));
    host.route('/ico', file(new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, ...new Array(30).fill(1)]), 'image/x-icon'));
    for (const path of ['/a.svg', '/disguised.png', '/page.html', '/html-as-png', '/ico']) {
      const res = await picture(ann, await create(ann, { name: path, image: `${host.origin}${path}` }));
      await expectNotFound(res, PICTURE_TEXT.unavailable);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
    expect(host.requests).toHaveLength(5);
  });

  test(`a picture over ${PICTURE_LIMITS.maxBytes / 1024 / 1024} MB is refused; one of exactly that size is served`, async () => {
    const big = new Uint8Array(PICTURE_LIMITS.maxBytes + 1);
    big.set(PNG);
    host.route('/big.png', file(big, 'image/png'));
    // Without a Content-Length, the cap holds as the bytes arrive.
    host.route('/big-chunked.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      res.write(big.subarray(0, 1024 * 1024));
      res.end(big.subarray(1024 * 1024));
    });
    host.route('/just.png', file(big.subarray(0, PICTURE_LIMITS.maxBytes), 'image/png'));
    await expectNotFound(await picture(ann, await create(ann, { name: 'Big', image: `${host.origin}/big.png` })), PICTURE_TEXT.unavailable);
    await expectNotFound(await picture(ann, await create(ann, { name: 'Chunked', image: `${host.origin}/big-chunked.png` })), PICTURE_TEXT.unavailable);
    const just = await picture(ann, await create(ann, { name: 'Just', image: `${host.origin}/just.png` }));
    expect(just.status).toBe(200);
    expect((await bytesOf(just)).byteLength).toBe(PICTURE_LIMITS.maxBytes);
  });

  test('concurrent requests for one URL fetch it once', async () => {
    host.route('/slow.png', (req, res) => void setTimeout(() => file(PNG, 'image/png')(req, res), 150));
    const url = `${host.origin}/slow.png`;
    const a = await create(ann, { name: 'A', image: url });
    const b = await create(ann, { name: 'B', image: url });
    const answers = await Promise.all([picture(ann, a), picture(ann, b), picture(ann, a)]);
    for (const res of answers) expect(await bytesOf(res)).toEqual(PNG);
    expect(host.requests).toEqual(['GET /slow.png']);
  });

  // Private and other off-machine ranges are covered by the address check's own unit tests
  // (src/security/address-check.test.ts): an end-to-end test must not risk a packet there.
  test('a refused address (loopback spellings, special-use names) is 404 without a packet and nothing is stored', async () => {
    forbidden.route('/p.png', file(PNG, 'image/png'));
    const urls = [
      `http://127.0.0.1:${forbidden.port}/p.png`,
      `http://127.0.0.2:${forbidden.port}/p.png`,
      `http://[::ffff:127.0.0.1]:${forbidden.port}/p.png`,
      `http://2130706433:${forbidden.port}/p.png`,
      `http://localhost:${forbidden.port}/p.png`,
      'http://pictures.test/p.png',
      'https://nas.local/p.png',
      'https://router.home.arpa/p.png',
    ];
    for (const image of urls) {
      const res = await picture(ann, await create(ann, { name: image, image }));
      await expectNotFound(res, PICTURE_TEXT.unavailable);
    }
    // A redirect from the allowed host to a refused address is refused at that hop.
    host.route('/hop.png', (_req, res) => void res.writeHead(302, { location: `http://127.0.0.1:${forbidden.port}/p.png` }).end());
    await expectNotFound(await picture(ann, await create(ann, { name: 'Hop', image: `${host.origin}/hop.png` })), PICTURE_TEXT.unavailable);
    expect(host.requests).toEqual(['GET /hop.png']);
    // Not stored, so a change of FETCH_ALLOW_HOSTS applies at once.
    expect(await storedRows()).toEqual([]);
  });

  test("another user's model, a model without a picture and an unknown id are 404; without a session 401", async () => {
    host.route('/p.png', file(PNG, 'image/png'));
    const model = await create(ann, { name: 'Private', image: `${host.origin}/p.png` });
    const bea = await t.createUser({ username: 'bea' }, ann);
    await expectNotFound(await picture(bea, model), 'Model not found');
    await expectNotFound(await t.request(model.picture!, { as: bea }), 'Model not found');
    await expectNotFound(await picture(ann, await create(ann, { name: 'Initials Only' })), PICTURE_TEXT.none);
    for (const id of ['nope', crypto.randomUUID(), '%27%20or%201%3D1', 'x'.repeat(500)])
      await expectNotFound(await picture(ann, { _id: id }), 'Model not found');
    const signedOut = await t.request(model.picture!, { as: { siteToken: await t.enterSite() } });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: 'You must be logged in to perform this action' });
    expect(host.connections).toBe(0);
  });
});

describe('the avatar service as a picture source', () => {
  const links = [
    { name: 'Site', url: 'https://example.test/gigi' },
    { name: 'OF', url: 'https://onlyfans.com/gigi' },
  ];

  test('unset (the default): a model with only platform links has no picture and nothing is asked', async () => {
    host.route('/avatars/onlyfans/gigi', file(PNG, 'image/png'));
    const model = await create(ann, { name: 'Gigi', links });
    expect(model.picture).toBeNull();
    await expectNotFound(await picture(ann, model), PICTURE_TEXT.none);
    expect(host.connections).toBe(0);
  });

  test("set: the hub fetches the template's URL for the first platform link; the model's own pictures come first", async () => {
    await t.close();
    await start({ AVATAR_SERVICE_URL: `${host.origin}/avatars/{platform}/{username}` });
    host.route('/avatars/onlyfans/gigi', file(PNG, 'image/png'));
    host.route('/own.jpg', file(JPEG, 'image/jpeg'));
    const model = await create(ann, { name: 'Gigi', links });
    expect(model.picture).toBe(`/api/models/${model._id}/picture?v=${pictureVersion(`${host.origin}/avatars/onlyfans/gigi`)}`);
    expect(await bytesOf(await picture(ann, model))).toEqual(PNG);
    const own = await create(ann, { name: 'Own', links, image: `${host.origin}/own.jpg` });
    expect(await bytesOf(await picture(ann, own))).toEqual(JPEG);
    expect(host.requests).toEqual(['GET /avatars/onlyfans/gigi', 'GET /own.jpg']);
    expect((await create(ann, { name: 'Unknown Platform', links: [links[0]] })).picture).toBeNull();
  });
});

describe('a picture the hub knows it lacks', () => {
  test('lists and reads carry no picture address while the failure is remembered, then offer it again', async () => {
    host.route('/found.png', file(PNG, 'image/png'));
    const missing = await create(ann, { name: 'Nora Nowhere', image: `${host.origin}/missing.png` });
    const found = await create(ann, { name: 'Pia Pixel', image: `${host.origin}/found.png` });
    const listed = async () => ((await (await t.request('/api/models', { as: ann })).json()) as Model[]).map((m) => [m.name, m.picture]);
    // Not asked yet: the hub cannot know, so the card asks once.
    expect(await listed()).toEqual([
      ['Nora Nowhere', missing.picture],
      ['Pia Pixel', found.picture],
    ]);
    await expectNotFound(await picture(ann, missing), PICTURE_TEXT.unavailable);
    expect((await picture(ann, found)).status).toBe(200);
    // Now it knows: no address, so no page asks for a sure 404.
    expect(await listed()).toEqual([
      ['Nora Nowhere', null],
      ['Pia Pixel', found.picture],
    ]);
    expect(((await (await t.request(`/api/models/${missing._id}`, { as: ann })).json()) as Model).picture).toBeNull();
    // Once the failure has expired, the host gets another chance.
    now += PICTURE_LIMITS.keepFailedMs + 1;
    expect(await listed()).toEqual([
      ['Nora Nowhere', missing.picture],
      ['Pia Pixel', found.picture],
    ]);
  });
});
