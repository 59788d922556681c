// Where /gallery's server time goes: the whole request beside its parts, each timed alone on the
// same 50 items (median of N runs): the gallery's SQL + JSON answer (the API), the whole page and
// the page with one item, React's renderToString of the island alone, the lean rows and their JSON
// data block (beside what the same JSON cost as an escaped attribute), the document shell as
// React rendered it per request before it became a template (decision 0042); brotli and gzip of
// the page's HTML at the middleware's levels.
// Run: bun bench/gallery-page-profile.ts [runs, default 200]
// Always React's production build, as `npm start` runs the hub: NODE_ENV is set before anything
// loads React (every import that reaches React is dynamic).

import { loadavg } from 'node:os';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { reactBuild } from '../src/runtime-mode.ts';
import type { MediaPage } from '../src/shared/media.ts';

process.env.NODE_ENV = 'production';
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { serverIslands } = await import('../src/http/island.tsx');
const { Shell } = await import('../src/http/document.tsx');
const { leanPage } = await import('../src/shared/media.ts');
const { manyMedia } = await import('../test/helpers/media-factory.ts');
const { listBench, median } = await import('./lib/list-bench.ts');

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
const view = { filter: 'all', search: '', sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 50 } as never;
// As the page does: the server renders from the full items, the browser gets lean rows.
const props = { view, page, accepted: true, isAdmin: false };
const browserProps = { ...props, page: leanPage(page) };
const html = await (await bench.app.request('/gallery', pageInit)).text();
console.log(
  `HTML ${(html.length / 1024).toFixed(1)} KB, ${page.media.length} items; React build: ${reactBuild()}; load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

await timeAsync('GET /api/gallery?limit=50 (whole request)', async () => (await bench.app.request('/api/gallery?limit=50', apiInit)).text());
await timeAsync('GET /gallery (whole request)', async () => (await bench.app.request('/gallery', pageInit)).text());
await timeAsync('GET /gallery?limit=1 (page with 1 item)', async () => (await bench.app.request('/gallery?limit=1', pageInit)).text());
const islandHtml = renderToString(createElement(serverIslands.Gallery, props as never));
console.log(`island HTML ${(islandHtml.length / 1024).toFixed(1)} KB`);
time('renderToString(Gallery island: 15 of 50 cards drawn)', () => renderToString(createElement(serverIslands.Gallery, props as never)));
time('leanPage(50 items)', () => leanPage(page));
const json = JSON.stringify(browserProps);
console.log(`island props ${(json.length / 1024).toFixed(1)} KB of JSON`);
time('JSON.stringify(lean props) + escaping of <', () => JSON.stringify(browserProps).replace(/</g, '\\u003c'));
time('the same JSON as an escaped attribute (before)', () => renderToString(createElement('div', { 'data-props': json })));
// The document shell as React rendered it on every request before decision 0042 (now once per kind of page).
const shell = createElement(Shell, {
  documentTitle: 'The Red Room · Private Hub',
  mode: 'system',
  returnTo: '/gallery',
  access: true,
  user: { _id: 'u-1', name: 'Bench User', role: 'user', admin: false },
  initial: 'B',
  profile: '/user/u-1',
  bottomBar: true,
  year: 2026,
  discreet: false,
  brand: 'Private Hub',
  assets: {
    css: '/static/build/app.css',
    themeScript: '/static/build/islands/theme.js',
    discreetScript: '/static/build/islands/discreet.js',
    islandEntry: '/static/build/islands/client.js',
  },
  main: null,
  badge: null,
  scripts: null,
});
time('the document shell rendered whole (before 0042)', () => renderToString(shell));
const bytes = Buffer.from(html);
time('brotli q4 of the HTML', () => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }));
time('brotli q1 of the HTML', () => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }));
time('gzip 6 of the HTML', () => gzipSync(bytes, { level: 6 }));
time('gzip 1 of the HTML', () => gzipSync(bytes, { level: 1 }));
await bench.close();
