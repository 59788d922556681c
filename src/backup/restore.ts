// `restore`: a verified backup put back into DATA_DIR: copied into a folder beside the data first, then moved into place in a few renames.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { databaseInUse } from '../db/in-use.ts';
import { NEXT_VAULT_KEY_FILE, VAULT_KEY_FILE } from '../security/vault-key.ts';
import { copyHashed } from './files.ts';
import { DEFAULT_BACKUPS_FOLDER, fileInBackup, type Manifest, MEDIA_FOLDER } from './manifest.ts';
import { knownMigrations } from './snapshot.repo.ts';
import { type VerifyReport, verifyBackup } from './verify.ts';

/** Folders in DATA_DIR a restore neither counts as data nor replaces. */
const KEPT_ENTRIES = new Set([DEFAULT_BACKUPS_FOLDER, 'lost+found']);
const STAGING_PREFIX = '.restore-';
const REPLACED_PREFIX = '.replaced-';
/** Held (created exclusively) while a restore runs. */
const RESTORE_LOCK = '.restore.lock';

/** A restore that did not start, with the reasons, one a line; DATA_DIR is as it was. */
export class RestoreRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('\n'));
  }
}

export interface RestoreResult {
  folder: string;
  manifest: Manifest;
  /** Entries of DATA_DIR that were replaced, and the folder they were moved to. */
  replaced: { entries: string[]; folder: string } | null;
  files: number;
  bytes: number;
  /** What became of the vault key. */
  key: 'restored' | 'kept' | 'environment' | 'absent';
  notes: string[];
}

export async function restoreBackup({ config, from, force }: { config: Readonly<Config>; from: string; force: boolean }): Promise<RestoreResult> {
  const report: VerifyReport = await verifyBackup(from);
  if (report.problems.length > 0 || !report.manifest)
    throw new RestoreRefused([`The backup ${report.folder} is damaged; nothing was restored:`, ...report.problems.map((p) => `  ${p}`)]);
  const { folder, manifest } = report;
  if (manifest.database.migration !== null && !(await knownMigrations()).has(manifest.database.migration)) {
    throw new RestoreRefused([`The backup ${folder} comes from a newer hub (schema ${manifest.database.migration}); update the hub, then restore.`]);
  }

  const dataDir = config.dataDir;
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  // One restore at a time: two that both found DATA_DIR empty would otherwise both move their
  // files in, and the second would land over the first.
  const lock = path.join(dataDir, RESTORE_LOCK);
  const held = await fs.open(lock, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') {
      throw new RestoreRefused([`Another restore into ${dataDir} is running. If none is (one was interrupted), delete ${lock} and restore again.`]);
    }
    throw error;
  });
  try {
    return await restoreLocked(config, folder, manifest, report, force);
  } finally {
    await held.close();
    await fs.rm(lock, { force: true });
  }
}

async function restoreLocked(config: Readonly<Config>, folder: string, manifest: Manifest, report: VerifyReport, force: boolean): Promise<RestoreResult> {
  const dataDir = config.dataDir;
  const sourceEntry = topEntryOf(dataDir, folder);
  const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
  const occupied = entries
    .filter((e) => !KEPT_ENTRIES.has(e) && e !== RESTORE_LOCK && e !== sourceEntry && !e.startsWith(STAGING_PREFIX) && !e.startsWith(REPLACED_PREFIX))
    .sort();
  if (occupied.length > 0 && !force) {
    throw new RestoreRefused([`${dataDir} is not empty (${occupied.join(', ')}). Restore into an empty DATA_DIR, or add --force to replace what is there.`]);
  }
  if (databaseInUse(config.databaseFile)) throw new RestoreRefused([`A hub is running on ${dataDir} (its database is open). Stop it, then restore.`]);

  const stamp = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  // Inside DATA_DIR, so the final moves are renames on one filesystem even when DATA_DIR is a mount point.
  const staging = await fs.mkdtemp(path.join(dataDir, STAGING_PREFIX));
  let files = 0;
  let bytes = 0;
  try {
    for (const file of manifest.files) {
      const copied = await copyHashed(fileInBackup(folder, file.path), fileInBackup(staging, file.path), 0o600);
      // Hashed again on the way: the bytes restored are the bytes verified, even if the backup changed meanwhile.
      if (!copied || copied.sha256 !== file.sha256) throw new RestoreRefused([`${file.path} changed while it was restored; nothing was restored.`]);
      files++;
      bytes += copied.size;
    }
    if (manifest.storage === 'local') await fs.mkdir(path.join(staging, MEDIA_FOLDER), { recursive: true });
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }

  // The existing key stays when the backup has none: it is most likely the key the backup's secrets need.
  const keyFiles = [VAULT_KEY_FILE, NEXT_VAULT_KEY_FILE];
  const keepExistingKey = !manifest.keyIncluded && occupied.includes(VAULT_KEY_FILE);
  const toReplace = occupied.filter((e) => !(keepExistingKey && keyFiles.includes(e)));
  const replacedFolder = path.join(dataDir, `${REPLACED_PREFIX}${stamp}`);
  await swapIn(dataDir, staging, toReplace, replacedFolder);

  const key: RestoreResult['key'] = manifest.keyIncluded ? 'restored' : keepExistingKey ? 'kept' : config.vaultKey ? 'environment' : 'absent';
  return {
    folder,
    manifest,
    replaced: toReplace.length > 0 ? { entries: toReplace, folder: replacedFolder } : null,
    files,
    bytes,
    key,
    notes: report.notes,
  };
}

/** The entry directly inside `dataDir` that holds `folder`, if the backup lives in DATA_DIR (it is never moved aside). */
function topEntryOf(dataDir: string, folder: string): string | null {
  const relative = path.relative(dataDir, folder);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/**
 * Moves the replaced entries aside, then the staged ones in: renames only, so the slow copying is
 * over before DATA_DIR changes at all. If a rename fails, what moved is moved back.
 */
async function swapIn(dataDir: string, staging: string, toReplace: string[], replacedFolder: string): Promise<void> {
  const staged = await fs.readdir(staging);
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  try {
    if (toReplace.length > 0) await fs.mkdir(replacedFolder, { mode: 0o700 });
    for (const entry of toReplace) {
      await fs.rename(path.join(dataDir, entry), path.join(replacedFolder, entry));
      movedAside.push(entry);
    }
    for (const entry of staged) {
      await fs.rename(path.join(staging, entry), path.join(dataDir, entry));
      movedIn.push(entry);
    }
  } catch (error) {
    for (const entry of movedIn) await fs.rename(path.join(dataDir, entry), path.join(staging, entry)).catch(() => {});
    for (const entry of movedAside) await fs.rename(path.join(replacedFolder, entry), path.join(dataDir, entry)).catch(() => {});
    await fs.rm(staging, { recursive: true, force: true });
    if (movedAside.length === 0) await fs.rmdir(replacedFolder).catch(() => {});
    throw error;
  }
  await fs.rmdir(staging);
}
