// The hub's files are for the hub's user only (issue 22, finding 4): the database with its -wal
// and -shm files, backups, the vault key. Each place that creates one gives it mode 0600 (folders
// 0700) itself, whatever the umask; the server and the CLI also set the umask to 077, so anything
// else they create (media, temporary files) is private too; and files an older hub left readable
// are narrowed when the database is opened.

import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** New files 0600 and folders 0700 from now on, in this process (the server's and the CLI's start). */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Narrows an existing file to 0600; a file that is not there, or not the hub's to change, is left as it is. */
export function makePrivate(file: string, mode = PRIVATE_FILE_MODE): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM' && code !== 'EROFS' && code !== 'EACCES') throw error;
  }
}

/** Creates `file` empty with mode 0600 if it is not there yet (SQLite then opens it as a new database). */
export function createPrivateFile(file: string): void {
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  } catch (error) {
    // Made by someone else meanwhile, or a folder the caller reports on its own terms.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A SQLite database's files: the file itself and its write-ahead log and shared-memory index. */
export function databaseFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}
