import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { mediaSamples } from '../../test/helpers/media-samples.ts';
import { BUN, PROJECT_ROOT, type SpawnedHub, spawnHub } from '../../test/helpers/spawn-hub.ts';
import { TEST_SITE_PASSWORD, tempDir } from '../../test/helpers/test-app.ts';
import { VAULT_KEY_FILE } from '../security/vault-key.ts';
import type { MediaItem, UploadResult } from '../shared/media.ts';
import { listFiles } from './files.ts';

// Backup → restore on real processes: a hub with every collection and real uploads is backed up by
// `bun src/cli.ts backup` while a loop keeps reading and writing, the backup is restored into a new
// DATA_DIR, a second hub starts on it, and every answer and media byte is compared with the first
// hub's answers from before the backup began. Rows the loop makes are named "load ..." and left out
// of the comparison: a write made during the backup may or may not be in it.

/** The vault passwords the hub is given; no backup file may hold one in the clear. */
const PASSWORDS: string[] = [];

const ENV = { SITE_PASSWORD: TEST_SITE_PASSWORD, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin password', LOG_LEVEL: 'warn' };
const LOAD = 'load ';

interface Who {
  name: string;
  headers: Record<string, string>;
}

const dirs: string[] = [];
const hubs: SpawnedHub[] = [];
afterAll(async () => {
  for (const hub of hubs) await hub.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dir(prefix: string): string {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
}

async function api<T = unknown>(
  hub: SpawnedHub,
  who: Who,
  pathname: string,
  init: { method?: string; json?: unknown; body?: FormData } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...who.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${hub.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
}

async function signIn(hub: SpawnedHub, username: string, password: string): Promise<Who> {
  const json = { 'content-type': 'application/json' };
  const gate = await fetch(`${hub.url}/api/site/verify-password`, { method: 'POST', headers: json, body: JSON.stringify({ password: TEST_SITE_PASSWORD }) });
  const { siteToken } = (await gate.json()) as { siteToken: string };
  const res = await fetch(`${hub.url}/auth/signin/`, {
    method: 'POST',
    headers: { ...json, 'x-site-token': siteToken },
    body: JSON.stringify({ username, password }),
  });
  const { token } = (await res.json()) as { token: string };
  return { name: username, headers: { 'x-site-token': siteToken, authorization: `Bearer ${token}` } };
}

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const child = Bun.spawn([BUN, 'src/cli.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, out: `${out}${err}` };
}

async function ok<T>(promise: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const res = await promise;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Uploads real sample files into a gallery; returns the items. */
async function upload(hub: SpawnedHub, who: Who, gallery: 'gallery' | 'premium', files: { name: string; bytes(): Uint8Array }[]): Promise<MediaItem[]> {
  const body = new FormData();
  for (const f of files) body.append('files', new Blob([f.bytes() as Uint8Array<ArrayBuffer>]), f.name);
  return (await ok(api<UploadResult>(hub, who, `/api/${gallery}/upload`, { method: 'POST', body }), 201)).media;
}

/** A household's worth of everything, for two users. */
async function fill(hub: SpawnedHub, users: Who[]): Promise<void> {
  const samples = await mediaSamples();
  for (const [i, who] of users.entries()) {
    for (const n of [1, 2]) {
      await ok(
        api(hub, who, '/api/streaming-sites', {
          method: 'POST',
          json: { name: `${who.name} site ${n}`, url: `https://site${n}.example.test/`, description: 'kept', isFavorite: n === 1 },
        }),
        201,
      );
      await ok(
        api(hub, who, '/api/links', {
          method: 'POST',
          json: { name: `${who.name} link ${n}`, url: `https://link${n}.example.test/page`, description: 'a link' },
        }),
        201,
      );
    }
    for (const n of [1, 2]) {
      const password = `vault-${who.name}-${n}-Zq8!kV3#pW`;
      PASSWORDS.push(password);
      const account = {
        name: `${who.name} account ${n}`,
        username: `${who.name}${n}`,
        email: `${who.name}${n}@mail.example.test`,
        password,
        website: `https://account${n}.example.test/`,
        category: n === 1 ? 'email' : 'finance',
      };
      await ok(api(hub, who, '/api/accounts', { method: 'POST', json: account }), 201);
    }
    const model = await ok<{ _id: string }>(
      api(hub, who, '/api/models', { method: 'POST', json: { name: `${who.name} model`, tags: ['one', 'two'], description: 'a model' } }),
      201,
    );
    const free = await upload(hub, who, 'gallery', [samples.jpeg, samples.png, ...(i === 0 ? [samples.heic, samples.mp4] : [])]);
    const premium = await upload(hub, who, 'premium', [samples.webp]);
    await waitForProcessing(hub, who);
    await ok(api(hub, who, `/api/gallery/${free[0]!._id}`, { method: 'PUT', json: { title: `${who.name} favourite`, tags: ['kept'] } }));
    await ok(api(hub, who, `/api/gallery/${free[0]!._id}/favorite`, { method: 'POST' }));
    await ok(api(hub, who, `/api/models/${model._id}/profile-picture`, { method: 'PUT', json: { galleryId: free[1]!._id } }));
    const album = await ok<{ _id: string }>(api(hub, who, '/api/albums', { method: 'POST', json: { name: `${who.name} album`, description: 'kept' } }), 201);
    await ok(api(hub, who, `/api/albums/${album._id}/media`, { method: 'POST', json: { mediaIds: [free[0]!._id, premium[0]!._id] } }));
    // One item in the recycling bin: it is backed up and restored too.
    await ok(api(hub, who, `/api/gallery/${free.at(-1)!._id}/delete`, { method: 'DELETE' }));
  }
}

async function waitForProcessing(hub: SpawnedHub, who: Who): Promise<void> {
  for (;;) {
    const lists = await Promise.all(
      ['gallery', 'premium', 'gallery/recycling-bin', 'premium/recycling-bin'].map((g) => ok<{ media: MediaItem[] }>(api(hub, who, `/api/${g}?limit=1000`))),
    );
    // A ready video's preview and scrubber come from a job of their own, after it is ready.
    const settled = (m: MediaItem) => m.status !== 'processing' && (m.type !== 'video' || m.status !== 'ready' || (m.preview && m.scrubber));
    if (lists.every((l) => l.media.every(settled))) return;
    await Bun.sleep(100);
  }
}

const notLoad = (row: { name?: string; title?: string }) => !(row.name ?? row.title ?? '').startsWith(LOAD);

/** Every answer a user's screens rest on, with the load loop's rows left out, and the SHA-256 of every media byte served. */
async function answers(hub: SpawnedHub, who: Who): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const list of ['/api/streaming-sites?limit=500', '/api/links?limit=200', '/api/models?limit=500', '/api/albums?limit=100']) {
    const body = await ok<{ name: string }[] | { albums: { _id: string }[] }>(api(hub, who, list));
    out[list] = Array.isArray(body) ? body.filter(notLoad) : body;
  }
  for (const gallery of ['/api/gallery', '/api/premium', '/api/gallery/recycling-bin', '/api/premium/recycling-bin']) {
    const page = await ok<{ media: MediaItem[] }>(api(hub, who, `${gallery}?limit=1000`));
    const items = page.media.filter(notLoad);
    out[gallery] = items;
    for (const item of items) {
      // A video's preview and scrubber (its one sheet) are carried too.
      const scrubberSheet = item.scrubber ? new URL('scrubber/0.webp', `http://hub${item.scrubber}`).pathname : null;
      for (const url of [item.url, item.thumbnail, item.display, item.preview, item.scrubber, scrubberSheet]) {
        if (!url || out[url]) continue;
        const res = await fetch(`${hub.url}${url}`, { headers: who.headers });
        expect(res.status).toBe(200);
        out[url] = new Bun.CryptoHasher('sha256').update(new Uint8Array(await res.arrayBuffer())).digest('hex');
      }
    }
  }
  const accounts = await ok<{ _id: string }[]>(api(hub, who, '/api/accounts?limit=100'));
  out['/api/accounts'] = accounts;
  // Each account with its password, as the reveal and copy buttons ask for it.
  for (const account of accounts) out[`/api/accounts/${account._id}`] = await ok(api(hub, who, `/api/accounts/${account._id}`));
  for (const album of (out['/api/albums?limit=100'] as { albums: { _id: string }[] }).albums)
    out[`/api/albums/${album._id}`] = await ok(api(hub, who, `/api/albums/${album._id}?limit=1000`));
  if (who.name === 'admin') out['/api/users'] = await ok(api(hub, who, '/api/users'));
  return out;
}

/**
 * Reads and writes until stopped: new links (rows) and uploads (files), some deleted for good
 * again (their files leave the store while the backup copies), and the lists read in between.
 */
function loadLoop(hub: SpawnedHub, who: Who, jpeg: () => Uint8Array) {
  let running = true;
  let rounds = 0;
  const done = (async () => {
    while (running) {
      rounds++;
      const link = await api<{ _id: string }>(hub, who, '/api/links', {
        method: 'POST',
        json: { name: `${LOAD}${rounds}`, url: `https://load${rounds}.example.test/` },
      });
      expect(link.status).toBe(201);
      expect((await api(hub, who, '/api/links?limit=5')).status).toBe(200);
      expect((await api(hub, who, '/api/gallery?limit=5')).status).toBe(200);
      const [item] = await upload(hub, who, 'gallery', [{ name: `${LOAD}${rounds}.jpg`, bytes: jpeg }]);
      await ok(api(hub, who, `/api/gallery/${item!._id}`, { method: 'PUT', json: { title: `${LOAD}${rounds}` } }));
      if (rounds % 2 === 0) {
        await ok(api(hub, who, `/api/gallery/${item!._id}/permanent-delete`, { method: 'DELETE' }));
        await ok(api(hub, who, `/api/links/${link.body._id}`, { method: 'DELETE' }));
      }
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await done;
      return rounds;
    },
  };
}

describe('backup → restore round trip on real hubs', () => {
  let original: SpawnedHub;
  let users: Who[];
  let before: Record<string, unknown>[];

  beforeAll(async () => {
    original = await spawnHub(ENV);
    hubs.push(original);
    const admin = await signIn(original, 'admin', 'admin password');
    await ok(
      api(original, admin, '/api/users', {
        method: 'POST',
        json: { username: 'bob', name: 'Bob', email: 'bob@example.test', password: 'bob password!', role: 'user' },
      }),
      201,
    );
    users = [admin, await signIn(original, 'bob', 'bob password!')];
    await fill(original, users);
    before = [];
    for (const who of users) before.push(await answers(original, who));
  }, 300_000);

  test('backed up while serving reads and writes, restored into a new DATA_DIR: the new hub answers every list and serves every byte as before', async () => {
    const samples = await mediaSamples();
    const out = dir('hub-backups-');
    const load = loadLoop(original, users[1]!, () => samples.jpeg.bytes());
    const backup = await cli(['backup', '--out', out, '--include-key'], { DATA_DIR: original.dataDir });
    const rounds = await load.stop();
    expect(rounds).toBeGreaterThan(0);
    expect(backup.out).toContain(`Backup written to ${out}`);
    expect(backup.code).toBe(0);
    // The hub kept answering: the lists are still what they were.
    for (const [i, who] of users.entries()) expect(await answers(original, who)).toEqual(before[i]!);

    const verify = await cli(['backup', 'verify', out], { DATA_DIR: original.dataDir });
    expect(verify.out).toContain(': OK.');
    expect(verify.code).toBe(0);

    const target = path.join(dir('hub-restored-'), 'data');
    // The vault's passwords are nowhere in the backup in the clear (the database holds them sealed).
    expect(PASSWORDS).toHaveLength(4);
    const folder = path.join(out, readdirSync(out)[0]!);
    for (const file of await listFiles(folder)) {
      const bytes = readFileSync(path.join(folder, file));
      for (const password of PASSWORDS) expect(`${file}: ${bytes.includes(password)}`).toBe(`${file}: false`);
    }

    const restore = await cli(['restore', out], { DATA_DIR: target });
    expect(restore.out).toContain('The vault key was restored');
    expect(restore.code).toBe(0);

    const restored = await spawnHub(ENV, { dataDir: target });
    hubs.push(restored);
    // The sessions are rows of the database: the same credentials work on the restored hub.
    for (const [i, who] of users.entries()) expect(await answers(restored, who)).toEqual(before[i]!);
    await restored.stop();
  }, 300_000);

  test('without --include-key: the restored hub refuses to start until the key is put back by hand, then answers as before', async () => {
    const out = dir('hub-backups-');
    const backup = await cli(['backup', '--out', out], { DATA_DIR: original.dataDir });
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(`WARNING: the vault key (${path.join(original.dataDir, VAULT_KEY_FILE)}) is NOT in this backup`);

    const target = path.join(dir('hub-restored-'), 'data');
    const restore = await cli(['restore', out], { DATA_DIR: target });
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(`The hub will not start until secret.key is put back in ${target} (mode 0600) or VAULT_KEY is set.`);
    const refused = await spawnHub(ENV, { dataDir: target }).then(
      (hub) => {
        hubs.push(hub);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain('The vault key is missing');

    copyFileSync(path.join(original.dataDir, VAULT_KEY_FILE), path.join(target, VAULT_KEY_FILE));
    const restored = await spawnHub(ENV, { dataDir: target });
    hubs.push(restored);
    for (const [i, who] of users.entries()) expect(await answers(restored, who)).toEqual(before[i]!);
    await restored.stop();
  }, 300_000);

  test('a second backup into the same folder links the unchanged files and copies only the new ones', async () => {
    const out = dir('hub-backups-');
    const first = await cli(['backup', '--out', out], { DATA_DIR: original.dataDir });
    expect(first.code).toBe(0);
    const samples = await mediaSamples();
    await upload(original, users[0]!, 'gallery', [samples.gif]);
    await waitForProcessing(original, users[0]!);
    const second = await cli(['backup', '--out', out], { DATA_DIR: original.dataDir });
    expect(second.code).toBe(0);
    // The gif's original and thumbnail are new; everything else is linked.
    expect(second.out).toMatch(/Media: 2 file\(s\) copied \([^)]+\), \d+ unchanged file\(s\) linked from the previous backup/);
    const [a, b] = readdirSync(out).sort();
    expect(a).not.toBe(b);
  }, 300_000);
});
