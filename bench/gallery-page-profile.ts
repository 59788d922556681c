// Where /gallery's server time goes: the whole request beside its parts, each timed alone on the
// same 50 items (median of N runs): the gallery's SQL + JSON answer (the API), React's
// renderToString of the island alone, of the island's marker with its escaped JSON props, and of
// the whole page; brotli and gzip of the page's HTML at the middleware's levels.
// Run: bun bench/gallery-page-profile.ts [runs, default 200]

import { loadavg } from 'node:os';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { serverIslands } from '../src/http/island.tsx';
import { leanPage, type MediaPage } from '../src/shared/media.ts';
import { manyMedia } from '../test/helpers/media-factory.ts';
import { listBench, median } from './lib/list-bench.ts';

const RUNS = Number(process.argv[2] ?? 200);
const bench = await listBench('hub-bench-gallery-profile-', RUNS, ({ database, userId }) => {
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
const cookie = `hub_site=${bench.headers['x-site-token']}; hub_session=${bench.headers.authorization.slice(7)}; matureContentAccepted=true`;
const pageInit = { headers: { cookie } };
const apiInit = { headers: bench.headers };

function time(label: string, run: () => unknown) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const t0 = performance.now();
    run();
    if (i >= 20) times.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(52)} ${median(times).toFixed(2).padStart(6)} ms`);
}
async function timeAsync(label: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const t0 = performance.now();
    await run();
    if (i >= 20) times.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(52)} ${median(times).toFixed(2).padStart(6)} ms`);
}

const page = (await (await bench.app.request('/api/gallery?limit=50', apiInit)).json()) as MediaPage;
const view = { filter: 'all', sort: 'newest', page: 1, limit: 50, q: '', compact: false } as never;
const props = { view, page: leanPage(page), accepted: true, isAdmin: false };
const html = await (await bench.app.request('/gallery', pageInit)).text();
console.log(
  `HTML ${(html.length / 1024).toFixed(1)} KB, ${page.media.length} items; load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

await timeAsync('GET /api/gallery?limit=50 (whole request)', async () => (await bench.app.request('/api/gallery?limit=50', apiInit)).text());
await timeAsync('GET /gallery (whole request)', async () => (await bench.app.request('/gallery', pageInit)).text());
await timeAsync('GET /gallery?limit=1 (page with 1 item)', async () => (await bench.app.request('/gallery?limit=1', pageInit)).text());
const islandHtml = renderToString(createElement(serverIslands.Gallery, props as never));
console.log(`island HTML ${(islandHtml.length / 1024).toFixed(1)} KB`);
time('renderToString(Gallery island, 50 cards)', () => renderToString(createElement(serverIslands.Gallery, props as never)));
time('renderToString(<div data-props={JSON}>) only', () => renderToString(createElement('div', { 'data-props': JSON.stringify(props) })));
time('JSON.stringify(props)', () => JSON.stringify(props));
const bytes = Buffer.from(html);
time('brotli q4 of the HTML', () => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }));
time('brotli q1 of the HTML', () => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }));
time('gzip 6 of the HTML', () => gzipSync(bytes, { level: 6 }));
time('gzip 1 of the HTML', () => gzipSync(bytes, { level: 1 }));
await bench.close();
