// Proves the hub's image as a NAS owner runs it: bun .ci/container-check.ts (after bash
// .ci/container built it; HUB_CI_IMAGE names another image). Talks to the containers through
// Podman and HTTP on 127.0.0.1 only; prints a PASS or FAIL line with its time for every check and
// exits 1 if any failed. Everything it starts (containers, a volume, a folder) is removed at the end.

import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaSamples, type Sample } from '../test/helpers/media-samples.ts';
import { ffprobe, topLevelBoxes, type VideoSample, videoSample } from '../test/helpers/video-samples.ts';

const IMAGE = process.env.HUB_CI_IMAGE ?? 'localhost/private-hub:ci';
const ROOT = path.join(import.meta.dir, '..');
const run = `hub-ci-${process.pid}`;
const VOLUME = `${run}-data`;
const SITE_PASSWORD = 'household gate for ci';
const ADMIN = { username: 'owner', password: 'owner password for ci' };
const OWNER_ENV = { SITE_PASSWORD, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
/** A uid/gid no account of the image has, as a NAS's shared folder would be owned (1026:100 on many). */
const STRANGER = 4242;

const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
const containersConf = process.env.CONTAINERS_CONF ?? '/var/cache/private-hub-ci/containers.conf';

async function podman(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const child = Bun.spawn([...sudo, 'env', `CONTAINERS_CONF=${containersConf}`, 'podman', ...args], { stdout: 'pipe', stderr: 'pipe', stdin: 'ignore' });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code, out: out.trim(), err: err.trim() };
}

