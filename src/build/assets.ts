// Builds the browser assets (UnoCSS stylesheet, island bundles) into static/build with hashed names.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { Glob } from 'bun';
import { discoverIslands, writeIslandRegistry } from './island-registry.ts';

export const PROJECT_ROOT = path.join(import.meta.dir, '..', '..');
export const STATIC_DIR = path.join(PROJECT_ROOT, 'static');
export const BUILD_DIR = path.join(STATIC_DIR, 'build');
export const BUILD_URL = '/static/build';

export interface AssetManifest {
  /** Hash of every source the build reads; a manifest with the current one needs no rebuild. */
  fingerprint: string;
  /** URL of the stylesheet, content-hashed. */
  css: string;
  /** URL of the islands' browser entry, content-hashed; loaded only by pages that have islands. */
  islandEntry: string;
  /** URL of the theme switch's small script (no React), content-hashed; every page loads it. */
  themeScript: string;
  /** URL of discreet mode's small script (blur while hidden, the panic key); only discreet pages load it. */
  discreetScript: string;
  /** Every file the build wrote, as URLs (entry, island chunks, shared chunks, stylesheet). */
  files: string[];
  /** The file each island's script starts from, by island name, as URLs (its first chunk). */
  islands: Record<string, string>;
  /** The name the island's component has in that file, where it is not `default` (see `islandEntryOf`). */
  islandExports?: Record<string, string>;
}

/**
 * The compressed copies written beside every built file, by Content-Encoding, in the order the
 * static server prefers them. Built once, they cost the server nothing per request.
 */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const SOURCE_GLOBS = ['src/**/*.{ts,tsx}', 'islands/**/*.{ts,tsx}'];
const MANIFEST_FILE = 'manifest.json';

async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of SOURCE_GLOBS) {
    for await (const file of new Glob(pattern).scan({ cwd: PROJECT_ROOT })) {
      if (!/\.test\.tsx?$/.test(file)) files.push(file);
    }
  }
  return files.sort();
}

/** A hash over the contents of every file that shapes the build (sources and the lockfile). */
export async function sourceFingerprint(): Promise<string> {
  const hasher = new Bun.CryptoHasher('sha256');
  for (const file of [...(await sourceFiles()), 'package-lock.json']) {
    hasher.update(`${file}\0`);
    hasher.update(
      await Bun.file(path.join(PROJECT_ROOT, file))
        .bytes()
        .catch(() => new Uint8Array()),
    );
  }
  return hasher.digest('hex').slice(0, 16);
}

function contentHash(text: string | Uint8Array): string {
  return new Bun.CryptoHasher('sha256').update(text).digest('hex').slice(0, 12);
}

/** Reads every source file that may name a utility class (tests excluded) and generates the CSS. */
export async function buildStylesheet(): Promise<string> {
  // UnoCSS and its preset (about 11 MB) load only when a build runs, never in a serving hub.
  const [{ createGenerator }, { unoConfig }] = await Promise.all([import('@unocss/core'), import('./uno.config.ts')]);
  const generator = await createGenerator(unoConfig);
  const sources: string[] = [];
  for (const file of await sourceFiles()) {
    // The build's own files name classes only as configuration, not as markup.
    if (file.startsWith('src/build/')) continue;
    sources.push(await Bun.file(path.join(PROJECT_ROOT, file)).text());
  }
  const reset = await Bun.file(path.join(PROJECT_ROOT, 'node_modules/@unocss/reset/tailwind.css')).text();
  const { css } = await generator.generate(sources.join('\n'), { preflights: true, minify: true });
  return `${reset}\n${css}`;
}

/** What every island build shares: browser ESM, minified, React's production build. */
const BROWSER_BUILD = {
  target: 'browser',
  format: 'esm',
  minify: true,
  sourcemap: 'none',
  naming: { entry: '[name]-[hash].[ext]', chunk: '[name]-[hash].[ext]', asset: '[name]-[hash].[ext]' },
  // Without this React's development build is bundled (twice the size, slower).
  define: { 'process.env.NODE_ENV': '"production"' },
} as const satisfies Partial<Bun.BuildConfig>;

/** The modules every island takes from the one React file. */
const REACT_MODULES = ['react', 'react/jsx-runtime', 'react-dom/client'] as const;
const REACT_SPECIFIER = /^react(-dom)?(\/.*)?$/;
const VENDOR_MODULE = 'hub-react';
/** What the island entry takes from React with import() (a build cannot see those names). */
const ENTRY_NEEDS = { react: ['createElement', 'useEffect'], 'react/jsx-runtime': ['jsx', 'jsxs', 'Fragment'], 'react-dom/client': ['hydrateRoot'] };

