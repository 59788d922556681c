// Library folders: the API's shapes, limits and texts, shared by the server and the islands.

import type { GALLERIES, MediaLibraryLink } from './media-fields.ts';

export type { MediaLibraryLink };

type Gallery = (typeof GALLERIES)[number];

export const LIBRARY_SCAN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type LibraryScanState = (typeof LIBRARY_SCAN_STATES)[number];

/** What the last scan of a library found (while one runs: so far). */
export interface LibraryScan {
  state: LibraryScanState;
  /** Files the walk met (outside dot-folders), media or not. */
  found: number;
  /** New items. */
  added: number;
  /** Items whose file moved, was renamed, changed or came back. */
  updated: number;
  /** Items whose file is gone: offline since this scan. */
  missing: number;
  /** Files that are not media, or were deleted forever from the hub. */
  skipped: number;
  /** Files that could not be read. */
  failed: number;
  /** ISO dates; null while queued (startedAt) or unfinished (finishedAt). */
  startedAt: string | null;
  finishedAt: string | null;
  /** The first few errors, with the path relative to the library (or '' for the library itself). */
  errors: { path: string; error: string }[];
}

export interface Library {
  _id: string;
  name: string;
  /** The folder on the server, absolute, with links resolved. */
  path: string;
  ownerId: string;
  /** The gallery its new items go to. */
  gallery: Gallery;
  /** Tags its new items get. */
  tags: string[];
  /** The last scan (or the one queued or running); null before the first. */
  lastScan: LibraryScan | null;
  /** Its items in the hub, and how many of them are offline (file missing). */
  itemCount: number;
  offlineCount: number;
  createdAt: string;
  updatedAt: string | null;
}

/** GET /api/libraries. */
export interface LibraryList {
  libraries: Library[];
}

/** GET /api/libraries/folders?path=…: the folders a library may be added at (administrators). */
export interface LibraryFolders {
  /** LIBRARY_ROOTS. */
  roots: string[];
  /** The folder listed; null: the roots are. */
  path: string | null;
  /** The folder above, while still inside a root; null at a root. */
  parent: string | null;
  folders: { name: string; path: string }[];
}

/** A library as a gallery's filter offers it (the viewer's own libraries). */
export interface LibraryChoice {
  _id: string;
  name: string;
}

export const MAX_LIBRARY_NAME_LENGTH = 100;
/** How many of a scan's errors its state keeps. */
export const LIBRARY_SCAN_ERRORS_KEPT = 20;

export const LIBRARY_TEXT = {
  notFound: 'Library not found',
  adminOnly: 'Only administrators add, change and remove libraries',
  removed: 'Library removed; its files were not touched',
  noRoots: 'No library roots are set: set LIBRARY_ROOTS to the folders libraries may be added under',
  notAbsolute: 'path must be an absolute folder, such as /library/photos',
  missing: (path: string) => `${path} does not exist`,
  notFolder: (path: string) => `${path} is not a folder`,
  unreadable: (path: string) => `${path} cannot be read by the hub`,
  outsideRoots: (path: string, roots: readonly string[]) => `${path} is not inside a library root (${roots.join(', ')})`,
  hubFolder: (path: string, folder: string) =>
    `${path} is the hub's own data folder or lies inside it (${folder}): it holds every member's uploads and the hub's renditions, so no library may be there. Choose a folder outside DATA_DIR`,
  hubFolderScan: (folder: string) =>
    `This library's folder is the hub's own data folder or lies inside it (${folder}): nothing in it is indexed, and its items were removed. Remove the library and add a folder outside DATA_DIR`,
  hubFolderLeftOut: "The hub's own data folder: left out of the library (its files are every member's uploads)",
  overlaps: (path: string, other: string) => `${path} overlaps the library "${other}" (one folder cannot be in two libraries)`,
  nameTaken: (name: string) => `A library named "${name}" already exists`,
  ownerUnknown: 'ownerId must be the id of a member',
  ownerFixed: "A library's owner cannot change: remove the library and add it again",
  offline: 'The file of this item is missing from its library folder: it comes back when the file does',
  stopped: 'The hub stopped during the scan',
} as const;
