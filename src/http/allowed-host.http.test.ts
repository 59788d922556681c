// The names the hub answers to (DNS rebinding): through the real app, and through a real server
// with the container's health probe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { hostname } from 'node:os';
import { rawGet } from '../../test/helpers/raw-http.ts';
import { BUN, PROJECT_ROOT, type SpawnedHub, spawnHub } from '../../test/helpers/spawn-hub.ts';
import { createTestApp, TEST_SITE_PASSWORD, type TestApp } from '../../test/helpers/test-app.ts';
import { machineNames } from './middleware/allowed-host.ts';

const FOREIGN = 'rebind.attacker.test:3000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asHost = (host: string, path: string, init: RequestInit = {}) => t.request(path, { ...init, headers: { ...init.headers, host } });

describe('a Host the hub does not answer to', () => {
  test('is refused with 421 at the gate, before the password is even checked: no site token, no cookie', async () => {
    const res = await asHost(FOREIGN, '/api/site/verify-password', {
      method: 'POST',
      body: JSON.stringify({ password: TEST_SITE_PASSWORD }),
      headers: { 'content-type': 'application/json', origin: 'http://rebind.attacker.test:3000' },
    });
    expect(res.status).toBe(421);
    const body = (await res.json()) as { error: string };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toBe(
      'This hub does not answer to the host name rebind.attacker.test. To reach it by this name, add the name to ALLOWED_HOSTS (or set PUBLIC_URL to it).',
    );
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The owner learns of it once per name, in words that name the setting.
    const logged = t.logs.filter((line) => line.includes('refused requests for a host name'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('rebind.attacker.test');
    expect(logged[0]).toContain('ALLOWED_HOSTS');
  });

  test('is refused on the API even with valid credentials, and on pages with a short plain page', async () => {
    const admin = await t.createUser({ username: 'ada' });
    const api = await asHost(FOREIGN, '/api/users', { headers: { 'x-site-token': admin.siteToken, authorization: `Bearer ${admin.token}` } });
    expect(api.status).toBe(421);
    expect(((await api.json()) as { error: string }).error).toContain('ALLOWED_HOSTS');
    for (const path of ['/', '/gallery', '/site/enter', '/static/app.css']) {
      const page = await asHost(FOREIGN, path);
      expect([path, page.status]).toEqual([path, 421]);
      expect(page.headers.get('content-type')).toStartWith('text/plain');
      expect(await page.text()).toStartWith('This hub does not answer to the host name rebind.attacker.test.');
    }
    // A name that only ends like localhost, or a loopback-looking name, is still a name.
    for (const host of ['localhost.attacker.test', '127.0.0.1.nip.test', 'evillocalhost']) {
      expect([host, (await asHost(host, '/api/site/lockout-status')).status]).toEqual([host, 421]);
    }
  });

  test('/healthz answers to any name (monitors ask by a container name)', async () => {
    const res = await asHost(FOREIGN, '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });
});

describe('the names the hub answers to out of the box', () => {
  test.each([
    'localhost',
    'localhost:3000',
    'media.localhost:3000',
    '127.0.0.1:3000',
    '127.8.9.10',
    '[::1]:3000',
    // A NAS on the LAN, reached by its address: rebinding needs a name, an address is its own origin.
    '192.168.1.20:3000',
    '10.0.0.5',
    '[fd00::20]:3000',
  ])('%s', async (host) => {
    expect((await asHost(host, '/api/site/lockout-status')).status).toBe(200);
    expect((await asHost(host, '/api/users')).status).toBe(401); // the gate's own answer
  });

  test("the machine's own host name, and its .local name", async () => {
    for (const name of machineNames()) expect([name, (await asHost(`${name}:3000`, '/api/site/lockout-status')).status]).toEqual([name, 200]);
    expect(machineNames()).toContain(hostname().toLowerCase());
    expect(machineNames('NAS')).toEqual(['nas', 'nas.local']);
    expect(machineNames('nas.example.lan')).toEqual(['nas.example.lan']);
  });
});

describe("PUBLIC_URL's host and ALLOWED_HOSTS", () => {
  let named: TestApp;
  beforeAll(async () => {
    named = await createTestApp({ env: { PUBLIC_URL: 'https://hub.example.test', ALLOWED_HOSTS: 'nas.lan,.home.test' } });
  });
  afterAll(() => named.close());

  test('are answered; any other name is still refused', async () => {
    const status = async (host: string) => (await named.request('/api/site/lockout-status', { headers: { host } })).status;
    for (const host of [
      'hub.example.test',
      'hub.example.test:443',
      'Hub.Example.Test',
      'nas.lan:3000',
      'home.test',
      'photos.home.test:3000',
      '192.168.1.20:3000',
    ]) {
      expect([host, await status(host)]).toEqual([host, 200]);
    }
    for (const host of ['other.example.test', 'nas.lan.attacker.test', 'home.test.attacker.test', 'xhome.test']) {
      expect([host, await status(host)]).toEqual([host, 421]);
    }
  });

  test('`*` answers to any name', async () => {
    const open = await createTestApp({ env: { ALLOWED_HOSTS: '*' } });
    try {
      expect((await open.request('/api/site/lockout-status', { headers: { host: FOREIGN } })).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('a real server', () => {
  let hub: SpawnedHub;
  beforeAll(async () => {
    hub = await spawnHub({ SITE_PASSWORD: TEST_SITE_PASSWORD });
  });
  afterAll(() => hub.cleanup());
  const port = () => Number(new URL(hub.url).port);

  test('refuses a foreign Host before the gate and serves its loopback address', async () => {
    const foreign = await rawGet(port(), '/api/site/lockout-status', FOREIGN);
    expect(foreign.status).toBe(421);
    expect(JSON.parse(foreign.body).error).toContain('ALLOWED_HOSTS');
    expect((await rawGet(port(), '/api/site/lockout-status', `127.0.0.1:${port()}`)).status).toBe(200);
    expect((await rawGet(port(), '/api/site/lockout-status', `localhost:${port()}`)).status).toBe(200);
  });

  test("the container's health probe (bun src/healthcheck.ts) passes", async () => {
    const probe = Bun.spawn([BUN, 'src/healthcheck.ts'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: String(port()) },
      stdout: 'ignore',
      stderr: 'pipe',
    });
    expect(await probe.exited).toBe(0);
  });
});
