import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { createIslandApp, type IslandApp } from '../../test/helpers/island-app.ts';
import { api } from './api.ts';

// The client against the real hub: its answers, its error texts, and what a dropped connection
// or a proxy's error page comes to.

let hub: IslandApp;
beforeEach(async () => {
  hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], signedInAs: 'ada' });
});
afterEach(() => hub.close());

describe('api', () => {
  test('sends cookies, asks for JSON and answers with the value', async () => {
    const result = await api<{ username: string }[]>('/api/users', { fallback: 'Failed to load users' });
    expect(result.ok && result.value.map((u) => u.username)).toEqual(['ada']);
    expect(result.status).toBe(200);
    const [sent] = hub.requests;
    expect(sent?.credentials).toBe('same-origin');
    expect(sent?.headers.get('accept')).toBe('application/json');
    expect(sent?.headers.get('content-type')).toBeNull();
  });

  test('sends a body as JSON', async () => {
    const body = { name: 'Bob Builder', username: 'bob', email: 'bob@example.test', password: 'correct horse battery', role: 'user' };
    const result = await api<{ username: string; role: string }>('/api/users', { method: 'POST', body, fallback: 'Failed to create admin account' });
    expect(result).toMatchObject({ ok: true, status: 201, value: { username: 'bob', role: 'user' } });
    expect(hub.requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(hub.requests[0]?.body).toEqual(body);
  });

  test("gives the server's error field as-is", async () => {
    const result = await api('/api/users/nobody', { method: 'PUT', body: { role: 'admin' }, fallback: 'Failed to promote user' });
    expect(result).toEqual({ ok: false, status: 404, message: 'User not found', error: 'User not found' });
  });

  test('gives the fallback for an error status without an error field (a proxy page)', async () => {
    hub.network.interrupt('GET /api/users', { proxyStatus: 502 });
    const result = await api('/api/users', { fallback: 'Failed to load users' });
    expect(result).toMatchObject({ ok: false, status: 502, message: 'Failed to load users' });
    expect(result.ok || result.cause).toBeInstanceOf(SyntaxError);
  });

  test('gives Network error: and the message when no answer came', async () => {
    hub.network.interrupt('GET /api/users', { networkError: 'Failed to fetch' });
    const result = await api('/api/users', { fallback: 'Failed to load users' });
    expect(result).toMatchObject({ ok: false, status: 0, message: 'Network error: Failed to fetch' });
  });

  test('reads X-Total-Count when the answer carries it, else null', async () => {
    const plain = await api('/api/users', { fallback: 'x' });
    expect(plain.ok && plain.total).toBeNull();
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '137' } })) as unknown as typeof fetch;
    try {
      const paged = await api('/api/links?limit=20', { fallback: 'Error loading links' });
      expect(paged.ok && paged.total).toBe(137);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('extra headers are sent', async () => {
    await api('/api/site/verify-token', { headers: { 'x-site-token': 'abc' }, fallback: 'x' });
    expect(hub.requests[0]?.headers.get('x-site-token')).toBe('abc');
  });
});
