// The keys of library items' originals (decision 0043): `library/<item id>`, read by the store from
// the library file itself, never written nor deleted (library-store.service.ts).

export const LIBRARY_KEY_PREFIX = 'library/';

/** The key of a library item's original. */
export const libraryKeyOf = (mediaId: string) => `${LIBRARY_KEY_PREFIX}${mediaId}`;
export const isLibraryKey = (key: string) => key.startsWith(LIBRARY_KEY_PREFIX);

export class LibraryFilesError extends Error {
  constructor(key: string) {
    super(`A library file is never written: ${key}`);
    this.name = 'LibraryFilesError';
  }
}
