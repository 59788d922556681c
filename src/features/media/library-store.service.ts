// The media store as the hub uses it once library folders exist (decision 0043): a library item's
// original has the key `library/<item id>`, and this store reads it from the library file itself
// (ranges, sizes and dates from the file); every other key goes to the hub's own store. A library
// key is never written nor deleted: deleting one is a no-op, writing one throws. So every path that
// deletes an item's objects (delete forever, the bin's purge, an account's deletion, removing a
// library) leaves the library's files as they are. A file that has vanished answers as a missing
// object and marks its item offline.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { type HubFolderGuard, hubFolderGuard } from '../../data-dir.ts';
import type { Database } from '../../db/database.ts';
import {
  type ByteRange,
  contentTypeOf,
  localFileOf,
  type MediaStore,
  type PutOptions,
  type PutResult,
  resolveRange,
  type StoredBody,
  type StoredObject,
} from '../../storage/media-store.ts';
import { libraryFileOf, markOneOffline } from './library-items.repo.ts';
import { isLibraryKey, LIBRARY_KEY_PREFIX, LibraryFilesError } from './library-store.ts';

/** Whether `inner` lies within `root` (both absolute and resolved). */
const within = (root: string, inner: string) => inner === root || inner.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

export class LibraryAwareStore implements MediaStore {
  readonly driver: MediaStore['driver'];

  private readonly hub: HubFolderGuard;

  constructor(
    readonly inner: MediaStore,
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    hubFolders: readonly string[] = [],
  ) {
    this.driver = inner.driver;
    this.hub = hubFolderGuard(hubFolders);
  }

  /**
   * The file behind a library key, checked to lie inside its library once links are resolved;
   * null when the item or the file is gone (the item is then marked offline).
   */
  private async fileOf(key: string): Promise<{ file: string; size: number; mtime: Date } | null> {
    const mediaId = key.slice(LIBRARY_KEY_PREFIX.length);
    const where = await libraryFileOf(this.db, mediaId);
    if (!where) return null;
    const file = path.join(where.root, ...where.path.split('/'));
    try {
      const [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(where.root)]);
      if (!within(realRoot, real)) return null;
      // A file in the hub's own folders (a library added before they were refused): never served.
      if ((await this.hub.inside(real)) !== null) return null;
      const stat = await fs.stat(real);
      if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
      return { file: real, size: stat.size, mtime: stat.mtime };
    } catch (error) {
      // The file gone from a folder that is there: the item is offline until a scan finds it again.
      // (A library folder that is not there at all, an unmounted disk, marks nothing.)
      const code = (error as NodeJS.ErrnoException).code;
      if (
        (code === 'ENOENT' || code === 'ENOTDIR') &&
        (await fs.stat(where.root).then(
          (s) => s.isDirectory(),
          () => false,
        ))
      ) {
        await markOneOffline(this.db, mediaId, this.clock().getTime());
      }
      return null;
    }
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options?: PutOptions): Promise<PutResult> {
    if (isLibraryKey(key)) {
      await body.cancel().catch(() => {});
      throw new LibraryFilesError(key);
    }
    return this.inner.put(key, body, options);
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    if (!isLibraryKey(key)) return this.inner.get(key, range);
    const found = await this.fileOf(key);
    if (!found) return null;
    const object: StoredObject = { key, size: found.size, contentType: contentTypeOf(found.file), lastModified: found.mtime };
    const file = Bun.file(found.file);
    if (!range) return { body: file.stream(), object };
    const resolved = resolveRange(range, found.size);
    return { body: file.slice(resolved.start, resolved.end + 1).stream(), object, range: resolved };
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isLibraryKey(key)) return this.inner.head(key);
    const found = await this.fileOf(key);
    return found ? { key, size: found.size, contentType: contentTypeOf(found.file), lastModified: found.mtime } : null;
  }

  async delete(key: string): Promise<void> {
    // The library's files are the owner's collection: the hub never deletes one.
    if (isLibraryKey(key)) return;
    await this.inner.delete(key);
  }

  list(prefix: string): AsyncIterable<StoredObject> {
    return this.inner.list(prefix);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  async filePath(key: string): Promise<string | null | undefined> {
    if (isLibraryKey(key)) return (await this.fileOf(key))?.file ?? null;
    return localFileOf(this.inner, key);
  }

  get incomingPath(): MediaStore['incomingPath'] {
    return this.inner.incomingPath?.bind(this.inner);
  }

  get adopt(): MediaStore['adopt'] {
    const adopt = this.inner.adopt?.bind(this.inner);
    if (!adopt) return undefined;
    return (key, file, options) => {
      if (isLibraryKey(key)) throw new LibraryFilesError(key);
      return adopt(key, file, options);
    };
  }
}

/** The store with library files in it (a store already so is returned as it is). */
export function withLibraryFiles(store: MediaStore, db: Kysely<Database>, clock: Clock, hubFolders: readonly string[] = []): MediaStore {
  return store instanceof LibraryAwareStore ? store : new LibraryAwareStore(store, db, clock, hubFolders);
}
