// Ingest: a 2 GiB upload through POST /api/gallery/upload (multipart, sniffed, hashed, fsynced
// into the local store, the row written) against a bare Bun.serve that streams a POST body to a
// file while hashing it, on the same machine in the same run, over loopback. Reports both rates,
// their ratio (budget: at least 80 %) and the hub's RSS growth during the upload (budget: 64 MB).
// Run: npm run bench:ingest [GiB]   (figures vary with the disk and the load).

import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BUN, spawnHub } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const GIB = Number(process.argv[2] ?? 2);
const FILE_BYTES = Math.round(GIB * 1024 ** 3);
const CHUNK = 1024 * 1024;
const SITE_PASSWORD = 'bench site password';
const ADMIN = { username: 'bench', password: 'bench admin password' };
const BOUNDARY = 'benchboundary7MA4YWxkTrZu0gW';

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
}

/** An ftyp box (so the bytes sniff as MP4), then pseudo-random filler: `size` bytes in 1 MiB chunks. */
function videoChunks(size: number): () => Generator<Uint8Array> {
  const filler = new Uint8Array(CHUNK);
  let x = 7;
  for (let i = 0; i < filler.length; i++) filler[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >>> 16;
  const head = new Uint8Array(CHUNK);
  head.set(filler);
  const ftyp = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0, ...new TextEncoder().encode('isomiso2')]);
  head.set(ftyp);
  return function* () {
    let sent = 0;
    while (sent < size) {
      const n = Math.min(CHUNK, size - sent);
      const chunk = sent === 0 ? head : filler;
      yield n === CHUNK ? chunk : chunk.subarray(0, n);
      sent += n;
    }
  };
}

/** POSTs `parts` (prefix, file chunks, suffix) as one streamed body; resolves with the seconds taken and the answer. */
async function post(url: string, headers: Record<string, string>, prefix: string, suffix: string): Promise<{ seconds: number; status: number; body: string }> {
  const encoder = new TextEncoder();
  const chunks = videoChunks(FILE_BYTES)();
  const first = encoder.encode(prefix);
  const last = encoder.encode(suffix);
  let stage: 'prefix' | 'file' | 'suffix' | 'done' = 'prefix';
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'prefix') {
        stage = 'file';
        controller.enqueue(first);
      } else if (stage === 'file') {
        const next = chunks.next();
        if (next.done) {
          stage = 'done';
          controller.enqueue(last);
          controller.close();
        } else controller.enqueue(next.value);
      }
    },
  });
  const length = first.byteLength + FILE_BYTES + last.byteLength;
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-length': String(length) }, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { seconds: (performance.now() - started) / 1000, status: res.status, body: text };
}

/** The reference: Bun.serve streaming a POST body to a file while hashing, fsync and rename, as the hub's store does. */
const REFERENCE_SERVER = `
import { promises as fs } from 'node:fs';
const dir = process.env.DIR;
const server = Bun.serve({
  port: 0, hostname: '127.0.0.1', maxRequestBodySize: 64 * 1024 ** 3, idleTimeout: 120,
  async fetch(req) {
    const temp = dir + '/incoming.part';
    const hasher = new Bun.CryptoHasher('sha256');
    const sink = Bun.file(temp).writer({ highWaterMark: 1024 * 1024 });
    let size = 0;
    for await (const chunk of req.body) {
      hasher.update(chunk);
      size += chunk.byteLength;
      const pending = sink.write(chunk);
      if (pending instanceof Promise) await pending;
    }
    await sink.end();
    const handle = await fs.open(temp, 'r');
    await handle.sync(); await handle.close();
    await fs.rename(temp, dir + '/stored.bin');
    return Response.json({ size, sha256: hasher.digest('hex') }, { status: 201 });
  },
});
console.log(server.port);
`;

