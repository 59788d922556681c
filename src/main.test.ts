// The real entry point, spawned as the hub runs in production.
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BUN, freePort, PROJECT_ROOT, type SpawnedHub, spawnHub } from '../test/helpers/spawn-hub.ts';
import { tempDir } from '../test/helpers/test-app.ts';

const started: SpawnedHub[] = [];
afterAll(async () => {
  for (const hub of started) await hub.cleanup();
});

describe('bun src/main.ts', () => {
  test('starts on an empty data folder: creates and migrates hub.sqlite and the media folder, answers /healthz', async () => {
    const hub = await spawnHub();
    started.push(hub);
    expect(existsSync(path.join(hub.dataDir, 'hub.sqlite'))).toBe(true);
    expect(existsSync(path.join(hub.dataDir, 'media'))).toBe(true);
    const health = await fetch(`${hub.url}/healthz`);
    expect(health.status).toBe(200);
    const home = await fetch(`${hub.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Private Hub');
    expect(hub.output()).toContain('database migrated applied=2026-11-21-0001-site-state,');
    expect(hub.output()).toMatch(/INFO {2}listening url=http:\/\/127\.0\.0\.1:\d+\//);
  });

  test('SIGTERM stops it cleanly: exit code 0, database closed with its write-ahead log merged', async () => {
    const hub = await spawnHub();
    started.push(hub);
    expect(existsSync(path.join(hub.dataDir, 'hub.sqlite-wal'))).toBe(true);
    expect(await hub.stop('SIGTERM')).toBe(0);
    expect(hub.output()).toContain('INFO  stopping reason=SIGTERM');
    expect(hub.output()).toContain('INFO  stopped');
    expect(existsSync(path.join(hub.dataDir, 'hub.sqlite-wal'))).toBe(false);
  });

  test('SIGINT (Ctrl-C) stops it cleanly too', async () => {
    const hub = await spawnHub();
    started.push(hub);
    expect(await hub.stop('SIGINT')).toBe(0);
    expect(hub.output()).toContain('stopping reason=SIGINT');
  });

  test('a restart keeps the data: nothing is migrated twice', async () => {
    const dataDir = tempDir('hub-restart-');
    try {
      const first = await spawnHub({}, { dataDir });
      expect(await first.stop()).toBe(0);
      const second = await spawnHub({}, { dataDir });
      started.push(second);
      expect(second.output()).not.toContain('database migrated');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('ADMIN_USERNAME and ADMIN_PASSWORD create the first administrator once, only while no account exists', async () => {
    const dataDir = tempDir('hub-admin-');
    try {
      const env = { ADMIN_USERNAME: 'Root', ADMIN_PASSWORD: 'bootstrap password' };
      const first = await spawnHub(env, { dataDir });
      expect(first.output()).toContain('created the first administrator from ADMIN_USERNAME username=Root');
      expect(await first.stop()).toBe(0);
      const second = await spawnHub(env, { dataDir });
      started.push(second);
      expect(second.output()).not.toContain('created the first administrator');
      const { openDatabase } = await import('./db/client.ts');
      const database = openDatabase(path.join(dataDir, 'hub.sqlite'));
      const rows = await database.db.selectFrom('users').select(['username', 'role', 'password_hash']).execute();
      await database.close();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ username: 'Root', role: 'admin' });
      expect(rows[0]!.password_hash).toStartWith('$argon2id$');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("`npm start` renders pages with React's production build; NODE_ENV=development asks for the development one", async () => {
    // The start script as npm runs it: through a shell, with node_modules/.bin first on PATH
    // (exec: the hub takes the shell's place, so stopping the process stops the hub).
    const { scripts } = (await Bun.file(path.join(PROJECT_ROOT, 'package.json')).json()) as { scripts: { start: string } };
    const command = ['sh', '-c', `exec ${scripts.start}`];
    const binPath = `${path.join(PROJECT_ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`;
    const hub = await spawnHub({ PATH: binPath }, { command });
    started.push(hub);
    const home = await fetch(`${hub.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Private Hub');
    // The hub names the React build its renderer loaded (from the module files themselves).
    expect(hub.output()).toMatch(/listening url=\S+ .*react=production/);
    expect(hub.output()).not.toContain('react=development');

    const development = await spawnHub({ PATH: binPath, NODE_ENV: 'development' }, { command });
    started.push(development);
    expect(development.output()).toMatch(/listening url=\S+ .*react=development/);
  });

  test('serving pages never loads sharp (libvips): it loads with the first picture to process', async () => {
    const hub = await spawnHub();
    started.push(hub);
    expect((await fetch(`${hub.url}/`)).status).toBe(200);
    const maps = await Bun.file(`/proc/${hub.process.pid}/maps`).text();
    expect(maps).not.toContain('libvips');
  });

  test('starting and serving pages loads neither the passkeys library nor the OpenAPI document (about 11 MB and more): they load with their first request', async () => {
    const port = await freePort();
    // The hub as main.ts starts it, in a process of its own; it lists the modules it has loaded.
    const script = `
      const { main } = await import('./src/hub.ts');
      await main();
      for (const page of ['/', '/signin', '/healthz']) await (await fetch('http://127.0.0.1:${port}' + page)).text();
      const heavy = () => Object.keys(require.cache).filter((file) => /simplewebauthn|zod-openapi|openapi[.]document/.test(file)).length;
      const atStart = heavy();
      await import('./src/features/openapi/openapi.document.ts');
      console.log('LOADED ' + JSON.stringify({ atStart, afterImport: heavy() }));
      process.exit(0);`;
    const child = Bun.spawn([BUN, '-e', script], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: tempDir('hub-modules-'), PORT: String(port), HOST: '127.0.0.1' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const out = await new Response(child.stdout).text();
    expect(await child.exited).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('LOADED '));
    const loaded = JSON.parse(line!.slice('LOADED '.length)) as { atStart: number; afterImport: number };
    expect(loaded.atStart).toBe(0);
    // The check sees such modules once they are loaded.
    expect(loaded.afterImport).toBeGreaterThan(0);
  });

  test('an invalid setting stops start-up with one line naming the variable and a non-zero exit', async () => {
    const child = Bun.spawn([BUN, 'src/main.ts'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATA_DIR: tempDir('hub-bad-') },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a whole number (got "eighty")');
    expect(await new Response(child.stdout).text()).toBe('');
  });

  test('a data folder that cannot be created stops start-up with a one-line reason', async () => {
    const child = Bun.spawn([BUN, 'src/main.ts'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: '/proc/hub-cannot-be-here' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await child.exited).toBe(1);
    const stderr = (await new Response(child.stderr).text()).trim();
    expect(stderr.startsWith('Start-up failed: ')).toBe(true);
    expect(stderr.split('\n')).toHaveLength(1);
  });
});
