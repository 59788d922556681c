// What making videos playable costs (decision 0037), each figure a ratio measured in one run:
// 1. remuxing an H.264 MKV of about N MB as the processing job does (ffmpeg into the store's folder
//    with the index written first, a rename into place; its ffprobe, which every video has for its
//    poster too, timed apart and shown beside it) against copying the file: with AAC
//    sound, a pure stream copy, target at most 2x; with AC-3 sound, made AAC, reported without a
//    target (decision 0040). Median of five rounds' ratios (three for --small), each step after `sync`;
// 2. converting an HEVC clip with the hub's arguments at its priority (nice 19, with progress)
//    against bare ffmpeg with the same arguments; target at least 90 % of its speed;
// 3. GET /api/gallery (a page of 50) while a conversion runs on the hub's queue, against idle;
//    target the busy median at most 5x the idle one.
// Run: npm run bench:video                  the sizes: a 1 GB MKV, 60 s of 1080p HEVC
//      npm run bench:video -- --small       a quick check that it works (32 MB, 5 s of 360p)
//      npm run bench:video -- [MB] [seconds] [lines]   any other sizes (after --small, they override it)
//      npm run bench:video -- --remux-only  only the remux figures (1.)
//      npm run bench:video -- --b-frames    the remuxed films made with B-frames (x264 veryfast, as
//                                           most downloaded films are) instead of ultrafast's none
// Every figure is printed with the load average (1, 5 and 15 minutes) when it was measured.

import { copyFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { DEFAULT_TRANSCODE } from '../src/config.ts';
import { convertArgs, decidePlayback, indexFirst, probePlayback } from '../src/features/media/processing/playback.ts';
import { makePlayable, renditionPath, runWithProgress, storeRemux } from '../src/features/media/processing/transcode.ts';
import type { UploadResult } from '../src/shared/media.ts';
import { LocalDiskStore } from '../src/storage/local-disk-store.ts';
import { newMediaKey } from '../src/storage/media-store.ts';
import { signedInUser } from '../test/helpers/factories.ts';
import { createTestApp, tempDir } from '../test/helpers/test-app.ts';
import { ffmpeg } from '../test/helpers/video-samples.ts';

const flags = process.argv.slice(2);
const small = flags.includes('--small');
const remuxOnly = flags.includes('--remux-only');
const bFrames = flags.includes('--b-frames');
const sizes = flags.filter((flag) => !flag.startsWith('--'));
const unknown = flags.filter((flag) => flag.startsWith('--') && !['--small', '--remux-only', '--b-frames'].includes(flag));
if (unknown.length > 0 || sizes.some((size) => !(Number(size) > 0))) {
  console.error(`usage: bun bench/video.ts [--small] [--remux-only] [--b-frames] [remux MB] [HEVC seconds] [lines]`);
  process.exit(2);
}
const REMUX_MB = Number(sizes[0] ?? (small ? 32 : 1024));
const HEVC_SECONDS = Number(sizes[1] ?? (small ? 5 : 60));
const LINES = Number(sizes[2] ?? (small ? 360 : 1080));
const WIDTH = Math.round((LINES * 16) / 9 / 2) * 2;

const dir = tempDir('hub-bench-video-');
const at = (file: string) => path.join(dir, file);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
async function run(command: string[]): Promise<void> {
  const proc = Bun.spawn(command, { stdout: 'ignore', stderr: 'pipe' });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`${command[0]} failed: ${stderr.slice(-500)}`);
}

