// Hostile requests against a real running hub (bun src/main.ts on loopback), as an attacker sends
// them: guessing bursts, bad Host values, NUL and encoded traversal paths, oversized and malformed
// bodies on every endpoint, and cross-site state changes. Each must get a 4xx, leave the data as it
// was, and put no ERROR line in the log.
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { rawGet, rawRequest } from '../../test/helpers/raw-http.ts';
import { type SpawnedHub, spawnHub } from '../../test/helpers/spawn-hub.ts';

const SITE_PASSWORD = 'hostile test site password';
const ADMIN = { username: 'root', password: 'root admin password' };
const MEMBER = { username: 'member', password: 'member password 1' };
const MAX_ATTEMPTS = 5;

let hub: SpawnedHub;
let port: number;
let siteToken: string;
let admin: { token: string; id: string };
let memberId: string;
/** A row of each collection, owned by the administrator. */
const rows = { site: '', link: '', model: '', account: '' };
/** Cookies of the signed-in administrator, as a browser would send them. */
let cookie: string;

/** Each burst comes from its own client address (the hub trusts X-Forwarded-For here). */
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

async function call(pathname: string, init: RequestInit & { from?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', init.from ?? '127.0.0.1');
  return fetch(`${hub.url}${pathname}`, { ...init, headers, redirect: 'manual' });
}

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

/** What must not change: accounts (with their hashes), the gate's state, sessions and site tokens. */
function snapshot(): string {
  const db = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
  try {
    return JSON.stringify({
      users: db.query('select id, username, name, email, password_hash, role, updated_at from users order by id').all(),
      site: db.query('select site_password_hash, lockout_expires_at from site_state').all(),
      sessions: db.query('select id, user_id from sessions order by id').all(),
      siteTokens: db.query('select id from site_tokens order by id').all(),
      sites: db.query('select * from streaming_sites order by id').all(),
      links: db.query('select * from links order by id').all(),
      models: db.query('select * from models order by id').all(),
      vault: db.query('select * from vault_accounts order by id').all(),
    });
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  hub = await spawnHub({
    SITE_PASSWORD,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  });
  port = Number(new URL(hub.url).port);
  siteToken = ((await (await call('/api/site/verify-password', json({ password: SITE_PASSWORD }))).json()) as { siteToken: string }).siteToken;
  const signedIn = (await (await call('/auth/signin/', json(ADMIN, { 'x-site-token': siteToken }))).json()) as { token: string; user: { _id: string } };
  admin = { token: signedIn.token, id: signedIn.user._id };
  const created = await call(
    '/api/users',
    json({ ...MEMBER, name: 'Member', email: 'member@example.test' }, { 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` }),
  );
  memberId = ((await created.json()) as { _id: string })._id;
  cookie = `hub_site=${siteToken}; hub_session=${admin.token}`;
  const as = { 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` };
  const made = async (path: string, body: unknown) => ((await (await call(path, json(body, as))).json()) as { _id: string })._id;
  rows.site = await made('/api/streaming-sites', { name: 'Site', url: 'https://site.test/' });
  rows.link = await made('/api/links', { name: 'Link', url: 'https://link.test/' });
  rows.model = await made('/api/models', { name: 'Model', links: [{ name: 'Page', url: 'https://model.test/' }] });
  rows.account = await made('/api/accounts', { name: 'Account', username: 'root', password: 'vault secret', website: 'https://account.test/' });
});

afterAll(async () => {
  await hub.stop();
  await hub.cleanup();
});

describe('guessing bursts', () => {
  test(`200 wrong site passwords at once get at most ${MAX_ATTEMPTS} checks (401); the rest 429 with Retry-After`, async () => {
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 200 }, () => call('/api/site/verify-password', { ...json({ password: 'guess' }), from })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(answers.filter((r) => r.status === 429).every((r) => Number(r.headers.get('retry-after')) > 0)).toBe(true);
    // On a loaded machine a check may wait past the password queue's few seconds: it is answered
    // "busy" (429) and not counted. Whatever the burst left of the limit, wrong guesses one at a
    // time use it up, and then even the right password is refused.
    const checked = statuses.filter((s) => s === 401).length;
    for (let i = checked; i < MAX_ATTEMPTS; i++) {
      expect([401, 429]).toContain((await call('/api/site/verify-password', { ...json({ password: 'guess' }), from })).status);
    }
    expect((await call('/api/site/verify-password', { ...json({ password: SITE_PASSWORD }), from })).status).toBe(429);
  });

  test(`60 wrong passwords for the vault's export at once get at most ${MAX_ATTEMPTS} checks (401), and no data`, async () => {
    const from = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        call('/api/accounts/export', { ...json({ password: 'guess' }, { 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` }), from }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    for (const answer of answers) expect(answer.headers.get('content-type')).toContain('application/json');
  });

  test(`60 wrong sign-ins at once get at most ${MAX_ATTEMPTS} checks (401)`, async () => {
    const from = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        call('/auth/signin/', { ...json({ username: ADMIN.username, password: 'guess' }, { 'x-site-token': siteToken }), from }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });
});

describe('bad Host values', () => {
  test.each([
    ['missing (HTTP/1.0)', null, 'HTTP/1.0'],
    ['missing (HTTP/1.1)', null, 'HTTP/1.1'],
    ['empty', '', 'HTTP/1.1'],
    ['with a space', 'a b', 'HTTP/1.1'],
    ['with a slash', 'a/b', 'HTTP/1.1'],
    ['with user info', 'user@hub', 'HTTP/1.1'],
    ['with a bad port', 'hub:99999', 'HTTP/1.1'],
    ['with a quote', 'hub"x', 'HTTP/1.1'],
  ] as const)('Host %s: 400 before routing, never 5xx', async (_, host, version) => {
    for (const target of ['/healthz', '/static/api/users', '/abc/admin', '/api/users']) {
      const res = await rawGet(port, target, host, version);
      expect(`${target} ${res.status}`).toBe(`${target} 400`);
      expect(res.body).not.toContain('_id');
    }
  });
});

describe('NUL bytes and encoded traversal in paths', () => {
  const paths = [
    '/static/x%00.svg',
    '/static/..%00/package.json',
    '/static/%00',
    '/static/../package.json',
    '/static/../../etc/passwd',
    '/static/%2e%2e/package.json',
    '/static/%2e%2e/%2e%2e/etc/passwd',
    '/static/..%2fpackage.json',
    '/static/..%2f..%2fetc%2fpasswd',
    '/static/%252e%252e/package.json',
    '/static/..%5cpackage.json',
    '/static/build/..%2f..%2fsrc%2fapp.ts',
    '/static//etc/passwd',
    '/static/%2fetc%2fpasswd',
    '/static/%c0%ae%c0%ae/package.json',
    '/static/%e0%a4%a',
    '/robots.txt%00.js',
    '/%2e%2e/package.json',
    '/user/%00',
    '/api/users/%00',
    '/api/users/..%2f..%2f',
  ];
  test.each(paths)('%s: 400 or 404, nothing outside static/ served', async (target) => {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
    expect([400, 404]).toContain(res.status);
    for (const secret of ['"name": "hub"', 'createApp', 'root:x:0', 'password_hash']) expect(res.body).not.toContain(secret);
  });
});

describe('oversized and malformed bodies', () => {
  const big = JSON.stringify({ password: 'x'.repeat(200 * 1024) });
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  // Raw bytes that are not UTF-8 inside otherwise fine JSON.
  const INVALID_UTF8 = new Blob([new Uint8Array([...new TextEncoder().encode('{"name":"'), 0xff, 0xfe, 0xfd, ...new TextEncoder().encode('"}')])]);
  const bodies: [string, string, string | Blob][] = [
    ['broken JSON', 'application/json', '{"password":'],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['deeply nested JSON', 'application/json', deep],
    ['wrong types', 'application/json', '{"username":{"$gt":""},"password":["a"],"name":1,"email":true,"role":"root"}'],
    ['invalid UTF-8', 'application/json', INVALID_UTF8],
    ['plain text', 'text/plain', 'password=hunter2'],
    ['a broken multipart', 'multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="password"\r\n\r\nx'],
    ['200 KB of JSON', 'application/json', big],
  ];
  const jsonEndpoints = () => [
    ['POST', '/api/site/verify-password'],
    ['POST', '/auth/signin/'],
    ['POST', '/api/users'],
    ['PUT', `/api/users/${memberId}`],
    ['PUT', `/api/users/${admin.id}`],
    ['POST', '/api/streaming-sites'],
    ['PUT', `/api/streaming-sites/${rows.site}`],
    ['POST', '/api/links'],
    ['PUT', `/api/links/${rows.link}`],
    ['POST', '/api/links/detect'],
    ['POST', '/api/models'],
    ['PUT', `/api/models/${rows.model}`],
    ['POST', '/api/accounts'],
    ['PUT', `/api/accounts/${rows.account}`],
    ['POST', '/api/accounts/export'],
  ];

  test('every JSON endpoint answers 4xx and changes nothing', async () => {
    const before = snapshot();
    for (const [method, target] of jsonEndpoints()) {
      for (const [name, type, body] of bodies) {
        const res = await call(target!, {
          method,
          headers: { 'content-type': type, 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` },
          body,
          from: newAddress(),
        });
        expect(`${method} ${target} ${name}: ${res.status >= 400 && res.status < 500}`).toBe(`${method} ${target} ${name}: true`);
        const answer = (await res.json()) as { error?: unknown };
        expect(typeof answer.error).toBe('string');
      }
    }
    expect(snapshot()).toBe(before);
  });

  test('every form endpoint answers 4xx to an oversized or unreadable body and changes nothing', async () => {
    const before = snapshot();
    const forms = [
      ['POST', '/site/enter'],
      ['POST', '/signin'],
      ['POST', `/user/edit/${admin.id}`],
      ['POST', '/theme'],
    ];
    const formBodies: [string, string, string][] = [
      ['200 KB form', 'application/x-www-form-urlencoded', `password=${'x'.repeat(200 * 1024)}`],
      ['JSON instead of a form', 'application/json', '{"password":"x"}'],
      ['a broken multipart', 'multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="password"\r\n\r\nx'],
    ];
    for (const [method, target] of forms) {
      for (const [name, type, body] of formBodies) {
        const res = await call(target!, { method, headers: { 'content-type': type, cookie, 'sec-fetch-site': 'same-origin' }, body, from: newAddress() });
        expect(`${target} ${name}: ${res.status >= 400 && res.status < 500}`).toBe(`${target} ${name}: true`);
      }
    }
    expect(snapshot()).toBe(before);
  });

  test('an oversized body is refused on every state-changing endpoint, even those that read none', async () => {
    const before = snapshot();
    const targets = [
      ['POST', '/api/site/lock'],
      ['POST', '/site/lock'],
      ['POST', '/signout'],
      ['POST', '/signout/everywhere'],
      ['POST', '/auth/signout-everywhere'],
      ['POST', '/api/admin/reset-lockout'],
      ['DELETE', `/api/users/${memberId}`],
      ['POST', '/setup'],
    ];
    for (const [method, target] of targets) {
      const res = await call(target!, { method, headers: { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' }, body: big });
      expect(`${method} ${target} ${res.status}`).toBe(`${method} ${target} 413`);
    }
    expect(snapshot()).toBe(before);
  });
});

describe('hostile uploads', () => {
  const upload = (body: string, type: string) =>
    call('/api/gallery/upload', { method: 'POST', headers: { 'content-type': type, 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` }, body });
  const part = (headers: string, content = 'x') => `--b\r\n${headers}\r\n\r\n${content}\r\n`;
  const jpeg = '\xff\xd8\xff\xe0 a jpeg start';
  const media = () => {
    const db = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
    try {
      return db.query('select count(*) as n from media').get();
    } finally {
      db.close();
    }
  };
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', part('Content-Disposition: form-data; name="files"; filename="a.jpg"', jpeg)],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n\r\n'],
    [
      'a boundary the body never uses',
      'multipart/form-data; boundary=zz',
      `${part('Content-Disposition: form-data; name="files"; filename="a.jpg"', jpeg)}--b--\r\n`,
    ],
    ['a body cut off mid-part', 'multipart/form-data; boundary=b', `--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\n${jpeg}`],
    [
      'a part with no headers end',
      'multipart/form-data; boundary=b',
      `--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"${'x'.repeat(100_000)}`,
    ],
    [
      'a header bomb in a part',
      'multipart/form-data; boundary=b',
      `${part(['Content-Disposition: form-data; name="files"; filename="a.jpg"', ...Array.from({ length: 5000 }, (_, i) => `X-H${i}: ${'v'.repeat(20)}`)].join('\r\n'), jpeg)}--b--\r\n`,
    ],
    [
      'one huge part header',
      'multipart/form-data; boundary=b',
      `${part(`Content-Disposition: form-data; name="files"; filename="${'a'.repeat(200_000)}.jpg"`, jpeg)}--b--\r\n`,
    ],
    ['a file part with no filename', 'multipart/form-data; boundary=b', `${part('Content-Disposition: form-data; name="files"', jpeg)}--b--\r\n`],
    ['a part with no Content-Disposition', 'multipart/form-data; boundary=b', `${part('Content-Type: image/jpeg', jpeg)}--b--\r\n`],
    [
      '10,000 parts',
      'multipart/form-data; boundary=b',
      `${Array.from({ length: 10_000 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`)).join('')}--b--\r\n`,
    ],
    [
      '10,000 tiny files',
      'multipart/form-data; boundary=b',
      `${Array.from({ length: 10_000 }, (_, i) => part(`Content-Disposition: form-data; name="files"; filename="${i}.jpg"`)).join('')}--b--\r\n`,
    ],
    [
      'a 1 MB tags field',
      'multipart/form-data; boundary=b',
      `${part('Content-Disposition: form-data; name="tags"', 'a,'.repeat(500_000))}${part('Content-Disposition: form-data; name="files"; filename="a.jpg"', jpeg)}--b--\r\n`,
    ],
    ['JSON', 'application/json', '{"files":["a.jpg"]}'],
    ['no body type', 'text/plain', jpeg],
  ];

  test('every malformed or abusive upload gets a 4xx with an error and stores nothing', async () => {
    const before = media();
    for (const [name, type, body] of bodies) {
      const res = await upload(body, type);
      expect(`${name}: ${res.status >= 400 && res.status < 500}`).toBe(`${name}: true`);
      expect(typeof ((await res.json()) as { error?: unknown }).error).toBe(`string`);
    }
    expect(media()).toEqual(before);
    expect(readdirSync(path.join(hub.dataDir, 'media', '.incoming'))).toEqual([]);
  });

  test('every malformed, oversized or abusive vault import gets a 4xx with an error and changes nothing', async () => {
    const before = snapshot();
    const vaultImport = (body: string, type: string) =>
      call('/api/accounts/import', {
        method: 'POST',
        headers: { 'content-type': type, 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` },
        body,
      });
    const imports: [string, string, string][] = [
      ...bodies,
      ['a multipart import with no file field', 'multipart/form-data; boundary=b', `${part('Content-Disposition: form-data; name="other"', 'x')}--b--\r\n`],
      ['a CSV with a quote never closed', 'text/csv', 'name,url,username,password\n"Planted,https://evil.test/,u,p\n'],
      ['a CSV with text after a closing quote', 'text/csv', 'name,url,username,password\n"Planted"x,https://evil.test/,u,p\n'],
      ['JSON cut short', 'application/json', '{"encrypted":false,"items":[{"type":1,"name":"Planted"'],
      ['an encrypted Bitwarden export', 'application/json', '{"encrypted":true,"passwordProtected":true,"data":"2.x|y|z"}'],
      ['deeply nested JSON', 'application/json', `{"items":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
      ['an unknown CSV layout', 'text/csv', 'a,b,c\n1,2,3\n'],
      ['NUL bytes', 'text/csv', 'name,url,username,password\nPlanted\u0000,https://evil.test/,u,p\n'],
      ['6 MB', 'text/csv', `name,url,username,password\n${'x'.repeat(6 * 1024 * 1024)}`],
      [
        '10,001 entries',
        'text/csv',
        ['name,url,username,password', ...Array.from({ length: 10_001 }, (_, i) => `Planted ${i},https://evil.test/,u,p`)].join('\n'),
      ],
    ];
    for (const [name, type, body] of imports) {
      const res = await vaultImport(body, type);
      expect(`${name}: ${res.status >= 400 && res.status < 500}`).toBe(`${name}: true`);
      expect(typeof ((await res.json()) as { error?: unknown }).error).toBe('string');
    }
    expect(snapshot()).toBe(before);
  });

  test('byte URLs refuse strangers and odd ids with 4xx, never a page or a 5xx', async () => {
    for (const target of ['/media/x', '/media/%00', '/media/..%2f..%2fhub.sqlite', `/media/${'a'.repeat(5000)}`, '/media/x/thumbnail', '/media/x/display']) {
      const signedIn = await call(target, { headers: { cookie, range: 'bytes=0-10' } });
      expect(`${target} ${signedIn.status}`).toMatch(/ 40[04]$/);
      const stranger = await call(target);
      expect(`${target} ${stranger.status}`).toMatch(/ 40[01]$/);
      expect(stranger.headers.get('content-type') ?? '').not.toContain('text/html');
    }
  });
});

