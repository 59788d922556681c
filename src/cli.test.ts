import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BUN, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';
import { runCli } from './cli.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir('hub-cli-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cli', () => {
  test('help lists the commands and exits 0', async () => {
    const r = await cli(['help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: bun run cli <command>');
    expect(r.out).toContain('migrate [status | down | down --all]');
  });

  test('no command prints help and exits non-zero; an unknown command says so', async () => {
    expect((await cli([])).code).toBe(2);
    const r = await cli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('Unknown command: frobnicate. Run "bun run cli help" for the list.');
  });

  test('migrate creates and migrates the database in DATA_DIR, then reports it up to date', async () => {
    const dir = dataDir();
    const first = await cli(['migrate'], { DATA_DIR: dir });
    expect(first).toEqual({ code: 0, out: 'Applied 1 migration(s): 2026-11-21-0001-site-state', err: '' });
    expect(existsSync(path.join(dir, 'hub.sqlite'))).toBe(true);
    expect((await cli(['migrate'], { DATA_DIR: dir })).out).toBe('Database is up to date.');
    const status = await cli(['migrate', 'status'], { DATA_DIR: dir });
    expect(status.out).toMatch(/^applied {2}2026-11-21-0001-site-state {2}\(\d{4}-/);
  });

  test('migrate down reverts the last migration', async () => {
    const dir = dataDir();
    await cli(['migrate'], { DATA_DIR: dir });
    expect((await cli(['migrate', 'down'], { DATA_DIR: dir })).out).toBe('Reverted: 2026-11-21-0001-site-state');
    expect((await cli(['migrate', 'status'], { DATA_DIR: dir })).out).toBe('pending  2026-11-21-0001-site-state');
    expect((await cli(['migrate', 'down'], { DATA_DIR: dir })).out).toBe('Nothing to revert.');
  });

  test('a wrong sub-command shows the usage and exits 2', async () => {
    const r = await cli(['migrate', 'sideways'], { DATA_DIR: dataDir() });
    expect(r.code).toBe(2);
    expect(r.err).toBe('Unknown migrate action: sideways\nUsage: bun run cli migrate [status | down | down --all]');
  });

  test('an invalid setting is reported in one line, exit 2', async () => {
    const r = await cli(['migrate'], { LOG_LEVEL: 'chatty' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('Invalid configuration: LOG_LEVEL must be one of debug, info, warn, error, silent (got "chatty")');
  });

  test('`bun run cli migrate` works as the README says', async () => {
    const dir = dataDir();
    const child = Bun.spawn([BUN, 'run', 'cli', 'migrate'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await child.exited).toBe(0);
    expect(await new Response(child.stdout).text()).toContain('Applied 1 migration(s)');
    expect(existsSync(path.join(dir, 'hub.sqlite'))).toBe(true);
  });
});
