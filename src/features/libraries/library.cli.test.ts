// `npm run cli -- library …` on a real data folder and real trees: add for a member, list, scan
// (queued for the hub, or --wait: here, with progress and counts), remove (the files stay), wrong
// invocations; and a file the hub may not read, counted as failed with its reason while the rest
// is scanned (as root, who may read anything, the scan runs as the unprivileged `nobody`).

import { afterEach, describe, expect, test } from 'bun:test';
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../../test/helpers/factories.ts';
import { jpegBytes, put, snapshot } from '../../../test/helpers/library-trees.ts';
import { BUN, PROJECT_ROOT } from '../../../test/helpers/spawn-hub.ts';
import { tempDir } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dir(prefix: string): string {
  const d = tempDir(prefix);
  dirs.push(d);
  return d;
}

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const none = async () => {
    throw new Error('No input');
  };
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env, readLine: none, readSecret: none, interactive: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A data folder with one member, and a library root. */
async function setUp() {
  const data = dir('hub-library-cli-');
  const root = dir('hub-library-cli-root-');
  const env = { DATA_DIR: data, LIBRARY_ROOTS: root, LOG_LEVEL: 'silent' };
  const database = openDatabase(loadConfig(env).databaseFile);
  await migrateToLatest(database.db);
  await newUser(database.db, { username: 'ann' });
  await database.close();
  return { data, root, env };
}

describe('library commands', () => {
  test('add, list, scan --wait with its counts, scan queued for the hub, remove: the files never change', async () => {
    const { root, env } = await setUp();
    const folder = path.join(root, 'Photos');
    put(folder, 'a.jpg', await jpegBytes(1));
    put(folder, 'deep/b.jpg', await jpegBytes(2));
    put(folder, 'notes.txt', 'no');
    const tree = snapshot(folder);

    const added = await cli(['library', 'add', '--owner', 'ANN', '--path', folder, '--tags', 'nas, family', '--gallery', 'premium'], env);
    expect(added.err).toBe('');
    expect(added.code).toBe(0);
    expect(added.out).toContain(`Added the library "Photos"`);
    expect(added.out).toContain('npm run cli -- library scan "Photos" --wait');

    const listed = await cli(['library', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`Photos  ${folder}`);
    expect(listed.out).toContain('owner ann, premium, tags nas, family; 0 item(s)');
    expect(listed.out).toContain('last scan: queued');

    const scanned = await cli(['library', 'scan', 'photos', '--wait'], env);
    expect(scanned.err).toBe('');
    expect(scanned.code).toBe(0);
    expect(scanned.out).toContain(`Scanning "Photos" (${folder})`);
    expect(scanned.out).toContain('Done: found 3, added 2, updated 0, missing 0, skipped 1, failed 0.');
    expect((await cli(['library', 'list'], env)).out).toContain('owner ann, premium, tags nas, family; 2 item(s)');
    // `media check` does not take library files for originals missing from the store.
    const checked = await cli(['media', 'check', '--fix'], env);
    expect(checked.out).toContain('Items whose original is missing: 0');
    // A backup holds the items, not the library's files (they are the NAS's), and verifies clean.
    const backups = dir('hub-library-cli-backups-');
    const backedUp = await cli(['backup', '--out', backups], env);
    expect(backedUp.code, backedUp.err).toBe(0);
    expect(backedUp.out).not.toContain('is missing');
    const verified = await cli(['backup', 'verify', backups], env);
    expect(verified.code, `${verified.out}\n${verified.err}`).toBe(0);

    // Without --wait: queued for the hub.
    const queued = await cli(['library', 'scan', 'Photos'], env);
    expect(queued.out).toContain('The scan of "Photos" is queued');
    expect((await cli(['library', 'list'], env)).out).toContain('last scan: queued');

    const removed = await cli(['library', 'remove', 'Photos'], env);
    expect(removed.code).toBe(0);
    expect(removed.out).toBe(`Removed the library "Photos": 2 item(s) left the hub; its files at ${folder} were not touched.`);
    expect((await cli(['library', 'list'], env)).out).toContain('No library yet.');
    expect(snapshot(folder)).toEqual(tree);
  });

  test('wrong invocations say what is wrong, with the usage; bad folders and owners are refused', async () => {
    const { root, env } = await setUp();
    const usage = await cli(['library', 'add', '--path', root], env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--owner and --path are required');
    expect(usage.err).toContain('npm run cli -- library add --owner USERNAME --path DIR');
    expect((await cli(['library', 'frob'], env)).err).toContain('Unknown library action: frob');
    expect((await cli(['library', 'scan', 'nothing'], env)).err).toContain('No library "nothing"');
    expect((await cli(['library', 'add', '--owner', 'zed', '--path', root], env)).err).toBe('No member "zed".');
    const outside = dir('hub-library-cli-out-');
    const refused = await cli(['library', 'add', '--owner', 'ann', '--path', outside], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`${outside} is not inside a library root (${root})`);
  });

  test('a file the hub may not read is counted as failed, with its reason; the rest is scanned', async () => {
    const { data, root, env } = await setUp();
    const folder = path.join(root, 'Mixed');
    put(folder, 'fine.jpg', await jpegBytes(3));
    put(folder, 'locked/secret.jpg', await jpegBytes(4));
    put(folder, 'closed.jpg', await jpegBytes(5));
    expect((await cli(['library', 'add', '--owner', 'ann', '--path', folder], env)).code).toBe(0);
    chmodSync(path.join(folder, 'closed.jpg'), 0o000);
    chmodSync(path.join(folder, 'locked'), 0o000);
    let result: { code: number; out: string };
    if (process.getuid?.() !== 0) {
      result = await cli(['library', 'scan', 'Mixed', '--wait'], env);
    } else {
      // Root reads every file whatever its mode: the scan runs as nobody, who may use the rest.
      const opened = (p: string) => {
        const stat = statSync(p);
        if (p !== path.join(folder, 'closed.jpg') && p !== path.join(folder, 'locked')) chmodSync(p, stat.isDirectory() ? 0o777 : 0o666);
        if (stat.isDirectory() && p !== path.join(folder, 'locked')) for (const name of readdirSync(p)) opened(path.join(p, name));
      };
      opened(data);
      opened(root);
      const home = dir('hub-library-cli-home-');
      chmodSync(home, 0o777);
      mkdirSync(path.join(home, '.cache'), { recursive: true });
      chmodSync(path.join(home, '.cache'), 0o777);
      const child = Bun.spawn(
        ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', BUN, path.join(PROJECT_ROOT, 'src/cli.ts'), 'library', 'scan', 'Mixed', '--wait'],
        { env: { ...env, HOME: home, PATH: process.env.PATH ?? '' }, stdout: 'pipe', stderr: 'pipe' },
      );
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect(err).toBe('');
      result = { code, out };
    }
    chmodSync(path.join(folder, 'locked'), 0o755);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Done: found 2, added 1, updated 0, missing 0, skipped 0, failed 2.');
    expect(result.out).toContain('  closed.jpg: Permission denied');
    expect(result.out).toContain('  locked: Permission denied');
  });
});
