// Walking folders on the server without writing anything anywhere: the one walk of a library scan
// and of the import. It stays inside its folders: a link that leads out is never followed, a link
// to a folder inside is followed once (after the real folders, and only to a folder not walked yet:
// real paths are remembered), so loops are harmless; dot-folders are passed over; every other entry
// that is a file is told with its size and modification time (one stat each, nothing read). Folders
// go depth first in name order, so two walks of an unchanged tree agree.
// What each command makes of a dot-file, a link to a file or a broken link is its own: a library
// sniffs dot-files like any file (decision 0043); the import leaves them out unread (decision 0044).

import { type Dirent, promises as fs, type Stats, stat } from 'node:fs';
import path from 'node:path';

/** A file the walk met. */
export interface WalkedFile {
  /** Relative to the folder walked, '/' between folders, as the file system spells it. */
  path: string;
  /** Absolute, as the walk reached it (links inside the folder included). */
  abs: string;
  size: number;
  /** Epoch ms, whole. */
  mtime: number;
  /** The device and inode numbers: the same for every hard link of one file. */
  dev: number;
  ino: number;
}

/** An entry the walk could not look at (a folder it cannot list, a file it cannot stat). */
export interface WalkProblem {
  path: string;
  abs: string;
  /** Words a user can read (fsErrorText). */
  error: string;
  /** True when a folder could not be listed. */
  folder: boolean;
}

/**
 * An entry not followed: a link that leads out of the folders (`link-out`), one that leads nowhere
 * (`link-broken`, with the error), a link to a file inside (`link-to-file`: the file is met where it
 * lies), a socket, pipe or device (`not-a-file`).
 */
export interface WalkSkip {
  path: string;
  abs: string;
  why: 'link-out' | 'link-broken' | 'link-to-file' | 'not-a-file';
  error?: string;
}

export type WalkEvent = ({ kind: 'file' } & WalkedFile) | ({ kind: 'problem' } & WalkProblem) | ({ kind: 'skip' } & WalkSkip);

export interface WalkOptions {
  /** The root's path as given, for the events' `abs` (the root itself, resolved, by default). */
  reachedAs?: string;
  /** Whether a link whose real target is this may be followed (inside the root, by default). */
  inside?: (real: string) => boolean;
  /** Real paths of the folders walked already: shared by the walks of several roots, each folder is walked once. */
  visited?: Set<string>;
}

/** How many stats run at once within one folder (a batch is one promise and one turn: 128 cost about 10 % less than 32 on 100,000 files). */
const STATS_AT_ONCE = 128;

/** Whether `inner` (a real path) is `root` or lies inside it. */
export const within = (root: string, inner: string) => inner === root || inner.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The stats of `paths[from..to)`, each a Stats or the error it met, through the callback form of
 * stat: a promise for the batch, not one per file (on 100,000 files the promises cost as much as
 * the thread pool's round trips).
 */
function statBatch(paths: readonly string[], base: string, from: number, to: number): Promise<(Stats | NodeJS.ErrnoException)[]> {
  return new Promise((resolve) => {
    const out: (Stats | NodeJS.ErrnoException)[] = new Array(to - from);
    let left = to - from;
    for (let i = from; i < to; i++) {
      stat(base + paths[i]!, (error, stats) => {
        out[i - from] = error ?? stats;
        if (--left === 0) resolve(out);
      });
    }
  });
}

/** Why a file or folder whose name is not UTF-8 is neither indexed nor imported (its path is shown with escapes). */
export const NOT_UTF8_NAME = 'the file name is not valid UTF-8 (rename it to add it)';
export const NOT_UTF8_FOLDER = 'the folder name is not valid UTF-8 (rename it to add what it holds)';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A name's bytes as text: valid UTF-8 as it reads, every other byte as \xNN (`\xff\xfeA.jpg`). */
export function escapedName(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length > 0 && i + length <= bytes.length) {
      try {
        out += strictUtf8.decode(bytes.subarray(i, i + length));
        i += length;
        continue;
      } catch {
        // Not a character: escaped below.
      }
    }
    out += `\\x${b.toString(16).padStart(2, '0')}`;
    i++;
  }
  return out;
}

/**
 * The entries of `dir` whose names are not valid UTF-8: as readdir spells them (each bad byte a
 * U+FFFD, a path that leads nowhere), escaped for a person, and whether each is a folder. Asked only
 * of a folder where some name holds U+FFFD (a name may hold it validly).
 */
