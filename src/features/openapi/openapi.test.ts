// The OpenAPI document: every mounted API route is in it, it is a valid OpenAPI 3.1 document, and
// real answers of a seeded hub match the schemas it gives for their statuses.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const DOC_ID = 'https://hub.invalid/openapi.json';

let t: TestApp;
let admin: SignedIn;
let doc: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
/** Every answer checked: "METHOD /template status". */
const checked: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ username: 'admin', role: 'admin' });
  const res = await t.request('/api/openapi.json', { as: { siteToken: admin.siteToken } });
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
  ajv.addSchema({ ...doc, $id: DOC_ID });
});

afterAll(async () => {
  await t.close();
});

/** A Hono route path as the document writes it: `:id` becomes `{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The JSON body of the last request made with `request`. */
let lastSent: unknown;
/** t.request, remembering the JSON body sent. */
function request(path: string, options: Parameters<TestApp['request']>[1] = {}): Promise<Response> {
  lastSent = options.json;
  return t.request(path, options);
}

function schemaAt(...parts: string[]) {
  const validate = ajv.getSchema(`${DOC_ID}#/${pointer(...parts)}`);
  if (!validate) throw new Error(`no schema at ${parts.join(' ')}`);
  return validate;
}

/**
 * Checks a JSON answer against the document's schema for its route and status; when the request
 * was accepted (2xx) and sent JSON (with `request`), the body sent must match the document's
 * request schema too.
 */
async function expectDocumented(method: string, template: string, res: Response): Promise<unknown> {
  const label = `${method} ${template} ${res.status}`;
  const op = doc.paths[template]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${template} is not in the document`);
  const sent = lastSent;
  lastSent = undefined;
  if (sent !== undefined && res.status < 300) {
    const validate = schemaAt('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema');
    if (!validate(sent)) throw new Error(`${label}: the body sent (and accepted) does not match the document: ${ajv.errorsText(validate.errors)}`);
    checked.push(`${method} ${template} request`);
  }
  const answer = op.responses[String(res.status)];
  if (!answer) throw new Error(`${label}: the document has no answer with this status`);
  const body = await res.json();
  if (!answer.content?.['application/json']) throw new Error(`${label}: the document gives no JSON schema for this answer`);
  const validate = schemaAt('paths', template, method.toLowerCase(), 'responses', String(res.status), 'content', 'application/json', 'schema');
  if (!validate(body)) throw new Error(`${label} does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
  checked.push(label);
  return body;
}

