// `backup`: a dated, self-contained folder made while the hub runs: the database snapshot, the media files it references (unchanged ones hard-linked from the previous backup), the key if asked, and a manifest.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { markForReprocessing } from '../features/media/ingest/ingest.repo.ts';
import { processMedia } from '../features/media/jobs.ts';
import { deleteRowsById } from '../features/media/media.repo.ts';
import { previewKeysOf } from '../features/media/media.table.ts';
import { createServices } from '../features/services.ts';
import { NEXT_VAULT_KEY_FILE, VAULT_KEY_FILE } from '../security/vault-key.ts';
import { assertValidKey } from '../storage/media-store.ts';
import { copyHashed, linkFile, sha256File } from './files.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFolderName,
  fileInBackup,
  listBackups,
  type Manifest,
  type ManifestFile,
  MEDIA_FOLDER,
  partialFolderName,
  readManifest,
  SNAPSHOT_FILE,
  writeManifest,
} from './manifest.ts';
import { factsOfFile, liveItems, type MediaFiles, mediaFilesOfFile, settleSnapshot, takeSnapshot } from './snapshot.repo.ts';

/** How long a row whose file vanished is watched for the deletion that removed the file to finish. */
const DELETION_WAIT_MS = 3000;
const DELETION_POLL_MS = 100;

export interface BackupOptions {
  config: Readonly<Config>;
  /** The folder the dated backup goes into (created if absent). */
  outDir: string;
  includeKey: boolean;
  clock?: () => Date;
  /** Runs between the snapshot and the copying of the media (tests change the hub's files there). */
  afterSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  folder: string;
  manifest: Manifest;
  copied: { files: number; bytes: number };
  linked: { files: number; bytes: number };
  /** Items deleted by the hub while the backup ran: left out, as if deleted just before it. */
  dropped: string[];
  /** Items whose thumbnail or display copy vanished meanwhile: the restored hub makes it again. */
  reprocessed: string[];
  /** Where the key file was looked for, and whether it was there. */
  keyFile: { path: string; exists: boolean };
  ms: number;
}

/** Where `backup` would write its backup into, refusing a place inside what it backs up. */
export function checkOutDir(config: Readonly<Config>, outDir: string): void {
  const out = path.resolve(outDir);
  const media = config.mediaDir;
  if (out === media || out.startsWith(media + path.sep))
    throw new Error(`--out must not be inside the media folder (${media}): a backup would then hold itself`);
}

