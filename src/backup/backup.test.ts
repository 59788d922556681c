import { Database as SqliteDatabase } from 'bun:sqlite';
import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, promises as fs, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../test/helpers/media-factory.ts';
import { tempDir } from '../../test/helpers/test-app.ts';
import { runCli } from '../cli.ts';
import { loadConfig } from '../config.ts';
import { type OpenDatabase, openDatabase } from '../db/client.ts';
import { databaseInUse } from '../db/in-use.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { MediaRow } from '../features/media/media.table.ts';
import { VAULT_KEY_FILE } from '../security/vault-key.ts';
import { LocalDiskStore } from '../storage/local-disk-store.ts';
import { createBackup } from './backup.ts';
import { sha256File } from './files.ts';
import { MANIFEST_FILE, readManifest } from './manifest.ts';

const dirs: string[] = [];
const open: OpenDatabase[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dir(prefix: string): string {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
}

/** A data folder as a running hub leaves it: the database open (WAL), one user, media rows and their files. */
async function hubData(items = 3) {
  const dataDir = dir('hub-backup-data-');
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = openDatabase(config.databaseFile);
  open.push(database);
  await migrateToLatest(database.db);
  const user = await newUser(database.db, { username: 'alice' });
  const store = await new LocalDiskStore(config.mediaDir).init();
  const rows: MediaRow[] = [];
  for (let i = 0; i < items; i++) {
    const row = newMedia(database, user.id, { title: `Photo ${i}`, displayKey: i === 0 ? `display/2026/11/display${i}.webp` : null });
    await putMediaBytes(store, row);
    rows.push(row);
  }
  return { dataDir, config, database, store, user, rows };
}

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const none = async () => {
    throw new Error('no input');
  };
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env, readLine: none, readSecret: none, interactive: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function mediaIds(snapshot: string): string[] {
  const sqlite = new SqliteDatabase(snapshot, { readonly: true });
  try {
    return sqlite
      .query<{ id: string }, []>('select id from media order by id')
      .all()
      .map((r) => r.id);
  } finally {
    sqlite.close();
  }
}

describe('backup', () => {
  test('writes a dated folder: a snapshot of the open database, every media file and a manifest with their checksums, and says the key is not in it', async () => {
    const { dataDir, rows } = await hubData();
    writeFileSync(path.join(dataDir, VAULT_KEY_FILE), new Uint8Array(32).fill(7), { mode: 0o600 });
    const r = await cli(['backup'], { DATA_DIR: dataDir });
    expect(r.code).toBe(0);
    const backups = readdirSync(path.join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    const folder = path.join(dataDir, 'backups', backups[0]!);
    expect(r.out).toContain(`Backup written to ${folder}`);
    expect(r.out).toContain('1 user(s)');
    expect(r.out).toContain('3 media item(s)');
    expect(r.out).toContain('7 file(s) copied');
    expect(r.err).toContain(`WARNING: the vault key (${path.join(dataDir, VAULT_KEY_FILE)}) is NOT in this backup`);

    const manifest = await readManifest(folder);
    expect(manifest.keyIncluded).toBe(false);
    expect(existsSync(path.join(folder, VAULT_KEY_FILE))).toBe(false);
    // The newest migration the snapshot was made at: the last file of migrations/, by name.
    const newest = readdirSync(path.join(import.meta.dir, '../../migrations'))
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .at(-1);
    expect(`${manifest.database.migration}.ts`).toBe(newest!);
    expect(manifest.counts.media).toBe(3);
    const expected = rows
      .flatMap((row) => [row.storage_key, row.thumbnail_key, row.display_key])
      .filter(Boolean)
      .map((k) => `media/${k}`);
    expect(manifest.files.map((f) => f.path).sort()).toEqual(['hub.sqlite', ...expected].sort());
    for (const file of manifest.files) {
      const actual = await sha256File(path.join(folder, file.path));
      expect(actual).toEqual({ size: file.size, sha256: file.sha256 });
    }
    // A snapshot that stands alone: no WAL beside it, every row in it.
    expect(readdirSync(folder).sort()).toEqual([MANIFEST_FILE, 'hub.sqlite', 'media'].sort());
    expect(mediaIds(path.join(folder, 'hub.sqlite'))).toEqual(rows.map((r) => r.id).sort());
    // What is backed up never includes the backups.
    expect(manifest.files.some((f) => f.path.includes('backups'))).toBe(false);

    const verify = await cli(['backup', 'verify', path.join(dataDir, 'backups')], { DATA_DIR: dataDir });
    expect(verify.code).toBe(0);
    expect(verify.out).toContain(`Backup ${folder}: OK. 8 file(s)`);
  });

  test('a second backup into the same folder hard-links the unchanged files and copies only the new ones; each folder restores on its own', async () => {
    const { dataDir, database, store, user, rows } = await hubData();
    const out = dir('hub-backups-');
    const first = await createBackup({
      config: loadConfig({ DATA_DIR: dataDir }),
      outDir: out,
      includeKey: false,
      clock: () => new Date('2026-11-21T12:00:00Z'),
    });
    expect(first.copied.files).toBe(7);
    expect(first.linked.files).toBe(0);

    const added = newMedia(database, user.id, { title: 'New one' });
    await putMediaBytes(store, added);
    const second = await createBackup({
      config: loadConfig({ DATA_DIR: dataDir }),
      outDir: out,
      includeKey: false,
      clock: () => new Date('2026-11-22T12:00:00Z'),
    });
    expect(path.basename(second.folder)).toBe('2026-11-22T12-00-00Z');
    expect(second.copied.files).toBe(2);
    expect(second.linked.files).toBe(7);
    for (const key of [rows[0]!.storage_key, rows[0]!.display_key!, rows[2]!.thumbnail_key!]) {
      const a = statSync(path.join(first.folder, 'media', key));
      const b = statSync(path.join(second.folder, 'media', key));
      expect(b.ino).toBe(a.ino);
      expect(b.nlink).toBe(2);
    }
    expect(statSync(path.join(second.folder, 'media', added.storage_key)).nlink).toBe(1);
    // The linked files' checksums come from the first manifest, and they hold.
    expect((await cli(['backup', 'verify', second.folder], { DATA_DIR: dataDir })).code).toBe(0);

    // Deleting the older folder leaves the newer whole.
    rmSync(first.folder, { recursive: true });
    const verify = await cli(['backup', 'verify', out], { DATA_DIR: dataDir });
    expect(verify.code).toBe(0);
    expect(verify.out).toContain(second.folder);
  });

  test('a changed file (same key, other bytes) is copied again, not linked', async () => {
    const { dataDir, rows } = await hubData(1);
    const out = dir('hub-backups-');
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await createBackup({ config, outDir: out, includeKey: false });
    const file = path.join(config.mediaDir, rows[0]!.storage_key);
    writeFileSync(file, 'other bytes, longer than before');
    const second = await createBackup({ config, outDir: out, includeKey: false });
    expect(second.copied.files).toBe(1);
    expect(statSync(path.join(second.folder, 'media', rows[0]!.storage_key)).ino).not.toBe(
      statSync(path.join(first.folder, 'media', rows[0]!.storage_key)).ino,
    );
    expect((await cli(['backup', 'verify', second.folder], { DATA_DIR: dataDir })).code).toBe(0);
  });

  test('an item deleted for good between the snapshot and the copy is left out of the backup, which verifies', async () => {
    const { dataDir, config, database, store, rows } = await hubData();
    const gone = rows[1]!;
    const result = await createBackup({
      config,
      outDir: dir('hub-backups-'),
      includeKey: false,
      // As the hub's deleteForever does: the bytes first, then the row.
      afterSnapshot: async () => {
        for (const key of [gone.storage_key, gone.thumbnail_key!]) await store.delete(key);
        await database.db.deleteFrom('media').where('id', '=', gone.id).execute();
      },
    });
    expect(result.dropped).toEqual([gone.id]);
    expect(mediaIds(path.join(result.folder, 'hub.sqlite'))).toEqual([rows[0]!.id, rows[2]!.id].sort());
    expect(result.manifest.files.some((f) => f.path.includes(gone.id.replaceAll('-', '')))).toBe(false);
    const verify = await cli(['backup', 'verify', result.folder], { DATA_DIR: dataDir });
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('2 media item(s)');
  });

  test('a thumbnail that vanished while its item stays sends the item back to processing in the backup; a lost original is recorded', async () => {
    const { dataDir, config, store, rows } = await hubData();
    const result = await createBackup({
      config,
      outDir: dir('hub-backups-'),
      includeKey: false,
      afterSnapshot: async () => {
        await store.delete(rows[0]!.thumbnail_key!);
        await store.delete(rows[2]!.storage_key);
      },
    });
    expect(result.reprocessed).toEqual([rows[0]!.id]);
    expect(result.manifest.missing).toEqual([{ mediaId: rows[2]!.id, key: rows[2]!.storage_key }]);
    const sqlite = new SqliteDatabase(path.join(result.folder, 'hub.sqlite'), { readonly: true });
    try {
      expect(sqlite.query('select status, thumbnail_key from media where id = ?').get(rows[0]!.id)).toEqual({ status: 'processing', thumbnail_key: null });
      expect(sqlite.query("select kind, key from jobs where kind = 'media.process'").all()).toEqual([{ kind: 'media.process', key: rows[0]!.id }]);
    } finally {
      sqlite.close();
    }
    const verify = await cli(['backup', 'verify', result.folder], { DATA_DIR: dataDir });
    expect(verify.code).toBe(0);
    expect(verify.out).toContain(`the hub itself had lost this original of item ${rows[2]!.id}`);
  });

  test('--include-key copies the key with mode 0600 and warns that the folder is now as secret as the key', async () => {
    const { dataDir } = await hubData(1);
    writeFileSync(path.join(dataDir, VAULT_KEY_FILE), new Uint8Array(32).fill(9), { mode: 0o600 });
    const out = dir('hub-backups-');
    const r = await cli(['backup', '--out', out, '--include-key'], { DATA_DIR: dataDir });
    expect(r.code).toBe(0);
    expect(r.err).toContain('WARNING: the vault key is in this backup (secret.key). The backup folder is now as secret as the key');
    const folder = path.join(out, readdirSync(out)[0]!);
    expect(statSync(path.join(folder, VAULT_KEY_FILE)).mode & 0o777).toBe(0o600);
    const manifest = await readManifest(folder);
    expect(manifest.keyIncluded).toBe(true);
    expect(manifest.files.find((f) => f.path === VAULT_KEY_FILE)?.size).toBe(32);
  });

  test('with VAULT_KEY the output says the key lives in that variable', async () => {
    const { dataDir } = await hubData(1);
    const r = await cli(['backup', '--out', dir('hub-backups-')], { DATA_DIR: dataDir, VAULT_KEY: Buffer.alloc(32, 3).toString('base64') });
    expect(r.code).toBe(0);
    expect(r.err).toContain('the vault key is NOT in this backup: it lives in the VAULT_KEY variable');
  });

  test('with STORAGE_DRIVER=s3 only the database is backed up, and the output says the bucket needs its own versioning or replication', async () => {
    const { dataDir } = await hubData(1);
    const out = dir('hub-backups-');
    const r = await cli(['backup', '--out', out], {
      DATA_DIR: dataDir,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'hub-media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    expect(r.code).toBe(0);
    expect(r.out).toContain('the media live in the bucket hub-media, which needs its own versioning or replication');
    const folder = path.join(out, readdirSync(out)[0]!);
    const manifest = await readManifest(folder);
    expect(manifest.storage).toBe('s3');
    expect(manifest.files.map((f) => f.path)).toEqual(['hub.sqlite']);
    expect((await cli(['backup', 'verify', folder], { DATA_DIR: dataDir })).code).toBe(0);
  });

  test('--out inside the media folder is refused; unknown arguments are usage errors', async () => {
    const { dataDir, config } = await hubData(1);
    const inside = await cli(['backup', '--out', path.join(config.mediaDir, 'b')], { DATA_DIR: dataDir });
    expect(inside.code).toBe(1);
    expect(inside.err).toContain('--out must not be inside the media folder');
    expect((await cli(['backup', '--frobnicate', 'x'], { DATA_DIR: dataDir })).code).toBe(2);
    expect((await cli(['backup', 'verify'], { DATA_DIR: dataDir })).code).toBe(2);
  });
});

describe('backup verify', () => {
  async function backup() {
    const data = await hubData();
    const result = await createBackup({ config: data.config, outDir: dir('hub-backups-'), includeKey: false });
    return { ...data, folder: result.folder };
  }

  test('one flipped byte in a media file: exit 1, the file named', async () => {
    const { dataDir, folder, rows } = await backup();
    const file = path.join(folder, 'media', rows[1]!.storage_key);
    const bytes = await fs.readFile(file);
    bytes[3] = bytes[3]! ^ 0x01;
    await fs.writeFile(file, bytes);
    const r = await cli(['backup', 'verify', folder], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`media/${rows[1]!.storage_key}: damaged (its SHA-256 differs from the manifest's)`);
  });

  test('a removed file: exit 1, the file named', async () => {
    const { dataDir, folder, rows } = await backup();
    rmSync(path.join(folder, 'media', rows[2]!.thumbnail_key!));
    const r = await cli(['backup', 'verify', folder], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`media/${rows[2]!.thumbnail_key}: missing`);
  });

  test('a truncated snapshot: exit 1, hub.sqlite named', async () => {
    const { dataDir, folder } = await backup();
    const file = path.join(folder, 'hub.sqlite');
    await fs.truncate(file, Math.floor(statSync(file).size / 2));
    const r = await cli(['backup', 'verify', folder], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err).toContain('hub.sqlite: damaged');
  });

  test('a manifest that leaves out a file an item needs: exit 1', async () => {
    const { dataDir, folder, rows } = await backup();
    const manifest = await readManifest(folder);
    manifest.files = manifest.files.filter((f) => f.path !== `media/${rows[0]!.display_key}`);
    await fs.writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
    const r = await cli(['backup', 'verify', folder], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`media/${rows[0]!.display_key}: item ${rows[0]!.id} needs it, but the backup does not hold it`);
  });

  test('a folder without a backup: exit 1', async () => {
    const empty = dir('hub-nothing-');
    const r = await cli(['backup', 'verify', empty], { DATA_DIR: empty });
    expect(r.code).toBe(1);
    expect(r.err).toContain('holds no backup');
  });
});

describe('restore', () => {
  async function backup(includeKey = false) {
    const data = await hubData();
    writeFileSync(path.join(data.dataDir, VAULT_KEY_FILE), new Uint8Array(32).fill(5), { mode: 0o600 });
    const result = await createBackup({ config: data.config, outDir: dir('hub-backups-'), includeKey });
    return { ...data, folder: result.folder, manifest: result.manifest };
  }

  test('into an absent DATA_DIR: every file back, byte for byte, database and key with mode 0600', async () => {
    const { folder, manifest } = await backup(true);
    const target = path.join(dir('hub-restore-'), 'data');
    const r = await cli(['restore', folder], { DATA_DIR: target });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Restored ${folder}`);
    expect(r.out).toContain('The vault key was restored (secret.key, mode 0600).');
    for (const file of manifest.files) expect(await sha256File(path.join(target, file.path))).toEqual({ size: file.size, sha256: file.sha256 });
    expect(statSync(path.join(target, 'hub.sqlite')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(target, VAULT_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readdirSync(target).sort()).toEqual(['hub.sqlite', 'media', VAULT_KEY_FILE].sort());
  });

  test('refuses a non-empty DATA_DIR without --force; with --force moves what it replaces aside and says so', async () => {
    const { folder } = await backup();
    const target = dir('hub-restore-');
    writeFileSync(path.join(target, 'hub.sqlite'), 'an old database');
    writeFileSync(path.join(target, VAULT_KEY_FILE), new Uint8Array(32).fill(5), { mode: 0o600 });
    await fs.mkdir(path.join(target, 'backups'));
    const refused = await cli(['restore', folder], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`${target} is not empty (hub.sqlite, secret.key). Restore into an empty DATA_DIR, or add --force to replace what is there.`);
    expect(await fs.readFile(path.join(target, 'hub.sqlite'), 'utf8')).toBe('an old database');

    const forced = await cli(['restore', folder, '--force'], { DATA_DIR: target });
    expect(forced.code).toBe(0);
    const aside = readdirSync(target).find((e) => e.startsWith('.replaced-'))!;
    expect(forced.out).toContain(`Replaced hub.sqlite; they are in ${path.join(target, aside)}`);
    // The backup had no key: the one in place stays.
    expect(forced.out).toContain('the existing secret.key was kept');
    expect(await fs.readFile(path.join(target, aside, 'hub.sqlite'), 'utf8')).toBe('an old database');
    expect(
      readdirSync(target)
        .filter((e) => !e.startsWith('.'))
        .sort(),
    ).toEqual(['backups', 'hub.sqlite', 'media', VAULT_KEY_FILE].sort());
    expect(mediaIds(path.join(target, 'hub.sqlite'))).toHaveLength(3);
  });

  test('restores started at once into one empty DATA_DIR: one restores, the others are refused, nothing is mixed', async () => {
    const first = await backup(true);
    const second = await backup(true);
    const target = path.join(dir('hub-restore-'), 'data');
    const runs = await Promise.all([first, second, first, second, first, second].map((b) => cli(['restore', b.folder], { DATA_DIR: target })));
    const done = runs.filter((r) => r.code === 0);
    expect(done).toHaveLength(1);
    for (const refused of runs.filter((r) => r.code !== 0)) expect(refused.err).toMatch(/^(Another restore into .* is running|.* is not empty)/);
    const winner = done[0]!.out.includes(first.folder) ? first : second;
    for (const file of winner.manifest.files) expect(await sha256File(path.join(target, file.path))).toEqual({ size: file.size, sha256: file.sha256 });
    expect(readdirSync(target).sort()).toEqual(['hub.sqlite', 'media', VAULT_KEY_FILE].sort());
  });

  test('refuses a damaged backup and changes nothing', async () => {
    const { folder, rows } = await backup();
    await fs.appendFile(path.join(folder, 'media', rows[0]!.storage_key), 'x');
    const target = path.join(dir('hub-restore-'), 'data');
    const r = await cli(['restore', folder], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`The backup ${folder} is damaged; nothing was restored:`);
    expect(r.err).toContain(`media/${rows[0]!.storage_key}: damaged`);
    expect(existsSync(target)).toBe(false);
  });

  test('refuses while a hub has the database open', async () => {
    const { folder } = await backup();
    const target = dir('hub-restore-');
    const running = openDatabase(path.join(target, 'hub.sqlite'));
    open.push(running);
    await migrateToLatest(running.db);
    expect(databaseInUse(path.join(target, 'hub.sqlite'))).toBe(true);
    const r = await cli(['restore', folder, '--force'], { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.err).toBe(`A hub is running on ${target} (its database is open). Stop it, then restore.`);
    await running.close();
    expect(databaseInUse(path.join(target, 'hub.sqlite'))).toBe(false);
  });

  test('without a key in the backup nor here, says the hub will not start until it is put back (when the vault has entries)', async () => {
    const { folder } = await backup();
    const manifest = await readManifest(folder);
    // Pretend the vault had entries: the manifest's count says so (its checksums do not cover itself).
    manifest.counts.vault_accounts = 2;
    await fs.writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
    const target = path.join(dir('hub-restore-'), 'data');
    const r = await cli(['restore', folder], { DATA_DIR: target });
    expect(r.code).toBe(0);
    expect(r.err).toContain(`The hub will not start until secret.key is put back in ${target} (mode 0600) or VAULT_KEY is set.`);
  });
});
