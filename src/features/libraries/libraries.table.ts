// Row types of library folders: folders on the server whose media are indexed where they are (migration 0033).

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { GalleryName } from '../media/media.table.ts';

export interface LibrariesTable {
  id: string;
  owner_id: string;
  name: string;
  /** The name in lower case: names are unique ignoring case (the CLI finds a library by its name). */
  name_key: string;
  /** The folder, absolute, with links and `..` resolved. */
  path: string;
  /** The gallery new items go to. */
  gallery: GalleryName;
  /** JSON array of the tags new items get. */
  tags: string;
  /** JSON of the last scan (LibraryScan), with `heartbeatAt` while one runs; null before the first. */
  last_scan: string | null;
  /** Epoch milliseconds. */
  created_at: number;
  updated_at: number | null;
}

/** A file a scan passed over (not media, or deleted forever), remembered by size and time. */
export interface LibrarySkippedTable {
  library_id: string;
  rel_path: string;
  size: number;
  mtime_ms: number;
}

/** The fingerprint of a library item deleted forever: later scans leave its file out. */
export interface LibraryForgottenTable {
  library_id: string;
  fingerprint: string;
}

export type LibraryRow = Selectable<LibrariesTable>;
export type NewLibraryRow = Insertable<LibrariesTable>;
export type LibraryUpdate = Updateable<LibrariesTable>;