describe('odd vault account ids', () => {
  test('NUL, traversal, huge and unknown ids get a JSON 4xx on every account call, never a page or a 5xx', async () => {
    const as = { 'x-site-token': siteToken, authorization: `Bearer ${admin.token}` };
    for (const id of ['x', '%00', '..%2f..%2fhub.sqlite', 'a'.repeat(5000), "1'%20or%20'1'='1"]) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['GET', '/favicon'],
      ] as const) {
        const res = await call(`/api/accounts/${id}${suffix}`, {
          method,
          headers: { ...as, 'content-type': 'application/json' },
          ...(method === 'PUT' ? { body: '{"name":"Planted"}' } : {}),
        });
        // A NUL is refused before routing (400); any other id is simply not an account (404).
        const status = id === '%00' ? 400 : 404;
        expect(`${method} ${id.slice(0, 20)}${suffix} ${res.status}`).toBe(`${method} ${id.slice(0, 20)}${suffix} ${status}`);
        const body = (await res.json()) as { error?: string };
        if (status === 404) expect(body.error).toBe('Account not found');
        else expect(typeof body.error).toBe('string');
      }
    }
  });
});

describe('cross-site state changes', () => {
  const foreign: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
  ];
  const changes = () => [
    [
      'POST',
      '/api/users',
      JSON.stringify({ username: 'evil', name: 'Evil', email: 'e@example.test', password: 'evil password', role: 'admin' }),
      'application/json',
    ],
    ['PUT', `/api/users/${memberId}`, JSON.stringify({ role: 'admin' }), 'application/json'],
    ['PUT', `/api/users/${admin.id}`, JSON.stringify({ password: 'taken over!' }), 'application/json'],
    ['DELETE', `/api/users/${memberId}`, undefined, undefined],
    ['POST', '/api/admin/reset-lockout', undefined, undefined],
    ['POST', '/api/site/lock', undefined, undefined],
    ['POST', '/site/lock', '', 'application/x-www-form-urlencoded'],
    ['POST', '/signout', '', 'application/x-www-form-urlencoded'],
    ['POST', '/signout/everywhere', '', 'application/x-www-form-urlencoded'],
    ['POST', '/auth/signout-everywhere', undefined, undefined],
    ['POST', `/user/edit/${admin.id}`, 'password=taken+over%21', 'application/x-www-form-urlencoded'],
    ['POST', '/api/streaming-sites', JSON.stringify({ name: 'Planted', url: 'https://evil.test/' }), 'application/json'],
    ['PUT', `/api/streaming-sites/${rows.site}`, JSON.stringify({ url: 'https://evil.test/' }), 'application/json'],
    ['DELETE', `/api/streaming-sites/${rows.site}`, undefined, undefined],
    ['POST', `/api/streaming-sites/${rows.site}/visit`, undefined, undefined],
    ['POST', '/api/links', JSON.stringify({ name: 'Planted', url: 'https://evil.test/' }), 'application/json'],
    ['DELETE', `/api/links/${rows.link}`, undefined, undefined],
    ['POST', '/api/links/sync-from-models', undefined, undefined],
    ['POST', '/api/links/import', '<DT><A HREF="https://evil.test/">x</A>', 'text/html'],
    ['POST', '/api/models', JSON.stringify({ name: 'Planted' }), 'application/json'],
    ['POST', '/api/accounts', JSON.stringify({ name: 'Planted', password: 'x' }), 'application/json'],
    ['PUT', `/api/accounts/${rows.account}`, JSON.stringify({ password: 'taken over' }), 'application/json'],
    ['DELETE', `/api/accounts/${rows.account}`, undefined, undefined],
    ['POST', '/api/accounts/import', 'name,url,username,password\nPlanted,https://evil.test/,u,p\n', 'text/csv'],
    ['POST', '/api/accounts/export', JSON.stringify({ password: ADMIN.password }), 'application/json'],
    ['DELETE', `/api/models/${rows.model}`, undefined, undefined],
    ['POST', '/site/enter', `password=${encodeURIComponent(SITE_PASSWORD)}`, 'application/x-www-form-urlencoded'],
    ['POST', '/signin', `username=${ADMIN.username}&password=${encodeURIComponent(ADMIN.password)}`, 'application/x-www-form-urlencoded'],
  ];

  test('every cookie-authenticated change from another site is 403 and changes nothing', async () => {
    const before = snapshot();
    for (const headers of foreign) {
      for (const [method, target, body, type] of changes()) {
        const res = await call(target!, { method, body, headers: { cookie, ...(type ? { 'content-type': type } : {}), ...headers } });
        expect(`${method} ${target} ${JSON.stringify(headers)} ${res.status}`).toBe(`${method} ${target} ${JSON.stringify(headers)} 403`);
      }
    }
    expect(snapshot()).toBe(before);
    // Still signed in, still past the gate.
    expect((await call('/api/users', { headers: { cookie } })).status).toBe(200);
  });

  test('a sign-out link on another site shows a confirmation instead of signing out', async () => {
    const before = snapshot();
    const res = await call('/auth/signout/', { headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Sign out?');
    expect(snapshot()).toBe(before);
  });
});

test('nothing above put an ERROR line in the log', async () => {
  // Give the last log lines a moment to arrive through the pipe.
  await Bun.sleep(100);
  expect(hub.output()).not.toMatch(/ ERROR /);
  expect(hub.output()).not.toContain('TypeError');
});
