// The start-up check of DATA_DIR: the hub writes everything there, so a folder it cannot write
// (a bind mount owned by another user, a read-only mount) stops start-up at once with what to
// change, instead of a hub that answers /healthz and fails at the first upload.

import { accessSync, constants, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
