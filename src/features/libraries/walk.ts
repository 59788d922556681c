// Walking a library folder and telling its files apart, without writing anything anywhere.
// The walk stays inside the folder: a link that leads out of it is never followed, a link to a
// folder inside is followed once (after the real folders, and only to a folder not yet walked), so
// loops are harmless; dot-folders are passed over; every other entry that is a file is yielded with
// its size and modification time (one stat each, nothing read). The fingerprint reads at most the
// first and last 64 KB: the size and a SHA-256 of those bytes, enough to know a moved file again.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SNIFF_BYTES, type SniffedType, sniff } from '../media/ingest/sniff.ts';

/** A file the walk met. */
export interface WalkedFile {
  /** Relative to the library, '/' between folders, as the file system spells it. */
  path: string;
  /** Absolute, as the walk reached it (links inside the folder included). */
  abs: string;
  size: number;
  /** Epoch ms, whole. */
  mtime: number;
}

/** An entry the walk could not look at (a folder it cannot list, a file it cannot stat). */
export interface WalkProblem {
  path: string;
  error: string;
}

/** A link that leads out of the library, or a file of a kind that is not a regular file. */
export interface WalkSkip {
  path: string;
}

export type WalkEvent = ({ kind: 'file' } & WalkedFile) | ({ kind: 'problem' } & WalkProblem) | ({ kind: 'skip' } & WalkSkip);

/** How many stats run at once within one folder. */
const STATS_AT_ONCE = 32;

const within = (root: string, inner: string) => inner === root || inner.startsWith(root + path.sep);
const join = (rel: string, name: string) => (rel === '' ? name : `${rel}/${name}`);

export function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'Permission denied';
  if (code === 'ENOENT') return 'The file is gone';
  if (code === 'EIO') return 'The disk could not read it';
  if (code === 'ELOOP') return 'Too many levels of links';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Every file under `root` (a folder already resolved: no link in its own path), a folder's
 * events at a time. Folders are walked depth-first in name order, so two walks of an unchanged tree agree.
 */
export async function* walkLibrary(root: string): AsyncGenerator<WalkEvent[]> {
  // Real paths of the folders walked: each is walked once, whatever way leads to it.
  const visited = new Set<string>();
  const folders: { abs: string; rel: string; real?: string }[] = [{ abs: root, rel: '', real: root }];
  const linked: { abs: string; rel: string; real: string }[] = [];
  for (;;) {
    // The real folders first; then links to folders not walked yet (inside a dot-folder, say).
    const folder = folders.pop() ?? linked.shift();
    if (!folder) return;
    let real = folder.real;
    if (real === undefined) {
      try {
        real = await fs.realpath(folder.abs);
      } catch (error) {
        yield [{ kind: 'problem', path: folder.rel, error: describeError(error) }];
        continue;
      }
    }
    if (visited.has(real)) continue;
    visited.add(real);
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(folder.abs, { withFileTypes: true });
    } catch (error) {
      yield [{ kind: 'problem', path: folder.rel, error: describeError(error) }];
      continue;
    }
    // A folder's events go out together: one turn of the generator per folder, not per file.
    const out: WalkEvent[] = [];
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const files: { abs: string; rel: string }[] = [];
    const subfolders: { abs: string; rel: string; real: string }[] = [];
    for (const entry of entries) {
      const abs = path.join(folder.abs, entry.name);
      const rel = join(folder.rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.')) continue;
        subfolders.push({ abs, rel, real: path.join(real, entry.name) });
      } else if (entry.isFile()) {
        files.push({ abs, rel });
      } else if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = await fs.realpath(abs);
        } catch {
          // A broken link (or a loop of links): nothing to follow.
          out.push({ kind: 'skip', path: rel });
          continue;
        }
        if (!within(root, real)) {
          out.push({ kind: 'skip', path: rel });
          continue;
        }
        const stat = await fs.stat(real).catch(() => null);
        if (stat?.isDirectory()) {
          if (!entry.name.startsWith('.')) linked.push({ abs, rel, real });
        } else {
          // A link to a file inside: the file is found where it lies, not twice.
          out.push({ kind: 'skip', path: rel });
        }
      } else {
        // Sockets, pipes, devices.
        out.push({ kind: 'skip', path: rel });
      }
    }
    // Depth-first in name order: pushed in reverse so the first name is walked first.
    for (let i = subfolders.length - 1; i >= 0; i--) folders.push(subfolders[i]!);
    for (let i = 0; i < files.length; i += STATS_AT_ONCE) {
      const batch = files.slice(i, i + STATS_AT_ONCE);
      const stats = await Promise.all(
        batch.map((f) =>
          fs.stat(f.abs).then(
            (s) => s,
            (error: unknown) => error,
          ),
        ),
      );
      for (let j = 0; j < batch.length; j++) {
        const stat = stats[j];
        const file = batch[j]!;
        if (stat instanceof Error || !(stat as { isFile?: unknown }).isFile) {
          // Gone since the folder was listed: as if never there.
          if ((stat as NodeJS.ErrnoException).code === 'ENOENT') continue;
          out.push({ kind: 'problem', path: file.rel, error: describeError(stat) });
          continue;
        }
        const s = stat as import('node:fs').Stats;
        out.push({ kind: 'file', path: file.rel, abs: file.abs, size: s.size, mtime: Math.floor(s.mtimeMs) });
      }
    }
    if (out.length > 0) yield out;
  }
}

/** Bytes read at each end of a file for its fingerprint. */
export const FINGERPRINT_BYTES = 64 * 1024;

export interface ReadFile {
  /** What the bytes say the file is; null: not media. */
  sniffed: SniffedType | null;
  /** `<size>-<hex SHA-256 of the first and last 64 KB>` (the whole file when it is smaller than 128 KB). */
  fingerprint: string;
}

/**
 * Reads the first 64 KB (the type is told from them) and, for media, the last 64 KB. Throws the
 * file system's error (ENOENT when the file went while the scan ran).
 */
export async function readFileIdentity(abs: string, size: number): Promise<ReadFile> {
  const handle = await fs.open(abs, 'r');
  try {
    const headLength = Math.min(size, FINGERPRINT_BYTES);
    const head = Buffer.alloc(headLength);
    const { bytesRead } = headLength > 0 ? await handle.read(head, 0, headLength, 0) : { bytesRead: 0 };
    const sniffed = sniff(head.subarray(0, Math.min(bytesRead, SNIFF_BYTES)));
    const hasher = new Bun.CryptoHasher('sha256');
    hasher.update(head.subarray(0, bytesRead));
    if (sniffed && size > FINGERPRINT_BYTES) {
      const tailStart = Math.max(FINGERPRINT_BYTES, size - FINGERPRINT_BYTES);
      const tail = Buffer.alloc(size - tailStart);
      const read = await handle.read(tail, 0, tail.length, tailStart);
      hasher.update(tail.subarray(0, read.bytesRead));
    }
    return { sniffed, fingerprint: `${size}-${hasher.digest('hex')}` };
  } finally {
    await handle.close();
  }
}
