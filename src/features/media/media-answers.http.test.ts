// Media answers (issue 22, finding 5): an original downloads with the extension of the type its
// bytes are (a PNG uploaded as "holiday.txt" saves as "holiday.png"; RFC 6266 filename* for
// names beyond ASCII), and every answer made of stored or fetched bytes carries
// `Content-Security-Policy: default-src 'none'; sandbox` and nosniff: originals, display
// renditions, thumbnails, video previews, scrubbers and their sheets, model pictures, site icons.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ServerResponse } from 'node:http';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/fixture-server.ts';
import { newMedia, putMediaBytes } from '../../../test/helpers/media-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { UploadResult } from '../../shared/media.ts';
import { downloadName } from './bytes.routes.ts';
import { scrubberSheetKey } from './media.table.ts';

// A real 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
const MEDIA_CSP = "default-src 'none'; sandbox";

let t: TestApp;
let site: FixtureServer;
let ann: SignedIn;

beforeAll(async () => {
  site = await startFixtureServer();
  site.route('/', (_req: unknown, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><head><link rel="icon" href="/icon.png"></head></html>'),
  );
  site.route('/icon.png', (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  site.route('/face.png', (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: site.hostPort, SITE_LOCKOUT_HOURS: '0' } });
  ann = await signedInUser(t.database.db, { username: 'ann' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const body = new FormData();
  body.append('files', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'text/plain' }), name);
  const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: ann });
  expect(res.status).toBe(201);
  return ((await res.json()) as UploadResult).media[0]!._id;
}

function expectMediaHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('the original’s download name', () => {
  test('a PNG uploaded as holiday.txt downloads as holiday.png, typed image/png', async () => {
    const id = await upload('holiday.txt', PNG);
    const res = await t.request(`/media/${id}`, { as: ann });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="holiday.png"; filename*=UTF-8''holiday.png`);
    expectMediaHeaders(res);
  });

  test('a name beyond ASCII keeps its letters in filename* (RFC 6266), with an ASCII fallback, and gets the right extension', async () => {
    const id = await upload('Ferien in Zürich.txt', PNG);
    const res = await t.request(`/media/${id}`, { as: ann });
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Ferien in Z_rich.png"; filename*=UTF-8''Ferien%20in%20Z%C3%BCrich.png`);
  });

  test.each([
    ['holiday.txt', 'image/png', 'holiday.png'],
    ['holiday.PNG', 'image/png', 'holiday.PNG'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['clip', 'video/mp4', 'clip.mp4'],
    ['clip.mov.html', 'video/quicktime', 'clip.mov.mov'],
    ['.hidden', 'image/gif', '.hidden.gif'],
    ['film.mts', 'video/mp2t', 'film.mts'],
    ['odd.bin', 'application/x-unknown', 'odd.bin'],
  ])('%s of type %s downloads as %s', (name, type, expected) => {
    expect(downloadName(name, type)).toBe(expected);
  });
});

describe('every media byte route carries the sandboxing CSP and nosniff', () => {
  let id: string;
  let video: string;
  beforeAll(async () => {
    const photo = newMedia(t.database, ann.user._id, { displayKey: 'display/2026/11/photo.webp' });
    await putMediaBytes(t.store, photo);
    id = photo.id;
    const clip = newMedia(t.database, ann.user._id, { type: 'video', mimeType: 'video/mp4', originalName: 'clip.mp4' });
    await putMediaBytes(t.store, clip);
    const keys = { preview_key: `previews/${clip.id}.mp4`, scrubber_key: `previews/${clip.id}.vtt`, scrubber_sheets: 1 };
    await t.database.db.updateTable('media').set(keys).where('id', '=', clip.id).execute();
    for (const key of [keys.preview_key, keys.scrubber_key, scrubberSheetKey(keys.scrubber_key, 0)]) {
      await t.store.put(key, new Response(`bytes of ${key}`).body!);
    }
    video = clip.id;
  });

  test.each([
    ['the original', () => `/media/${id}`],
    ['the display rendition', () => `/media/${id}/display`],
    ['the thumbnail', () => `/media/${id}/thumbnail`],
    ['a video’s preview', () => `/media/${video}/preview`],
    ['a video’s scrubber', () => `/media/${video}/scrubber.vtt`],
    ['a scrubber’s sprite sheet', () => `/media/${video}/scrubber/0.webp`],
  ])('%s: 200, 206 and 304 answers', async (_, url) => {
    const whole = await t.request(url(), { as: ann });
    expect(whole.status).toBe(200);
    expectMediaHeaders(whole);
    const part = await t.request(url(), { as: ann, headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expectMediaHeaders(part);
    const again = await t.request(url(), { as: ann, headers: { 'if-none-match': whole.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expectMediaHeaders(again);
    const head = await t.request(url(), { as: ann, method: 'HEAD' });
    expect(head.status).toBe(200);
    expectMediaHeaders(head);
  });

  test('a model’s picture', async () => {
    const created = await t.request('/api/models', { method: 'POST', as: ann, json: { name: 'Zoe', image: `${site.origin}/face.png` } });
    expect(created.status).toBe(201);
    const { picture } = (await created.json()) as { picture: string };
    const res = await t.request(picture, { as: ann });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expectMediaHeaders(res);
  });

  test('a site’s icon (/api/favicon) and a vault account’s icon', async () => {
    const icon = await t.request(`/api/favicon?url=${encodeURIComponent(`${site.origin}/`)}`, { as: ann });
    expect(icon.status).toBe(200);
    expectMediaHeaders(icon);
    const account = await t.request('/api/accounts', { method: 'POST', as: ann, json: { name: 'Site', website: `${site.origin}/` } });
    expect(account.status).toBe(201);
    const { _id } = (await account.json()) as { _id: string };
    const vaultIcon = await t.request(`/api/accounts/${_id}/favicon`, { as: ann });
    expect(vaultIcon.status).toBe(200);
    expectMediaHeaders(vaultIcon);
  });

  test('pages keep the hub’s own policy (not sandboxed)', async () => {
    const page = await t.request('/', { as: ann });
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('sandbox');
  });
});