console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores; load ${load()}`);
console.log(
  `sizes: remux ${REMUX_MB} MB, conversion ${HEVC_SECONDS} s of ${WIDTH}x${LINES}${small ? ' (--small)' : REMUX_MB === 1024 && HEVC_SECONDS === 60 && LINES === 1080 ? " (the issue's)" : ''}`,
);

// 1. Remux. Ten seconds (two for --small) of busy H.264, repeated (stream copy) to the size, once
// with AAC sound (a pure stream copy: the figure) and once with AC-3 (made AAC).
const PIECE_SECONDS = small ? 2 : 10;
await ffmpeg([
  ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${LINES}:rate=25:duration=${PIECE_SECONDS},noise=alls=30:allf=t`],
  ...['-c:v', 'libx264', '-preset', bFrames ? 'veryfast' : 'ultrafast', ...(bFrames ? ['-bf', '3'] : []), '-crf', '12', '-pix_fmt', 'yuv420p', at('piece.mkv')],
]);
const films = [] as { name: string; file: string; bytes: number }[];
for (const [name, codec] of [
  ['AAC', 'aac'],
  ['AC-3', 'ac3'],
] as const) {
  const piece = at(`piece-${codec}.mkv`);
  await ffmpeg([
    ...['-i', at('piece.mkv'), '-f', 'lavfi', '-i', `sine=duration=${PIECE_SECONDS}:sample_rate=48000`, '-ac', '2'],
    ...['-map', '0:v', '-map', '1:a', '-c:v', 'copy', '-c:a', codec, '-shortest', piece],
  ]);
  const loops = Math.max(0, Math.ceil((REMUX_MB * 1024 * 1024) / statSync(piece).size) - 1);
  const file = at(`film-${codec}.mkv`);
  await ffmpeg(['-stream_loop', String(loops), '-i', piece, '-c', 'copy', file]);
  rmSync(piece);
  films.push({ name, file, bytes: statSync(file).size });
}
rmSync(at('piece.mkv'));
const store = await new LocalDiskStore(at('store')).init();
/**
 * What the processing job does for a video's playable rendition: its ffprobe (shared with the
 * poster's size and duration), then the decision, ffmpeg into the store's folder, a rename into place.
 */