/**
 * The names the islands import from React (`import { useState } from 'react'`), read from their
 * sources: the React file exports only these, which lets the bundler drop a good part of React's
 * exports (about 1.6 KB compressed). A name missing here fails the build ("No matching export").
 */
async function reactNamesUsed(): Promise<Record<(typeof REACT_MODULES)[number], string[]>> {
  const used: Record<string, Set<string>> = Object.fromEntries(Object.entries(ENTRY_NEEDS).map(([m, names]) => [m, new Set(names)]));
  for await (const file of new Glob('islands/**/*.{ts,tsx}').scan({ cwd: PROJECT_ROOT })) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const source = await Bun.file(path.join(PROJECT_ROOT, file)).text();
    for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](react(?:\/jsx-runtime|-dom\/client)?)['"]/g)) {
      if (match[0].startsWith('import type')) continue;
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !name.startsWith('type ')) used[match[2]!]!.add(name);
      }
    }
  }
  return Object.fromEntries(REACT_MODULES.map((m) => [m, [...used[m]!].sort()])) as Record<(typeof REACT_MODULES)[number], string[]>;
}

/** The source of the one React file. */
async function vendorSource(): Promise<string> {
  const used = await reactNamesUsed();
  return REACT_MODULES.map((m) => `export { ${used[m].join(', ')} } from '${m}';`).join('\n');
}

/** Resolves React's modules to the one React file (already built, next to the file importing it). */
function sharedReact(vendorFile: string): Bun.BunPlugin {
  return {
    name: 'shared-react',
    setup(build) {
      build.onResolve({ filter: REACT_SPECIFIER }, (args) => {
        if (!(REACT_MODULES as readonly string[]).includes(args.path))
          throw new Error(`${args.importer}: import '${args.path}' is not shared by the islands (add it to REACT_MODULES)`);
        return { path: `./${vendorFile}`, external: true };
      });
    },
  };
}

/** The suffix of a lazy part's stand-in module (see `lazyPartsWithIsland`). */
const LAZY_PART = '.lazy-part.js';

/**
 * Makes an island's first load one file: every part it loads with `import()` is built as a
 * stand-in that imports the island's entry first, then re-exports the part. Every module of the
 * first load is then reached by the entry and by every lazy part alike, so the bundler puts them
 * all in one chunk, compressed as one (with each lazy part importing a shared module on its own,
 * the first load was split into a chunk per set of parts sharing it: five files on /gallery,
 * about 1.5 KB more brotli). Loading a lazy part costs nothing more: the island is already there.
 */
function lazyPartsWithIsland(entry: string): Bun.BunPlugin {
  return {
    name: 'lazy-parts-with-island',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        // The islands' own modules only (a package, React above all, resolves as it always does).
        if (args.kind !== 'dynamic-import' || args.namespace === 'lazy-part' || !/^\.{0,2}\//.test(args.path)) return undefined;
        return { path: Bun.resolveSync(args.path, path.dirname(args.importer)) + LAZY_PART, namespace: 'lazy-part' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-part' }, async (args) => {
        const part = args.path.slice(0, -LAZY_PART.length);
        const { exports } = new Bun.Transpiler({ loader: part.endsWith('.tsx') ? 'tsx' : 'ts' }).scan(await Bun.file(part).text());
        return {
          contents: `import ${JSON.stringify(entry)};\nexport { ${exports.join(', ')} } from ${JSON.stringify(part)};\n`,
          loader: 'js',
          resolveDir: path.dirname(part),
        };
      });
    },
  };
}

/** Runs one Bun.build and returns its files by name (written by the caller). */
async function bundle(config: Bun.BuildConfig, what: string): Promise<Map<string, { kind: string; bytes: Uint8Array }>> {
  const result = await Bun.build(config);
  if (!result.success) throw new Error(`Island build failed (${what}):\n${result.logs.map((l) => String(l)).join('\n')}`);
  const files = new Map<string, { kind: string; bytes: Uint8Array }>();
  for (const output of result.outputs) {
    files.set(path.basename(output.path), { kind: output.kind, bytes: new Uint8Array(await output.arrayBuffer()) });
  }
  return files;
}

/**
 * Where an island's component is, when the file the bundler made for the island is only a stub
 * re-exporting it from the island's chunk (`import{a}from"./Gallery-x.js";export{a as default};`):
 * the chunk and the component's name there. The page then loads the chunk at once (its first file
 * otherwise: one request and about 65 bytes less per island; decision record 0041).
 */