async function undecodable(dir: string): Promise<{ lossy: string; shown: string; folder: boolean }[]> {
  const names = await fs.readdir(dir, { encoding: 'buffer' }).catch(() => [] as Buffer[]);
  const base = Buffer.from(dir.endsWith(path.sep) ? dir : dir + path.sep);
  const out: { lossy: string; shown: string; folder: boolean }[] = [];
  for (const name of names) {
    try {
      strictUtf8.decode(name);
      continue;
    } catch {
      // Not UTF-8: told below.
    }
    const folder = await fs.lstat(Buffer.concat([base, name])).then(
      (s) => s.isDirectory(),
      () => false,
    );
    out.push({ lossy: name.toString('utf8'), shown: escapedName(name), folder });
  }
  return out;
}

/** Words a user can read for a file system error, to follow a colon ("it could not be read: permission denied"). */
export function fsErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'it is gone';
  if (code === 'EIO') return 'the disk could not read it';
  if (code === 'ELOOP') return 'too many levels of links';
  if (code === 'EISDIR') return 'it is a folder';
  return error instanceof Error ? error.message : String(error);
}

/** The same words as a sentence of their own ("closed.jpg: Permission denied"). */
export const fsErrorSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Every file under `root` (a folder already resolved: no link in its own path), a folder's events
 * at a time (one turn of the generator per folder, not per file). A problem with the root itself
 * has the path ''.
 */
export async function* walkFolder(root: string, options: WalkOptions = {}): AsyncGenerator<WalkEvent[]> {
  const inside = options.inside ?? ((real: string) => within(root, real));
  const visited = options.visited ?? new Set<string>();
  const folders: { abs: string; rel: string; real: string }[] = [{ abs: options.reachedAs ?? root, rel: '', real: root }];
  const linked: { abs: string; rel: string; real: string }[] = [];
  for (;;) {
    // The real folders first; then links to folders not walked yet (inside a dot-folder, say).
    const folder = folders.pop() ?? linked.shift();
    if (!folder) return;
    if (visited.has(folder.real)) continue;
    visited.add(folder.real);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(folder.abs, { withFileTypes: true });
    } catch (error) {
      yield [{ kind: 'problem', path: folder.rel, abs: folder.abs, error: fsErrorText(error), folder: true }];
      continue;
    }
    const out: WalkEvent[] = [];
    // Names that are not UTF-8 (read as text, each bad byte became U+FFFD: a path that leads nowhere):
    // told as problems with their bytes escaped, never looked at further.
    if (entries.some((entry) => entry.name.includes('\uFFFD'))) {
      const bad = await undecodable(folder.abs);
      if (bad.length > 0) {
        const lossy = new Set(bad.map((b) => b.lossy));
        entries = entries.filter((entry) => !lossy.has(entry.name));
        const relAt = folder.rel === '' ? '' : `${folder.rel}/`;
        const absAt = folder.abs.endsWith(path.sep) ? folder.abs : folder.abs + path.sep;
        for (const b of bad) {
          out.push({ kind: 'problem', path: relAt + b.shown, abs: absAt + b.shown, error: b.folder ? NOT_UTF8_FOLDER : NOT_UTF8_NAME, folder: false });
        }
      }
    }
    // Joined by hand: path.join normalises every name again, which costs more than the stat's wait.
    const absBase = folder.abs.endsWith(path.sep) ? folder.abs : folder.abs + path.sep;
    const relBase = folder.rel === '' ? '' : `${folder.rel}/`;
    // The files' names sorted as strings (natively, no comparison called per pair); the rest (folders,
    // links) as entries, in name order too.
    const files: string[] = [];
    const others: Dirent[] = [];
    for (const entry of entries) {
      if (entry.isFile()) files.push(entry.name);
      else others.push(entry);
    }
    files.sort();
    if (others.length > 1) others.sort(byName);
    const subfolders: { abs: string; rel: string; real: string }[] = [];
    for (const entry of others) {
      const name = entry.name;
      const abs = absBase + name;
      const rel = relBase + name;
      if (entry.isDirectory()) {
        if (name.startsWith('.')) continue;
        subfolders.push({ abs, rel, real: path.join(folder.real, name) });
      } else if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = await fs.realpath(abs);
        } catch (error) {
          // A broken link (or a loop of links): nothing to follow.
          out.push({ kind: 'skip', path: rel, abs, why: 'link-broken', error: fsErrorText(error) });
          continue;
        }
        if (!inside(real)) {
          out.push({ kind: 'skip', path: rel, abs, why: 'link-out' });
          continue;
        }
        const stat = await fs.stat(real).catch(() => null);
        if (stat?.isDirectory()) {
          if (!name.startsWith('.')) linked.push({ abs, rel, real });
        } else {
          out.push({ kind: 'skip', path: rel, abs, why: 'link-to-file' });
        }
      } else {
        out.push({ kind: 'skip', path: rel, abs, why: 'not-a-file' });
      }
    }
    // Depth-first in name order: pushed in reverse so the first name is walked first.
    for (let i = subfolders.length - 1; i >= 0; i--) folders.push(subfolders[i]!);
    // The links and other kinds are told first, the files after their stats: sorted together again below.
    const mixed = out.length > 0;
    for (let i = 0; i < files.length; i += STATS_AT_ONCE) {
      const end = Math.min(i + STATS_AT_ONCE, files.length);
      const stats = await statBatch(files, absBase, i, end);
      for (let j = i; j < end; j++) {
        const s = stats[j - i]!;
        const name = files[j]!;
        if (s instanceof Error) {
          // Gone since the folder was listed: as if never there.
          if (s.code === 'ENOENT') continue;
          out.push({ kind: 'problem', path: relBase + name, abs: absBase + name, error: fsErrorText(s), folder: false });
          continue;
        }
        out.push({ kind: 'file', path: relBase + name, abs: absBase + name, size: s.size, mtime: Math.floor(s.mtimeMs), dev: s.dev, ino: s.ino });
      }
    }
    if (out.length === 0) continue;
    // Files (and their problems) come in name order already; with links and other kinds, all in name order again.
    if (mixed) out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    yield out;
  }
}

