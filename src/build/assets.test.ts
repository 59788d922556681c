import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tempDir } from '../../test/helpers/test-app.ts';
import { type AssetManifest, buildAssets, ensureAssets, islandEntryOf, sourceFingerprint } from './assets.ts';

let outDir: string;
let manifest: AssetManifest;
const file = (url: string) => path.join(outDir, url.replace('/static/build/', ''));

// A whole build (stylesheet, every island, their compressed copies) takes seconds on an idle
// machine and over a minute on a loaded one running every level at once: the bound ends hangs only.
beforeAll(async () => {
  outDir = tempDir('hub-assets-');
  manifest = await buildAssets(outDir);
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('buildAssets', () => {
  test('names every file by its content, so a year-long cache is safe', async () => {
    expect(manifest.css).toMatch(/^\/static\/build\/app-[0-9a-f]{12}\.css$/);
    expect(manifest.islandEntry).toMatch(/^\/static\/build\/islands\/client-[a-z0-9]+\.js$/);
    const again = await buildAssets(outDir);
    expect(again).toEqual(manifest);
    for (const url of manifest.files) expect(existsSync(file(url))).toBe(true);
  }, 300_000);

  test('the stylesheet holds the reset, the theme tokens and the utilities the sources use, and nothing from tests', async () => {
    const css = await Bun.file(file(manifest.css)).text();
    expect(css).toContain('box-sizing'); // the reset
    expect(css).toContain('--c-accent:');
    expect(css).toContain('html[data-mode=dark]');
    expect(css).toContain('.bg-surface');
    expect(css).toContain('.max-w-6xl');
  });

  test('the island entry is small and does not contain React; React and each island are separate chunks', async () => {
    const entry = await Bun.file(file(manifest.islandEntry)).text();
    // No island's name or file: the page names its islands' scripts on the entry's tag (data-islands).
    expect(entry).not.toContain('LockoutBadge');
    // React's code lives in chunks the entry imports only when a page has an island.
    expect(entry).not.toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    expect(entry).not.toContain('unstable_scheduleCallback');
    expect(gzipSync(entry).length).toBeLessThan(2048);
    const chunks = manifest.files.filter((f) => f.endsWith('.js') && f !== manifest.islandEntry);
    expect(chunks.some((f) => /\/LockoutBadge-[a-z0-9]+\.js$/.test(f))).toBe(true);
    const chunkTexts = await Promise.all(chunks.map((f) => Bun.file(file(f)).text()));
    expect(chunkTexts.some((t) => t.includes('hydrateRoot'))).toBe(true);
    // The production build of React, not the development one.
    expect(chunkTexts.join('\n')).not.toContain('react-dom.development');
  });

  test("an island whose first file only re-exports its chunk's component is loaded from the chunk, by that component's name", () => {
    expect(islandEntryOf('import{Le}from"./Gallery-g2pydqw7.js";export{Le as default};')).toEqual({ file: 'Gallery-g2pydqw7.js', name: 'Le' });
    expect(islandEntryOf('import{t,s,i}from"./AdminPanel-y.js";export{t as ADMIN_TEXT,s as RELOAD,i as default};')).toEqual({
      file: 'AdminPanel-y.js',
      name: 'i',
    });
    // A first file with code of its own is loaded itself.
    expect(islandEntryOf('import{a}from"./X-1.js";function m(){return a}export{m as default};')).toBeNull();
    expect(islandEntryOf('var a=1;export{a as default};')).toBeNull();
  });

  test('the theme switch script is a separate entry of its own, tiny and without React', async () => {
    expect(manifest.themeScript).toMatch(/^\/static\/build\/islands\/theme-[a-z0-9]+\.js$/);
    const script = await Bun.file(file(manifest.themeScript)).text();
    expect(script).toContain('mui-color-scheme');
    // One request: it imports nothing, so no shared chunk (and never React) comes with it.
    expect(script).not.toMatch(/\bimport\b/);
    expect(gzipSync(script).length).toBeLessThan(1024);
  });

  test("discreet mode's script is an entry of its own, tiny, without React, and no island page's first load counts it", async () => {
    expect(manifest.discreetScript).toMatch(/^\/static\/build\/islands\/discreet-[a-z0-9]+\.js$/);
    const script = await Bun.file(file(manifest.discreetScript)).text();
    expect(script).toContain('/api/site/lock');
    expect(script).not.toMatch(/\bimport\b/);
    // Loaded only by pages in discreet mode: what it adds to their first load (413 bytes when written).
    expect((await Bun.file(`${file(manifest.discreetScript)}.br`).bytes()).length).toBeLessThan(512);
    const theme = await Bun.file(file(manifest.themeScript)).text();
    expect(theme).not.toContain('/api/site/lock');
  });

  test('every built file has a brotli and a gzip copy that decompress to it, smaller than the file', async () => {
    expect(manifest.files.length).toBeGreaterThan(3);
    for (const url of manifest.files) {
      const original = await Bun.file(file(url)).bytes();
      const br = await Bun.file(`${file(url)}.br`).bytes();
      const gz = await Bun.file(`${file(url)}.gz`).bytes();
      expect(Buffer.from(brotliDecompressSync(br)).equals(Buffer.from(original))).toBe(true);
      expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(original))).toBe(true);
      // A file of a few dozen bytes (a lazy part that only names a shared chunk) cannot shrink.
      if (original.length < 128) continue;
      expect(br.length).toBeLessThan(original.length);
      expect(gz.length).toBeLessThan(original.length);
    }
    // Brotli at its best quality beats gzip -9 on the stylesheet, the largest file every page loads.
    expect(Bun.file(`${file(manifest.css)}.br`).size).toBeLessThan(Bun.file(`${file(manifest.css)}.gz`).size);
  });

  test('removes files of earlier builds and their compressed copies once they are an hour old, and keeps recent ones', async () => {
    const stale = path.join(outDir, 'app-000000000000.css');
    const recent = path.join(outDir, 'islands', 'client-recent00.js');
    const staleCopies = [`${stale}.br`, `${stale}.gz`];
    const recentCopies = [`${recent}.br`, `${recent}.gz`];
    for (const f of [stale, ...staleCopies]) writeFileSync(f, 'old');
    for (const f of [recent, ...recentCopies]) writeFileSync(f, 'new');
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    for (const f of [stale, ...staleCopies]) utimesSync(f, twoHoursAgo, twoHoursAgo);
    await buildAssets(outDir);
    for (const f of [stale, ...staleCopies]) expect(existsSync(f)).toBe(false);
    for (const f of [recent, ...recentCopies]) expect(existsSync(f)).toBe(true);
    // The current build's copies are kept, however old.
    for (const url of manifest.files) for (const suffix of ['.br', '.gz']) expect(existsSync(file(url) + suffix)).toBe(true);
  }, 300_000);

  test('ensureAssets reuses a build that matches the sources, and rebuilds one that does not', async () => {
    const dir = tempDir('hub-ensure-');
    try {
      const first = await ensureAssets(dir);
      expect(first.rebuilt).toBe(true);
      expect(first.fingerprint).toBe(await sourceFingerprint());
      const second = await ensureAssets(dir);
      expect(second).toEqual({ ...first, rebuilt: false });

      // A stale fingerprint (sources changed since) or a missing file forces a rebuild.
      const manifestPath = path.join(dir, 'manifest.json');
      writeFileSync(manifestPath, JSON.stringify({ ...first, fingerprint: 'stale' }));
      expect((await ensureAssets(dir)).rebuilt).toBe(true);
      rmSync(path.join(dir, first.islandEntry.replace('/static/build/', '')));
      const rebuilt = await ensureAssets(dir);
      expect(rebuilt.rebuilt).toBe(true);
      expect(existsSync(path.join(dir, rebuilt.islandEntry.replace('/static/build/', '')))).toBe(true);

      // So does a missing compressed copy: browsers would otherwise get the full-size file.
      const css = path.join(dir, rebuilt.css.replace('/static/build/', ''));
      rmSync(`${css}.br`);
      expect((await ensureAssets(dir)).rebuilt).toBe(true);
      expect(existsSync(`${css}.br`)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Five builds in child processes, each about a second with brotli at its best quality when
    // the machine is idle, and many times that on a loaded one (over 120 s in all has been seen
    // at a load average of 30).
  }, 300_000);
});
