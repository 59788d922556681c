// `bun run build`: writes static/build ahead of time (the Docker image does this once).

import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { BUILD_DIR, buildAssets } from './assets.ts';

const started = performance.now();
const manifest = await buildAssets();
const ms = (performance.now() - started).toFixed(0);
console.log(`Built assets in ${ms} ms into ${path.relative(process.cwd(), BUILD_DIR) || BUILD_DIR}`);
for (const url of manifest.files) {
  const bytes = await Bun.file(path.join(BUILD_DIR, url.replace('/static/build/', ''))).bytes();
  console.log(`  ${url}  ${bytes.length} B  (${gzipSync(bytes).length} B gzip)`);
}