let passed = 0;
let failed = 0;
// biome-ignore lint/suspicious/noConfusingVoidType: kept from before the linter; fix when this code is next touched
async function check(what: string, body: () => Promise<string | void>): Promise<boolean> {
  const started = performance.now();
  try {
    const detail = await body();
    passed++;
    console.log(`PASS  ${what}${detail ? `: ${detail}` : ''}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  } catch (error) {
    failed++;
    console.log(`FAIL  ${what}: ${error instanceof Error ? error.message : String(error)}  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return false;
  }
}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

interface Started {
  name: string;
  url: string;
}

/** podman run -d with the hub's port published on 127.0.0.1 only. */
async function start(name: string, options: { env?: Record<string, string>; data: string; user?: string; library?: string }): Promise<Started> {
  const port = await freePort();
  const args = ['run', '-d', '--name', name, '-p', `127.0.0.1:${port}:3000`, '-v', `${options.data}:/data`];
  // A folder of the NAS, mounted read-only at /library, as compose.yaml has it (with LIBRARY_ROOTS=/library).
  if (options.library) args.push('-v', `${options.library}:/library:ro`, '-e', 'LIBRARY_ROOTS=/library');
  for (const [key, value] of Object.entries(options.env ?? {})) args.push('-e', `${key}=${value}`);
  if (options.user) args.push('--user', options.user);
  const result = await podman(...args, IMAGE);
  expect(result.code === 0, `podman run: ${result.err}`);
  return { name, url: `http://127.0.0.1:${port}` };
}

async function logs(name: string): Promise<string> {
  const result = await podman('logs', name);
  return `${result.out}\n${result.err}`;
}

async function state(name: string): Promise<{ running: boolean; exitCode: number }> {
  const result = await podman('inspect', '--format', '{{.State.Running}} {{.State.ExitCode}}', name);
  const [running, code] = result.out.split(' ');
  return { running: running === 'true', exitCode: Number(code) };
}

async function waitHealthy(hub: Started, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const ok = await fetch(`${hub.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return (performance.now() - started) / 1000;
    const { running, exitCode } = await state(hub.name);
    if (!running) throw new Error(`exited with ${exitCode} before /healthz answered:\n${await logs(hub.name)}`);
    if (performance.now() - started > limitMs) throw new Error(`/healthz did not answer within ${limitMs / 1000} s:\n${await logs(hub.name)}`);
    await Bun.sleep(250);
  }
}

/** The lines of a container's log that report an error or a crash. */
function errorLines(log: string): string[] {
  return log.split('\n').filter((line) => /\bERROR\b|Start-up failed|Unhandled|panic|uncaught/i.test(line));
}

interface Session {
  headers: Record<string, string>;
}

async function signIn(hub: Started): Promise<Session> {
  const gate = await fetch(`${hub.url}/api/site/verify-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: SITE_PASSWORD }),
  });
  expect(gate.status === 200, `site password: ${gate.status} ${await gate.clone().text()}`);
  const { siteToken } = (await gate.json()) as { siteToken: string };
  const signin = await fetch(`${hub.url}/auth/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-site-token': siteToken },
    body: JSON.stringify(ADMIN),
  });
  expect(signin.status === 200, `sign-in: ${signin.status} ${await signin.clone().text()}`);
  const { token } = (await signin.json()) as { token: string };
  return { headers: { 'x-site-token': siteToken, authorization: `Bearer ${token}` } };
}

interface Item {
  _id: string;
  status: string;
  failure: string | null;
  thumbnail: string | null;
  display: string;
  url: string;
  mimeType: string;
  width: number | null;
  duration: number | null;
  playback?: 'original' | 'remuxed' | 'converted' | null;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(hub: Started, session: Session, url: string): Promise<{ type: string; bytes: Uint8Array }> {
  const response = await fetch(`${hub.url}${url}`, { headers: session.headers });
  expect(response.status === 200, `GET ${url}: ${response.status}`);
  return { type: response.headers.get('content-type') ?? '', bytes: new Uint8Array(await response.arrayBuffer()) };
}

const isWebp = (bytes: Uint8Array) => new TextDecoder().decode(bytes.subarray(0, 4)) === 'RIFF' && new TextDecoder().decode(bytes.subarray(8, 12)) === 'WEBP';

async function upload(hub: Started, session: Session, samples: Sample[]): Promise<Item[]> {
  const form = new FormData();
  for (const sample of samples) form.append('files', Bun.file(sample.path, { type: sample.mimeType }), sample.name);
  const response = await fetch(`${hub.url}/api/gallery/upload`, { method: 'POST', headers: session.headers, body: form });
  const body = (await response.json()) as { media: Item[]; errors: { name: string; error: string }[] };
  expect(response.status === 201, `upload: ${response.status} ${JSON.stringify(body)}`);
  expect(body.errors.length === 0 && body.media.length === samples.length, `upload: ${JSON.stringify(body.errors)}`);
  return body.media;
}

/** Polls an item until processing ends; fails on 'failed' or after the limit. */
async function processed(hub: Started, session: Session, id: string, limitMs = 90_000): Promise<Item> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${hub.url}/api/gallery/${id}`, { headers: session.headers });
    expect(response.status === 200, `GET /api/gallery/${id}: ${response.status}`);
    const item = (await response.json()) as Item;
    if (item.status === 'ready') return item;
    if (item.status === 'failed') throw new Error(`processing failed: ${item.failure}`);
    if (performance.now() - started > limitMs) throw new Error(`still ${item.status} after ${limitMs / 1000} s`);
    await Bun.sleep(300);
  }
}

/** podman stop -t 30: the time it took, the exit code and the log's error lines. */
async function stopCleanly(name: string): Promise<string> {
  const started = performance.now();
  const result = await podman('stop', '-t', '30', name);
  const seconds = (performance.now() - started) / 1000;
  expect(result.code === 0, `podman stop: ${result.err}`);
  const { exitCode } = await state(name);
  const log = await logs(name);
  expect(exitCode === 0, `exit code ${exitCode}:\n${log}`);
  expect(seconds < 10, `took ${seconds.toFixed(1)} s (at most 10)`);
  expect(errorLines(log).length === 0, `error lines in the log:\n${errorLines(log).join('\n')}`);
  expect(/stopping reason=SIGTERM/.test(log) && /\bstopped\b/.test(log), `the log shows no clean stop:\n${log}`);
  return `exit 0 in ${seconds.toFixed(1)} s, no error line`;
}

