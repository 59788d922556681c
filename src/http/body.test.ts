// The default body limit, and the opt-out a streamed upload route takes.
import { expect, test } from 'bun:test';
import { Hono } from 'hono';
import { AppError } from '../errors.ts';
import { SMALL_BODY_BYTES, smallBody } from './body.ts';

function app(streamed: string[]) {
  const a = new Hono();
  a.use('*', smallBody(streamed));
  a.post('*', async (c) => c.json({ read: (await c.req.arrayBuffer()).byteLength }));
  a.onError((error, c) => c.json({ error: error.message }, error instanceof AppError ? (error.status as 413) : 500));
  return a;
}
const big = new Uint8Array(SMALL_BODY_BYTES + 1);

test('a body over the limit is 413 on every route but those that stream it', async () => {
  const a = app(['POST /api/gallery/upload', 'POST /api/albums/:id/media']);
  const refused = await a.request('/api/users', { method: 'POST', body: big });
  expect(refused.status).toBe(413);
  expect(await refused.json()).toEqual({ error: 'The request body is too large' });
  expect(await (await a.request('/api/gallery/upload', { method: 'POST', body: big })).json()).toEqual({ read: big.length });
  expect(await (await a.request('/api/albums/abc/media', { method: 'POST', body: big })).json()).toEqual({ read: big.length });
  // Only the named method and path: a look-alike is limited.
  expect((await a.request('/api/gallery/upload/x', { method: 'POST', body: big })).status).toBe(413);
  expect((await a.request('/api/gallery/uploadx', { method: 'POST', body: big })).status).toBe(413);
  expect((await a.request('/api/albums/a/b/media', { method: 'POST', body: big })).status).toBe(413);
});
