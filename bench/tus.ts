// Resumable uploads: a 2 GiB file over tus (POST /api/uploads, then PATCHes of 8 MB, the last one
// making the item) against the same file as one multipart POST /api/gallery/upload, on one hub in
// the same run, over loopback, in alternating order. Reports both rates, the ratio (tus / multipart)
// and the hub's RSS growth during each (budget: 64 MB), from a baseline taken after a warm-up of
// both ways; checks that both stored exactly the bytes of the file (the SHA-256 in the rows).
// The file is generated in /tmp (sparse: an MP4 head and a MiB of noise, then a hole) and deleted afterwards.
// Run: npm run bench:tus [GiB] [pairs]   (figures vary with the disk and the load).

import { Database } from 'bun:sqlite';
import { closeSync, ftruncateSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { spawnHub } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const GIB = Number(process.argv[2] ?? 2);
const PAIRS = Number(process.argv[3] ?? 1);
const FILE_BYTES = Math.round(GIB * 1024 ** 3);
const CHUNK_BYTES = 8 * 1000 * 1000;
const WARM_UP_BYTES = 32 * 1024 * 1024;
const SETTLE_MS = 1500;
const SITE_PASSWORD = 'bench site password';
const ADMIN = { username: 'bench', password: 'bench admin password' };
const BOUNDARY = 'benchboundary7MA4YWxkTrZu0gW';
const MiB = (bytes: number) => (bytes / 1024 ** 2).toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function rssBytes(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

function watchRss(pid: number): { stop(): { before: number; peak: number } } {
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  return {
    stop() {
      clearInterval(timer);
      return { before, peak: Math.max(peak, rssBytes(pid)) };
    },
  };
}

/** A sparse file of `size` bytes that sniffs as MP4: an ftyp box and noise, then nothing (zeros, no disk blocks). */
function makeFile(size: number): string {
  const file = path.join(tempDir('hub-bench-tus-'), 'big.mp4');
  const fd = openSync(file, 'w');
  const ftyp = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new TextEncoder().encode('isomiso2')]);
  // A first MiB of noise after the box (as a camera's file has), then the hole.
  const head = new Uint8Array(1024 * 1024);
  let x = 7;
  for (let i = 0; i < head.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    head[i] = x >>> 16;
  }
  head.set(ftyp);
  writeSync(fd, head.subarray(0, Math.min(head.length, size)));
  ftruncateSync(fd, size);
  closeSync(fd);
  return file;
}

async function sha256Of(file: string, size: number): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  const blob = Bun.file(file);
  for (let at = 0; at < size; at += 64 * 1024 * 1024) hasher.update(await blob.slice(at, Math.min(size, at + 64 * 1024 * 1024)).bytes());
  return hasher.digest('hex');
}

type Auth = Record<string, string>;

/** The file's first `size` bytes between `prefix` and `suffix`, read from the disk a MiB at a time as the socket takes them. */
function streamed(file: string, size: number, prefix = '', suffix = ''): ReadableStream<Uint8Array> {
  const fd = openSync(file, 'r');
  let at = 0;
  let stage: 'prefix' | 'file' | 'suffix' = 'prefix';
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'prefix') {
        stage = 'file';
        if (prefix) return controller.enqueue(new TextEncoder().encode(prefix));
      }
      if (stage === 'file' && at < size) {
        const chunk = new Uint8Array(Math.min(1024 * 1024, size - at));
        at += readSync(fd, chunk, 0, chunk.length, at);
        return controller.enqueue(chunk);
      }
      closeSync(fd);
      if (suffix) controller.enqueue(new TextEncoder().encode(suffix));
      controller.close();
    },
  });
}

