// What /gallery with 50 items costs beside GET /api/gallery?limit=50, the JSON of the same page:
// the HTML's anatomy (bytes, inline SVG icons, class attributes, the island's JSON props), the
// median server time of each (app.request, no network), and their throughput under wrk over a
// real socket (Bun.serve), with the load average.
// Run: bun bench/gallery-page.ts [requests for the medians, default 300] [wrk seconds, default 10]
// Targets (issue 18): the page at most 2x the API's server time and at least 1/3 of its throughput;
// the last lines say PASS or FAIL for each (and the exit code is 1 when one fails).
// Always React's production build, as `npm start` runs the hub (src/main.ts): NODE_ENV is set
// here, before anything loads React (every import that reaches React is dynamic, below).

import { loadavg } from 'node:os';
import { reactBuild } from '../src/runtime-mode.ts';

process.env.NODE_ENV = 'production';
const { launchChromium } = await import('../test/helpers/browser.ts');
const { manyMedia } = await import('../test/helpers/media-factory.ts');
const { listBench, median } = await import('./lib/list-bench.ts');
const { pageBytes, pageBytesTable } = await import('./page-bytes.ts');

const RUNS = Number(process.argv[2] ?? 300);
/**
 * Requests of each kind before the measured ones, as a running hub has served many: the first
 * few hundred run while the JavaScript engine is still compiling the renderer's hot code.
 */
const WARM_UP = 200;
const SECONDS = Number(process.argv[3] ?? 10);

const bench = await listBench('hub-bench-gallery-page-', RUNS, ({ database, userId }) => {
  manyMedia(database, userId, 50, (i) => ({
    title: `Evening walk by the harbour ${i}`,
    tags: ['Outdoor', 'Sunset', `set ${i % 5}`],
    type: i % 5 === 0 ? 'video' : 'image',
    mimeType: i % 5 === 0 ? 'video/mp4' : 'image/jpeg',
    duration: i % 5 === 0 ? 42 : null,
    width: 1600,
    height: 1200,
    favorite: i % 7 === 0,
    placeholder: 'YTkGJwaRhWUIt4lbgnhZl3ath2BUBGYA',
  }));
});

