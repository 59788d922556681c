import { afterEach, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../test/helpers/factories.ts';
import { mediaSamples } from '../test/helpers/media-samples.ts';
import { BUN, PROJECT_ROOT } from '../test/helpers/spawn-hub.ts';
import { createTestApp, tempDir } from '../test/helpers/test-app.ts';
import { runCli } from './cli.ts';
import { MIGRATIONS_DIR } from './db/migrate.ts';
import { openVaultKeys, resealVault } from './features/connect/connect.service.ts';
import { keyIdOf, newSecretKey, open, SecretBoxError, type SecretKey, secretKey } from './security/secret-box.ts';
import { writeNextKey } from './security/vault-key.ts';

const MIGRATIONS = [...new Bun.Glob('*.ts').scanSync(MIGRATIONS_DIR)].map((f) => f.replace(/\.ts$/, '')).sort();
const LAST = MIGRATIONS.at(-1)!;

const dirs: string[] = [];
function dataDir(): string {
  const dir = tempDir('hub-cli-');
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}, answers: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const next = async () => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error('No more input on stdin');
    return answer;
  };
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), env, readLine: next, readSecret: next, interactive: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cli', () => {
  test('help lists the commands and exits 0', async () => {
    const r = await cli(['help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: npm run cli -- <command>   (in the container: bun run cli <command>)');
    expect(r.out).toContain('migrate [status | down | down --all]');
  });

  test('no command prints help and exits non-zero; an unknown command says so', async () => {
    expect((await cli([])).code).toBe(2);
    const r = await cli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('Unknown command: frobnicate. Run "npm run cli -- help" for the list.');
  });

  test('migrate creates and migrates the database in DATA_DIR, then reports it up to date', async () => {
    const dir = dataDir();
    const first = await cli(['migrate'], { DATA_DIR: dir });
    expect(first).toEqual({ code: 0, out: `Applied ${MIGRATIONS.length} migration(s): ${MIGRATIONS.join(', ')}`, err: '' });
    expect(existsSync(path.join(dir, 'hub.sqlite'))).toBe(true);
    expect((await cli(['migrate'], { DATA_DIR: dir })).out).toBe('Database is up to date.');
    const status = await cli(['migrate', 'status'], { DATA_DIR: dir });
    expect(status.out.split('\n')).toHaveLength(MIGRATIONS.length);
    expect(status.out).toMatch(/^applied {2}2026-11-21-0001-site-state {2}\(\d{4}-/);
  });

  test('migrate down reverts the last migration', async () => {
    const dir = dataDir();
    await cli(['migrate'], { DATA_DIR: dir });
    expect((await cli(['migrate', 'down'], { DATA_DIR: dir })).out).toBe(`Reverted: ${LAST}`);
    expect((await cli(['migrate', 'status'], { DATA_DIR: dir })).out.split('\n').at(-1)).toBe(`pending  ${LAST}`);
    expect((await cli(['migrate', 'down', '--all'], { DATA_DIR: dir })).code).toBe(0);
    expect((await cli(['migrate', 'down'], { DATA_DIR: dir })).out).toBe('Nothing to revert.');
  });

  test('a wrong sub-command shows the usage and exits 2', async () => {
    const r = await cli(['migrate', 'sideways'], { DATA_DIR: dataDir() });
    expect(r.code).toBe(2);
    expect(r.err).toBe('Unknown migrate action: sideways\nUsage: npm run cli -- migrate [status | down | down --all]');
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
    expect(await new Response(child.stdout).text()).toContain(`Applied ${MIGRATIONS.length} migration(s)`);
    expect(existsSync(path.join(dir, 'hub.sqlite'))).toBe(true);
  });
});