export function islandEntryOf(stub: string): { file: string; name: string } | null {
  const match = stub.trim().match(/^import\{([\w$,]*)\}from"\.\/([\w.-]+\.js)";export\{([^}]*)\};?$/);
  if (!match) return null;
  const imported = match[1]!.split(',');
  const local = match[3]!
    .split(',')
    .map((part) => part.split(' as '))
    .find(([, exported]) => exported === 'default')?.[0];
  return local && imported.includes(local) ? { file: match[2]!, name: local } : null;
}

/**
 * The islands' scripts, built so that a page loads few, whole files (issue 18: at most 70 KB of
 * compressed JavaScript on an island page's first load; decision record 0033):
 * - one React file (React, its JSX runtime and react-dom/client), shared by every island;
 * - each island built on its own: what it needs to show and hydrate is one file (and a chunk it
 *   shares with its own lazy parts), what loads when first opened its own files. One build over
 *   all islands would split their shared code into many small chunks (22 scripts on /gallery),
 *   each compressed alone;
 * - the browser entry (client.ts), which loads the React file and the page's islands (their
 *   scripts named on its script tag by the page, data-islands);
 * - the theme switch's small script (no React);
 * - discreet mode's small script (no React), loaded only by pages in discreet mode.
 * Islands never share module instances (each has its own copy of what they have in common);
 * React itself is one instance, from the one file.
 */
async function buildIslands(
  outDir: string,
): Promise<{ entry: string; theme: string; discreet: string; files: string[]; islands: Record<string, string>; islandExports: Record<string, string> }> {
  const written = new Map<string, Uint8Array>();
  const keep = async (files: Map<string, { bytes: Uint8Array }>) => {
    for (const [name, { bytes }] of files) {
      const earlier = written.get(name);
      // Names carry a content hash, so the same name from two builds is the same file.
      if (earlier && !Buffer.from(earlier).equals(Buffer.from(bytes))) throw new Error(`Island build: two different files named ${name}`);
      written.set(name, bytes);
    }
  };
  const nameOf = (files: Map<string, { kind: string }>, prefix: string) => {
    const found = [...files].find(([name, f]) => f.kind === 'entry-point' && name.startsWith(`${prefix}-`));
    if (!found) throw new Error(`Island build produced no ${prefix} entry`);
    return found[0];
  };

  const vendor = await bundle(
    {
      ...BROWSER_BUILD,
      entrypoints: [VENDOR_MODULE],
      plugins: [
        {
          name: 'react-file',
          setup(build) {
            build.onResolve({ filter: new RegExp(`^${VENDOR_MODULE}$`) }, () => ({ path: VENDOR_MODULE, namespace: 'hub-react' }));
            build.onLoad({ filter: /.*/, namespace: 'hub-react' }, async () => ({ contents: await vendorSource(), loader: 'js', resolveDir: PROJECT_ROOT }));
          },
        },
      ],
      naming: { ...BROWSER_BUILD.naming, entry: 'react-[hash].[ext]' },
    },
    'React',
  );
  await keep(vendor);
  const vendorFile = nameOf(vendor, 'react');
  const react = sharedReact(vendorFile);

  const islandFiles = new Map<string, string>();
  const islandExports = new Map<string, string>();
  for (const name of await discoverIslands()) {
    const entry = path.join(PROJECT_ROOT, 'islands', `${name}.tsx`);
    // No `modulePreload`: it writes into the island's first file a table of every lazy part's
    // chunks, and a function adding <link rel=modulepreload> for them before each import() (0.8 KB
    // of The Red Room's first load). Without it, a lazy part that imports a chunk of its own (the
    // dialogs' Dialog, Field) asks for it once its own file is read: one more round trip on the
    // first opening, which the galleries start ahead (on pointer or focus) anyway.
    const files = await bundle(
      { ...BROWSER_BUILD, entrypoints: [entry], splitting: true, modulePreload: false, plugins: [lazyPartsWithIsland(entry), react] },
      name,
    );
    await keep(files);
    const first = nameOf(files, name);
    const direct = islandEntryOf(new TextDecoder().decode(files.get(first)!.bytes));
    islandFiles.set(name, direct?.file ?? first);
    if (direct) islandExports.set(name, direct.name);
  }

  const islandsDir = path.join(PROJECT_ROOT, 'islands');
  // The entry imports each island's script by the URL the page gives it (data-islands), not by name.
  const client = await bundle(
    {
      ...BROWSER_BUILD,
      entrypoints: [path.join(islandsDir, 'client.ts'), path.join(islandsDir, 'theme.ts'), path.join(islandsDir, 'discreet.ts')],
      plugins: [react],
    },
    'entry',
  );
  await keep(client);

  await Promise.all([...written].map(([name, bytes]) => Bun.write(path.join(outDir, name), bytes)));
  return {
    entry: nameOf(client, 'client'),
    theme: nameOf(client, 'theme'),
    discreet: nameOf(client, 'discreet'),
    files: [...written.keys()].sort(),
    islands: Object.fromEntries(islandFiles),
    islandExports: Object.fromEntries(islandExports),
  };
}

