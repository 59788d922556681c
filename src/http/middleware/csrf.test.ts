import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../context.ts';
import { clientAddress } from '../credentials.ts';
import { csrf } from './csrf.ts';

function app(trustProxy = false, publicUrl?: string) {
  const a = new Hono();
  a.use('*', async (c, next) => {
    c.set('deps', { config: { trustProxy, ...(publicUrl ? { publicUrl } : {}) } } as unknown as AppDeps);
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
    expect((await post({ origin: 'http://evil.invalid' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
  });

  test('bearer-token requests and safe methods are exempt', async () => {
    expect((await post({ origin: 'http://evil.invalid', authorization: 'Bearer abc' })).status).toBe(200);
    expect((await app().request('http://hub.local/read', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  test('X-Forwarded-Host never counts, even behind a trusted proxy: only the Host the proxy passes through', async () => {
    // A client can send X-Forwarded-Host itself; a page on evil.invalid naming it would pass otherwise.
    const forged = await post({ origin: 'http://evil.invalid', host: 'hub.local', 'x-forwarded-host': 'evil.invalid' }, true);
    expect(forged.status).toBe(403);
    const rewritten = await post({ origin: 'https://hub.test', host: 'internal:3000', 'x-forwarded-host': 'hub.test' }, true);
    expect(rewritten.status).toBe(403);
    const passedThrough = await post(
      { origin: 'https://hub.test', host: 'hub.test', 'x-forwarded-proto': 'https', 'x-forwarded-for': '1.2.3.4, 10.0.0.9' },
      true,
    );
    expect(passedThrough.status).toBe(200);
    expect(await passedThrough.json()).toEqual({ changed: true, from: '10.0.0.9' });
    // Without trust, X-Forwarded-For is ignored.
    const untrusted = await post({ 'x-forwarded-for': '1.2.3.4' });
    expect(await untrusted.json()).toEqual({ changed: true, from: 'unknown' });
  });

  test('the whole origin counts: an https, or another port, Origin is refused on an http hub (browsers send no Sec-Fetch-Site over plain http)', async () => {
    expect((await post({ origin: 'http://hub.local', cookie: 'hub_session=x' })).status).toBe(200);
    // A default port spelled out is the same origin.
    expect((await post({ origin: 'http://hub.local:80', cookie: 'hub_session=x' })).status).toBe(200);
    const https = await post({ origin: 'https://hub.local', cookie: 'hub_session=x' });
    expect(https.status).toBe(403);
    expect(await https.json()).toEqual({ error: 'Cross-site request refused' });
    expect((await post({ origin: 'http://hub.local:8080', cookie: 'hub_session=x' })).status).toBe(403);
    expect((await post({ referer: 'https://hub.local/user/1', cookie: 'hub_session=x' })).status).toBe(403);
    // The Host names the port: a hub reached at its LAN address and port matches its own pages.
    expect((await post({ host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000', cookie: 'hub_session=x' })).status).toBe(200);
    expect((await post({ host: '192.168.1.20:3000', origin: 'https://192.168.1.20:3000', cookie: 'hub_session=x' })).status).toBe(403);
  });

  test('X-Forwarded-Proto says https only behind a trusted proxy', async () => {
    const headers = { host: 'hub.test', origin: 'https://hub.test', 'x-forwarded-proto': 'https', cookie: 'hub_session=x' };
    expect((await post(headers, true)).status).toBe(200);
    // The proxy says the visitor used https: a plain-http page of the same name is another origin.
    expect((await post({ ...headers, origin: 'http://hub.test' }, true)).status).toBe(403);
    // Without TRUST_PROXY any client could send the header: the hub sees http.
    expect((await post(headers)).status).toBe(403);
    expect((await post({ ...headers, origin: 'http://hub.test' })).status).toBe(200);
  });

  test("PUBLIC_URL's origin is accepted whatever the hub sees (a TLS proxy without TRUST_PROXY); no other origin is", async () => {
    const publicPost = (headers: Record<string, string>) =>
      app(false, 'https://hub.test').request('http://hub.local/change', { method: 'POST', headers: { cookie: 'hub_session=x', ...headers } });
    expect((await publicPost({ host: 'hub.test', origin: 'https://hub.test' })).status).toBe(200);
    expect((await publicPost({ origin: 'https://hub.test' })).status).toBe(200);
    expect((await publicPost({ referer: 'https://hub.test/gallery' })).status).toBe(200);
    expect((await publicPost({ host: 'hub.test', origin: 'https://hub.test:8443' })).status).toBe(403);
    expect((await publicPost({ host: 'hub.test', origin: 'https://evil.invalid' })).status).toBe(403);
    // The address the request was sent to still counts (the hub reached on the LAN by plain http).
    expect((await publicPost({ host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' })).status).toBe(200);
  });

  test('without Sec-Fetch-Site or Origin, a foreign Referer is refused and a missing one is not', async () => {
    expect((await post({ referer: 'http://evil.invalid/page', cookie: 'hub_session=x' })).status).toBe(403);
    expect((await post({ referer: 'http://hub.local/user/1', cookie: 'hub_session=x' })).status).toBe(200);
    expect((await post({ cookie: 'hub_session=x' })).status).toBe(200);
  });
});
