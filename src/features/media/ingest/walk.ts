// The files an import looks at: every regular file under the given paths, folders walked depth
// first in name order. Hidden folders and files (a name starting with a dot) are left out; a link
// is followed only when it leads to a place inside the given folders, and a folder or file reached
// twice (through links, loops or hard links) is looked at once. Nothing is opened for writing.

import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';

export type WalkEntry =
  /** A regular file to import: its path as reached and its size. */
  | { kind: 'file'; path: string; size: number }
  /** Left out without reading it. */
  | { kind: 'skipped'; path: string; why: 'hidden' | 'link-out' | 'not-a-file' }
  /** Could not be looked at (an unreadable folder, a broken link). */
  | { kind: 'failed'; path: string; error: string };

/** A given path that is missing or unreadable: the import stops before it begins. */
export class WalkPathError extends Error {}

const identity = (stats: Stats) => `${stats.dev}:${stats.ino}`;

/** Words a user can read for a file system error. */
export function fsErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'it is gone';
  if (code === 'ELOOP') return 'too many levels of links';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

/** Checks the given paths (each must exist) and resolves them; throws WalkPathError naming the first bad one. */
export async function resolveRoots(paths: readonly string[]): Promise<{ given: string; real: string; folder: boolean }[]> {
  const roots = [];
  for (const given of paths) {
    try {
      const real = await fs.realpath(path.resolve(given));
      const stats = await fs.stat(real);
      roots.push({ given: path.resolve(given), real, folder: stats.isDirectory() });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new WalkPathError(`${given}: ${code === 'ENOENT' ? 'no such file or folder' : fsErrorText(error)}; nothing was imported`);
    }
  }
  return roots;
}

/** Walks the given paths (resolved by resolveRoots); a file given by name is taken even when hidden. */
export async function* walkFiles(roots: readonly { given: string; real: string; folder: boolean }[]): AsyncGenerator<WalkEntry> {
  const folders = roots.filter((r) => r.folder).map((r) => r.real);
  const inside = (real: string) => folders.some((root) => real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  const seenFolders = new Set<string>();
  const seenFiles = new Set<string>();

  for (const root of roots) {
    if (!root.folder) {
      const stats = await fs.stat(root.real);
      if (!stats.isFile()) yield { kind: 'skipped', path: root.given, why: 'not-a-file' };
      else if (!seenFiles.has(identity(stats))) {
        seenFiles.add(identity(stats));
        yield { kind: 'file', path: root.given, size: stats.size };
      }
      continue;
    }
    const rootStats = await fs.stat(root.real);
    if (seenFolders.has(identity(rootStats))) continue;
    seenFolders.add(identity(rootStats));
    // Depth first, in name order: a stack of folders still to read, each a path as reached.
    const stack: string[] = [root.given];
    while (stack.length > 0) {
      const folder = stack.pop()!;
      let names: string[];
      try {
        names = (await fs.readdir(folder)).sort();
      } catch (error) {
        yield { kind: 'failed', path: folder, error: `the folder could not be read: ${fsErrorText(error)}` };
        continue;
      }
      const subfolders: string[] = [];
      for (const name of names) {
        const full = path.join(folder, name);
        let stats: Stats;
        try {
          stats = await fs.lstat(full);
        } catch (error) {
          // Gone since the folder was read.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          yield { kind: 'failed', path: full, error: fsErrorText(error) };
          continue;
        }
        if (name.startsWith('.')) {
          // Hidden folders are passed over whole; a hidden file is counted.
          if (!stats.isDirectory()) yield { kind: 'skipped', path: full, why: 'hidden' };
          continue;
        }
        if (stats.isSymbolicLink()) {
          let real: string;
          try {
            real = await fs.realpath(full);
            stats = await fs.stat(real);
          } catch (error) {
            yield { kind: 'failed', path: full, error: `the link leads nowhere (${fsErrorText(error)})` };
            continue;
          }
          if (!inside(real)) {
            yield { kind: 'skipped', path: full, why: 'link-out' };
            continue;
          }
        }
        if (stats.isDirectory()) {
          if (seenFolders.has(identity(stats))) continue;
          seenFolders.add(identity(stats));
          subfolders.push(full);
        } else if (stats.isFile()) {
          if (seenFiles.has(identity(stats))) continue;
          seenFiles.add(identity(stats));
          yield { kind: 'file', path: full, size: stats.size };
        } else {
          // Pipes, sockets and devices are never read (a pipe would wait forever).
          yield { kind: 'skipped', path: full, why: 'not-a-file' };
        }
      }
      // Reversed onto the stack, so the first name is walked first.
      for (let i = subfolders.length - 1; i >= 0; i--) stack.push(subfolders[i]!);
    }
  }
}
