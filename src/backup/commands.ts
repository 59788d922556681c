// What `backup`, `backup verify` and `restore` print: counts, sizes, time, and what the vault key's whereabouts mean for the household.

import path from 'node:path';
import type { Config } from '../config.ts';
import { VAULT_KEY_FILE } from '../security/vault-key.ts';
import { CLI } from '../shared/cli-commands.ts';
import { formatSize } from '../shared/media.ts';
import { createBackup } from './backup.ts';
import { DEFAULT_BACKUPS_FOLDER, type Manifest } from './manifest.ts';
import { RestoreRefused, type RestoreResult, restoreBackup } from './restore.ts';
import { verifyBackup } from './verify.ts';

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The default backups folder: inside DATA_DIR, beside what is backed up (the database, media/, the key), never in it. */
export function defaultBackupsDir(config: Readonly<Config>): string {
  return path.join(config.dataDir, DEFAULT_BACKUPS_FOLDER);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "3 users, 2 streaming sites, ..." from a manifest's counts. */
export function describeCounts(manifest: Manifest): string {
  const labels: Record<string, string> = {
    users: 'user(s)',
    streaming_sites: 'streaming site(s)',
    links: 'link(s)',
    models: 'model(s)',
    media: 'media item(s)',
    albums: 'album(s)',
    vault_accounts: 'vault account(s)',
    mediaFiles: 'media file(s)',
  };
  return Object.entries(labels)
    .filter(([table]) => manifest.counts[table] !== undefined)
    .map(([table, label]) => `${manifest.counts[table]} ${label}`)
    .join(', ');
}

export async function runBackup(io: Output, config: Readonly<Config>, options: { out?: string; includeKey: boolean }): Promise<number> {
  const result = await createBackup({ config, outDir: options.out ?? defaultBackupsDir(config), includeKey: options.includeKey });
  const { manifest } = result;
  const snapshot = manifest.files[0]!;
  io.out(`Backup written to ${result.folder}`);
  io.out(`  Database: ${formatSize(snapshot.size)} snapshot at schema ${manifest.database.migration ?? '(empty)'}: ${describeCounts(manifest)}.`);
  if (config.storage.driver === 'local') {
    io.out(
      `  Media: ${result.copied.files} file(s) copied (${formatSize(result.copied.bytes)}), ${result.linked.files} unchanged file(s) linked from the previous backup (${formatSize(result.linked.bytes)}).`,
    );
  } else {
    io.out(
      `  Media: not in this backup. STORAGE_DRIVER=s3: the media live in the bucket ${config.storage.bucket}, which needs its own versioning or replication.`,
    );
  }
  if (result.dropped.length > 0) io.out(`  ${result.dropped.length} item(s) deleted while the backup ran are left out of it.`);
  if (result.reprocessed.length > 0)
    io.out(`  ${result.reprocessed.length} item(s) whose thumbnail was remade while the backup ran get theirs made again by the restored hub.`);
  for (const m of manifest.missing)
    io.err(`  Note: the original of item ${m.mediaId} (${m.key}) is missing from the media folder itself; "${CLI.command('media check')}" tells more.`);
  io.out(`  Took ${seconds(result.ms)}.`);
  warnAboutKey(io, result.keyFile, manifest.keyIncluded, { includeKey: options.includeKey, vaultKeyFromEnvironment: Boolean(config.vaultKey) });
  return 0;
}

function warnAboutKey(
  io: Output,
  keyFile: { path: string; exists: boolean },
  included: boolean,
  options: { includeKey: boolean; vaultKeyFromEnvironment: boolean },
): void {
  if (included) {
    io.err(
      `WARNING: the vault key is in this backup (${VAULT_KEY_FILE}). The backup folder is now as secret as the key: anyone who can read it can read every vault password. Keep it where only you can.`,
    );
    return;
  }
  if (options.vaultKeyFromEnvironment) {
    io.err(
      'WARNING: the vault key is NOT in this backup: it lives in the VAULT_KEY variable. Keep a copy of it somewhere safe, apart from the backups; without it the vault passwords cannot be read.',
    );
    return;
  }
  if (!keyFile.exists) {
    if (options.includeKey) io.err(`Note: there is no vault key yet (${keyFile.path}); nothing to include.`);
    return;
  }
  io.err(
    `WARNING: the vault key (${keyFile.path}) is NOT in this backup. Without it the vault passwords cannot be read: keep a copy of it somewhere safe, apart from the backups, or run the backup with --include-key.`,
  );
}

export async function runVerify(io: Output, dir: string): Promise<number> {
  const report = await verifyBackup(dir);
  for (const note of report.notes) io.out(`  Note: ${note}`);
  if (report.problems.length > 0) {
    io.err(`Backup ${report.folder}: ${report.problems.length} problem(s):`);
    for (const problem of report.problems) io.err(`  ${problem}`);
    return 1;
  }
  const manifest = report.manifest!;
  io.out(
    `Backup ${report.folder}: OK. ${report.files} file(s), ${formatSize(report.bytes)}, checksums match, the database is intact; ${describeCounts(manifest)}${manifest.keyIncluded ? '; the vault key is in it' : ''}.`,
  );
  return 0;
}

export async function runRestore(io: Output, config: Readonly<Config>, options: { from: string; force: boolean }): Promise<number> {
  let result: RestoreResult;
  try {
    result = await restoreBackup({ config, from: options.from, force: options.force });
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    for (const reason of error.reasons) io.err(reason);
    return 1;
  }
  const { manifest } = result;
  io.out(
    `Restored ${result.folder} (made ${manifest.createdAt}) into ${config.dataDir}: ${result.files} file(s), ${formatSize(result.bytes)}; ${describeCounts(manifest)}.`,
  );
  if (result.replaced)
    io.out(
      `Replaced ${result.replaced.entries.join(', ')}; they are in ${result.replaced.folder}: delete that folder once the restored hub runs as it should.`,
    );
  if (manifest.storage === 's3')
    io.out(
      `The backup holds the database only: the media are in the S3 bucket (${config.storage.driver === 's3' ? config.storage.bucket : 'set STORAGE_DRIVER=s3 and the S3_ settings as before'}).`,
    );
  const vaultRows = manifest.counts.vault_accounts ?? 0;
  if (result.key === 'restored') io.out(`The vault key was restored (${VAULT_KEY_FILE}, mode 0600).`);
  else if (result.key === 'kept') io.out(`The backup holds no vault key; the existing ${VAULT_KEY_FILE} was kept.`);
  else if (result.key === 'environment')
    io.out('The backup holds no vault key; the hub takes it from VAULT_KEY, which must be the key the backup was made with.');
  else if (vaultRows > 0)
    io.err(
      `WARNING: the backup holds no vault key and there is none here. The hub will not start until ${VAULT_KEY_FILE} is put back in ${config.dataDir} (mode 0600) or VAULT_KEY is set.`,
    );
  for (const note of result.notes) io.out(`  Note: ${note}`);
  io.out('Start the hub on it.');
  return 0;
}
