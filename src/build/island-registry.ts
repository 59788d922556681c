// The island list, derived from the folder: every islands/*.tsx that is not a test and has a
// default export is an island named after its file. The build writes islands/registry.gen.ts
// from it (lazy imports: the browser loads only the islands a page has); the server loads the
// same list at start for server rendering. A test fails when the written file is not current.

import path from 'node:path';
import { Glob } from 'bun';

const ROOT = path.join(import.meta.dir, '..', '..');
export const REGISTRY_FILE = path.join(ROOT, 'islands', 'registry.gen.ts');

/** The island names, sorted: files directly in islands/ ending .tsx, not tests, with a default export. */
export async function discoverIslands(root = ROOT): Promise<string[]> {
  const transpiler = new Bun.Transpiler({ loader: 'tsx' });
  const names: string[] = [];
  for await (const file of new Glob('*.tsx').scan({ cwd: path.join(root, 'islands') })) {
    if (file.endsWith('.test.tsx')) continue;
    const { exports } = transpiler.scan(await Bun.file(path.join(root, 'islands', file)).text());
    if (exports.includes('default')) names.push(file.slice(0, -'.tsx'.length));
  }
  return names.sort();
}

/** The text of islands/registry.gen.ts for these islands. */
export function registrySource(names: string[]): string {
  for (const name of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`islands/${name}.tsx: an island's file name must be a valid identifier`);
  }
  return [
    '// Written by src/build/island-registry.ts (`npm run build`) from the islands/ folder: do not edit.',
    '// Island name -> lazy import; the client entry loads only the islands a page actually contains.',
    '',
    'export const islandLoaders = {',
    ...names.map((name) => `  ${name}: () => import('./${name}.tsx'),`),
    '} as const;',
    '',
  ].join('\n');
}

/** Writes islands/registry.gen.ts when the folder's islands differ from it; says whether it wrote. */
export async function writeIslandRegistry(root = ROOT): Promise<boolean> {
  const file = path.join(root, 'islands', 'registry.gen.ts');
  const wanted = registrySource(await discoverIslands(root));
  const current = await Bun.file(file)
    .text()
    .catch(() => null);
  if (current === wanted) return false;
  await Bun.write(file, wanted);
  return true;
}
