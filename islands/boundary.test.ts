import { describe, expect, test } from 'bun:test';
import path from 'node:path';
import { Glob } from 'bun';
import ts from 'typescript';

// The folder is the boundary: island code runs in the browser, so it may import only islands/,
// src/shared/ (pure, browser-safe code) and the browser packages named here. Type-only imports
// count too: a type from src/features/ ties the island to the server's code and its changes;
// shared shapes belong in src/shared/contracts/. src/shared/ itself keeps the same rule (and may not
// reach back into islands/): whatever it imported, every island importing it would carry too.

const ROOT = path.join(import.meta.dir, '..');
const ALLOWED_DIRS = [path.join(ROOT, 'islands'), path.join(ROOT, 'src', 'shared')];
/** Packages island code may use (with their subpaths, as in react-dom/client). */
const BROWSER_PACKAGES = ['react', 'react-dom'];

/** Every module specifier in a file: imports, `import type`, re-exports, import() calls and import types. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

const SHARED_DIR = path.join(ROOT, 'src', 'shared');
const inside = (target: string, dir: string) => target === dir || target.startsWith(dir + path.sep);

/** Why an import is refused, or null when it is allowed. */
export function refusal(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = path.resolve(path.dirname(fromFile), specifier);
    if (inside(fromFile, SHARED_DIR))
      return inside(target, SHARED_DIR)
        ? null
        : `${path.relative(ROOT, target)} is outside src/shared/ (islands import src/shared/, so it must stay browser-safe)`;
    if (ALLOWED_DIRS.some((dir) => inside(target, dir))) return null;
    return `${path.relative(ROOT, target)} is outside islands/ and src/shared/`;
  }
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return BROWSER_PACKAGES.includes(name) ? null : `the package "${specifier}" is not one islands may use (${BROWSER_PACKAGES.join(', ')})`;
}

async function sources(pattern: string): Promise<string[]> {
  const files: string[] = [];
  for await (const file of new Glob(pattern).scan({ cwd: ROOT })) {
    if (!/\.test\.tsx?$/.test(file)) files.push(file.split(path.sep).join('/'));
  }
  return files.sort();
}

const islandSources = () => sources('islands/**/*.{ts,tsx}');

async function problemsOf(files: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of files) {
    const full = path.join(ROOT, file);
    for (const specifier of importsOf(await Bun.file(full).text())) {
      const why = refusal(full, specifier);
      if (why) problems.push(`${file} imports "${specifier}": islands import nothing from the server: ${why}`);
    }
  }
  return problems;
}

describe('the islands boundary', () => {
  test('no island source imports server code (types included) or a server package', async () => {
    const files = await islandSources();
    expect(files).toContain('islands/Admin.tsx');
    expect(await problemsOf(files)).toEqual([]);
  });

  test('src/shared/, which islands import, imports only itself and the browser packages', async () => {
    const files = await sources('src/shared/**/*.{ts,tsx}');
    expect(files).toContain('src/shared/media.ts');
    expect(await problemsOf(files)).toEqual([]);
  });

  test('the check sees every kind of import, and refuses what lies outside', () => {
    const from = path.join(ROOT, 'islands', 'Example.tsx');
    const source = `
      import type { PublicUser } from '../src/features/users/users.schema.ts';
      import { formatCountdown } from '../src/shared/lockout.ts';
      export { Snackbar } from './components/Snackbar.tsx';
      const lazy = () => import('../src/db/client.ts');
      type Row = import('../src/features/users/users.repo.ts').UserRow;
      import { Kysely } from 'kysely';
      import { hydrateRoot } from 'react-dom/client';
      import { readFileSync } from 'node:fs';`;
    const specifiers = importsOf(source);
    expect(specifiers.sort()).toEqual(
      [
        '../src/features/users/users.schema.ts',
        '../src/shared/lockout.ts',
        './components/Snackbar.tsx',
        '../src/db/client.ts',
        '../src/features/users/users.repo.ts',
        'kysely',
        'react-dom/client',
        'node:fs',
      ].sort(),
    );
    expect(specifiers.filter((s) => refusal(from, s) === null).sort()).toEqual(['../src/shared/lockout.ts', './components/Snackbar.tsx', 'react-dom/client']);
    // A path that only starts like an allowed folder is still outside it.
    expect(refusal(from, '../src/shared/../shared-server/x.ts')).not.toBeNull();
    expect(refusal(from, '../src/shared-server/x.ts')).not.toBeNull();
    // src/shared/ may not reach into the server, nor back into islands/.
    const shared = path.join(ROOT, 'src', 'shared', 'example.ts');
    expect(refusal(shared, './media.ts')).toBeNull();
    expect(refusal(shared, '../features/media/media.repo.ts')).not.toBeNull();
    expect(refusal(shared, '../../islands/lib/api.ts')).not.toBeNull();
    expect(refusal(shared, 'kysely')).not.toBeNull();
  });
});
