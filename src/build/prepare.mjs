// `npm ci` / `npm install` run this (the "prepare" script): the stylesheet and island bundles are
// built once at install, so the first `npm start` answers at once instead of building them
// (the start still builds them when the sources changed since, or when this step was skipped).
// Plain Node (npm runs it), so it works before anything else: it hands the build to Bun.
// Skipped, not failed, where there is nothing to build with: the container's dependency stage
// installs with neither the sources nor Bun (the image builds its assets in a later step).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildCli = path.join(root, 'src', 'build', 'build-cli.ts');
const localBun = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');

if (!existsSync(buildCli) || !existsSync(path.join(root, 'islands'))) {
  console.log('prepare: no sources here; the assets are built later');
  process.exit(0);
}
const bun = existsSync(localBun) ? localBun : 'bun';
const result = spawnSync(bun, [buildCli], { cwd: root, stdio: 'inherit' });
if (result.error && result.error.code === 'ENOENT') {
  console.log('prepare: Bun is not installed here; the hub builds its assets when it starts');
  process.exit(0);
}
process.exit(result.status ?? 1);