async function hubRemux(file: string): Promise<{ key: string; probeMs: number; remuxMs: number }> {
  const started = performance.now();
  const probe = await probePlayback(file, 'video/x-matroska');
  const probed = performance.now();
  const playable = await makePlayable(file, 'video/x-matroska', { probe, output: () => renditionPath(store, async () => dir, 'remuxed.mp4') });
  if (playable.plan.playback !== 'remuxed' || !playable.file) throw new Error(`expected a remux, decided ${playable.plan.playback}`);
  const key = newMediaKey('display', 'mp4');
  await storeRemux(store, key, playable.file);
  return { key, probeMs: probed - started, remuxMs: performance.now() - probed };
}
/** Dirty pages of the step before are written out first, so that no step pays for another's. */
const settle = () => Bun.spawnSync(['sync']);
const ROUNDS = small ? 3 : 5;
const copyTimes: number[] = [];
const remuxTimes = films.map(() => [] as number[]);
const probeTimes = films.map(() => [] as number[]);
for (let round = 1; round <= ROUNDS; round++) {
  settle();
  copyTimes.push(await timed(async () => copyFileSync(films[0]!.file, at('film-copy.mkv'))));
  rmSync(at('film-copy.mkv'));
  const line = [`  round ${round}: copy ${seconds(copyTimes.at(-1)!)}`];
  for (const [i, film] of films.entries()) {
    settle();
    const { key, probeMs, remuxMs } = await hubRemux(film.file);
    remuxTimes[i]!.push(remuxMs);
    probeTimes[i]!.push(probeMs);
    const stored = (await store.filePath(key))!;
    if (round === 1) {
      // The rendition is whole and plays from its start: its index comes first, ffprobe reads every packet.
      const probe = await probePlayback(stored, 'video/mp4');
      if (!(await indexFirst(stored)) || probe.video.codec !== 'h264' || probe.audio?.codec !== 'aac') throw new Error(`bad remux of ${film.name}`);
      await run(['ffprobe', '-v', 'error', '-count_packets', '-show_entries', 'stream=nb_read_packets', stored]);
    }
    await store.delete(key);
    line.push(`${film.name}: remux ${seconds(remuxMs)} + probe ${seconds(probeMs)}`);
  }
  console.log(`${line.join('; ')}; load ${load()}`);
}
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
for (const [i, film] of films.entries()) {
  // Each round's remux over that round's copy (measured seconds apart, in the same weather), then their median.
  const ratio = median(remuxTimes[i]!.map((ms, round) => ms / copyTimes[round]!));
  const withProbe = median(remuxTimes[i]!.map((ms, round) => (ms + probeTimes[i]![round]!) / copyTimes[round]!));
  console.log(
    `remux of ${(film.bytes / 1024 ** 2).toFixed(0)} MB H.264${bFrames ? ' with B-frames' : ''} + ${film.name} MKV (${i === 0 ? 'a pure stream copy' : 'sound made AAC'}): ${seconds(median(remuxTimes[i]!))}; plain copy ${seconds(median(copyTimes))}; ratio ${ratio.toFixed(2)}x${i === 0 ? ' (target at most 2x)' : ' (no target)'}; with its probe ${withProbe.toFixed(2)}x (medians of ${ROUNDS} rounds); load ${load()}`,
  );
}
for (const film of films) rmSync(film.file);
if (remuxOnly) {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

// 2. Conversion: the hub's arguments under nice and with progress, against bare ffmpeg.
await ffmpeg([
  ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${LINES}:rate=25:duration=${HEVC_SECONDS}`, '-f', 'lavfi', '-i', `sine=duration=${HEVC_SECONDS}`],
  ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac', '-shortest', '-f', 'mov', at('hevc.mov')],
]);
const hevc = await probePlayback(at('hevc.mov'), 'video/quicktime');
const convertPlan = decidePlayback('video/quicktime', hevc, true);
if (convertPlan.playback !== 'converted') throw new Error(`expected a conversion, decided ${convertPlan.playback}`);
const args = (out: string) => convertArgs('video/quicktime', at('hevc.mov'), at(out), convertPlan, hevc, DEFAULT_TRANSCODE);
const bareMs = await timed(() => run(['ffmpeg', ...args('bare.mp4').filter((a, i, all) => a !== '-progress' && all[i - 1] !== '-progress')]));
let updates = 0;
const hubMs = await timed(() => runWithProgress(args('hub.mp4'), { duration: hevc.duration, timeoutMs: 3_600_000, onProgress: () => updates++ }));
console.log(
  `conversion of ${HEVC_SECONDS} s ${WIDTH}x${LINES} HEVC (${DEFAULT_TRANSCODE.preset}, CRF ${DEFAULT_TRANSCODE.crf}): hub ${seconds(hubMs)} (${updates} progress updates), bare ffmpeg ${seconds(bareMs)}; ${((bareMs / hubMs) * 100).toFixed(0)} % of its speed (target at least 90 %); load ${load()}`,
);

// 3. API latency while the queue converts that clip.
const t = await createTestApp({ env: { LOG_LEVEL: 'warn' } });
try {
  const owner = await signedInUser(t.database.db);
  const body = new FormData();
  body.append('files', new Blob([await Bun.file(at('hevc.mov')).arrayBuffer()]), 'IMG_0001.mov');
  const list = async () => {
    const res = await t.request('/api/gallery?limit=50', { as: owner });
    await res.arrayBuffer();
  };
  const sample = async (count: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      times.push(await timed(list));
      // In process, a request never leaves the microtask queue: let the event loop read ffmpeg's output too.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return times.sort((a, b) => a - b);
  };
  // Items to list: the clip itself, uploaded; the processing job makes its poster and enqueues the conversion.
  const upload = (await (await t.request('/api/gallery/upload', { method: 'POST', body, as: owner })).json()) as UploadResult;
  const id = upload.media[0]!._id;
  await sample(1000); // warm-up
  const idle = await sample(2000);
  await t.services.jobs.start();
  const busy: number[] = [];
  let seen = '';
  for (;;) {
    const row = await t.database.db.selectFrom('media').select(['status', 'progress']).where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status !== seen) {
      seen = row.status;
      console.log(`  item: ${seen}`);
    }
    if (row.status !== 'processing') break;
    if (row.progress !== null && row.progress > 0) busy.push(...(await sample(20)));
    else await Bun.sleep(50);
  }
  await t.services.jobs.stop();
  busy.sort((a, b) => a - b);
  if (busy.length === 0) throw new Error('the conversion ended before a request could be timed: give it more seconds');
  console.log(
    `GET /api/gallery while converting: median ${median(busy).toFixed(2)} ms over ${busy.length} requests, idle ${median(idle).toFixed(2)} ms; ratio ${(median(busy) / median(idle)).toFixed(2)}x (target at most 5x); load ${load()}`,
  );
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
