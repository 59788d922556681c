// MediaStore on the local disk under one folder: atomic writes, paths that cannot leave the folder.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  byteMeter,
  chunkReleaser,
  contentTypeOf,
  InvalidKeyError,
  type MediaStore,
  type PutOptions,
  type PutResult,
  resolveRange,
  type StoredBody,
  type StoredObject,
} from './media-store.ts';

/** In-progress writes live here, inside the root (same filesystem, so rename is atomic). */
const TEMP_DIR = '.incoming';

/** Bytes gathered into one write while the previous write runs. */
const WRITE_BATCH_BYTES = 1024 * 1024;

export class LocalDiskStore implements MediaStore {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Creates the folder; also clears temp files a crash may have left. */
  async init(): Promise<this> {
    await fs.mkdir(path.join(this.root, TEMP_DIR), { recursive: true, mode: 0o700 });
    for (const name of await fs.readdir(path.join(this.root, TEMP_DIR))) {
      await fs.rm(path.join(this.root, TEMP_DIR, name), { force: true });
    }
    return this;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    // The key pattern already forbids '..' and absolute keys; this is the belt to those braces.
    if (!full.startsWith(this.root + path.sep)) throw new EscapeError(key);
    return full;
  }

  /** Like pathOf, and also refuses a key whose folder is a symlink leading out of the root. */
  private async realPathOf(key: string): Promise<string> {
    const full = this.pathOf(key);
    const [realRoot, realDir] = await Promise.all([fs.realpath(this.root), fs.realpath(path.dirname(full)).catch(() => null)]);
    if (realDir !== null && realDir !== realRoot && !realDir.startsWith(realRoot + path.sep)) throw new EscapeError(key);
    return full;
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions = {}): Promise<PutResult> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await this.realPathOf(key);
    const temp = path.join(this.root, TEMP_DIR, `${crypto.randomUUID()}.part`);
    const meter = byteMeter(options.maxBytes);
    const release = options.releaseChunks ? chunkReleaser() : () => {};
    const reader = body.getReader();
    let file: fs.FileHandle | undefined;
    // One batch is written while the next is read: at most two batches are held, the socket is
    // read only as fast as the disk takes the bytes, and each write is one system call.
    let writing: Promise<void> = Promise.resolve();
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    const flush = async (to: fs.FileHandle) => {
      await writing;
      if (batch.length === 0) return;
      const chunks = batch;
      batch = [];
      batchBytes = 0;
      writing = writeAll(to, chunks).then(() => chunks.forEach(release));
      // Awaited by the next flush (or the failure path), never lost.
      writing.catch(() => {});
    };
    try {
      file = await fs.open(temp, 'wx', 0o600);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        meter.add(value);
        batch.push(value);
        batchBytes += value.byteLength;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush(file);
      }
      await flush(file);
      await writing;
      // The bytes reach the disk before the name does, and the name before the caller writes a row
      // that points at it: a power cut cannot leave a row whose original is empty or missing.
      // Renditions (durable: false) skip both flushes: they cost a disk round trip each, and a lost
      // rendition is made again.
      if (options.durable !== false) await file.sync();
      await file.close();
      file = undefined;
      await fs.rename(temp, target);
      if (options.durable !== false) await syncPath(path.dirname(target));
    } catch (error) {
      // Stop the source too (a refusal must not leave the rest of the body unread upstream).
      await reader.cancel(error).catch(() => {});
      await writing.catch(() => {});
      await file?.close().catch(() => {});
      await fs.rm(temp, { force: true });
      throw error;
    }
    return { key, ...meter.result() };
  }

  /**
   * A new file name in the store's folder for work in progress, for a tool that writes an object
   * itself (ffmpeg): on the store's own file system, so `adopt` then names it with a rename instead
   * of copying it. The caller removes it if it is not adopted; start-up removes what a crash left.
   */
  incomingPath(extension = 'part'): string {
    return path.join(this.root, TEMP_DIR, `${crypto.randomUUID()}.${extension}`);
  }

  /**
   * Stores a finished file under `key` and takes it away from where it was: a rename when it is on
   * the store's file system (see incomingPath), else a copy, after which the file is removed.
   * `durable` as for put (default true: the bytes reach the disk before the name does).
   */
  async adopt(key: string, file: string, options: Pick<PutOptions, 'durable' | 'contentType'> = {}): Promise<{ key: string; size: number }> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await this.realPathOf(key);
    const { size } = await fs.stat(file);
    if (options.durable !== false) await syncPath(file);
    try {
      await fs.rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Another file system: a copy, made visible whole by put, then the file goes.
      await this.put(key, Bun.file(file).stream(), options);
      await fs.rm(file, { force: true });
      return { key, size };
    }
    if (options.durable !== false) await syncPath(path.dirname(target));
    return { key, size };
  }

  async head(key: string): Promise<StoredObject | null> {
    const full = await this.realPathOf(key);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat?.isFile()) return null;
    return { key, size: stat.size, contentType: contentTypeOf(key), lastModified: stat.mtime };
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    const object = await this.head(key);
    if (!object) return null;
    const file = Bun.file(this.pathOf(key));
    if (!range) return { object, body: file.stream() };
    const resolved = resolveRange(range, object.size);
    return { object, range: resolved, body: file.slice(resolved.start, resolved.end + 1).stream() };
  }

  /**
   * The file that holds an object, for tools that need a path (processing reads originals where
   * they are instead of copying them); null when there is none. Never write to it.
   */
  async filePath(key: string): Promise<string | null> {
    return (await this.head(key)) ? this.pathOf(key) : null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(await this.realPathOf(key), { force: true });
  }

  list(prefix: string): AsyncIterable<StoredObject> {
    assertValidPrefix(prefix);
    return this.walk(prefix);
  }

  private async *walk(prefix: string): AsyncIterable<StoredObject> {
    // Start at the deepest folder the prefix names fully, then filter on the rest.
    const slash = prefix.lastIndexOf('/');
    const base = slash === -1 ? '' : prefix.slice(0, slash);
    const keys: string[] = [];
    const visit = async (dir: string, rel: string) => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (key === TEMP_DIR) continue;
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await visit(path.join(dir, entry.name), key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          keys.push(key);
        }
      }
    };
    await visit(path.join(this.root, base), base);
    keys.sort();
    for (const key of keys) {
      const object = await this.head(key);
      if (object) yield object;
    }
  }

  async ping(): Promise<void> {
    await fs.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
    const stat = await fs.stat(this.root);
    if (!stat.isDirectory()) throw new Error(`${this.root} is not a folder`);
  }
}

class EscapeError extends InvalidKeyError {}

/** fsync of a file or a folder (a folder's entries: a rename is durable once its folder is synced). */
async function syncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes every byte of `chunks` at the file's position: one writev, then whatever it left. */
async function writeAll(file: fs.FileHandle, chunks: Uint8Array[]): Promise<void> {
  let done = (await file.writev(chunks)).bytesWritten;
  for (const chunk of chunks) {
    if (done >= chunk.byteLength) {
      done -= chunk.byteLength;
      continue;
    }
    for (let offset = done; offset < chunk.byteLength; ) {
      offset += (await file.write(chunk, offset, chunk.byteLength - offset)).bytesWritten;
    }
    done = 0;
  }
}
