import { afterAll, describe, expect, test } from 'bun:test';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../test/helpers/test-app.ts';
import { dataDirProblem, unwritableMessage } from './data-dir.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = tempDir('hub-data-dir-');
  dirs.push(dir);
  // mkdtemp makes it 0700: the other user of these tests must be able to reach into it.
  chmodSync(dir, 0o755);
  return dir;
}

const root = process.getuid?.() === 0;
const STRANGER = 4242;

/**
 * dataDirProblem(dir) as a user other than the folder's owner: as root, in a child process that
 * drops to uid/gid 4242 (root may write anywhere, so the check must be seen from another uid);
 * otherwise in this process after taking write permission away.
 */
async function problemAsStranger(dir: string, lockDown: () => void): Promise<string | null> {
  lockDown();
  if (!root) return dataDirProblem(dir);
  const script = `import { dataDirProblem } from ${JSON.stringify(path.join(import.meta.dir, 'data-dir.ts'))}; console.log(JSON.stringify(dataDirProblem(${JSON.stringify(dir)})));`;
  const child = Bun.spawn(['setpriv', `--reuid=${STRANGER}`, `--regid=${STRANGER}`, '--clear-groups', process.execPath, '-e', script], {
    stdout: 'pipe',
    stderr: 'pipe',
    cwd: '/',
  });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`check as uid ${STRANGER} failed: ${err}`);
  return JSON.parse(out) as string | null;
}

describe('dataDirProblem', () => {
  test('a writable folder passes, and one that does not exist yet is created; the probe file is gone', () => {
    const dir = path.join(scratch(), 'data', 'nested');
    expect(dataDirProblem(dir)).toBeNull();
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a folder owned by another user stops start-up with the owner's uid and the two ways out", async () => {
    const dir = scratch();
    const message = await problemAsStranger(dir, () => chmodSync(dir, 0o755));
    const me = root ? STRANGER : process.getuid!();
    expect(message).toContain(`DATA_DIR (${dir}) is not writable by the user the hub runs as (uid ${me}`);
    const owner = root ? 0 : process.getuid!();
    expect(message).toContain(`It belongs to uid ${owner}`);
    expect(message).toContain(`--user ${owner}:`);
    expect(message).toContain(`chown -R ${me}:`);
  });

  test('a writable folder whose database was left by another user (a run as root before) is refused too', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'hub.sqlite'), '');
    mkdirSync(path.join(dir, 'media'));
    const message = await problemAsStranger(dir, () => {
      if (root) {
        chownSync(dir, STRANGER, STRANGER);
        chmodSync(path.join(dir, 'hub.sqlite'), 0o644);
      } else {
        chmodSync(path.join(dir, 'hub.sqlite'), 0o444);
      }
    });
    expect(message).toContain(`${path.join(dir, 'hub.sqlite')} in DATA_DIR (${dir}) is not writable`);
  });

  test('a folder that cannot be created names the parent whose owner matters', async () => {
    const parent = scratch();
    const dir = path.join(parent, 'data');
    const message = await problemAsStranger(dir, () => chmodSync(parent, 0o555));
    expect(message).toContain(`DATA_DIR (${dir}) is not writable`);
    expect(message).toContain('It belongs to uid');
    chmodSync(parent, 0o755);
  });
});

describe('unwritableMessage', () => {
  test('a read-only mount says to mount it read-write', () => {
    expect(unwritableMessage('/data', '/data', 'EROFS', { uid: 1000, gid: 1000 }, { uid: 1000, gid: 1000 })).toBe(
      'DATA_DIR (/data) is on a read-only file system: the hub must write there. Mount it read-write.',
    );
  });

  test('names both the hub user and the owner, as a NAS owner would type them', () => {
    expect(unwritableMessage('/data', '/data', 'EACCES', { uid: 1000, gid: 1000 }, { uid: 1026, gid: 100 })).toBe(
      'DATA_DIR (/data) is not writable by the user the hub runs as (uid 1000, gid 1000). It belongs to uid 1026 (gid 100). ' +
        "Either run the hub as the folder's owner (docker run --user 1026:100, or user: \"1026:100\" in compose.yaml), or give the folder to the hub's user (chown -R 1000:1000 on the host's folder).",
    );
  });
});