describe('cli: lockout', () => {
  test('status on a fresh hub arms the switch and shows the time left; reset moves it to now + the hours', async () => {
    const dir = dataDir();
    const status = await cli(['lockout', 'status'], { DATA_DIR: dir, SITE_LOCKOUT_HOURS: '2' });
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/^The site is open\. It locks in (01:59:5\d|02:00:00) \(at \d{4}-\d\d-\d\dT/);
    const reset = await cli(['lockout', 'reset'], { DATA_DIR: dir, SITE_LOCKOUT_HOURS: '2' });
    expect(reset.code).toBe(0);
    const until = reset.out.match(/until (\S+) \(2 h from now\)/)![1]!;
    expect(Math.abs(new Date(until).getTime() - (Date.now() + 2 * 3600_000))).toBeLessThan(60_000);
  });

  test('a lapsed switch shows LOCKED, and reset opens the site again', async () => {
    const dir = dataDir();
    await cli(['lockout', 'status'], { DATA_DIR: dir, SITE_LOCKOUT_HOURS: '24' });
    const { openDatabase } = await import('./db/client.ts');
    const database = openDatabase(path.join(dir, 'hub.sqlite'));
    await database.db
      .updateTable('site_state')
      .set({ lockout_expires_at: Date.now() - 1000 })
      .execute();
    await database.close();
    expect((await cli(['lockout', 'status'], { DATA_DIR: dir })).out).toBe(
      'The site is LOCKED. Run "npm run cli -- lockout reset" (in Docker: "docker compose exec hub bun run cli lockout reset") to open it again.',
    );
    expect((await cli(['lockout', 'reset'], { DATA_DIR: dir })).code).toBe(0);
    expect((await cli(['lockout', 'status'], { DATA_DIR: dir })).out).toStartWith('The site is open.');
  });

  test('with SITE_LOCKOUT_HOURS=0 it says the lockout is off', async () => {
    const r = await cli(['lockout', 'status'], { DATA_DIR: dataDir(), SITE_LOCKOUT_HOURS: '0' });
    expect(r.out).toBe('The lockout is disabled (SITE_LOCKOUT_HOURS=0): the site never locks.');
  });

  test('an unknown action shows the usage', async () => {
    const r = await cli(['lockout', 'open-sesame'], { DATA_DIR: dataDir() });
    expect(r.code).toBe(2);
    expect(r.err).toContain('Usage: npm run cli -- lockout status | reset');
  });
});