describe('the OpenAPI document', () => {
  test('describes every route mounted under /api, /auth and /media', () => {
    const mounted = new Set<string>();
    for (const route of t.app.routes) {
      if (route.method === 'ALL') continue; // middleware
      if (!/^\/(api|auth|media)(\/|$)/.test(route.path)) continue;
      mounted.add(`${route.method} ${openApiPath(route.path)}`);
    }
    expect(mounted.size).toBeGreaterThan(60);
    const missing = [...mounted].filter((route) => {
      const [method = '', path = ''] = route.split(' ');
      return !doc.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // And nothing is described that is not there.
    const described = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    // HEAD is answered by the GET route (Hono), so a described HEAD needs a mounted GET.
    expect(described.filter((route) => !mounted.has(route.replace(/^HEAD /, 'GET ')))).toEqual([]);
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session', 'sessionCookie', 'siteCookie', 'siteToken']);
    // An API key where the keys' policy lets one in, with the scope it needs; nowhere else.
    const keyScopes = (path: string, method: string) => doc.paths[path]?.[method]?.security?.find((requirement) => 'apiKey' in requirement)?.apiKey;
    expect(keyScopes('/api/gallery', 'get')).toEqual(['read']);
    expect(keyScopes('/api/albums/{id}', 'put')).toEqual(['write']);
    expect(keyScopes('/api/gallery/upload', 'post')).toEqual(['upload']);
    expect(keyScopes('/api/uploads/{id}', 'patch')).toEqual(['upload']);
    expect(keyScopes('/media/{id}', 'get')).toEqual(['read']);
    for (const [path, method] of [
      ['/api/accounts', 'get'],
      ['/api/keys', 'post'],
      ['/api/users', 'get'],
      ['/auth/signin/', 'post'],
      ['/auth/signin/2fa', 'post'],
      ['/auth/passkey/verify', 'post'],
      ['/api/me/sessions', 'get'],
      ['/api/me/2fa/totp', 'delete'],
      ['/api/me/passkeys', 'post'],
      ['/api/me/locks', 'put'],
      ['/api/unlock', 'post'],
      ['/api/lock', 'post'],
    ] as const) {
      expect(keyScopes(path, method)).toBeUndefined();
    }
    // Each operation has an id of its own (code generators name their functions after them).
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.filter((id, i) => !id || ids.indexOf(id) !== i)).toEqual([]);
  });

  test('is behind the site gate', async () => {
    expect((await t.request('/api/openapi.json')).status).toBe(401);
    expect((await t.request('/api/docs')).status).toBe(401);
  });
});

describe('real answers match the document', () => {
  test('site gate and sign-in', async () => {
    await expectDocumented('GET', '/api/site/lockout-status', await request('/api/site/lockout-status'));
    await expectDocumented('POST', '/api/site/verify-password', await request('/api/site/verify-password', { method: 'POST', json: { password: 'wrong' } }));
    await expectDocumented(
      'POST',
      '/api/site/verify-password',
      await request('/api/site/verify-password', { method: 'POST', json: { password: 'household secret' } }),
    );
    await expectDocumented('GET', '/api/site/verify-token', await request('/api/site/verify-token', { as: { siteToken: admin.siteToken } }));
    const signIn = (json: unknown) => request('/auth/signin/', { method: 'POST', json, as: { siteToken: admin.siteToken } });
    await expectDocumented('POST', '/auth/signin/', await signIn({ username: 'admin', password: 'correct horse battery' }));
    await expectDocumented('POST', '/auth/signin/', await signIn({ username: 'admin', password: 'not it' }));
    await expectDocumented('GET', '/api/albums', await request('/api/albums'));
    await expectDocumented('POST', '/api/admin/reset-lockout', await request('/api/admin/reset-lockout', { method: 'POST', as: admin }));
  });

  test('a refusal while two-factor enrolment is due carries enrolRequired, as the error shape says', async () => {
    const strict = await createTestApp({ env: { REQUIRE_2FA: 'all' } });
    try {
      const member = await strict.createUser({ username: 'enrolling' });
      const res = await strict.request('/api/albums', { as: member });
      expect(res.status).toBe(403);
      expect(await res.clone().json()).toMatchObject({ enrolRequired: true });
      await expectDocumented('GET', '/api/albums', res);
    } finally {
      await strict.close();
    }
  });

  test('users', async () => {
    const created = await request('/api/users', {
      method: 'POST',
      as: admin,
      json: { username: 'member', name: 'Member', email: 'member@example.test', password: 'correct horse battery' },
    });
    const user = (await expectDocumented('POST', '/api/users', created)) as { _id: string };
    await expectDocumented('GET', '/api/users', await request('/api/users', { as: admin }));
    const member = await t.signIn('member', 'correct horse battery');
    await expectDocumented('GET', '/api/users', await request('/api/users', { as: member }));
    await expectDocumented('GET', '/api/users/{userId}', await request(`/api/users/${user._id}`, { as: admin }));
    await expectDocumented('PUT', '/api/users/{userId}', await request(`/api/users/${user._id}`, { method: 'PUT', as: admin, json: { name: 'Renamed' } }));
    await expectDocumented('POST', '/api/users', await request('/api/users', { method: 'POST', as: admin, json: { username: '' } }));
    await expectDocumented(
      'POST',
      '/api/users',
      await request('/api/users', {
        method: 'POST',
        as: member,
        json: { username: 'other', name: 'Other', email: 'other@example.test', password: 'correct horse battery' },
      }),
    );
    await expectDocumented('DELETE', '/api/users/{userId}', await request(`/api/users/${user._id}`, { method: 'DELETE', as: admin }));
    await expectDocumented('GET', '/api/users/{userId}', await request(`/api/users/${user._id}`, { as: admin }));
  });

  test('galleries, albums and tags', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('files', new File([jpeg], 'red.jpg', { type: 'image/jpeg' }));
    form.append('tags', 'red, small');
    const upload = await request('/api/gallery/upload', { method: 'POST', as: admin, body: form });
    const { media } = (await expectDocumented('POST', '/api/gallery/upload', upload)) as { media: { _id: string }[] };
    const id = media[0]!._id;
    await t.runJobs();
    const refused = new FormData();
    refused.append('files', new File(['not a picture'], 'note.txt', { type: 'text/plain' }));
    await expectDocumented('POST', '/api/gallery/upload', await request('/api/gallery/upload', { method: 'POST', as: admin, body: refused }));

    await expectDocumented('GET', '/api/gallery', await request('/api/gallery', { as: admin }));
    await expectDocumented('GET', '/api/gallery', await request('/api/gallery?limit=nope', { as: admin }));
    await expectDocumented('GET', '/api/gallery/{id}', await request(`/api/gallery/${id}`, { as: admin }));
    await expectDocumented('GET', '/api/gallery/{id}', await request('/api/gallery/no-such-item', { as: admin }));
    await expectDocumented('PUT', '/api/gallery/{id}', await request(`/api/gallery/${id}`, { method: 'PUT', as: admin, json: { title: 'Red' } }));
    await expectDocumented('PUT', '/api/gallery/{id}', await request(`/api/gallery/${id}`, { method: 'PUT', as: admin, json: {} }));
    await expectDocumented(
      'PUT',
      '/api/gallery/{id}',
      await request(`/api/gallery/${id}`, { method: 'PUT', as: admin, body: 'title=x', headers: { 'content-type': 'text/plain' } }),
    );
    await expectDocumented('POST', '/api/gallery/{id}/favorite', await request(`/api/gallery/${id}/favorite`, { method: 'POST', as: admin }));
    await expectDocumented(
      'POST',
      '/api/gallery/bulk',
      await request('/api/gallery/bulk', { method: 'POST', as: admin, json: { action: 'add-tags', ids: [id], tags: ['x'] } }),
    );
    await expectDocumented('GET', '/api/gallery/duplicates', await request('/api/gallery/duplicates', { as: admin }));
    await expectDocumented('GET', '/api/tags', await request('/api/tags', { as: admin }));
    await expectDocumented('GET', '/api/premium', await request('/api/premium', { as: admin }));
    await expectDocumented('GET', '/api/home', await request('/api/home', { as: admin }));

    const album = (await expectDocumented('POST', '/api/albums', await request('/api/albums', { method: 'POST', as: admin, json: { name: 'Reds' } }))) as {
      _id: string;
    };
    await expectDocumented('POST', '/api/albums', await request('/api/albums', { method: 'POST', as: admin, json: { name: '' } }));
    await expectDocumented(
      'POST',
      '/api/albums/{id}/media',
      await request(`/api/albums/${album._id}/media`, { method: 'POST', as: admin, json: { mediaIds: [id] } }),
    );
    await expectDocumented('GET', '/api/albums', await request('/api/albums', { as: admin }));
    await expectDocumented('GET', '/api/albums/{id}', await request(`/api/albums/${album._id}`, { as: admin }));
    await expectDocumented('PUT', '/api/albums/{id}', await request(`/api/albums/${album._id}`, { method: 'PUT', as: admin, json: { isPublic: false } }));
    await expectDocumented(
      'DELETE',
      '/api/albums/{id}/media',
      await request(`/api/albums/${album._id}/media`, { method: 'DELETE', as: admin, json: { mediaIds: [id] } }),
    );
    await expectDocumented('DELETE', '/api/albums/{id}', await request(`/api/albums/${album._id}`, { method: 'DELETE', as: admin }));
    await expectDocumented('GET', '/api/albums/{id}', await request(`/api/albums/${album._id}`, { as: admin }));

    await expectDocumented('DELETE', '/api/gallery/{id}/delete', await request(`/api/gallery/${id}/delete`, { method: 'DELETE', as: admin }));
    await expectDocumented('GET', '/api/gallery/recycling-bin', await request('/api/gallery/recycling-bin', { as: admin }));
    await expectDocumented('POST', '/api/gallery/{id}/restore', await request(`/api/gallery/${id}/restore`, { method: 'POST', as: admin }));
    await expectDocumented(
      'DELETE',
      '/api/gallery/{id}/permanent-delete',
      await request(`/api/gallery/${id}/permanent-delete`, { method: 'DELETE', as: admin }),
    );
  });

  test('libraries, models, links, streaming sites and the vault', async () => {
    await expectDocumented('GET', '/api/libraries', await request('/api/libraries', { as: admin }));
    await expectDocumented('GET', '/api/libraries/{id}', await request('/api/libraries/none', { as: admin }));

    const model = (await expectDocumented(
      'POST',
      '/api/models',
      await request('/api/models', { method: 'POST', as: admin, json: { name: 'Ann', tags: 'a, b', links: [{ url: 'https://example.test/ann' }] } }),
    )) as { _id: string };
    await expectDocumented('GET', '/api/models', await request('/api/models', { as: admin }));
    await expectDocumented('GET', '/api/models/{modelId}', await request(`/api/models/${model._id}`, { as: admin }));
    await expectDocumented('PUT', '/api/models/{modelId}', await request(`/api/models/${model._id}`, { method: 'PUT', as: admin, json: { age: 30 } }));
    await expectDocumented('PUT', '/api/models/{modelId}', await request(`/api/models/${model._id}`, { method: 'PUT', as: admin, json: { age: 3 } }));

    await expectDocumented('POST', '/api/links/sync-from-models', await request('/api/links/sync-from-models', { method: 'POST', as: admin }));
    const link = (await expectDocumented(
      'POST',
      '/api/links',
      await request('/api/links', { method: 'POST', as: admin, json: { name: 'Example', url: 'https://example.test/' } }),
    )) as { _id: string };
    await expectDocumented('GET', '/api/links', await request('/api/links?favorite=true', { as: admin }));
    await expectDocumented('POST', '/api/links/{linkId}/visit', await request(`/api/links/${link._id}/visit`, { method: 'POST', as: admin }));
    await expectDocumented('PUT', '/api/links/{linkId}', await request(`/api/links/${link._id}`, { method: 'PUT', as: admin, json: { isFavorite: true } }));
    await expectDocumented('DELETE', '/api/links/{linkId}', await request(`/api/links/${link._id}`, { method: 'DELETE', as: admin }));
    await expectDocumented('DELETE', '/api/models/{modelId}', await request(`/api/models/${model._id}`, { method: 'DELETE', as: admin }));

    const site = (await expectDocumented(
      'POST',
      '/api/streaming-sites',
      await request('/api/streaming-sites', { method: 'POST', as: admin, json: { name: 'Stream', url: 'https://stream.example.test/' } }),
    )) as { _id: string };
    await expectDocumented('GET', '/api/streaming-sites', await request('/api/streaming-sites', { as: admin }));
    await expectDocumented(
      'POST',
      '/api/streaming-sites/{siteId}/visit',
      await request(`/api/streaming-sites/${site._id}/visit`, { method: 'POST', as: admin }),
    );
    await expectDocumented('GET', '/api/streaming-sites/{siteId}', await request(`/api/streaming-sites/${site._id}`, { as: admin }));
    await expectDocumented('DELETE', '/api/streaming-sites/{siteId}', await request(`/api/streaming-sites/${site._id}`, { method: 'DELETE', as: admin }));
    await expectDocumented('GET', '/api/streaming-sites', await request('/api/streaming-sites', { as: { siteToken: admin.siteToken } }));

    const account = (await expectDocumented(
      'POST',
      '/api/accounts',
      await request('/api/accounts', { method: 'POST', as: admin, json: { name: 'Mail', username: 'me', password: 'secret', category: 'email' } }),
    )) as { _id: string };
    await expectDocumented('GET', '/api/accounts', await request('/api/accounts', { as: admin }));
    await expectDocumented('GET', '/api/accounts/{accountId}', await request(`/api/accounts/${account._id}`, { as: admin }));
    await expectDocumented(
      'PUT',
      '/api/accounts/{accountId}',
      await request(`/api/accounts/${account._id}`, { method: 'PUT', as: admin, json: { category: 'nope' } }),
    );
    await expectDocumented('DELETE', '/api/accounts/{accountId}', await request(`/api/accounts/${account._id}`, { method: 'DELETE', as: admin }));
    await expectDocumented('GET', '/api/accounts/{accountId}', await request(`/api/accounts/${account._id}`, { as: admin }));
  });

  test('API keys and resumable uploads', async () => {
    const made = await request('/api/keys', { method: 'POST', as: admin, json: { name: 'Script', scopes: ['read', 'upload'] } });
    const key = (await expectDocumented('POST', '/api/keys', made)) as { _id: string; key: string };
    await expectDocumented('GET', '/api/keys', await request('/api/keys', { as: admin }));
    /** A request with the key alone: no site token, no session. */
    const withKey = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${key.key}`);
      return t.request(path, { ...init, headers });
    };
    await expectDocumented('GET', '/api/gallery', await withKey('/api/gallery'));
    const json = { 'content-type': 'application/json' };
    await expectDocumented('POST', '/api/albums', await withKey('/api/albums', { method: 'POST', headers: json, body: '{"name":"By key"}' }));
    await expectDocumented('GET', '/api/accounts', await withKey('/api/accounts'));
    await expectDocumented('GET', '/api/keys', await withKey('/api/keys'));

    // tus: created (headers, no body), its state as JSON, terminated.
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await withKey('/api/uploads', {
      method: 'POST',
      headers: { ...tus, 'upload-length': '5', 'upload-metadata': `filename ${btoa('note.jpg')}` },
    });
    expect(created.status).toBe(201);
    await expectDocumented('POST', '/api/uploads', await withKey('/api/uploads', { method: 'POST', headers: { 'upload-length': '5' } }));
    expect(doc.paths['/api/uploads']?.post?.responses['201']).toBeDefined();
    const location = created.headers.get('location') ?? '';
    await expectDocumented('GET', '/api/uploads/{id}', await withKey(location));
    const patched = await withKey(location, {
      method: 'PATCH',
      headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '3' },
      body: 'ab',
    });
    await expectDocumented('PATCH', '/api/uploads/{id}', patched);
    const gone = await withKey(location, { method: 'DELETE', headers: tus });
    expect(gone.status).toBe(204);
    expect(doc.paths['/api/uploads/{id}']?.delete?.responses['204']).toBeDefined();
    await expectDocumented('GET', '/api/uploads/{id}', await withKey(location));
    await expectDocumented('DELETE', '/api/keys/{id}', await request(`/api/keys/${key._id}`, { method: 'DELETE', as: admin }));
  });

  test('your account: sessions, preferences, two-factor sign-in, passkeys and locks', async () => {
    const owner = await t.createUser({ username: 'owner' }, admin);
    await t.signIn('owner', 'correct horse battery', admin.siteToken);

    // Sessions and preferences.
    const sessions = (await expectDocumented('GET', '/api/me/sessions', await request('/api/me/sessions', { as: owner }))) as {
      _id: string;
      current: boolean;
    }[];
    const other = sessions.find((session) => !session.current)!;
    const endOther = () => request(`/api/me/sessions/${other._id}`, { method: 'DELETE', as: owner });
    await expectDocumented('DELETE', '/api/me/sessions/{sessionId}', await endOther());
    await expectDocumented('DELETE', '/api/me/sessions/{sessionId}', await endOther());
    await expectDocumented('PUT', '/api/me/preferences', await request('/api/me/preferences', { method: 'PUT', as: owner, json: { discreet: true } }));
    await expectDocumented('PUT', '/api/me/preferences', await request('/api/me/preferences', { method: 'PUT', as: owner, json: { discreet: 'yes' } }));

    // Two-factor sign-in: set up, turned on, a sign-in through the code step, turned off.
    await expectDocumented('GET', '/api/me/2fa', await request('/api/me/2fa', { as: owner }));
    const setup = (await expectDocumented('POST', '/api/me/2fa/totp/setup', await request('/api/me/2fa/totp/setup', { method: 'POST', as: owner }))) as {
      secret: string;
    };
    const enable = (code: string) => request('/api/me/2fa/totp/enable', { method: 'POST', as: owner, json: { code } });
    await expectDocumented('POST', '/api/me/2fa/totp/enable', await enable('not a code'));
    const code = generateHOTP(decodeBase32IgnorePadding(setup.secret), BigInt(Math.floor(Date.now() / 30_000)), 6);
    const { recoveryCodes } = (await expectDocumented('POST', '/api/me/2fa/totp/enable', await enable(code))) as { recoveryCodes: string[] };
    await expectDocumented('POST', '/api/me/2fa/totp/setup', await request('/api/me/2fa/totp/setup', { method: 'POST', as: owner }));
    await expectDocumented('GET', '/api/me/2fa', await request('/api/me/2fa', { as: owner }));
    const site = { siteToken: owner.siteToken };
    const passwordStep = await request('/auth/signin/', { method: 'POST', as: site, json: { username: 'owner', password: 'correct horse battery' } });
    const { challenge } = (await expectDocumented('POST', '/auth/signin/', passwordStep)) as { twoFactorRequired: boolean; challenge: string };
    expect(challenge).toBeString();
    const codeStep = (code: string) => request('/auth/signin/2fa', { method: 'POST', as: site, json: { challenge, code } });
    await expectDocumented('POST', '/auth/signin/2fa', await codeStep('aaaa-aaaa-aaaa-aaaa'));
    await expectDocumented('POST', '/auth/signin/2fa', await codeStep(recoveryCodes[0]!));
    const turnOff = (password: string) => request('/api/me/2fa/totp', { method: 'DELETE', as: owner, json: { password } });
    await expectDocumented('DELETE', '/api/me/2fa/totp', await turnOff('not it'));
    await expectDocumented('DELETE', '/api/me/2fa/totp', await turnOff('correct horse battery'));

    // Passkeys: the list, the options of both ceremonies, and refusals (no authenticator here).
    await expectDocumented('GET', '/api/me/passkeys', await request('/api/me/passkeys', { as: owner }));
    await expectDocumented('POST', '/api/me/passkeys/options', await request('/api/me/passkeys/options', { method: 'POST', as: owner }));
    await expectDocumented(
      'POST',
      '/api/me/passkeys',
      await request('/api/me/passkeys', { method: 'POST', as: owner, json: { name: 'Laptop', response: {} } }),
    );
    await expectDocumented('DELETE', '/api/me/passkeys/{id}', await request('/api/me/passkeys/none', { method: 'DELETE', as: owner }));
    const options = (await expectDocumented('POST', '/auth/passkey/options', await request('/auth/passkey/options', { method: 'POST', as: site }))) as {
      challenge: string;
    };
    const assertion = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    };
    await expectDocumented(
      'POST',
      '/auth/passkey/verify',
      await request('/auth/passkey/verify', { method: 'POST', as: site, json: { challenge: options.challenge, response: assertion } }),
    );

    // Locks: Premium locked with a PIN, closed (403 locked), opened, closed again.
    await expectDocumented('GET', '/api/me/locks', await request('/api/me/locks', { as: owner }));
    await expectDocumented('PUT', '/api/me/locks', await request('/api/me/locks', { method: 'PUT', as: owner, json: { premium: true, pin: '2468' } }));
    await expectDocumented('PUT', '/api/me/locks', await request('/api/me/locks', { method: 'PUT', as: owner, json: { minutes: 30 } }));
    await expectDocumented('PUT', '/api/me/locks', await request('/api/me/locks', { method: 'PUT', as: owner, json: { minutes: 30, currentPin: '1111' } }));
    const locked = await request('/api/premium', { as: owner });
    expect(await expectDocumented('GET', '/api/premium', locked)).toMatchObject({ locked: true });
    const unlock = (pin: string) => request('/api/unlock', { method: 'POST', as: owner, json: { pin } });
    await expectDocumented('POST', '/api/unlock', await unlock('1111'));
    await expectDocumented('POST', '/api/unlock', await unlock('2468'));
    await expectDocumented('GET', '/api/premium', await request('/api/premium', { as: owner }));
    await expectDocumented('POST', '/api/lock', await request('/api/lock', { method: 'POST', as: owner }));
    await expectDocumented('GET', '/api/accounts', await request('/api/accounts', { as: owner }));
  });

  test('covered a status of each kind', () => {
    const statuses = new Set(checked.map((label) => label.split(' ')[2]));
    expect(statuses).toContain('request');
    for (const status of ['200', '201', '400', '401', '403', '404', '409', '415']) expect(statuses).toContain(status);
    expect(checked.length).toBeGreaterThan(60);
  });
});