async function reference(): Promise<{ seconds: number }> {
  const dir = tempDir('hub-bench-ref-');
  const child = Bun.spawn([BUN, '-e', REFERENCE_SERVER], { env: { ...process.env, DIR: dir }, stdout: 'pipe', stderr: 'inherit' });
  try {
    const reader = child.stdout.getReader();
    const { value } = await reader.read();
    const port = Number(new TextDecoder().decode(value).trim());
    const result = await post(`http://127.0.0.1:${port}/`, { 'content-type': 'application/octet-stream' }, '', '');
    if (result.status !== 201) throw new Error(`reference answered ${result.status}: ${result.body}`);
    return result;
  } finally {
    child.kill();
    await child.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function hub(): Promise<{ seconds: number; rssBefore: number; rssPeak: number }> {
  const instance = await spawnHub({ SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', PROCESSING_CONCURRENCY: '1' });
  try {
    const json = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${instance.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
    const { siteToken } = (await json('/api/site/verify-password', { password: SITE_PASSWORD })) as { siteToken: string };
    const { token } = (await json('/auth/signin/', ADMIN, { 'x-site-token': siteToken })) as { token: string };
    // Warm up the route (first request compiles its modules) with a small upload.
    const warm = new FormData();
    warm.append('files', new Blob([new Uint8Array([0, 0, 0, 16, ...new TextEncoder().encode('ftypisom'), 0, 0, 0, 0])]), 'warm.mp4');
    await fetch(`${instance.url}/api/gallery/upload`, { method: 'POST', headers: { 'x-site-token': siteToken, authorization: `Bearer ${token}` }, body: warm });
    Bun.gc(true);
    await Bun.sleep(500);
    const pid = instance.process.pid;
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(pid))), 20);
    const prefix = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tags"\r\n\r\nbench\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const result = await post(
      `${instance.url}/api/gallery/upload`,
      { 'x-site-token': siteToken, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      prefix,
      `\r\n--${BOUNDARY}--\r\n`,
    );
    clearInterval(sampler);
    if (result.status !== 201) throw new Error(`hub answered ${result.status}: ${result.body.slice(0, 300)}`);
    const item = (JSON.parse(result.body) as { media: { size: number }[] }).media[0]!;
    if (item.size !== FILE_BYTES) throw new Error(`hub stored ${item.size} bytes, not ${FILE_BYTES}`);
    return { seconds: result.seconds, rssBefore, rssPeak };
  } finally {
    await instance.cleanup();
  }
}

const mb = FILE_BYTES / 1e6;
console.log(`Ingest benchmark: ${GIB} GiB (${FILE_BYTES} bytes) over loopback, local disk under ${path.dirname(tempDir('hub-bench-probe-'))}`);
// The disk's write-back of one run must not slow the next: flush, and take the better of two runs each.
const flush = () => Bun.spawnSync(['sync']);
const runs = { ref: [] as { seconds: number }[], hub: [] as Awaited<ReturnType<typeof hub>>[] };
for (let i = 0; i < 2; i++) {
  flush();
  runs.ref.push(await reference());
  flush();
  runs.hub.push(await hub());
}
const ref = runs.ref.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
const ours = { ...runs.hub.reduce((a, b) => (a.seconds <= b.seconds ? a : b)), rssBefore: 0, rssPeak: 0 };
// Memory: the worse of the two runs.
const worst = runs.hub.reduce((a, b) => (a.rssPeak - a.rssBefore >= b.rssPeak - b.rssBefore ? a : b));
ours.rssBefore = worst.rssBefore;
ours.rssPeak = worst.rssPeak;
const refRate = mb / ref.seconds;
const hubRate = mb / ours.seconds;
const ratio = hubRate / refRate;
const growth = (ours.rssPeak - ours.rssBefore) / 1024 ** 2;
const rows = [
  ['', 'seconds', 'MB/s'],
  ['bare Bun.serve to disk (reference)', ref.seconds.toFixed(2), refRate.toFixed(0)],
  ['POST /api/gallery/upload', ours.seconds.toFixed(2), hubRate.toFixed(0)],
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('   '));
console.log('');
console.log(`hub rate / reference rate: ${(ratio * 100).toFixed(1)} %   (budget: at least 80 %)  ${ratio >= 0.8 ? 'OK' : 'OVER BUDGET'}`);
console.log(`hub RSS: ${(ours.rssBefore / 1024 ** 2).toFixed(1)} MiB before, ${(ours.rssPeak / 1024 ** 2).toFixed(1)} MiB peak, growth ${growth.toFixed(1)} MiB   (budget: at most 64 MB)  ${growth * 1024 ** 2 <= 64e6 ? 'OK' : 'OVER BUDGET'}`);
