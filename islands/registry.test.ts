import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverIslands, REGISTRY_FILE, registrySource } from '../src/build/island-registry.ts';
import { islandLoaders } from './registry.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hub-islands-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the island registry', () => {
  test('islands/registry.gen.ts lists the islands the folder has (run `npm run build` when this fails)', async () => {
    expect(await Bun.file(REGISTRY_FILE).text()).toBe(registrySource(await discoverIslands()));
  });

  test('an island is an islands/*.tsx with a default export; tests, helpers and subfolders are not', async () => {
    const write = (file: string, text: string) => Bun.write(path.join(scratch, 'islands', file), text);
    await write('Gallery.tsx', 'export default function Gallery() { return null; }');
    await write('Gallery.test.tsx', 'export default 1;');
    await write('helpers.tsx', 'export function helper() {}');
    await write('theme.ts', 'export default 1;');
    await write('admin/UsersTable.tsx', 'export default function UsersTable() { return null; }');
    expect(await discoverIslands(scratch)).toEqual(['Gallery']);
  });

  test('every island loads lazily and has a component as its default export', async () => {
    for (const [name, load] of Object.entries(islandLoaders)) {
      expect(typeof (await load()).default, name).toBe('function');
    }
  });
});
