// What a page costs a browser in bytes: its HTML, stylesheets and every script it loads (lazy
// island chunks included), as sent with compression (Accept-Encoding: br, gzip) and without.

import { request } from 'node:http';
import type { Browser } from 'playwright-core';
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
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].every((el) => el.dataset.hydrated === 'true'), undefined, { timeout: 10_000 });
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
    lines.push(`| ${r.name} | ${r.status} | ${r.scripts} | ${kb(r.js.compressed)} | ${kb(r.js.plain)} | ${kb(r.total.compressed)} | ${kb(r.total.plain)} | ${r.compressMs.toFixed(2)} ms for ${kb(r.html.plain)} |`);
  }
  return lines.join('\n');
}
