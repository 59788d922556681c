// `backup verify`: a backup checked without restoring it: every checksum, the snapshot's integrity, every media file its rows reference.

import { promises as fs } from 'node:fs';
import { previewKeysOf } from '../features/media/media.table.ts';
import { listFiles, sha256File } from './files.ts';
import { BackupError, fileInBackup, MANIFEST_FILE, type Manifest, MEDIA_FOLDER, readManifest, resolveBackupFolder, SNAPSHOT_FILE } from './manifest.ts';
import { inspectSnapshot } from './snapshot.repo.ts';

export interface VerifyReport {
  /** The backup folder checked (the newest one when a folder of backups was named). */
  folder: string;
  manifest: Manifest | null;
  /** Each one names the file; any problem makes the backup unfit to restore. */
  problems: string[];
  /** Worth knowing, not damage: files the manifest does not list, originals the hub lacked already. */
  notes: string[];
  files: number;
  bytes: number;
}

export async function verifyBackup(dir: string): Promise<VerifyReport> {
  let folder = dir;
  const report: VerifyReport = { folder, manifest: null, problems: [], notes: [], files: 0, bytes: 0 };
  try {
    folder = report.folder = await resolveBackupFolder(dir);
    report.manifest = await readManifest(folder);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    report.problems.push(error.message);
    return report;
  }
  const manifest = report.manifest;

  for (const file of manifest.files) {
    let full: string;
    try {
      full = fileInBackup(folder, file.path);
    } catch (error) {
      report.problems.push((error as Error).message);
      continue;
    }
    const stat = await fs.stat(full).catch(() => null);
    if (!stat?.isFile()) {
      report.problems.push(`${file.path}: missing`);
      continue;
    }
    const actual = await sha256File(full);
    report.files++;
    report.bytes += actual.size;
    if (actual.size !== file.size) report.problems.push(`${file.path}: damaged (${actual.size} bytes, the manifest says ${file.size})`);
    else if (actual.sha256 !== file.sha256) report.problems.push(`${file.path}: damaged (its SHA-256 differs from the manifest's)`);
  }

  if (!manifest.files.some((f) => f.path === SNAPSHOT_FILE)) report.problems.push(`${SNAPSHOT_FILE}: not in the manifest`);
  else checkSnapshot(folder, manifest, report);

  const listed = new Set([MANIFEST_FILE, ...manifest.files.map((f) => f.path)]);
  for (const extra of (await listFiles(folder)).filter((f) => !listed.has(f))) report.notes.push(`${extra}: not in the manifest (ignored by restore)`);
  for (const m of manifest.missing) report.notes.push(`${MEDIA_FOLDER}/${m.key}: the hub itself had lost this original of item ${m.mediaId} before the backup`);
  return report;
}

/** Opens the snapshot read-only: SQLite's integrity check, the schema level, and every media file its rows need. */
function checkSnapshot(folder: string, manifest: Manifest, report: VerifyReport): void {
  try {
    const { integrity: results, facts, mediaFiles } = inspectSnapshot(fileInBackup(folder, SNAPSHOT_FILE));
    if (!facts) {
      report.problems.push(`${SNAPSHOT_FILE}: SQLite's integrity check failed (${results.slice(0, 3).join('; ')})`);
      return;
    }
    if (facts.migration !== manifest.database.migration)
      report.problems.push(`${SNAPSHOT_FILE}: its schema (${facts.migration}) is not the manifest's (${manifest.database.migration})`);
    if (manifest.storage !== 'local') return;
    const files = new Set(manifest.files.map((f) => f.path));
    const missing = new Set(manifest.missing.map((m) => m.key));
    for (const row of mediaFiles) {
      for (const key of [row.storage_key, row.thumbnail_key, row.display_key, ...previewKeysOf(row)]) {
        if (!key || missing.has(key)) continue;
        if (!files.has(`${MEDIA_FOLDER}/${key}`)) report.problems.push(`${MEDIA_FOLDER}/${key}: item ${row.id} needs it, but the backup does not hold it`);
      }
    }
  } catch (error) {
    report.problems.push(`${SNAPSHOT_FILE}: not a readable SQLite database (${error instanceof Error ? error.message : String(error)})`);
  }
}