const containers: string[] = [];
let bindDir: string | null = null;
let libraryDir: string | null = null;

/** Every entry under `root`: its size, time, mode and bytes' hash. */
function treeOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const stat = statSync(abs);
      const r = rel ? `${rel}/${name}` : name;
      out[r] = `${stat.size} ${stat.mtimeMs} ${stat.mode.toString(8)}${stat.isFile() ? ` ${sha256(readFileSync(abs))}` : ''}`;
      if (stat.isDirectory()) visit(abs, r);
    }
  };
  visit(root, '');
  return out;
}

async function main(): Promise<void> {
  const inspect = await podman('image', 'inspect', '--format', '{{.Size}}', IMAGE);
  if (inspect.code !== 0) {
    console.log(`FAIL  the image ${IMAGE} is not there: ${inspect.err} (bash .ci/container builds it)`);
    process.exit(1);
  }
  const samples = await mediaSamples();
  const chosen = [samples.jpeg, samples.heic, samples.mp4];
  const uploaded = new Map<string, { sample: Sample; item: Item }>();

  // 1. First start: only the three settings the README asks for, and a named volume.
  await podman('volume', 'create', VOLUME);
  // The collection already on the NAS: two folders deep, readable by anyone, owned by a stranger.
  libraryDir = mkdtempSync(path.join(os.tmpdir(), 'hub-ci-library-'));
  const libraryFiles: Record<string, Sample> = { 'Holiday 2024/day one/photo.jpg': samples.jpeg, 'Holiday 2024/clip.mp4': samples.mp4 };
  for (const [rel, sample] of Object.entries(libraryFiles)) {
    const file = path.join(libraryDir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, sample.bytes());
  }
  // The image's user (1000) reads it as anyone may; it is the NAS's, not the hub's.
  for (const dir of [libraryDir, path.join(libraryDir, 'Holiday 2024'), path.join(libraryDir, 'Holiday 2024/day one')]) chmodSync(dir, 0o755);
  const libraryTree = treeOf(libraryDir);
  const first = await start(`${run}-first`, { env: OWNER_ENV, data: VOLUME, library: libraryDir });
  containers.push(first.name);
  if (
    !(await check(
      'starts with SITE_PASSWORD, ADMIN_USERNAME, ADMIN_PASSWORD and a volume; /healthz answers',
      async () => `${(await waitHealthy(first)).toFixed(1)} s after podman run`,
    ))
  )
    return;

  await check("the image's HEALTHCHECK passes (podman healthcheck run)", async () => {
    const config = await podman('image', 'inspect', '--format', '{{json .Config.Healthcheck}}', IMAGE);
    expect(config.out.includes('healthcheck.ts'), `the image has no HEALTHCHECK (built without --format docker?): ${config.out}`);
    const result = await podman('healthcheck', 'run', first.name);
    expect(result.code === 0, `exit ${result.code}: ${result.out} ${result.err}`);
    return 'healthy';
  });

  await check('the site gate refuses the API without its password and a wrong password', async () => {
    const bare = await fetch(`${first.url}/api/gallery`);
    expect(bare.status === 401, `GET /api/gallery without a site token: ${bare.status}`);
    const wrong = await fetch(`${first.url}/api/site/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'not the password' }),
    });
    expect(wrong.status === 401, `a wrong site password: ${wrong.status}`);
    const page = await fetch(`${first.url}/gallery`);
    expect(page.status === 401 || (await page.text()).includes('password'), `the gallery page without a site token: ${page.status}`);
    return '401 for both';
  });

  let session: Session | null = null;
  await check('the site password and the administrator from ADMIN_USERNAME sign in', async () => {
    session = await signIn(first);
    const me = await fetch(`${first.url}/api/users`, { headers: session.headers });
    expect(me.status === 200, `GET /api/users: ${me.status}`);
    return 'site token and session';
  });
  if (!session) return;
  const signedIn: Session = session;

  await check('uploads a JPEG, a HEIC and an MP4 (201)', async () => {
    const items = await upload(first, signedIn, chosen);
    // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
    items.forEach((item, i) => uploaded.set(item._id, { sample: chosen[i]!, item }));
    return items.map((item) => item.mimeType).join(', ');
  });

  for (const { sample, item } of uploaded.values()) {
    await check(`${sample.name}: processed in the container, thumbnail${sample.type === 'video' ? ' (poster frame)' : ''} is WebP`, async () => {
      const ready = await processed(first, signedIn, item._id);
      expect(ready.thumbnail, 'ready without a thumbnail');
      const thumbnail = await bytesOf(first, signedIn, ready.thumbnail);
      expect(thumbnail.type.startsWith('image/webp') && isWebp(thumbnail.bytes), `thumbnail is ${thumbnail.type}, ${thumbnail.bytes.length} bytes`);
      const details = [`thumbnail ${thumbnail.bytes.length} B`, `${ready.width} px wide`];
      if (sample.type === 'video') {
        expect(ready.duration !== null && Math.abs(ready.duration - 2) < 0.5, `ffprobe read a duration of ${ready.duration}`);
        details.push(`${ready.duration} s (ffprobe)`);
      }
      if (sample.mimeType === 'image/heic') {
        const display = await bytesOf(first, signedIn, ready.display);
        expect(isWebp(display.bytes), `the HEIC's display rendition is ${display.type}`);
        details.push(`display rendition WebP ${display.bytes.length} B (heif-convert)`);
      }
      return details.join(', ');
    });
  }

  // Every other type the hub accepts, so a codec missing from the image shows here.
  const others = [samples.png, samples.gif, samples.webp, samples.avif, samples.jpegExif, samples.mov, samples.m4v, samples.webm];
  await check(`every other accepted type is processed too (${others.map((s) => s.name.split('.').pop()).join(', ')})`, async () => {
    const items = await upload(first, signedIn, others);
    // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
    items.forEach((item, i) => uploaded.set(item._id, { sample: others[i]!, item }));
    for (const item of items) {
      const ready = await processed(first, signedIn, item._id);
      expect(isWebp((await bytesOf(first, signedIn, ready.thumbnail!)).bytes), `${item.mimeType}: the thumbnail is not WebP`);
    }
    return `${items.length} items ready with WebP thumbnails`;
  });

  // Videos browsers cannot play are converted inside the image: its ffmpeg must decode HEVC and
  // MPEG-4 Part 2 and encode H.264 (libx264) and AAC. The samples are made by the host's ffmpeg.
  await check("the image's ffmpeg encodes H.264 (libx264) and AAC, and decodes HEVC and MPEG-4 Part 2", async () => {
    const encoders = await podman('exec', first.name, 'ffmpeg', '-hide_banner', '-encoders');
    const decoders = await podman('exec', first.name, 'ffmpeg', '-hide_banner', '-decoders');
    expect(encoders.code === 0 && decoders.code === 0, `ffmpeg -encoders/-decoders: ${encoders.err} ${decoders.err}`);
    const has = (list: string, name: string) => new RegExp(`^\\s*\\S+\\s+${name}\\s`, 'm').test(list);
    const missing = [
      ...['libx264', 'aac'].filter((name) => !has(encoders.out, name)).map((name) => `encoder ${name}`),
      ...['hevc', 'mpeg4'].filter((name) => !has(decoders.out, name)).map((name) => `decoder ${name}`),
    ];
    expect(missing.length === 0, `missing: ${missing.join(', ')}`);
    return 'libx264, aac; hevc, mpeg4';
  });
  const toConvert: VideoSample[] = await Promise.all([videoSample('movHevc'), videoSample('aviMpeg4')]);
  for (const sample of toConvert) {
    await check(
      `${sample.file} (${sample.name === 'movHevc' ? 'HEVC in a MOV' : 'MPEG-4 Part 2 in an AVI'}): converted in the container to H.264 + AAC in an MP4`,
      async () => {
        const asUpload: Sample = { name: sample.file, path: sample.path, mimeType: sample.mimeType, type: 'video', bytes: sample.bytes };
        const [item] = await upload(first, signedIn, [asUpload]);
        uploaded.set(item!._id, { sample: asUpload, item: item! });
        const ready = await processed(first, signedIn, item!._id, 180_000);
        expect(ready.playback === 'converted', `playback is ${ready.playback}, not converted`);
        expect(ready.display !== ready.url, 'the display rendition is the original');
        const display = await bytesOf(first, signedIn, ready.display);
        expect(display.type.startsWith('video/mp4'), `the rendition is served as ${display.type}`);
        const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hub-ci-rendition-')), 'display.mp4');
        try {
          await Bun.write(file, display.bytes);
          const probed = await ffprobe(file);
          const video = probed.streams.find((s) => s.codec_type === 'video');
          const audio = probed.streams.find((s) => s.codec_type === 'audio');
          expect(probed.formatName.includes('mp4'), `the rendition is ${probed.formatName}`);
          expect(video?.codec_name === 'h264' && video.pix_fmt === 'yuv420p', `its picture is ${video?.codec_name} ${video?.pix_fmt}`);
          expect(audio?.codec_name === 'aac', `its sound is ${audio?.codec_name}`);
          expect(Math.abs(probed.duration - 1) < 0.5, `it lasts ${probed.duration} s`);
          const boxes = topLevelBoxes(display.bytes);
          expect(boxes.indexOf('moov') >= 0 && boxes.indexOf('moov') < boxes.indexOf('mdat'), `its boxes: ${boxes.join(' ')}`);
          return `${display.bytes.length} B MP4: h264 ${video.width}x${video.height} yuv420p + aac, ${probed.duration.toFixed(2)} s, moov before mdat`;
        } finally {
          rmSync(path.dirname(file), { recursive: true, force: true });
        }
      },
    );
  }

  await check('the originals come back byte for byte', async () => {
    for (const { sample, item } of uploaded.values()) {
      const original = await bytesOf(first, signedIn, item.url);
      expect(sha256(original.bytes) === sha256(sample.bytes()), `${sample.name} differs (${original.bytes.length} B)`);
    }
    return `${uploaded.size} files, SHA-256 equal`;
  });

  // 2. The command line inside the running container, as docs/operations.md shows it.
  const cli = async (...args: string[]) => {
    const result = await podman('exec', first.name, 'bun', 'run', 'cli', ...args);
    expect(result.code === 0, `exit ${result.code}: ${result.out} ${result.err}`);
    return result.out;
  };
  await check('bun run cli lockout status', async () => {
    const out = await cli('lockout', 'status');
    expect(out.includes('The site is open'), out);
    return out.split('\n').at(-1);
  });
  await check('bun run cli lockout reset', async () => {
    const out = await cli('lockout', 'reset');
    expect(out.includes('Lockout reset'), out);
    return out.split('\n').at(-1);
  });
  const cliSource = await Bun.file(path.join(ROOT, 'src/cli.ts')).text();
  if (/^\s*backup: \{/m.test(cliSource)) {
    await check('bun run cli backup --out /data/backups', async () => {
      const out = await cli('backup', '--out', '/data/backups');
      const listed = await podman('exec', first.name, 'ls', '-l', '/data/backups');
      expect(listed.code === 0 && listed.out.split('\n').length > 1, `nothing in /data/backups: ${listed.out} ${listed.err}`);
      return `${out.split('\n').at(-1)} (${listed.out.split('\n').slice(1).join('; ')})`;
    });
  } else {
    console.log('NOTE  src/cli.ts has no backup command yet: the backup check runs once it has one');
  }

  // A library folder at the read-only bind mount /library: scanned, processed, never written.
  await check('a library at the read-only bind mount /library: scanned in the background, processed, its files unchanged', async () => {
    const users = (await (await fetch(`${first.url}/api/users`, { headers: signedIn.headers })).json()) as { _id: string; username?: string }[];
    const owner = users.find((u) => u.username === ADMIN.username) ?? users[0]!;
    const added = await fetch(`${first.url}/api/libraries`, {
      method: 'POST',
      headers: { ...signedIn.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/library', ownerId: owner._id, tags: ['nas'] }),
    });
    expect(added.status === 201, `POST /api/libraries: ${added.status} ${await added.clone().text()}`);
    const library = (await added.json()) as { _id: string };
    let scan: { state: string; added: number; failed: number; errors: unknown[] } | null = null;
    for (let waited = 0; waited < 60_000 && scan?.state !== 'done' && scan?.state !== 'failed'; waited += 250) {
      await Bun.sleep(250);
      scan = ((await (await fetch(`${first.url}/api/libraries/${library._id}`, { headers: signedIn.headers })).json()) as { lastScan: typeof scan }).lastScan;
    }
    expect(scan?.state === 'done' && scan.added === 2 && scan.failed === 0, `the scan: ${JSON.stringify(scan)}`);
    const page = (await (await fetch(`${first.url}/api/gallery?tags=nas`, { headers: signedIn.headers })).json()) as {
      media: (Item & { library: { path: string } })[];
    };
    expect(page.media.length === 2, `${page.media.length} library items in the gallery`);
    for (const item of page.media) {
      const ready = await processed(first, signedIn, item._id);
      expect(ready.thumbnail && isWebp((await bytesOf(first, signedIn, ready.thumbnail)).bytes), `${item.library.path}: no WebP thumbnail`);
      const original = await bytesOf(first, signedIn, ready.url);
      expect(sha256(original.bytes) === sha256(libraryFiles[item.library.path]!.bytes()), `${item.library.path}: served bytes differ`);
    }
    const rescan = await podman('exec', first.name, 'bun', 'run', 'cli', 'library', 'scan', 'library', '--wait');
    expect(
      rescan.code === 0 && rescan.out.includes('Done: found 2, added 0, updated 0, missing 0, skipped 0, failed 0.'),
      `bun run cli library scan --wait: ${rescan.out} ${rescan.err}`,
    );
    // Removed: its items leave the hub (the checks of the next container count the uploads alone).
    const removed = await fetch(`${first.url}/api/libraries/${library._id}`, { method: 'DELETE', headers: signedIn.headers });
    expect(removed.status === 200, `DELETE /api/libraries/{id}: ${removed.status}`);
    const left = (await (await fetch(`${first.url}/api/gallery?tags=nas`, { headers: signedIn.headers })).json()) as { totalItems: number };
    expect(left.totalItems === 0, `${left.totalItems} library items left after removing the library`);
    expect(JSON.stringify(treeOf(libraryDir)) === JSON.stringify(libraryTree), 'the library folder changed');
    return `2 items (${page.media.map((m) => m.library.path).join(', ')}), thumbnails in /data, bytes served from /library, rescan by the CLI, removed; the folder unchanged`;
  });

  // 3. SIGTERM, as docker stop / podman stop send it.
  await check('podman stop -t 30 (SIGTERM) stops it', () => stopCleanly(first.name));

  // 4. The upgrade path: a new container on the same volume.
  const second = await start(`${run}-second`, { env: OWNER_ENV, data: VOLUME });
  containers.push(second.name);
  if (await check('a new container on the same volume starts', async () => `${(await waitHealthy(second)).toFixed(1)} s`)) {
    await check('it finds every row and file: the account, every item, their originals and thumbnails', async () => {
      const log = await logs(second.name);
      expect(!log.includes('created the first administrator'), 'it created the administrator again');
      expect(!log.includes('database migrated'), 'it migrated the database again');
      const again = await signIn(second);
      const list = await fetch(`${second.url}/api/gallery?limit=100`, { headers: again.headers });
      const page = (await list.json()) as { media: Item[]; totalItems: number };
      expect(page.totalItems === uploaded.size, `${page.totalItems} items instead of ${uploaded.size}`);
      for (const item of page.media) {
        const before = uploaded.get(item._id);
        expect(before, `an item that was not uploaded: ${item._id}`);
        expect(item.status === 'ready' && item.thumbnail, `${before.sample.name} is ${item.status}`);
        const original = await bytesOf(second, again, item.url);
        expect(sha256(original.bytes) === sha256(before.sample.bytes()), `${before.sample.name} differs`);
        expect(isWebp((await bytesOf(second, again, item.thumbnail)).bytes), `${before.sample.name}'s thumbnail is not WebP`);
      }
      return `${page.totalItems} items, bytes equal, thumbnails served`;
    });
    await check('the new container stops cleanly too', () => stopCleanly(second.name));
  }

  // 5. A folder of the host bind-mounted at /data, owned by another uid than the image's user.
  bindDir = mkdtempSync(path.join(os.tmpdir(), 'hub-ci-bind-'));
  chownSync(bindDir, STRANGER, STRANGER);
  chmodSync(bindDir, 0o755);
  const refused = await start(`${run}-foreign-folder`, { env: OWNER_ENV, data: bindDir });
  containers.push(refused.name);
  await check(`a bind-mounted folder owned by uid ${STRANGER}: the hub stops at once and says what to change`, async () => {
    const started = performance.now();
    let current = await state(refused.name);
    while (current.running && performance.now() - started < 10_000) {
      await Bun.sleep(200);
      current = await state(refused.name);
    }
    const log = await logs(refused.name);
    expect(!current.running, `still running after 10 s:\n${log}`);
    expect(current.exitCode !== 0, 'exited 0');
    expect(
      log.includes('is not writable by the user the hub runs as') && log.includes(`--user ${STRANGER}:${STRANGER}`),
      `the message does not say what to change:\n${log}`,
    );
    return `exit ${current.exitCode} after ${((performance.now() - started) / 1000).toFixed(1)} s: ${log.trim().split('\n').at(-1)}`;
  });
  const asOwner = await start(`${run}-as-owner`, { env: OWNER_ENV, data: bindDir, user: `${STRANGER}:${STRANGER}` });
  containers.push(asOwner.name);
  if (await check(`the same folder with --user ${STRANGER}:${STRANGER}: starts`, async () => `${(await waitHealthy(asOwner)).toFixed(1)} s`)) {
    await check('  and works: sign-in, an upload processed, files on the host owned by that uid', async () => {
      const own = await signIn(asOwner);
      const [item] = await upload(asOwner, own, [samples.jpeg]);
      await processed(asOwner, own, item!._id);
      const database = path.join(bindDir!, 'hub.sqlite');
      expect(existsSync(database) && statSync(database).uid === STRANGER, 'hub.sqlite is not owned by the folder owner');
      return `hub.sqlite owned by ${STRANGER}`;
    });
    await check('  and stops cleanly', () => stopCleanly(asOwner.name));
  }
}

const started = performance.now();
try {
  await main();
} catch (error) {
  failed++;
  console.log(`FAIL  ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  for (const name of containers) await podman('rm', '-f', '-t', '0', name);
  await podman('volume', 'rm', '-f', VOLUME);
  if (bindDir) rmSync(bindDir, { recursive: true, force: true });
  if (libraryDir) rmSync(libraryDir, { recursive: true, force: true });
}
console.log(`container check: ${passed} PASS, ${failed} FAIL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed === 0 ? 0 : 1);