describe('cli: users and the site password', () => {
  test('user create makes the first account an administrator, asking for the password', async () => {
    const dir = dataDir();
    const r = await cli(['user', 'create', '--username', 'Alice', '--name', 'Alice A', '--email', 'alice@example.test'], { DATA_DIR: dir }, ['correct horse']);
    expect(r).toEqual({ code: 0, out: 'Created administrator Alice (Alice A, alice@example.test).', err: '' });
    const second = await cli(['user', 'create', '--username=bob', '--name=Bob', '--email=bob@example.test'], { DATA_DIR: dir }, ['battery staple']);
    expect(second.out).toBe('Created user bob (Bob, bob@example.test).');
  });

  test('user create asks for missing fields and refuses bad ones with a clear message', async () => {
    const dir = dataDir();
    const asked = await cli(['user', 'create'], { DATA_DIR: dir }, ['carol', 'Carol C', 'carol@example.test', 'long password']);
    expect(asked.out).toBe('Created administrator carol (Carol C, carol@example.test).');
    const dup = await cli(['user', 'create', '--username', 'CAROL', '--name', 'C', '--email', 'c@example.test'], { DATA_DIR: dir }, ['long password']);
    expect(dup).toMatchObject({ code: 1, err: 'That username is already taken' });
    const email = await cli(['user', 'create', '--username', 'dave', '--name', 'D', '--email', 'not-an-email'], { DATA_DIR: dir }, ['long password']);
    expect(email).toMatchObject({ code: 1, err: 'Email must be a valid email address' });
    const short = await cli(['user', 'create', '--username', 'erin', '--name', 'E', '--email', 'e@example.test'], { DATA_DIR: dir }, ['short']);
    expect(short).toMatchObject({ code: 1, err: 'Password must be at least 8 characters' });
    const role = await cli(['user', 'create', '--username', 'fay', '--name', 'F', '--email', 'f@example.test', '--role', 'root'], { DATA_DIR: dir }, [
      'long password',
    ]);
    expect(role).toMatchObject({ code: 1, err: 'Role must be admin or user' });
  });

  test('user passwd sets a new password that signs in, and signs the user out everywhere', async () => {
    const dir = dataDir();
    await cli(['user', 'create', '--username', 'gil', '--name', 'Gil', '--email', 'g@example.test'], { DATA_DIR: dir }, ['first password']);
    const { openDatabase } = await import('./db/client.ts');
    const { createServices } = await import('./features/services.ts');
    const { loadConfig } = await import('./config.ts');
    const database = openDatabase(path.join(dir, 'hub.sqlite'));
    const { auth } = createServices({ db: database.db, config: loadConfig({ DATA_DIR: dir, LOGIN_MAX_ATTEMPTS: '100' }), clock: () => new Date() });
    const before = await auth.signIn('gil', 'first password', 'test');

    const r = await cli(['user', 'passwd', 'gil'], { DATA_DIR: dir }, ['second password']);
    expect(r).toEqual({ code: 0, out: 'Password changed for gil; their sessions have been signed out.', err: '' });
    expect(await auth.validate(before.token)).toBeNull();
    await expect(auth.signIn('gil', 'first password', 'test')).rejects.toThrow('Invalid username or password');
    expect((await auth.signIn('gil', 'second password', 'test')).user.name).toBe('Gil');
    await database.close();

    expect(await cli(['user', 'passwd', 'nobody'], { DATA_DIR: dir }, ['whatever1'])).toMatchObject({ code: 1, err: 'No user named nobody' });
    expect((await cli(['user', 'passwd'], { DATA_DIR: dir })).code).toBe(2);
  });

  test("user locks-reset clears a member's locks and PIN, opening premium and Connect again", async () => {
    const dir = dataDir();
    await cli(['user', 'create', '--username', 'hal', '--name', 'Hal', '--email', 'h@example.test'], { DATA_DIR: dir }, ['first password']);
    const { openDatabase } = await import('./db/client.ts');
    const { createServices } = await import('./features/services.ts');
    const { loadConfig } = await import('./config.ts');
    const database = openDatabase(path.join(dir, 'hub.sqlite'));
    const { users, locks } = createServices({ db: database.db, config: loadConfig({ DATA_DIR: dir }), clock: () => new Date() });
    const hal = { id: (await users.findForSignIn('hal'))!.id, role: 'user' as const, sessionId: 'a-session' };
    await locks.update(hal, { premium: true, connect: true, pin: '1357' });
    expect(await locks.isLocked(hal, 'premium')).toBe(true);

    expect(await cli(['user', 'locks-reset', 'hal'], { DATA_DIR: dir })).toEqual({
      code: 0,
      out: 'Locks and PIN cleared for hal; premium and Connect are open again.',
      err: '',
    });
    expect(await locks.isLocked(hal, 'premium')).toBe(false);
    expect(await locks.settings(hal)).toMatchObject({ premium: false, connect: false, hasPin: false });
    expect((await cli(['user', 'locks-reset', 'hal'], { DATA_DIR: dir })).out).toBe('hal has no locks; nothing to clear.');
    expect(await cli(['user', 'locks-reset', 'nobody'], { DATA_DIR: dir })).toMatchObject({ code: 1, err: 'No user named nobody' });
    await database.close();
  });

  test('site-password stores an argon2id hash, never the password, and ends every site token', async () => {
    const dir = dataDir();
    const r = await cli(['site-password'], { DATA_DIR: dir }, ['household secret']);
    expect(r).toEqual({ code: 0, out: 'Site password set. Everyone must enter it again.', err: '' });
    const { openDatabase } = await import('./db/client.ts');
    const database = openDatabase(path.join(dir, 'hub.sqlite'));
    const row = await database.db.selectFrom('site_state').select('site_password_hash').executeTakeFirstOrThrow();
    expect(row.site_password_hash).toStartWith('$argon2id$');
    expect(row.site_password_hash).not.toContain('household secret');
    await database.close();
    expect(await cli(['site-password'], { DATA_DIR: dir }, ['short'])).toMatchObject({ code: 1, err: 'Site password must be at least 8 characters' });
    expect((await cli(['site-password', 'on-the-command-line'], { DATA_DIR: dir })).code).toBe(2);
    const env = await cli(['site-password'], { DATA_DIR: dir, SITE_PASSWORD: 'from the env' }, ['household secret 2']);
    expect(env.err).toBe('Note: SITE_PASSWORD is set in the environment and takes precedence over the stored password.');
  });

  test('passwords can be piped on stdin to the real command', async () => {
    const dir = dataDir();
    const child = Bun.spawn([BUN, 'run', 'cli', 'user', 'create', '--username', 'pipe', '--name', 'Pipe', '--email', 'p@example.test'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir },
      stdin: new TextEncoder().encode('piped password\n'),
      stdout: 'pipe',
      stderr: 'pipe',
    });
    expect(await child.exited).toBe(0);
    expect(await new Response(child.stdout).text()).toBe('Created administrator pipe (Pipe, p@example.test).\n');
  });
});

