// A conversion cut off by stopping the hub, or by its ffmpeg dying of a signal, is queued again
// and ends converted; only a file ffmpeg really cannot read fails (decision 0063). Real hubs
// (bun src/main.ts), real ffmpeg, a real HEVC clip: the first hub converts at x264's slowest preset
// so the stop surely finds the conversion running; the hub after the restart at its fastest.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { type SpawnedHub, spawnHub } from '../../../../test/helpers/spawn-hub.ts';
import { TEST_SITE_PASSWORD, tempDir } from '../../../../test/helpers/test-app.ts';
import { ffmpeg, ffprobe } from '../../../../test/helpers/video-samples.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';
import { CONVERT_TEXT } from './conversion.service.ts';

const BASE_ENV = { SITE_PASSWORD: TEST_SITE_PASSWORD, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin password', LOG_LEVEL: 'info' };
/** Minutes of CPU for the clip below: no stop's grace period outlasts it. */
const SLOW = { ...BASE_ENV, TRANSCODE_PRESET: 'veryslow' };
/** Seconds of CPU. */
const FAST = { ...BASE_ENV, TRANSCODE_PRESET: 'ultrafast', TRANSCODE_MAX_HEIGHT: '240' };

let clip: string;
let junk: string;
beforeAll(async () => {
  const dir = tempDir('hub-stop-conversion-');
  clip = path.join(dir, 'IMG_0100.mov');
  // 20 s of 640x360 HEVC in a QuickTime file, as a phone records it: browsers need it converted.
  await ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=20', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error:pools=1:frame-threads=1', '-tag:v', 'hvc1'],
    ...['-c:a', 'aac', '-f', 'mov', '-threads', '1', '-shortest', clip],
  ]);
  // A video by its first bytes (the sniffer takes it), noise after them: no tool can read it.
  const mp4 = (await mediaSamples()).mp4.bytes();
  const bytes = new Uint8Array(256 * 1024);
  crypto.getRandomValues(bytes.subarray(0, 65_536));
  bytes.set(mp4.subarray(0, 32));
  junk = path.join(dir, 'broken.mp4');
  writeFileSync(junk, bytes);
}, 300_000);

/** ffmpeg processes converting into this data folder now (from /proc): their pids. */
function conversions(dataDir: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0] ?? '') === 'ffmpeg' && args.some((a) => a.includes(dataDir) && a.endsWith('converted.mp4'))) pids.push(Number(pid));
    } catch {
      // The process ended while it was read.
    }
  }
  return pids;
}

/** A bounded poll: `what`'s first truthy answer, or a failure saying what never came. */
async function until<T>(label: string, what: () => Promise<T | undefined | false> | T | undefined | false, tries = 6_000, everyMs = 50): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await what();
    if (value) return value;
    await Bun.sleep(everyMs);
  }
  throw new Error(`gave up waiting for ${label}`);
}

/** The admin's credentials on a hub (the same on every hub of one data folder). */
async function signIn(hub: SpawnedHub): Promise<Record<string, string>> {
  const json = { 'content-type': 'application/json' };
  const gate = await fetch(`${hub.url}/api/site/verify-password`, { method: 'POST', headers: json, body: JSON.stringify({ password: TEST_SITE_PASSWORD }) });
  const { siteToken } = (await gate.json()) as { siteToken: string };
  const signed = await fetch(`${hub.url}/auth/signin/`, {
    method: 'POST',
    headers: { ...json, 'x-site-token': siteToken },
    body: JSON.stringify({ username: 'admin', password: 'admin password' }),
  });
  const { token } = (await signed.json()) as { token: string };
  return { 'x-site-token': siteToken, authorization: `Bearer ${token}` };
}

async function upload(hub: SpawnedHub, auth: Record<string, string>, file: string): Promise<string> {
  const body = new FormData();
  body.append('files', new Blob([readFileSync(file)]), path.basename(file));
  const res = await fetch(`${hub.url}/api/gallery/upload`, { method: 'POST', headers: auth, body });
  expect(res.status).toBe(201);
  return ((await res.json()) as UploadResult).media[0]!._id;
}

const itemOn = async (hub: SpawnedHub, auth: Record<string, string>, id: string) =>
  (await (await fetch(`${hub.url}/api/gallery/${id}`, { headers: auth })).json()) as MediaItem;

