// Which folders may be a library (decision 0043): an existing, readable folder inside one of
// LIBRARY_ROOTS once links and `..` are resolved, never the hub's own data; and the folders offered,
// one level at a time, to an administrator choosing one. Only the file system is asked here.

import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { HubFolderGuard } from '../../data-dir.ts';
import { InvalidError } from '../../errors.ts';
import { LIBRARY_TEXT, type LibraryFolders } from '../../shared/libraries.ts';

/** Whether `inner` is `root` or lies inside it. */
export const within = (root: string, inner: string) => inner === root || inner.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

export interface LibraryFolderDeps {
  /** LIBRARY_ROOTS as configured. */
  roots: readonly string[];
  /** The hub's own folders: never a library, never offered. */
  hub: HubFolderGuard;
}

export type LibraryFolderRules = ReturnType<typeof createLibraryFolderRules>;

export function createLibraryFolderRules({ roots, hub }: LibraryFolderDeps) {
  /** The real roots (links resolved); a root that does not exist is left out. */
  async function realRoots(): Promise<string[]> {
    const found = await Promise.all(roots.map((root) => fs.realpath(root).catch(() => null)));
    return found.filter((r): r is string => r !== null);
  }

  /** The folder a library may have: existing, readable, inside a root once resolved. Its real path. */
  async function checkedFolder(given: string): Promise<string> {
    if (roots.length === 0) throw new InvalidError(LIBRARY_TEXT.noRoots);
    if (!path.isAbsolute(given)) throw new InvalidError(LIBRARY_TEXT.notAbsolute);
    let real: string;
    try {
      real = await fs.realpath(path.resolve(given));
    } catch {
      throw new InvalidError(LIBRARY_TEXT.missing(given));
    }
    const stat = await fs.stat(real);
    if (!stat.isDirectory()) throw new InvalidError(LIBRARY_TEXT.notFolder(given));
    try {
      await fs.access(real, constants.R_OK | constants.X_OK);
      await fs.readdir(real);
    } catch {
      throw new InvalidError(LIBRARY_TEXT.unreadable(given));
    }
    if (!(await realRoots()).some((root) => within(root, real))) throw new InvalidError(LIBRARY_TEXT.outsideRoots(given, roots));
    // The hub's own data (every member's uploads, premium and locked too): never a library.
    const hubFolder = await hub.inside(real);
    if (hubFolder !== null) throw new InvalidError(LIBRARY_TEXT.hubFolder(given, hubFolder));
    return real;
  }

  /** Whether the entry `full` of a listed folder is a folder to offer (a link only when it leads to a folder inside a root). */
  async function offered(entry: { isDirectory(): boolean; isSymbolicLink(): boolean }, full: string, realRootList: readonly string[]): Promise<boolean> {
    const target = entry.isSymbolicLink() ? await fs.realpath(full).catch(() => null) : null;
    const isFolder =
      entry.isDirectory() ||
      (target !== null &&
        realRootList.some((root) => within(root, target)) &&
        (await fs.stat(target).then(
          (s) => s.isDirectory(),
          () => false,
        )));
    if (isFolder && target !== null && (await hub.inside(target)) !== null) return false;
    return isFolder;
  }

  /** The roots (no `at`), or the folders inside `at` a library may be added at. */
  async function browse(at: string | undefined): Promise<LibraryFolders> {
    if (roots.length === 0) throw new InvalidError(LIBRARY_TEXT.noRoots);
    if (at === undefined) {
      return { roots: [...roots], path: null, parent: null, folders: roots.map((root) => ({ name: root, path: root })) };
    }
    const real = await checkedFolder(at);
    const realRootList = await realRoots();
    const entries = await fs.readdir(real, { withFileTypes: true });
    const folders: { name: string; path: string }[] = [];
    // The hub's own folders are not offered (a library there would be refused).
    const hubInside = new Set(await hub.under(real));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(real, entry.name);
      if (hubInside.has(full)) continue;
      if (await offered(entry, full, realRootList)) folders.push({ name: entry.name.normalize('NFC'), path: full });
    }
    folders.sort((a, b) => a.name.localeCompare(b.name));
    const parent = realRootList.some((root) => root === real) ? null : path.dirname(real);
    return { roots: [...roots], path: real, parent, folders };
  }

  return { checkedFolder, browse };
}