describe('cli: media check', () => {
  test('reports a file without an item and an item without its original, exit 1; --fix marks the item, exit 0', async () => {
    const t = await createTestApp();
    try {
      const as = await signedInUser(t.database.db);
      const body = new FormData();
      body.append('files', new Blob([(await mediaSamples()).jpeg.bytes() as Uint8Array<ArrayBuffer>]), 'gone.jpg');
      const res = await t.request('/api/gallery/upload', { method: 'POST', body, as });
      const id = ((await res.json()) as { media: { _id: string }[] }).media[0]!._id;
      const row = await t.database.db.selectFrom('media').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow();
      await t.store.delete(row.storage_key);
      await t.store.put('originals/2026/11/0123456789abcdef0123456789abcdef.mp4', new Response('stray').body!);
      const env = { DATA_DIR: t.dataDir };

      const check = await cli(['media', 'check'], env);
      expect(check.code).toBe(1);
      expect(check.out).toContain(`Checked 1 stored file(s) (${path.join(t.dataDir, 'media')}) against 1 item(s).`);
      expect(check.out).toContain('Files without an item: 0');
      expect(check.out).toContain(
        'Files without an item from the last 24 hours, left alone (an upload may still be in progress): 1\n  originals/2026/11/0123456789abcdef0123456789abcdef.mp4  (5 Bytes, ',
      );
      expect(check.out).toContain(`Items whose original is missing: 1\n  ${id}  (owner ${as.user._id}, ${row.storage_key})`);
      expect(check.out).toContain('Items whose thumbnail or display copy is missing: 0\n');
      expect(check.out).toContain('Run "npm run cli -- media check --fix" to delete those files, mark those items and remake their thumbnails.');

      const fix = await cli(['media', 'check', '--fix'], env);
      expect(fix.code).toBe(0);
      expect(fix.out).toContain(
        'Fixed: deleted 0 file(s), marked 1 item(s) as failed, sent 0 item(s) back to processing (the hub makes their thumbnails again).',
      );
      expect((await t.database.db.selectFrom('media').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('failed');
      // The recent file is still there: it may be an upload in progress.
      expect(await t.store.head('originals/2026/11/0123456789abcdef0123456789abcdef.mp4')).not.toBeNull();
      const after = await cli(['media', 'check'], env);
      expect(after.out).toContain('already marked');
      expect(after.out).toEndWith('Nothing to fix.');
      expect(after.code).toBe(0);
      expect((await cli(['media', 'sweep'], env)).code).toBe(2);
      expect((await cli(['help'])).out).toContain('media check [--fix]');
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('cli vault rotate-key', () => {
  /** The raw sealed password of an account, and whether only `key` opens it. */
  const rawPassword = (t: Awaited<ReturnType<typeof createTestApp>>, id: string) =>
    t.database.sqlite.query<{ password: string; owner_id: string }, [string]>('select password, owner_id from vault_accounts where id = ?').get(id)!;
  const opensWith = (key: SecretKey, sealed: string, id: string, ownerId: string) => {
    try {
      return open((kid) => (kid === key.id ? key : undefined), sealed, { rowId: id, ownerId, field: 'password' });
    } catch (error) {
      if (error instanceof SecretBoxError) return error.problem;
      throw error;
    }
  };

  test('re-encrypts every value of every user under a new key in DATA_DIR/secret.key, beside a running hub', async () => {
    const t = await createTestApp();
    try {
      const ada = await signedInUser(t.database.db);
      const bob = await signedInUser(t.database.db);
      const post = (as: typeof ada, json: object) => t.request('/api/accounts', { method: 'POST', as, json }).then((r) => r.json() as Promise<{ _id: string }>);
      const mail = await post(ada, { name: 'Mail', username: 'ada', email: 'ada@example.test', password: 'ada-mail-password' });
      await post(ada, { name: 'Bank', password: 'ada-bank-password' });
      const bobs = await post(bob, { name: 'Chat', username: 'bob', password: 'bob-chat-password', website: 'https://chat.example.test/' });
      const keyFile = path.join(t.dataDir, 'secret.key');
      const oldKey = secretKey(readFileSync(keyFile));
      const before = rawPassword(t, mail._id);

      const r = await cli(['vault', 'rotate-key'], { DATA_DIR: t.dataDir });
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const newKey = secretKey(readFileSync(keyFile));
      expect(newKey.id).not.toBe(oldKey.id);
      expect(r.out).toBe(
        [
          `Re-encrypted 7 value(s) of 3 vault account(s) under key ${newKey.id} (was ${oldKey.id}).`,
          `${keyFile} now holds the new key; the old key no longer opens the vault. A running hub picks the new key up by itself.`,
          `Backups made before now need the old key (${oldKey.id}); a backup made with --include-key carries its own.`,
        ].join('\n'),
      );
      expect(r.out).not.toContain(Buffer.from(newKey.bytes).toString('base64'));
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(existsSync(`${keyFile}.next`)).toBe(false);

      // Every value now names the new key; the old key no longer opens it, the new one does.
      const after = rawPassword(t, mail._id);
      expect(after.password).not.toBe(before.password);
      expect(after.password).toStartWith(`v1.${newKey.id}.`);
      expect(opensWith(oldKey, after.password, mail._id, after.owner_id)).toBe('unknown-key');
      expect(opensWith({ ...oldKey, id: newKey.id }, after.password, mail._id, after.owner_id)).toBe('tampered');
      expect(opensWith(newKey, after.password, mail._id, after.owner_id)).toBe('ada-mail-password');
      const sealed = t.database.sqlite
        .query<{ v: string }, []>(
          'select username as v from vault_accounts where username is not null union all select password from vault_accounts where password is not null union all select email from vault_accounts where email is not null union all select website from vault_accounts where website is not null',
        )
        .all();
      expect(sealed).toHaveLength(7);
      expect(sealed.every((row) => row.v.startsWith(`v1.${newKey.id}.`))).toBe(true);

      // The hub that ran through it reads the new values and seals new ones with the new key.
      expect((await (await t.request(`/api/accounts/${bobs._id}`, { as: bob })).json()).password).toBe('bob-chat-password');
      const added = await post(ada, { name: 'After', password: 'written-after-rotation' });
      expect(rawPassword(t, added._id).password).toStartWith(`v1.${newKey.id}.`);
      await t.restart();
      expect((await (await t.request(`/api/accounts/${mail._id}`, { as: ada })).json()).password).toBe('ada-mail-password');
      expect((await (await t.request(`/api/accounts/${added._id}`, { as: ada })).json()).password).toBe('written-after-rotation');
      expect((await cli(['help'])).out).toContain('vault rotate-key');
    } finally {
      await t.close();
    }
  });

  test('rotations started at once: one rotates, the others are refused, and the vault opens with secret.key after', async () => {
    const t = await createTestApp();
    try {
      const ada = await signedInUser(t.database.db);
      const created = await t.request('/api/accounts', { method: 'POST', as: ada, json: { name: 'Mail', password: 'kept-through-rotations' } });
      const { _id } = (await created.json()) as { _id: string };
      const runs = await Promise.all(Array.from({ length: 6 }, () => cli(['vault', 'rotate-key'], { DATA_DIR: t.dataDir })));
      expect(runs.filter((r) => r.code === 0)).toHaveLength(1);
      for (const refused of runs.filter((r) => r.code !== 0)) expect(refused.err).toStartWith(`Another key rotation is running in ${t.dataDir}.`);
      expect(existsSync(path.join(t.dataDir, 'secret.key.rotating'))).toBe(false);
      const key = secretKey(readFileSync(path.join(t.dataDir, 'secret.key')));
      const { password, owner_id } = rawPassword(t, _id);
      expect(opensWith(key, password, _id, owner_id)).toBe('kept-through-rotations');
      await t.restart();
      expect((await (await t.request(`/api/accounts/${_id}`, { as: ada })).json()).password).toBe('kept-through-rotations');
    } finally {
      await t.close();
    }
  });

  test('with VAULT_KEY: prints the new key to put in VAULT_KEY and writes no file; the old VAULT_KEY then refuses to start', async () => {
    const oldKey = newSecretKey();
    const VAULT_KEY = Buffer.from(oldKey.bytes).toString('base64');
    const t = await createTestApp({ env: { VAULT_KEY } });
    try {
      const ada = await signedInUser(t.database.db);
      const account = (await (await t.request('/api/accounts', { method: 'POST', as: ada, json: { name: 'Mail', password: 'env-key-password' } })).json()) as {
        _id: string;
      };
      const r = await cli(['vault', 'rotate-key'], { DATA_DIR: t.dataDir, VAULT_KEY });
      expect(r.code).toBe(0);
      const printed = /^New vault key \(base64\): (\S+)$/m.exec(r.out)?.[1];
      expect(printed).toBeDefined();
      const newBytes = Buffer.from(printed!, 'base64');
      expect(newBytes).toHaveLength(32);
      expect(r.out).toContain(`Re-encrypted 1 value(s) of 1 vault account(s) under key ${keyIdOf(newBytes)} (was ${oldKey.id}).`);
      expect(r.out).toContain(
        'Replace VAULT_KEY with the new key above and restart the hub: the old VAULT_KEY no longer opens the vault. No file was written.',
      );
      expect(existsSync(path.join(t.dataDir, 'secret.key'))).toBe(false);
      expect(existsSync(path.join(t.dataDir, 'secret.key.next'))).toBe(false);
      // The hub still on the old VAULT_KEY says what happened instead of answering garbage.
      const stale = await t.request(`/api/accounts/${account._id}`, { as: ada });
      expect(stale.status).toBe(500);
      expect(((await stale.json()) as { error: string }).error).toBe(
        `The password of vault account ${account._id} was sealed with key ${keyIdOf(newBytes)}, which this hub does not have (after a key rotation, restart the hub with the new key)`,
      );
      await expect(openVaultKeys(t.database.db, { dataDir: t.dataDir, vaultKey: oldKey.bytes })).rejects.toThrow('The vault key is wrong: VAULT_KEY is key');
      const { keys } = await openVaultKeys(t.database.db, { dataDir: t.dataDir, vaultKey: new Uint8Array(newBytes) });
      expect(keys.current().id).toBe(keyIdOf(newBytes));
    } finally {
      await t.close();
    }
  });

  test('a wrong key: nothing is re-encrypted; a rotation stopped between its commit and its rename is finished by the next start', async () => {
    const t = await createTestApp();
    try {
      const ada = await signedInUser(t.database.db);
      const account = (await (
        await t.request('/api/accounts', { method: 'POST', as: ada, json: { name: 'Mail', password: 'crash-safe-password' } })
      ).json()) as { _id: string };
      const before = rawPassword(t, account._id).password;
      const wrong = Buffer.from(newSecretKey().bytes).toString('base64');
      const refused = await cli(['vault', 'rotate-key'], { DATA_DIR: t.dataDir, VAULT_KEY: wrong });
      expect(refused.code).toBe(1);
      expect(refused.err).toStartWith('The vault key is wrong: VAULT_KEY is key');
      expect(refused.out).toBe('');
      expect(rawPassword(t, account._id).password).toBe(before);

      // A rotation that died after its commit: the new key only in secret.key.next.
      const { keys } = await openVaultKeys(t.database.db, { dataDir: t.dataDir });
      const next = newSecretKey();
      writeNextKey(t.dataDir, next);
      expect(await resealVault(t.database.db, keys, next)).toEqual({ accounts: 1, values: 1, twoFactorKeys: 0 });
      await t.restart();
      expect(secretKey(readFileSync(path.join(t.dataDir, 'secret.key'))).id).toBe(next.id);
      expect(existsSync(path.join(t.dataDir, 'secret.key.next'))).toBe(false);
      expect((await (await t.request(`/api/accounts/${account._id}`, { as: ada })).json()).password).toBe('crash-safe-password');
      expect((await cli(['vault', 'spin'], { DATA_DIR: t.dataDir })).err).toBe('Unknown vault action: spin\nUsage: npm run cli -- vault rotate-key');
    } finally {
      await t.close();
    }
  });
});
