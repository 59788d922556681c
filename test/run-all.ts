// The README's test command: every level in turn (types, unit + integration + storage contract,
// islands in happy-dom, browser journeys in Chromium); exits non-zero if any level fails. Password
// hashing is queued one or two at a time, so set-ups that make accounts may need more than bun's
// default 5 s per test or hook on a busy machine: the limit is 30 s (a hang still fails).

const bun = process.execPath;
const levels: { name: string; cmd: string[] }[] = [
  { name: 'types (tsc --noEmit)', cmd: [bun, 'x', 'tsc', '--noEmit'] },
  { name: 'unit, integration and storage contract', cmd: [bun, 'test', '--timeout', '30000', './src'] },
  { name: 'islands (happy-dom)', cmd: [bun, 'test', '--config=./bunfig.islands.toml', '--timeout', '30000', './islands'] },
  { name: 'browser journeys (Chromium)', cmd: [bun, 'test', '--timeout', '60000', './test/e2e'] },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const level of levels) {
  if (only.length > 0 && !only.some((o) => level.name.includes(o))) continue;
  console.log(`\n━━ ${level.name} ━━`);
  const started = performance.now();
  const child = Bun.spawn(level.cmd, { stdout: 'inherit', stderr: 'inherit', stdin: 'ignore' });
  const code = await child.exited;
  results.push({ name: level.name, ok: code === 0, seconds: (performance.now() - started) / 1000 });
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds.toFixed(1)} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
export {};
