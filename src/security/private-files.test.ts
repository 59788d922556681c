// The hub's files are readable by the hub's user only (issue 22, finding 4): the database and its
// -wal and -shm files after opening and after writes, files an older hub left readable, backups,
// what the CLI creates and what a running server creates. The test process keeps the common umask
// 022, so the modes come from the hub, not from the test's surroundings.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { chmodSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../test/helpers/factories.ts';
import { newMedia, putMediaBytes } from '../../test/helpers/media-factory.ts';
import { BUN, PROJECT_ROOT, spawnHub } from '../../test/helpers/spawn-hub.ts';
import { tempDir } from '../../test/helpers/test-app.ts';
import { createBackup } from '../backup/backup.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { LocalDiskStore } from '../storage/local-disk-store.ts';

let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

const modeOf = (file: string) => statSync(file).mode & 0o777;
const dbFiles = (dir: string) => ['hub.sqlite', 'hub.sqlite-wal', 'hub.sqlite-shm'].map((n) => path.join(dir, n));

/** Every file and folder under `root` with its mode, as "relative path: 0NNN". */
function modesUnder(root: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const line = `${path.relative(root, full)}: 0${modeOf(full).toString(8)}`;
      if (entry.isDirectory()) {
        folders.push(line);
        visit(full);
      } else files.push(line);
    }
  };
  visit(root);
  return { files, folders };
}

test('a new database: its folder 0700, the file 0600 at once, and its -wal and -shm files 0600 after writes', async () => {
  const root = tempDir('hub-private-');
  const dataDir = path.join(root, 'data');
  const database = openDatabase(path.join(dataDir, 'hub.sqlite'));
  try {
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'hub.sqlite'))).toBe(0o600);
    await migrateToLatest(database.db);
    await newUser(database.db, { username: 'alice' });
    for (const file of dbFiles(dataDir)) {
      expect(existsSync(file)).toBe(true);
      expect([file, modeOf(file)]).toEqual([file, 0o600]);
    }
  } finally {
    await database.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('files an older hub left readable by others are narrowed to 0600 when the database is opened', async () => {
  const dataDir = tempDir('hub-private-');
  const first = openDatabase(path.join(dataDir, 'hub.sqlite'));
  await migrateToLatest(first.db);
  await newUser(first.db, { username: 'alice' });
  for (const file of dbFiles(dataDir)) chmodSync(file, 0o644);
  const again = openDatabase(path.join(dataDir, 'hub.sqlite'));
  try {
    for (const file of dbFiles(dataDir)) expect([file, modeOf(file)]).toEqual([file, 0o600]);
  } finally {
    await again.close();
    await first.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a backup: every file in it 0600, every folder 0700 (database snapshot, media, manifest)', async () => {
  const dataDir = tempDir('hub-private-data-');
  const out = path.join(tempDir('hub-private-out-'), 'backups');
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = openDatabase(config.databaseFile);
  try {
    await migrateToLatest(database.db);
    const user = await newUser(database.db, { username: 'alice' });
    const store = await new LocalDiskStore(config.mediaDir).init();
    for (let i = 0; i < 2; i++) await putMediaBytes(store, newMedia(database, user.id, { title: `Photo ${i}` }));
    const first = await createBackup({ config, outDir: out, includeKey: false });
    // A second backup hard-links the unchanged media of the first.
    const second = await createBackup({ config, outDir: out, includeKey: false });
    expect(first.folder).not.toBe(second.folder);
    const { files, folders } = modesUnder(out);
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files.filter((f) => f.includes('media/'))).not.toEqual([]);
    expect(files.filter((f) => !f.endsWith(': 0600'))).toEqual([]);
    expect(folders.filter((f) => !f.endsWith(': 0700'))).toEqual([]);
    expect(modeOf(out)).toBe(0o700);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(out), { recursive: true, force: true });
  }
});

test('what the CLI creates: `cli migrate` on a new DATA_DIR and `cli backup` leave 0600 files and 0700 folders', async () => {
  const root = tempDir('hub-private-cli-');
  const dataDir = path.join(root, 'data');
  const run = async (args: string[]) => {
    const child = Bun.spawn([BUN, 'src/cli.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const code = await child.exited;
    expect([code, await new Response(child.stderr).text()]).toEqual([0, '']);
  };
  try {
    // The CLI's own process, with the umask of whoever runs it.
    await run(['migrate']);
    await run(['backup', '--out', path.join(root, 'backups')]);
    const { files, folders } = modesUnder(root);
    expect(files.some((f) => f.startsWith('backups/'))).toBe(true);
    expect(files.some((f) => f.startsWith('data/hub.sqlite:'))).toBe(true);
    expect(files.filter((f) => !f.endsWith(': 0600'))).toEqual([]);
    expect(folders.filter((f) => !f.endsWith(': 0700'))).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a running server: the database files and everything under DATA_DIR are 0600 (folders 0700), after start and after writes', async () => {
  const dataDir = tempDir('hub-private-server-');
  // A database an older hub left readable: the server narrows it at start.
  writeFileSync(path.join(dataDir, 'hub.sqlite'), '');
  chmodSync(path.join(dataDir, 'hub.sqlite'), 0o644);
  const hub = await spawnHub({ SITE_PASSWORD: 'private files site password', ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'root admin password' }, { dataDir });
  try {
    const entered = await fetch(`${hub.url}/api/site/verify-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'private files site password' }),
    });
    expect(entered.status).toBe(200);
    for (const file of dbFiles(dataDir)) expect([file, modeOf(file)]).toEqual([file, 0o600]);
    const { files, folders } = modesUnder(dataDir);
    expect(files.filter((f) => !f.endsWith(': 0600'))).toEqual([]);
    expect(folders.filter((f) => !f.endsWith(': 0700'))).toEqual([]);
  } finally {
    await hub.stop();
    await hub.cleanup();
  }
});
