// The start-up check of DATA_DIR: the hub writes everything there, so a folder it cannot write
// (a bind mount owned by another user, a read-only mount) stops start-up at once with what to
// change, instead of a hub that answers /healthz and fails at the first upload.

import { accessSync, constants, promises as fs, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BACKUPS_FOLDER } from './backup/manifest.ts';

/** What the hub writes under DATA_DIR when it exists already: each must stay writable. */
const WRITTEN = [
  'hub.sqlite',
  'hub.sqlite-wal',
  'hub.sqlite-shm',
  'media',
  'media/originals',
  'media/thumbnails',
  'media/display',
  'media/.incoming',
  'tmp',
  'tmp/processing',
];

export interface Identity {
  uid: number;
  gid: number;
}

function currentIdentity(): Identity {
  return { uid: process.getuid?.() ?? -1, gid: process.getgid?.() ?? -1 };
}

function ownerOf(file: string): Identity | null {
  try {
    const stat = statSync(file);
    return { uid: stat.uid, gid: stat.gid };
  } catch {
    return null;
  }
}

/** The message for a path under DATA_DIR the hub cannot write: who owns it, who the hub is, and the two ways out. */
export function unwritableMessage(dataDir: string, file: string, code: string, me: Identity, owner: Identity | null): string {
  const what = file === dataDir ? `DATA_DIR (${dataDir})` : `${file} in DATA_DIR (${dataDir})`;
  if (code === 'EROFS') return `${what} is on a read-only file system: the hub must write there. Mount it read-write.`;
  const ownedBy = owner ? ` It belongs to uid ${owner.uid} (gid ${owner.gid}).` : '';
  const fix = owner
    ? `Either run the hub as the folder's owner (docker run --user ${owner.uid}:${owner.gid}, or user: "${owner.uid}:${owner.gid}" in compose.yaml), or give the folder to the hub's user (chown -R ${me.uid}:${me.gid} on the host's folder).`
    : `Give the folder to the hub's user (chown -R ${me.uid}:${me.gid} on the host's folder), or run the hub as its owner (docker run --user UID:GID).`;
  return `${what} is not writable by the user the hub runs as (uid ${me.uid}, gid ${me.gid}).${ownedBy} ${fix}`;
}

/**
 * Null when the hub can create DATA_DIR and write in it (and in everything it wrote there before),
 * else one message saying what to change. A real file is written and removed, so a mount whose
 * permission bits look fine but refuses writes (read-only, root-squashed NFS) is caught too.
 */
export function dataDirProblem(dataDir: string, me: Identity = currentIdentity()): string | null {
  const fail = (file: string, error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    let owned = ownerOf(file);
    // A folder that could not be made: the first existing parent is the one to change.
    for (let dir = file; !owned && path.dirname(dir) !== dir; dir = path.dirname(dir)) owned = ownerOf(path.dirname(dir));
    return unwritableMessage(dataDir, file, code, me, owned);
  };
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    return fail(dataDir, error);
  }
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    return fail(dataDir, error);
  }
  for (const name of WRITTEN) {
    const file = path.join(dataDir, name);
    try {
      accessSync(file, constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return fail(file, error);
    }
  }
  return null;
}

/**
 * The hub's own folders: DATA_DIR and the folders in it that may be links to another disk (the
 * local store's media/, the unfinished uploads, scratch files, the default backups). No library
 * may be any of them or lie inside one, and a library that contains one leaves it out of its walk
 * (decision 0043): their files are every member's uploads and the hub's own.
 */
export function hubFolders(config: { dataDir: string; mediaDir: string }): string[] {
  const { dataDir, mediaDir } = config;
  return [dataDir, mediaDir, path.join(dataDir, 'uploads'), path.join(dataDir, 'tmp'), path.join(dataDir, DEFAULT_BACKUPS_FOLDER)];
}

/** The real path of `folder`; one that does not exist yet: its nearest existing parent's, resolved, and the rest. */
async function realPathOf(folder: string): Promise<string> {
  const resolved = path.resolve(folder);
  const rest: string[] = [];
  for (let at = resolved; ; at = path.dirname(at)) {
    const real = await fs.realpath(at).catch(() => null);
    if (real !== null) return path.join(real, ...rest);
    if (path.dirname(at) === at) return resolved;
    rest.unshift(path.basename(at));
  }
}

/** How long the hub folders' real paths are kept before they are resolved again (a link made meanwhile is seen then). */
const HUB_FOLDERS_TTL_MS = 30_000;

/**
 * The real paths (links resolved) of the hub's folders, looked up at most every 30 s; a folder
 * that does not exist yet is where it would be made (so nothing is let through for being missing). `inside(real)` names the hub folder a real path lies in (or is), else null.
 */
export function hubFolderGuard(folders: readonly string[]) {
  let cached: { at: number; real: string[] } | null = null;
  const realFolders = async (): Promise<string[]> => {
    if (cached && Date.now() - cached.at < HUB_FOLDERS_TTL_MS) return cached.real;
    cached = { at: Date.now(), real: [...new Set(await Promise.all(folders.map(realPathOf)))] };
    return cached.real;
  };
  const within = (root: string, inner: string) => inner === root || inner.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
  return {
    folders: realFolders,
    /** The hub folder `real` is in (or is), or null. */
    async inside(real: string): Promise<string | null> {
      return (await realFolders()).find((folder) => within(folder, real)) ?? null;
    },
    /** The hub folders inside `real` (a library that contains DATA_DIR, say), those inside another left out, in name order. */
    async under(real: string): Promise<string[]> {
      const inside = (await realFolders()).filter((folder) => folder !== real && within(real, folder));
      return inside.filter((folder) => !inside.some((other) => other !== folder && within(other, folder))).sort();
    },
  };
}

export type HubFolderGuard = ReturnType<typeof hubFolderGuard>;
