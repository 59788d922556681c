// What a page costs a browser in bytes: its HTML, stylesheets and every script it loads (lazy
// island chunks included), as sent with compression (Accept-Encoding: br, gzip) and without.

import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { JS_BUDGET_BYTES } from '../src/build/first-load.ts';
import { compressBytes } from '../src/http/middleware/compress.ts';

export interface Bytes {
  /** Body bytes on the wire when the browser accepts br and gzip. */
  compressed: number;
  /** Body bytes when it accepts neither. */
  plain: number;
}

export interface PageBytes {
  name: string;
  status: number;
  scripts: number;
  html: Bytes;
  js: Bytes;
  total: Bytes;
  /** Median time to compress the page's HTML as the hub does (brotli 4), in milliseconds. */
  compressMs: number;
}

/** Body bytes exactly as sent (Bun's fetch would decode them), and the status. */
function wireBytes(url: string, headers: Record<string, string>, acceptEncoding: string): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function bytesOf(url: string, headers: Record<string, string>): Promise<Bytes & { status: number; plainBody: Buffer }> {
  const compressed = await wireBytes(url, headers, 'br, gzip');
  const plain = await wireBytes(url, headers, 'identity');
  return { status: plain.status, compressed: compressed.bytes.length, plain: plain.bytes.length, plainBody: plain.bytes };
}

/** The files a real browser loads for the page: stylesheets and scripts, once every island is live. */
async function filesLoaded(browser: Browser, url: string, headers: Record<string, string>): Promise<{ scripts: string[]; styles: string[] }> {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // Islands import React and their own chunk after the load event.
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => el.dataset.hydrated === 'true'), undefined, {
      timeout: 10_000,
    });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => ({
      scripts: performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js')),
      styles: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
    }));
  } finally {
    await context.close();
  }
}

export async function pageBytes(browser: Browser, baseUrl: string, name: string, pagePath: string, headers: Record<string, string>): Promise<PageBytes> {
  const { scripts, styles } = await filesLoaded(browser, `${baseUrl}${pagePath}`, headers);
  const html = await bytesOf(`${baseUrl}${pagePath}`, headers);
  const sum = async (urls: string[]) => {
    const total = { compressed: 0, plain: 0 };
    for (const url of new Set(urls)) {
      const b = await bytesOf(url, headers);
      // PAGE_BYTES_FILES=1 lists every file with its compressed size (what to move out of the first load).
      if (process.env.PAGE_BYTES_FILES) console.log(`  ${name} ${(b.compressed / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
      total.compressed += b.compressed;
      total.plain += b.plain;
    }
    return total;
  };
  const js = await sum(scripts);
  const css = await sum(styles);
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await compressBytes(html.plainBody, 'br');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    name,
    status: html.status,
    scripts: new Set(scripts).size,
    html: { compressed: html.compressed, plain: html.plain },
    js,
    total: { compressed: html.compressed + css.compressed + js.compressed, plain: html.plain + css.plain + js.plain },
    compressMs: times[times.length >> 1]!,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A Markdown table, ready for a report. */
export function pageBytesTable(rows: PageBytes[]): string {
  const lines = [
    '| page | status | scripts | JS (br/gzip) | JS (plain) | total (br/gzip) | total (plain) | HTML compress time |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.status} | ${r.scripts} | ${kb(r.js.compressed)} | ${kb(r.js.plain)} | ${kb(r.total.compressed)} | ${kb(r.total.plain)} | ${r.compressMs.toFixed(2)} ms for ${kb(r.html.plain)} |`,
    );
  }
  return lines.join('\n');
}

export { JS_BUDGET_BYTES };

// Run on its own (npm run bench:page-bytes): a hub on a seeded data folder, and the bytes of
// every signed-in page with its JavaScript on first load beside the budget.
if (import.meta.main) {
  const { rmSync } = await import('node:fs');
  const os = await import('node:os');
  const { launchChromium } = await import('../test/helpers/browser.ts');
  const { spawnHub } = await import('../test/helpers/spawn-hub.ts');
  const { tempDir } = await import('../test/helpers/test-app.ts');
  const { openDatabase } = await import('../src/db/client.ts');
  const { migrateToLatest } = await import('../src/db/migrate.ts');
  const { credentialsFor, newUser } = await import('../test/helpers/factories.ts');
  const { manyMedia } = await import('../test/helpers/media-factory.ts');
  const { MATURE_COOKIE } = await import('../src/shared/gallery-view.ts');

  const dataDir = tempDir('hub-bench-bytes-');
  const database = openDatabase(`${dataDir}/hub.sqlite`);
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'bench', name: 'Bench User', role: 'admin' });
  const credentials = await credentialsFor(database.db, user);
  manyMedia(database, user.id, 50);
  manyMedia(database, user.id, 50, () => ({ gallery: 'premium' }), 'Premium');
  await database.close();
  const hub = await spawnHub({ SITE_PASSWORD: 'bench site password', LOG_LEVEL: 'warn' }, { dataDir });
  const headers = { cookie: `hub_site=${credentials.siteToken}; hub_session=${credentials.token}; ${MATURE_COOKIE}=true` };
  const chromium = await launchChromium();
  const rows: PageBytes[] = [];
  try {
    for (const page of ['/', '/gallery', '/premium', '/models', '/connect', '/links', '/watch', '/users', '/admin'])
      rows.push(await pageBytes(chromium.browser, hub.url, page, page, headers));
  } finally {
    await chromium.close();
    await hub.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(pageBytesTable(rows));
  console.log('\nJavaScript on first load, compressed, against the 70 KB budget:');
  for (const r of rows)
    console.log(
      `  ${r.name.padEnd(10)} ${kb(r.js.compressed).padStart(9)}  ${r.scripts} scripts  ${r.js.compressed <= JS_BUDGET_BYTES ? 'ok' : 'OVER BUDGET'}`,
    );
}
