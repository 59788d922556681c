// What a page with islands loads before its islands are live, read from a build: the theme
// script, the island entry, the React file and each island's first file, with every file these
// import statically (import(), what loads when first opened, is not followed), in bytes as served
// (the build's brotli copies). The budget test and `bench/page-bytes.ts` both speak of it.

import path from 'node:path';
import { type AssetManifest, BUILD_URL } from './assets.ts';

/** The JavaScript budget per island page on first load, compressed (issue 18). */
export const JS_BUDGET_BYTES = 70 * 1024;

/** The files a built script imports statically (`import … from "./x.js"`, `import "./x.js"`), as URLs. */
export function staticImports(source: string, url: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.add(new URL(match[1]!, `http://x${url}`).pathname);
  }
  return [...found];
}

/** The files the island entry loads with `import()` that are React (the one React file). */
function reactFile(source: string, url: string): string {
  const match = source.match(/import\(\s*["'](\.\/react-[^"']+\.js)["']\s*\)/);
  if (!match) throw new Error('The island entry loads no React file');
  return new URL(match[1]!, `http://x${url}`).pathname;
}

export interface FirstLoad {
  /** Every file, as URLs, with its compressed size in bytes. */
  files: { url: string; bytes: number }[];
  bytes: number;
}

/** The JavaScript a page with these islands loads first, from the build in `outDir` (compressed with brotli, as served). */
export async function firstLoad(outDir: string, manifest: AssetManifest, islands: string[]): Promise<FirstLoad> {
  const fileOf = (url: string) => path.join(outDir, url.slice(BUILD_URL.length + 1));
  const text = (url: string) => Bun.file(fileOf(url)).text();
  const seen = new Set<string>();
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const next of staticImports(await text(url), url)) await visit(next);
  };
  await visit(manifest.themeScript);
  await visit(manifest.islandEntry);
  await visit(reactFile(await text(manifest.islandEntry), manifest.islandEntry));
  for (const name of islands) {
    const url = manifest.islands[name];
    if (!url) throw new Error(`No built island named ${name}`);
    await visit(url);
  }
  const files = [...seen].map((url) => ({ url, bytes: Bun.file(`${fileOf(url)}.br`).size }));
  return { files, bytes: files.reduce((sum, f) => sum + f.bytes, 0) };
}
