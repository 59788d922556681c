// A backup folder's layout and its manifest.json: what the backup holds, and each file's size and SHA-256.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const BACKUP_FORMAT = 'private-hub-backup';
/** Bumped when the layout changes in a way an older `restore` cannot read. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The database snapshot, named as the hub names its database so a restore is a copy. */
export const SNAPSHOT_FILE = 'hub.sqlite';
/** The local media store's files, under the same keys (originals/, thumbnails/, display/). */
export const MEDIA_FOLDER = 'media';
/** Where `backup` writes without --out: beside the data, never inside what it backs up. */
export const DEFAULT_BACKUPS_FOLDER = 'backups';
/** A backup being written; renamed to its dated name once complete, so a cut-off one is never taken for a backup. */
const PARTIAL_PREFIX = '.partial-';

const fileSchema = z.object({
  /** Relative to the backup folder, with forward slashes. */
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The source file's modification time when it was copied: an unchanged file is linked next time. */
  sourceMtimeMs: z.number().optional(),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  hubVersion: z.string(),
  createdAt: z.string(),
  storage: z.enum(['local', 's3']),
  database: z.object({ file: z.string(), migration: z.string().nullable(), migrations: z.number().int() }),
  counts: z.record(z.string(), z.number()),
  keyIncluded: z.boolean(),
  files: z.array(fileSchema),
  /** Originals the hub itself no longer had when the backup was made (`media check` reports them too). */
  missing: z.array(z.object({ mediaId: z.string(), key: z.string() })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

/** A damaged or foreign manifest, a folder that holds no backup: said in one line. */
export class BackupError extends Error {}

/** The dated folder name of a backup made at `date`: 2026-11-21T12-40-05Z (sorts by time, no colons). */
export function backupFolderName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

export function partialFolderName(name: string): string {
  return `${PARTIAL_PREFIX}${name}`;
}

export async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new BackupError(`${folder} holds no backup (no ${MANIFEST_FILE})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is damaged (not JSON)`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupError(
      `${file} is not a backup manifest of this hub (${parsed.error.issues[0]?.path.join('.') || 'format'}: ${parsed.error.issues[0]?.message})`,
    );
  if (parsed.data.version > BACKUP_FORMAT_VERSION)
    throw new BackupError(`${folder} was written by a newer hub (backup format ${parsed.data.version}); update the hub first`);
  return parsed.data;
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** The complete backups directly inside `dir` (folders with a manifest), oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const folders: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folder = path.join(dir, entry.name);
    if (
      await fs.stat(path.join(folder, MANIFEST_FILE)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      folders.push(folder);
  }
  return folders.sort();
}

/** `dir` itself when it is a backup, else the newest backup inside it. */
export async function resolveBackupFolder(dir: string): Promise<string> {
  const folder = path.resolve(dir);
  const stat = await fs.stat(folder).catch(() => null);
  if (!stat?.isDirectory()) throw new BackupError(`${folder} is not a folder`);
  if (
    await fs.stat(path.join(folder, MANIFEST_FILE)).then(
      () => true,
      () => false,
    )
  )
    return folder;
  const newest = (await listBackups(folder)).at(-1);
  if (!newest) throw new BackupError(`${folder} holds no backup (no ${MANIFEST_FILE} in it or in a folder inside it)`);
  return newest;
}

/** A manifest path (forward slashes) as a path on this system, refusing one that leaves the folder. */
export function fileInBackup(folder: string, relative: string): string {
  const full = path.resolve(folder, ...relative.split('/'));
  if (!full.startsWith(folder + path.sep)) throw new BackupError(`${MANIFEST_FILE} names a file outside the backup: ${relative}`);
  return full;
}
