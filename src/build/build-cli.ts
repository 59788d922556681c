// `bun run build`: writes static/build (stylesheet, island bundles, manifest). The server runs it
// at start-up when the sources changed; the Docker image runs it once at build time.

import path from 'node:path';
import { BUILD_DIR, BUILD_URL, buildAssets } from './assets.ts';

const quiet = process.argv.includes('--quiet');
const outDir = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? BUILD_DIR;

const started = performance.now();
const manifest = await buildAssets(outDir);
if (!quiet) {
  const ms = (performance.now() - started).toFixed(0);
  console.log(`Built assets in ${ms} ms into ${path.relative(process.cwd(), outDir) || outDir}`);
  for (const url of manifest.files) {
    const file = path.join(outDir, url.slice(BUILD_URL.length + 1));
    const [raw, br, gz] = [file, `${file}.br`, `${file}.gz`].map((f) => Bun.file(f).size);
    console.log(`  ${url}  ${raw} B  (${br} B brotli, ${gz} B gzip)`);
  }
}
