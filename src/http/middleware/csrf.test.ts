import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../context.ts';
import { clientAddress } from '../credentials.ts';
import { csrf } from './csrf.ts';

function app(trustProxy = false) {
  const a = new Hono();
  a.use('*', async (c, next) => {
    c.set('deps', { config: { trustProxy } } as unknown as AppDeps);
    await next();
  });
  a.use('*', csrf());
  a.post('/change', (c) => c.json({ changed: true, from: clientAddress(c) }));
  a.get('/read', (c) => c.json({ read: true }));
  a.onError((error, c) => c.json({ error: error.message }, error instanceof AppError ? (error.status as 403) : 500));
  return a;
}

const post = (headers: Record<string, string>, trustProxy = false) => app(trustProxy).request('http://hub.local/change', { method: 'POST', headers });

describe('csrf', () => {
  test('a same-origin form or fetch passes', async () => {
    expect((await post({ origin: 'http://hub.local', 'sec-fetch-site': 'same-origin', cookie: 'hub_session=x' })).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'none' })).status).toBe(200);
  });

  test('a same-origin form post from a no-referrer page (Origin: null, as Chromium sends it) passes on Sec-Fetch-Site', async () => {
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin', cookie: 'hub_session=x' })).status).toBe(200);
    // A cross-site one with the same null origin is still refused.
    expect((await post({ origin: 'null', 'sec-fetch-site': 'cross-site', cookie: 'hub_session=x' })).status).toBe(403);
  });

  test('a cross-site request relying on cookies is refused with 403', async () => {
    const bySite = await post({ 'sec-fetch-site': 'cross-site', cookie: 'hub_session=x' });
    expect(bySite.status).toBe(403);
    expect(await bySite.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await post({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
  });

  test('bearer-token requests and safe methods are exempt', async () => {
    expect((await post({ origin: 'http://evil.example', authorization: 'Bearer abc' })).status).toBe(200);
    expect((await app().request('http://hub.local/read', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  test('behind a trusted proxy the forwarded host counts, and the client address is the proxy-appended one', async () => {
    const res = await post({ origin: 'https://hub.example.org', host: 'internal:3000', 'x-forwarded-host': 'hub.example.org', 'x-forwarded-for': '1.2.3.4, 10.0.0.9' }, true);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ changed: true, from: '10.0.0.9' });
    // Without trust, the header is ignored.
    const untrusted = await post({ 'x-forwarded-for': '1.2.3.4' });
    expect(await untrusted.json()).toEqual({ changed: true, from: 'unknown' });
  });
});