const pageInit = {
  headers: {
    cookie: bench.headers.authorization
      ? `hub_site=${bench.headers['x-site-token']}; hub_session=${bench.headers.authorization.slice(7)}; matureContentAccepted=true`
      : '',
  },
};
const apiInit = { headers: bench.headers };
const html = await (await bench.app.request('/gallery', pageInit)).text();
const api = await (await bench.app.request('/api/gallery?limit=50', apiInit)).text();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const bytes = (s: string) => Buffer.byteLength(s);
// Inline icons draw their own paths; sprite uses are <svg><use href="#…"></svg>.
const svgs = (html.match(/<svg[\s\S]*?<\/svg>/g) ?? []).filter((s) => !/^<svg[^>]*><use /.test(s));
const classes = html.match(/ class="[^"]*"/g) ?? [];
// The island's props: a data-props attribute, or a JSON data block beside the marker.
const props = [...(html.match(/ data-props="[^"]*"/g) ?? []), ...(html.match(/<script type="application\/json"[^>]*>[^<]*<\/script>/g) ?? [])];
console.log(`/gallery HTML ${kb(bytes(html))} (the API's JSON ${kb(bytes(api))})`);
console.log(
  `  <svg> drawn inline ${svgs.length} (${kb(svgs.reduce((n, s) => n + bytes(s), 0))}), sprite <use> references ${(html.match(/<use /g) ?? []).length}`,
);
console.log(
  `  class attributes ${kb(classes.reduce((n, s) => n + bytes(s), 0))}, island props ${kb(props.reduce((n, s) => n + bytes(s), 0))}, cards drawn ${(html.match(/<article /g) ?? []).length}, <noscript> ${kb(bytes(/<noscript>[\s\S]*?<\/noscript>/.exec(html)?.[0] ?? ''))}`,
);

/**
 * The two requests in turn (after WARM_UP of each), so that both see the same load: the median wall time of each, and its
 * mean CPU time (the process's own, its GC threads included). On a loaded machine the wall time
 * also counts the time other processes held the CPU, which grows with the request's length; the
 * CPU time does not.
 */
async function serverTimes(cases: [string, RequestInit][]): Promise<{ wall: number; cpu: number }[]> {
  const wall: number[][] = cases.map(() => []);
  const cpu: number[][] = cases.map(() => []);
  for (let i = 0; i < RUNS + WARM_UP; i++)
    for (const [k, [path, init]] of cases.entries()) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await (await bench.app.request(path, init)).text();
      const dt = performance.now() - t0;
      const dc = process.cpuUsage(c0);
      if (i < WARM_UP) continue;
      wall[k]!.push(dt);
      cpu[k]!.push((dc.user + dc.system) / 1000);
    }
  return cases.map((_, k) => ({ wall: median(wall[k]!), cpu: cpu[k]!.reduce((a, b) => a + b, 0) / cpu[k]!.length }));
}
const [apiTime, pageTime] = await serverTimes([
  ['/api/gallery?limit=50', apiInit],
  ['/gallery', pageInit],
]);
const apiMs = apiTime!.wall;
const pageMs = pageTime!.wall;
console.log(`React build: ${reactBuild()} (NODE_ENV=${process.env.NODE_ENV})`);
console.log(`\nServer time (median of ${RUNS}): API ${apiMs.toFixed(2)} ms, page ${pageMs.toFixed(2)} ms: ${(pageMs / apiMs).toFixed(2)}x (target at most 2x)`);
console.log(
  `CPU time (mean of ${RUNS}): API ${apiTime!.cpu.toFixed(2)} ms, page ${pageTime!.cpu.toFixed(2)} ms: ${(pageTime!.cpu / apiTime!.cpu).toFixed(2)}x`,
);

const server = Bun.serve({ port: 0, fetch: (request) => bench.app.fetch(request) });
/** wrk against the server in this process (spawned without blocking it). */
async function wrk(path: string, headers: Record<string, string>): Promise<number> {
  const args = [
    'wrk',
    '-t2',
    '-c16',
    `-d${SECONDS}s`,
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    `http://127.0.0.1:${server.port}${path}`,
  ];
  const child = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' });
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  if (code !== 0) throw new Error(`wrk failed: ${await new Response(child.stderr).text()}`);
  if (/Non-2xx/.test(out)) throw new Error(`wrk saw errors:\n${out}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
}
const apiRps = await wrk('/api/gallery?limit=50', bench.headers);
const pageRps = await wrk('/gallery', pageInit.headers);
console.log(
  `Throughput (wrk, 2 threads, 16 connections, ${SECONDS} s): API ${apiRps.toFixed(0)} req/s, page ${pageRps.toFixed(0)} req/s: ${(pageRps / apiRps).toFixed(2)} of it (target at least 0.33)`,
);
// What a browser loads on first visit: the HTML, the stylesheet and the scripts (target: at most 70 KB of compressed JS).
const { browser, close } = await launchChromium();
const rows = [];
for (const [name, path] of [
  ['/gallery', '/gallery'],
  ['/premium', '/premium'],
] as const)
  rows.push(await pageBytes(browser, `http://127.0.0.1:${server.port}`, name, path, pageInit.headers));
await close();
console.log(`\n${pageBytesTable(rows)}`);
console.log(
  `Load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} (React build: ${reactBuild()})`,
);
server.stop(true);
await bench.close();

// The verdict, one line per target, from the figures above.
const verdicts: [string, boolean][] = [
  [`React's production build, as \`npm start\` renders (${reactBuild()})`, reactBuild() === 'production'],
  [`server time at most 2x the API's (${(pageMs / apiMs).toFixed(2)}x)`, pageMs <= 2 * apiMs],
  [`throughput at least 1/3 of the API's (${(pageRps / apiRps).toFixed(2)})`, pageRps * 3 >= apiRps],
];
console.log('');
for (const [target, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${target}`);
if (verdicts.some(([, ok]) => !ok)) process.exitCode = 1;
