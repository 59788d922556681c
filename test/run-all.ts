// The README's test command: every level (types, unit + integration + storage contract, islands in
// happy-dom, browser journeys in Chromium) at the same time, since they share no port (every
// server and Swift listen on free ports), no data folder (each test makes its own temp folder) and
// no file they write (the assets are built once, below, before the levels start, and the levels
// only read them). Each level's output is kept and printed whole when the level ends, then a
// summary; the command exits non-zero if any level fails.
//
// `bun test/run-all.ts islands browser` runs only the levels whose name contains one of the words;
// `--serial` runs the levels one after another (for timing one level alone).
//
// A test or hook may take 60 s (browser journeys 120 s) before bun fails it: on a loaded machine
// set-ups that hash passwords (queued one or two at a time), make sample media with ffmpeg or
// start servers take many times their idle time. The limits are there to end hangs, not to time.

import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAssets } from '../src/build/assets.ts';
import { mediaSamples, SAMPLES_DIR_VARIABLE } from './helpers/media-samples.ts';

const bun = process.execPath;
const TWO_PROCESSES = ['--parallel=2', '--no-isolate'];
const levels: { name: string; cmd: string[] }[] = [
  { name: 'types (tsc --noEmit)', cmd: [bun, 'x', 'tsc', '--noEmit'] },
  // Biome: the layout and the lint rules of docs/decisions/0031.
  { name: 'format and lint (biome check)', cmd: [bun, 'x', 'biome', 'check', '--error-on-warnings'] },
  // The two longest levels spread their files over two processes each; every process keeps one
  // module registry across its files (--no-isolate), as a plain `bun test` does, so a process
  // starts one Swift for all its storage contract files (test/helpers/swift-s3.ts).
  { name: 'unit, integration and storage contract', cmd: [bun, 'test', ...TWO_PROCESSES, '--timeout', '60000', './src'] },
  { name: 'islands (happy-dom)', cmd: [bun, 'test', '--config=./bunfig.islands.toml', '--timeout', '60000', './islands'] },
  { name: 'browser journeys (Chromium)', cmd: [bun, 'test', ...TWO_PROCESSES, '--timeout', '120000', './test/e2e'] },
];

const args = process.argv.slice(2);
const serial = args.includes('--serial');
const only = args.filter((a) => !a.startsWith('--'));
const chosen = levels.filter((level) => only.length === 0 || only.some((o) => level.name.includes(o)));

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// The server levels read static/build; building it here, once, means no level writes it while
// another reads it (a no-op when the build already matches the sources).
const assets = await ensureAssets();
console.log(`assets ${assets.rebuilt ? 'built' : 'up to date'} (${seconds(started)} s)`);
console.log(`running ${chosen.length} level(s) ${serial ? 'one after another' : 'at the same time'}; load average ${load()}`);

// The sample media (photos in every format, short clips in every container) are made once here,
// while the machine is still quiet, and every level reads them; made inside a test on a busy
// machine they took longer than its limit. Without ffmpeg or heif-enc the tests make (and fail
// on) them as before.
try {
  const samples = await mediaSamples();
  process.env[SAMPLES_DIR_VARIABLE] = path.dirname(samples.jpeg.path);
  console.log(`sample media made (${seconds(started)} s)`);
} catch (error) {
  console.log(`sample media not made here: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
}

const logDir = mkdtempSync(path.join(tmpdir(), 'hub-test-levels-'));

async function run(level: (typeof levels)[number], index: number) {
  const begun = performance.now();
  // One file for stdout and stderr keeps their lines in the order the level wrote them.
  const logPath = path.join(logDir, `${index}.log`);
  const fd = openSync(logPath, 'w');
  let code: number;
  try {
    const child = Bun.spawn(level.cmd, { stdout: fd, stderr: fd, stdin: 'ignore', env: { ...process.env } });
    code = await child.exited;
  } finally {
    closeSync(fd);
  }
  const output = readFileSync(logPath, 'utf8').trimEnd();
  const result = { name: level.name, ok: code === 0, seconds: seconds(begun), failures: failuresIn(output) };
  console.log(`\n━━ ${level.name}: ${result.ok ? 'PASS' : 'FAIL'} in ${result.seconds} s ━━`);
  console.log(output);
  return result;
}

/**
 * Each failed test of a level with the lines bun printed just before it (its error, expected and
 * received), so the end of the output, which is what a CI page shows first, names what failed.
 */
function failuresIn(output: string): string[] {
  const lines = output.split('\n');
  const found: string[] = [];
  const named = new Set<string>();
  for (const [i, line] of lines.entries()) {
    // bun names each failure twice: after its error, and again in the list at the end.
    if (!line.startsWith('(fail)') || named.has(line)) continue;
    named.add(line);
    const from = Math.max(0, i - 30);
    const before = lines.slice(from, i).filter((l) => !l.startsWith('(pass)') && !l.startsWith('(skip)'));
    found.push([...before.slice(-20), line].join('\n'));
  }
  return found;
}

const results: Awaited<ReturnType<typeof run>>[] = [];
try {
  if (serial) for (const [i, level] of chosen.entries()) results.push(await run(level, i));
  else results.push(...(await Promise.all(chosen.map(run))));
} finally {
  rmSync(logDir, { recursive: true, force: true });
  const samplesDir = process.env[SAMPLES_DIR_VARIABLE];
  if (samplesDir) rmSync(path.dirname(samplesDir), { recursive: true, force: true });
}

for (const r of results.filter((r) => !r.ok)) {
  console.log(`\n━━ what failed in ${r.name} ━━`);
  if (r.failures.length === 0) console.log('no test failed: the level itself exited non-zero (its output is above)');
  for (const failure of r.failures.slice(0, 10)) console.log(`${failure}\n`);
  if (r.failures.length > 10) console.log(`… and ${r.failures.length - 10} more`);
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds} s)`);
console.log(`total ${seconds(started)} s; load average ${load()}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