/** Waits for the item to leave `processing`; a hub that died meanwhile fails with its output. */
async function settled(hub: SpawnedHub, auth: Record<string, string>, id: string): Promise<MediaItem> {
  return until(
    `item ${id} to be converted or failed`,
    async () => {
      if (hub.process.exitCode !== null) throw new Error(`the hub exited:\n${hub.output()}`);
      const item = await itemOn(hub, auth, id);
      return item.status !== 'processing' && item;
    },
    // A conversion of seconds at the lowest CPU priority, on a machine busy with other tests.
    6_000,
    100,
  );
}

/** The item plays in a browser: its display is an H.264 MP4 of the whole clip. */
async function expectPlayable(hub: SpawnedHub, auth: Record<string, string>, item: MediaItem): Promise<void> {
  expect(item).toMatchObject({ status: 'ready', playback: 'converted', failure: null });
  const res = await fetch(`${hub.url}${item.display}`, { headers: auth });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'video/mp4']);
  const file = path.join(tempDir('hub-stop-display-'), 'display.mp4');
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const probed = await ffprobe(file);
  expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
  expect(probed.duration).toBeGreaterThan(19);
}

/** Kills whatever ffmpeg a failed test's hub left converting into its data folder. */
function killLeftovers(dataDir: string): void {
  for (const pid of conversions(dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

describe('a conversion cut off by stopping the hub', () => {
  const hubs: SpawnedHub[] = [];
  afterAll(async () => {
    for (const hub of hubs.reverse()) {
      await hub.cleanup();
      killLeftovers(hub.dataDir);
    }
  });

  /**
   * Starts a slow hub in a process group of its own, uploads the clip, stops the hub with `stop`
   * once its ffmpeg converts, starts a fast hub on the same data: the item ends converted.
   */
  async function stopAndRestart(stop: (hub: SpawnedHub) => void): Promise<void> {
    const first = await spawnHub(SLOW, { detached: true });
    hubs.push(first);
    const auth = await signIn(first);
    const id = await upload(first, auth, clip);
    await until('the conversion to start', () => conversions(first.dataDir).length > 0);
    stop(first);
    expect(await first.process.exited).toBe(0);
    expect(conversions(first.dataDir)).toEqual([]);
    // The stop found the conversion running: it is waiting for the next start, not failed.
    const between = await spawnHub(FAST, { dataDir: first.dataDir });
    hubs.push(between);
    const item = await settled(between, auth, id);
    await expectPlayable(between, auth, item);
    expect(first.output()).toContain('job interrupted by the stop; it runs again at the next start');
    expect(first.output()).not.toContain('video could not be converted');
  }

  test('Ctrl-C in the terminal (SIGINT to the whole process group): after the restart the video is converted and plays', async () => {
    await stopAndRestart((hub) => process.kill(-hub.process.pid, 'SIGINT'));
  }, 600_000);

  test('a service manager stopping the hub (SIGTERM to the hub alone): after the restart the video is converted and plays', async () => {
    await stopAndRestart((hub) => process.kill(hub.process.pid, 'SIGTERM'));
  }, 600_000);
});

describe('a conversion whose ffmpeg dies of a signal while the hub runs', () => {
  let hub: SpawnedHub;
  let auth: Record<string, string>;
  beforeAll(async () => {
    hub = await spawnHub(FAST);
    auth = await signIn(hub);
  }, 120_000);
  afterAll(async () => {
    await hub?.cleanup();
    if (hub) killLeftovers(hub.dataDir);
  });

  test('ffmpeg killed (the out-of-memory killer, someone’s kill -9): the conversion runs again and the video plays', async () => {
    const id = await upload(hub, auth, clip);
    const [pid] = await until(
      'the conversion to start',
      () => {
        const pids = conversions(hub.dataDir);
        return pids.length > 0 && pids;
      },
      60_000,
      5,
    );
    process.kill(pid!, 'SIGKILL');
    await until('the interruption in the log', () => hub.output().includes('job interrupted; it runs again'));
    const item = await settled(hub, auth, id);
    await expectPlayable(hub, auth, item);
    expect(hub.output()).not.toContain('video could not be converted');
  }, 600_000);

  test('a file no tool can read still fails, with the words it always had', async () => {
    const id = await upload(hub, auth, junk);
    const item = await settled(hub, auth, id);
    expect(item).toMatchObject({ status: 'failed', failure: 'This video could not be read' });
    expect(CONVERT_TEXT.failed).toBe('This video could not be converted. Try uploading it again.');
  }, 600_000);
});