export async function createBackup({ config, outDir, includeKey, clock = () => new Date(), afterSnapshot }: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const out = path.resolve(outDir);
  checkOutDir(config, out);
  await fs.mkdir(out, { recursive: true, mode: 0o700 });

  const previous = await previousBackup(out);
  const now = clock();
  const name = await freeName(out, backupFolderName(now));
  const partial = path.join(out, partialFolderName(name));
  await fs.mkdir(partial, { mode: 0o700 });
  try {
    const snapshot = path.join(partial, SNAPSHOT_FILE);
    await takeSnapshot(config.databaseFile, snapshot);
    await afterSnapshot?.();

    const result = { copied: { files: 0, bytes: 0 }, linked: { files: 0, bytes: 0 } };
    const files: ManifestFile[] = [];
    const fixes = { drop: [] as string[], reprocess: [] as { id: string; lost: string[] }[], missing: [] as Manifest['missing'] };
    if (config.storage.driver === 'local') {
      const media = await copyMedia(config, partial, snapshot, previous, result);
      files.push(...media.files);
      Object.assign(fixes, await settleVanished(config.databaseFile, media.vanished));
      // A dropped item's other files were copied already; they leave with it.
      const droppedPaths = new Set(
        media.vanished
          .filter((v) => fixes.drop.includes(v.row.id))
          .flatMap((v) => keysOf(v.row))
          .map((k) => `${MEDIA_FOLDER}/${k}`),
      );
      for (const p of droppedPaths) await fs.rm(fileInBackup(partial, p), { force: true });
      files.splice(0, files.length, ...files.filter((f) => !droppedPaths.has(f.path)));
      await amendSnapshot(config, snapshot, fixes.drop, fixes.reprocess, now);
    }
    settleSnapshot(snapshot);

    const facts = factsOfFile(snapshot);
    const snapshotHash = await sha256File(snapshot);
    files.unshift({ path: SNAPSHOT_FILE, ...snapshotHash });

    const keyPath = path.join(config.dataDir, VAULT_KEY_FILE);
    const keyExists = await fs.stat(keyPath).then(
      (s) => s.isFile(),
      () => false,
    );
    let keyIncluded = false;
    // The next key too, if a rotation is half-way: values the snapshot sealed with it need it.
    for (const name of includeKey ? [VAULT_KEY_FILE, NEXT_VAULT_KEY_FILE] : []) {
      const copied = await copyHashed(path.join(config.dataDir, name), path.join(partial, name), 0o600);
      if (!copied) continue;
      files.push({ path: name, size: copied.size, sha256: copied.sha256 });
      keyIncluded = true;
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      hubVersion: pkg.version,
      createdAt: now.toISOString(),
      storage: config.storage.driver,
      database: { file: SNAPSHOT_FILE, migration: facts.migration, migrations: facts.migrations },
      counts: { ...facts.counts, mediaFiles: files.filter((f) => f.path.startsWith(`${MEDIA_FOLDER}/`)).length },
      keyIncluded,
      files,
      missing: fixes.missing,
    };
    await writeManifest(partial, manifest);
    const folder = path.join(out, name);
    await fs.rename(partial, folder);
    return {
      folder,
      manifest,
      ...result,
      dropped: fixes.drop,
      reprocessed: fixes.reprocess.map((r) => r.id),
      keyFile: { path: keyPath, exists: keyExists },
      ms: performance.now() - started,
    };
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

interface Previous {
  folder: string;
  byPath: Map<string, ManifestFile>;
}

/** The newest complete backup in the folder, whose unchanged files this one links to (none if unreadable). */
async function previousBackup(out: string): Promise<Previous | null> {
  const folder = (await listBackups(out)).at(-1);
  if (!folder) return null;
  try {
    const manifest = await readManifest(folder);
    return { folder, byPath: new Map(manifest.files.map((f) => [f.path, f])) };
  } catch {
    return null;
  }
}

/** The dated name, or with -2, -3 ... when a backup of the same second exists. */
async function freeName(out: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name}-${n}`;
    const taken = await Promise.all(
      [candidate, partialFolderName(candidate)].map((c) =>
        fs.stat(path.join(out, c)).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (!taken.includes(true)) return candidate;
  }
}

function keysOf(row: MediaFiles): string[] {
  // The preview and scrubber are carried like the other renditions (decision 0037).
  return [...[row.storage_key, row.thumbnail_key, row.display_key].filter((k): k is string => Boolean(k)), ...previewKeysOf(row)];
}

interface Vanished {
  row: MediaFiles;
  key: string;
}

/**
 * Copies (or links) every file the snapshot references from the live media folder. A file that is
 * gone by then is returned as vanished: the hub deleted it after the snapshot.
 */
async function copyMedia(
  config: Readonly<Config>,
  partial: string,
  snapshot: string,
  previous: Previous | null,
  result: { copied: { files: number; bytes: number }; linked: { files: number; bytes: number } },
): Promise<{ files: ManifestFile[]; vanished: Vanished[] }> {
  const rows = mediaFilesOfFile(snapshot);
  const files: ManifestFile[] = [];
  const vanished: Vanished[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of keysOf(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      assertValidKey(key);
      const relative = `${MEDIA_FOLDER}/${key}`;
      const source = path.join(config.mediaDir, ...key.split('/'));
      const target = fileInBackup(partial, relative);
      const stat = await fs.stat(source).catch(() => null);
      if (!stat?.isFile()) {
        vanished.push({ row, key });
        continue;
      }
      const before = previous?.byPath.get(relative);
      if (previous && before && before.size === stat.size && before.sourceMtimeMs === stat.mtimeMs) {
        const earlier = fileInBackup(previous.folder, relative);
        const earlierStat = await fs.stat(earlier).catch(() => null);
        if (earlierStat?.size === before.size && (await linkFile(earlier, target))) {
          files.push(before);
          result.linked.files++;
          result.linked.bytes += before.size;
          continue;
        }
      }
      const copied = await copyHashed(source, target);
      if (!copied) {
        vanished.push({ row, key });
        continue;
      }
      files.push({ path: relative, size: copied.size, sha256: copied.sha256, sourceMtimeMs: copied.mtimeMs });
      result.copied.files++;
      result.copied.bytes += copied.size;
    }
  }
  return { files, vanished };
}

/**
 * What became of the items whose files vanished: deleted for good (their row leaves the live
 * database within moments of the files: the hub deletes the bytes first) are dropped from the
 * backup; a lost thumbnail or display copy is made again by the restored hub; an original missing
 * while its item stays is recorded (the live hub lacks it too, and `media check` names it).
 */
async function settleVanished(
  databaseFile: string,
  vanished: Vanished[],
): Promise<{ drop: string[]; reprocess: { id: string; lost: string[] }[]; missing: Manifest['missing'] }> {
  const drop: string[] = [];
  const reprocess = new Map<string, string[]>();
  const missing: Manifest['missing'] = [];
  if (vanished.length === 0) return { drop, reprocess: [], missing };
  const live = liveItems(databaseFile);
  try {
    const ids = [...new Set(vanished.map((v) => v.row.id))];
    for (const id of ids) {
      const rows = vanished.filter((v) => v.row.id === id);
      // A row already marked missing lost its original before this backup; nothing to wait for.
      const known = rows.every((v) => v.key === v.row.storage_key && v.row.missing_at !== null);
      let gone = !live.has(id);
      for (let waited = 0; !gone && !known && waited < DELETION_WAIT_MS; waited += DELETION_POLL_MS) {
        await Bun.sleep(DELETION_POLL_MS);
        gone = !live.has(id);
      }
      if (gone) {
        drop.push(id);
        continue;
      }
      for (const v of rows) {
        if (v.key === v.row.storage_key) missing.push({ mediaId: id, key: v.key });
        else reprocess.set(id, [...(reprocess.get(id) ?? []), v.key]);
      }
    }
  } finally {
    live.close();
  }
  return { drop, reprocess: [...reprocess].map(([id, lost]) => ({ id, lost })), missing };
}

/** Applies the fixes to the snapshot with the hub's own repository functions (cascades and triggers as the hub's own deletes). */
async function amendSnapshot(
  config: Readonly<Config>,
  snapshot: string,
  drop: string[],
  reprocess: { id: string; lost: string[] }[],
  now: Date,
): Promise<void> {
  if (drop.length === 0 && reprocess.length === 0) return;
  const database = openDatabase(snapshot);
  try {
    await deleteRowsById(database.db, drop);
    if (reprocess.length > 0) {
      await markForReprocessing(database.db, reprocess, now.getTime());
      const { jobs } = createServices({ db: database.db, config, clock: () => now });
      for (const { id } of reprocess) await jobs.enqueue(processMedia, { mediaId: id }, { key: id });
    }
  } finally {
    await database.close();
  }
}