// The import's paths: files and folders given on the command line.

/** What the import meets: a file to import, one left out unread, or one that could not be looked at. */
export type WalkEntry =
  /** A regular file to import: its path as reached and its size. */
  | { kind: 'file'; path: string; size: number }
  /** Left out without reading it. */
  | { kind: 'skipped'; path: string; why: 'hidden' | 'link-out' | 'not-a-file' }
  /** Could not be looked at (an unreadable folder, a broken link). */
  | { kind: 'failed'; path: string; error: string };

/** A given path that is missing or unreadable: the import stops before it begins. */
export class WalkPathError extends Error {}

export interface ImportRoot {
  /** As given, made absolute (links and all). */
  given: string;
  real: string;
  folder: boolean;
}

/** Checks the given paths (each must exist) and resolves them; throws WalkPathError naming the first bad one. */
export async function resolveRoots(paths: readonly string[]): Promise<ImportRoot[]> {
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

/**
 * The import's files under the given paths (resolved by resolveRoots), each folder walked with
 * walkFolder. A link is followed when it leads inside any of the folders given; hidden files (a name
 * starting with a dot) are left out unread, though a file given by name is taken even when hidden;
 * a file reached twice (a link, a hard link, a path given twice) is looked at once.
 */
export async function* walkFiles(roots: readonly ImportRoot[]): AsyncGenerator<WalkEntry> {
  const folders = roots.filter((r) => r.folder).map((r) => r.real);
  const inside = (real: string) => folders.some((root) => within(root, real));
  const visited = new Set<string>();
  const seenFiles = new Set<string>();

  for (const root of roots) {
    if (!root.folder) {
      const stats = await fs.stat(root.real);
      const id = `${stats.dev}:${stats.ino}`;
      if (!stats.isFile()) yield { kind: 'skipped', path: root.given, why: 'not-a-file' };
      else if (!seenFiles.has(id)) {
        seenFiles.add(id);
        yield { kind: 'file', path: root.given, size: stats.size };
      }
      continue;
    }
    for await (const events of walkFolder(root.real, { reachedAs: root.given, inside, visited })) {
      for (const event of events) {
        if (event.kind === 'problem') {
          yield { kind: 'failed', path: event.abs, error: event.folder ? `the folder could not be read: ${event.error}` : event.error };
        } else if (path.basename(event.path).startsWith('.')) {
          yield { kind: 'skipped', path: event.abs, why: 'hidden' };
        } else if (event.kind === 'file') {
          const inode = `${event.dev}:${event.ino}`;
          if (seenFiles.has(inode)) continue;
          seenFiles.add(inode);
          yield { kind: 'file', path: event.abs, size: event.size };
        } else if (event.why === 'link-broken') {
          yield { kind: 'failed', path: event.abs, error: `the link leads nowhere (${event.error})` };
        } else if (event.why !== 'link-to-file') {
          // A link to a file inside is passed over: the file is met where it lies.
          yield { kind: 'skipped', path: event.abs, why: event.why };
        }
      }
    }
  }
}