/**
 * Writes the stylesheet and island bundles under `outDir` (static/build by default) and returns
 * their URLs. Names carry a content hash, so they can be cached for a year; files of earlier
 * builds that are no longer referenced are removed once they are an hour old (a server started
 * moments ago from the same folder may still be serving them).
 */
export async function buildAssets(outDir = BUILD_DIR, now = Date.now()): Promise<AssetManifest> {
  const islandsDir = path.join(outDir, 'islands');
  await fs.mkdir(islandsDir, { recursive: true });
  // The island list follows the folder; written before the bundle and the fingerprint read it.
  await writeIslandRegistry();
  const [css, islands, fingerprint] = await Promise.all([buildStylesheet(), buildIslands(islandsDir), sourceFingerprint()]);
  const cssName = `app-${contentHash(css)}.css`;
  await Bun.write(path.join(outDir, cssName), css);

  const built = [cssName, ...islands.files.map((f) => `islands/${f}`)];
  await Promise.all(built.map((file) => writeCompressedCopies(path.join(outDir, file))));

  const keep = new Set(built.flatMap((file) => [file, ...PRECOMPRESSED.map(({ suffix }) => file + suffix)]));
  await pruneOldFiles(outDir, keep, now);

  const manifest: AssetManifest = {
    fingerprint,
    css: `${BUILD_URL}/${cssName}`,
    islandEntry: `${BUILD_URL}/islands/${islands.entry}`,
    themeScript: `${BUILD_URL}/islands/${islands.theme}`,
    discreetScript: `${BUILD_URL}/islands/${islands.discreet}`,
    files: built.map((f) => `${BUILD_URL}/${f}`),
    islands: Object.fromEntries(Object.entries(islands.islands).map(([name, file]) => [name, `${BUILD_URL}/islands/${file}`])),
    islandExports: islands.islandExports,
  };
  await Bun.write(path.join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function readManifest(outDir: string): Promise<AssetManifest | null> {
  try {
    const manifest = (await Bun.file(path.join(outDir, MANIFEST_FILE)).json()) as AssetManifest;
    // A build whose compressed copies went missing is rebuilt too, or browsers would get the big files.
    const needed = manifest.files.flatMap((url) => {
      const file = path.join(outDir, url.slice(BUILD_URL.length + 1));
      return [file, ...PRECOMPRESSED.map(({ suffix }) => file + suffix)];
    });
    const present = await Promise.all(needed.map((file) => Bun.file(file).exists()));
    return present.every(Boolean) ? manifest : null;
  } catch {
    return null;
  }
}

/**
 * The assets for the server: the existing build when it matches the sources (as in the Docker
 * image), else a fresh one. The build runs in a child process so the bundler and the CSS
 * generator never sit in the server's memory (they cost it about 50 MB).
 */
export async function ensureAssets(outDir = BUILD_DIR): Promise<AssetManifest & { rebuilt: boolean }> {
  const [existing, fingerprint] = await Promise.all([readManifest(outDir), sourceFingerprint()]);
  if (existing && existing.fingerprint === fingerprint) return { ...existing, rebuilt: false };
  const child = Bun.spawn([process.execPath, path.join(import.meta.dir, 'build-cli.ts'), '--quiet', `--out=${outDir}`], {
    stdout: 'ignore',
    stderr: 'pipe',
  });
  if ((await child.exited) !== 0) {
    throw new Error(`Asset build failed: ${(await new Response(child.stderr).text()).trim().split('\n')[0]}`);
  }
  const built = await readManifest(outDir);
  if (!built) throw new Error('Asset build wrote no usable manifest');
  return { ...built, rebuilt: true };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` (brotli at its best quality) and `file.gz` (gzip level 9) beside a built file.
 * Best quality is slow (about 0.35 s for React's 210 KB) but runs once per build, off the
 * server's event loop (zlib's thread pool), and saves about 14% over gzip on every page load.
 */
export async function writeCompressedCopies(file: string): Promise<void> {
  const bytes = await Bun.file(file).bytes();
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([Bun.write(`${file}.br`, br), Bun.write(`${file}.gz`, gz)]);
}

async function pruneOldFiles(outDir: string, keep: Set<string>, now: number): Promise<void> {
  for await (const file of new Glob('**/*.{css,js,br,gz}').scan({ cwd: outDir })) {
    if (keep.has(file)) continue;
    const full = path.join(outDir, file);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > 60 * 60 * 1000) await fs.rm(full, { force: true });
  }
}