/** One multipart POST of the file's first `size` bytes, streamed from the disk. */
async function multipart(url: string, auth: Auth, file: string, size: number): Promise<string> {
  const prefix = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const suffix = `\r\n--${BOUNDARY}--\r\n`;
  const res = await fetch(`${url}/api/gallery/upload`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(prefix.length + size + suffix.length) },
    body: streamed(file, size, prefix, suffix),
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  if (res.status !== 201) throw new Error(`multipart answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { media: { _id: string }[] }).media[0]!._id;
}

/** The last PATCH of the last tus upload: its bytes, then the whole file into the store and the item made. */
let lastPatchSeconds = 0;
let lastPatchStarted = 0;

/** The file over tus: create, then PATCHes of CHUNK_BYTES; answers the item's id. */
async function tus(url: string, auth: Auth, file: string, size: number): Promise<string> {
  const tusHeaders = { ...auth, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { ...tusHeaders, 'Upload-Length': String(size), 'Upload-Metadata': `filename ${btoa('bench.mp4')}` },
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const location = `${url}${created.headers.get('location')}`;
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    const end = Math.min(size, offset + CHUNK_BYTES);
    if (end === size) lastPatchStarted = performance.now();
    const res = await fetch(location, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: await Bun.file(file).slice(offset, end).bytes(),
    });
    if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${await res.text()}`);
  }
  lastPatchSeconds = (performance.now() - lastPatchStarted) / 1000;
  const view = (await (await fetch(location, { headers: auth })).json()) as { state: string; media?: { _id: string } };
  if (view.state !== 'done') throw new Error(`the upload ended ${JSON.stringify(view)}`);
  return view.media!._id;
}

const file = makeFile(FILE_BYTES);
const hub = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', PROCESSING_CONCURRENCY: '1' });
try {
  console.log(`tus benchmark: ${GIB} GiB (${FILE_BYTES} bytes), ${CHUNK_BYTES / 1e6} MB chunks, loopback, ${PAIRS} pair(s); load average ${load()}`);
  const expected = await sha256Of(file, FILE_BYTES);
  const json = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${hub.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
  const { siteToken } = (await json('/api/site/verify-password', { password: SITE_PASSWORD })) as { siteToken: string };
  const { token } = (await json('/auth/signin/', ADMIN, { 'x-site-token': siteToken })) as { token: string };
  const auth = { 'x-site-token': siteToken, authorization: `Bearer ${token}` };
  // Warm up both ways (their modules compiled, their loops hot), then let the hub settle.
  await multipart(hub.url, auth, file, WARM_UP_BYTES);
  await tus(hub.url, auth, file, WARM_UP_BYTES);
  await Bun.sleep(SETTLE_MS);

  const db = new Database(path.join(hub.dataDir, 'hub.sqlite'), { readonly: true });
  const results: { way: 'tus' | 'multipart'; seconds: number; growth: number; load: string }[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const way of pair % 2 === 0 ? (['multipart', 'tus'] as const) : (['tus', 'multipart'] as const)) {
      Bun.spawnSync(['sync']);
      const rss = watchRss(hub.process.pid);
      const started = performance.now();
      const id = await (way === 'tus' ? tus : multipart)(hub.url, auth, file, FILE_BYTES);
      const seconds = (performance.now() - started) / 1000;
      const { before, peak } = rss.stop();
      const row = db.query('SELECT sha256 FROM media WHERE id = ?').get(id) as { sha256: string };
      if (row.sha256 !== expected) throw new Error(`${way}: the hub hashed ${row.sha256}, not ${expected}`);
      results.push({ way, seconds, growth: peak - before, load: load() });
      console.log(
        `${way.padEnd(9)} ${seconds.toFixed(2)} s, ${(FILE_BYTES / 1e6 / seconds).toFixed(0)} MB/s, RSS ${MiB(before)} -> peak ${MiB(peak)} MiB (growth ${MiB(peak - before)} MiB)${way === 'tus' ? `, of which the last PATCH (the file into the store, the item made) ${lastPatchSeconds.toFixed(2)} s` : ''}, load average ${load()}`,
      );
    }
  }
  db.close();
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const secondsOf = (way: string) => median(results.filter((r) => r.way === way).map((r) => r.seconds));
  const ratio = secondsOf('multipart') / secondsOf('tus');
  const worst = Math.max(...results.filter((r) => r.way === 'tus').map((r) => r.growth));
  console.log('');
  console.log(
    `tus rate / multipart rate: ${(ratio * 100).toFixed(1)} %   (tus: a request per chunk, and the finished file hashed once more before its rename into the store)`,
  );
  console.log(
    `hub RSS growth over tus (worst): ${MiB(worst)} MiB = ${(worst / 1e6).toFixed(1)} MB   (budget: at most 64 MB)  ${worst <= 64e6 ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`load average at the end: ${load()}`);
} finally {
  await hub.cleanup();
  rmSync(path.dirname(file), { recursive: true, force: true });
}
