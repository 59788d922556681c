// `npm run cli -- <command>` (`bun run cli <command>` in the container): administration on the server itself, with or without the hub running.

import type { ZodError } from 'zod';
import { runBackup, runRestore, runVerify } from './backup/commands.ts';
import type { CliIO } from './cli-io.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type OpenDatabase, openDatabase } from './db/client.ts';
import { migrateDown, migrateToLatest, migrationStatus } from './db/migrate.ts';
import { AppError } from './errors.ts';
import { openVaultKeys, type ResealResult, resealVault } from './features/connect/connect.service.ts';
import { libraryCommand } from './features/libraries/library.cli.ts';
import { checkMedia } from './features/media/check.service.ts';
import { importCommand } from './features/media/ingest/import.cli.ts';
import { makeVideoPreviews, processMedia } from './features/media/jobs.ts';
import { createServices } from './features/services.ts';
import { createUserSchema, PASSWORD_MIN_LENGTH } from './features/users/users.schema.ts';
import { keepNewFilesPrivate } from './security/private-files.ts';
import { newSecretKey } from './security/secret-box.ts';
import { claimRotation, promoteNextKey, VaultKeyError, writeNextKey } from './security/vault-key.ts';
import { CLI } from './shared/cli-commands.ts';
import { formatCountdown } from './shared/lockout.ts';
import { formatSize } from './shared/media.ts';
import { openMediaStoreBesideHub } from './storage/open-store.ts';

export type { CliIO };

interface Context {
  io: CliIO;
  config: Readonly<Config>;
  open: () => OpenDatabase;
}

interface Command {
  usage: string;
  summary: string;
  run(args: string[], ctx: Context): Promise<number>;
}

/** Opens the (migrated) database and the services the commands use; closes it afterwards. */
async function withServices<T>(ctx: Context, work: (services: ReturnType<typeof makeServices>) => Promise<T>): Promise<T> {
  const database = ctx.open();
  try {
    await migrateToLatest(database.db);
    return await work(makeServices(database, ctx.config));
  } finally {
    await database.close();
  }
}

function makeServices(database: OpenDatabase, config: Readonly<Config>) {
  return createServices({ db: database.db, config, clock: () => new Date() });
}

/** Parses `--name value` and `--name=value` flags. */
function flags(args: string[]): { values: Record<string, string>; rest: string[] } {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = arg.match(/^--([a-z-]+)(?:=(.*))?$/);
    if (!match) rest.push(arg);
    else if (match[2] !== undefined) values[match[1]!] = match[2];
    else if (i + 1 < args.length) values[match[1]!] = args[++i]!;
    else throw new UsageError(`--${match[1]} needs a value`);
  }
  return { values, rest };
}

async function newPassword(io: CliIO, label: string, minLength: number): Promise<string> {
  const password = await io.readSecret(`${label}: `);
  if (password.length < minLength) throw new InputError(`${label} must be at least ${minLength} characters`);
  if (io.interactive && (await io.readSecret(`Repeat ${label.toLowerCase()}: `)) !== password) throw new InputError('The two entries differ');
  return password;
}

/** A bad answer or value: printed as it is, exit code 1. */
class InputError extends Error {}

/** "7 value(s) of 3 vault account(s)", and the two-factor keys when there are any. */
function resealed(done: ResealResult): string {
  const vault = `${done.values} value(s) of ${done.accounts} vault account(s)`;
  return done.twoFactorKeys > 0 ? `${vault} and ${done.twoFactorKeys} two-factor key(s)` : vault;
}

function firstIssue(error: ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Thrown for a wrong invocation; printed with the command's usage, exit code 2. */
class UsageError extends Error {}

const commands: Record<string, Command> = {
  migrate: {
    usage: 'migrate [status | down | down --all]',
    summary: 'Apply pending database migrations (status lists them; down reverts the last one)',
    async run(args, { io, open }) {
      const database = open();
      try {
        const [action, flag] = args;
        if (action === undefined) {
          const applied = await migrateToLatest(database.db);
          io.out(applied.length === 0 ? 'Database is up to date.' : `Applied ${applied.length} migration(s): ${applied.join(', ')}`);
          return 0;
        }
        if (action === 'status') {
          for (const m of await migrationStatus(database.db)) {
            io.out(`${m.executedAt ? 'applied' : 'pending'}  ${m.name}${m.executedAt ? `  (${m.executedAt.toISOString()})` : ''}`);
          }
          return 0;
        }
        if (action === 'down' && (flag === undefined || flag === '--all')) {
          const reverted = await migrateDown(database.db, { all: flag === '--all' });
          io.out(reverted.length === 0 ? 'Nothing to revert.' : `Reverted: ${reverted.join(', ')}`);
          return 0;
        }
        throw new UsageError(`Unknown migrate action: ${args.join(' ')}`);
      } finally {
        await database.close();
      }
    },
  },

  lockout: {
    usage: 'lockout status | reset',
    summary: "Show the dead-man's switch, or reset it to now + the lockout period (also unlocks a locked site)",
    async run(args, ctx) {
      const action = args[0];
      if (args.length !== 1 || (action !== 'status' && action !== 'reset')) throw new UsageError(`Unknown lockout action: ${args.join(' ') || '(none)'}`);
      return withServices(ctx, async ({ gate }) => {
        const hours = await gate.lockoutHours();
        if (hours === 0) {
          ctx.io.out(`The lockout is disabled (${gate.lockoutHoursFixed ? 'SITE_LOCKOUT_HOURS=0' : 'turned off at setup'}): the site never locks.`);
          return 0;
        }
        if (action === 'reset') {
          const { newExpiryTime } = await gate.resetLockout();
          ctx.io.out(`Lockout reset. The site stays open until ${newExpiryTime} (${hours} h from now).`);
          return 0;
        }
        const status = await gate.lockoutStatus();
        if (status.isLocked) ctx.io.out(`The site is LOCKED. Run "${CLI.lockoutReset}" (in Docker: "${CLI.dockerLockoutReset}") to open it again.`);
        else
          ctx.io.out(
            `The site is open. It locks in ${formatCountdown(status.timeRemaining)} (at ${new Date(Date.now() + status.timeRemaining).toISOString()}).`,
          );
        return 0;
      });
    },
  },

  user: {
    usage: 'user create [--username U --name N --email E --role admin|user] | user passwd <username> | user 2fa-reset <username> | user locks-reset <username>',
    summary:
      "Create an account (asks for what is missing, and the password), set a new password, turn two-factor sign-in off, or clear a member's premium and Connect locks and PIN",
    async run(args, ctx) {
      const [action, ...rest] = args;
      if (action === 'create') {
        const { values, rest: extra } = flags(rest);
        if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`);
        const ask = async (key: string, label: string) => values[key] ?? (await ctx.io.readLine(`${label}: `)).trim();
        const username = await ask('username', 'Username');
        const name = await ask('name', 'Full name');
        const email = await ask('email', 'Email');
        const role = values.role ?? 'user';
        const password = await newPassword(ctx.io, 'Password', PASSWORD_MIN_LENGTH);
        const parsed = createUserSchema.safeParse({ username, name, email, role, password });
        if (!parsed.success) throw new InputError(firstIssue(parsed.error));
        return withServices(ctx, async ({ users }) => {
          const user = await users.create({ id: 'cli', role: 'admin' }, parsed.data);
          ctx.io.out(`Created ${user.role === 'admin' ? 'administrator' : 'user'} ${user.username} (${user.name}, ${user.email}).`);
          return 0;
        });
      }
      if (action === 'passwd' && rest.length === 1) {
        const username = rest[0]!;
        return withServices(ctx, async ({ users }) => {
          if (!(await users.findForSignIn(username))) throw new InputError(`No user named ${username}`);
          const password = await newPassword(ctx.io, 'New password', PASSWORD_MIN_LENGTH);
          await users.setPassword(username, password);
          ctx.io.out(`Password changed for ${username}; their sessions have been signed out.`);
          return 0;
        });
      }
      if (action === '2fa-reset' && rest.length === 1) {
        const username = rest[0]!;
        return withServices(ctx, async ({ users, twoFactor }) => {
          const row = await users.findForSignIn(username);
          if (!row) throw new InputError(`No user named ${username}`);
          const was = await twoFactor.disable(row.id);
          ctx.io.out(
            was
              ? `Two-factor sign-in is off for ${row.username}; their recovery codes are gone. They sign in with their password alone until they set it up again.`
              : `${row.username} had no two-factor sign-in; nothing changed.`,
          );
          return 0;
        });
      }
      if (action === 'locks-reset' && rest.length === 1) {
        const username = rest[0]!;
        return withServices(ctx, async ({ users, locks }) => {
          const user = await users.findForSignIn(username);
          if (!user) throw new InputError(`No user named ${username}`);
          const cleared = await locks.reset(user.id);
          ctx.io.out(cleared ? `Locks and PIN cleared for ${username}; premium and Connect are open again.` : `${username} has no locks; nothing to clear.`);
          return 0;
        });
      }
      throw new UsageError(`Unknown user action: ${args.join(' ') || '(none)'}`);
    },
  },

  media: {
    usage: 'media check [--fix]',
    summary:
      'Compare the media store with the library: files without an item, items whose original or renditions are missing (--fix deletes the files, marks the items failed, remakes lost renditions)',
    async run(args, ctx) {
      const [action, ...rest] = args;
      if (action !== 'check' || rest.some((a) => a !== '--fix')) throw new UsageError(`Unknown media action: ${args.join(' ') || '(none)'}`);
      const fix = rest.includes('--fix');
      const database = ctx.open();
      // Safe beside a running hub: nothing is swept, and recent files may be uploads in progress.
      const store = await openMediaStoreBesideHub(ctx.config);
      try {
        await migrateToLatest(database.db);
        // Lost renditions are made again by the hub's job queue (at once if it runs, else at its next start).
        const { jobs } = createServices({ db: database.db, config: ctx.config, clock: () => new Date() });
        const reprocess = async (ids: string[]) => {
          for (const id of ids) await jobs.enqueue(processMedia, { mediaId: id }, { key: id });
        };
        const remakePreviews = async (ids: string[]) => {
          for (const id of ids) await jobs.enqueue(makeVideoPreviews, { mediaId: id }, { key: id });
        };
        const report = await checkMedia({ db: database.db, store, clock: () => new Date(), fix, reprocess, remakePreviews });
        const { io } = ctx;
        io.out(
          `Checked ${report.storedFiles} stored file(s) (${ctx.config.storage.driver === 's3' ? `S3 bucket ${ctx.config.storage.bucket}` : ctx.config.mediaDir}) against ${report.items} item(s).`,
        );
        io.out(`Files without an item: ${report.orphans.length}`);
        for (const o of report.orphans) io.out(`  ${o.key}  (${formatSize(o.size)}, ${o.lastModified.toISOString()})`);
        if (report.recent.length > 0) {
          io.out(`Files without an item from the last 24 hours, left alone (an upload may still be in progress): ${report.recent.length}`);
          for (const o of report.recent) io.out(`  ${o.key}  (${formatSize(o.size)}, ${o.lastModified.toISOString()})`);
        }
        io.out(`Items whose original is missing: ${report.missing.length}`);
        for (const m of report.missing) io.out(`  ${m.id}  (owner ${m.ownerId}, ${m.key})${m.alreadyMarked ? '  already marked' : ''}`);
        io.out(`Items whose thumbnail or display copy is missing: ${report.renditionsLost.length}`);
        for (const r of report.renditionsLost) io.out(`  ${r.id}  (owner ${r.ownerId}, ${r.keys.join(', ')})`);
        io.out(`Videos whose preview or scrubbing frames are missing: ${report.previewsLost.length}`);
        for (const r of report.previewsLost) io.out(`  ${r.id}  (owner ${r.ownerId}, ${r.keys.join(', ')})`);
        if (report.fixed) {
          io.out(
            `Fixed: deleted ${report.fixed.deleted} file(s), marked ${report.fixed.marked} item(s) as failed, sent ${report.fixed.reprocessed} item(s) back to processing (the hub makes their thumbnails again).`,
          );
          if (report.fixed.previewsRemade > 0)
            io.out(
              `Sent ${report.fixed.previewsRemade} video(s) to have their preview and scrubbing frames made again (they stay ready; poster and playable copy kept).`,
            );
          return 0;
        }
        const problems =
          report.orphans.length + report.missing.filter((m) => !m.alreadyMarked).length + report.renditionsLost.length + report.previewsLost.length;
        if (problems === 0) {
          io.out('Nothing to fix.');
          return 0;
        }
        io.out(`Run "${CLI.command('media check --fix')}" to delete those files, mark those items and remake their thumbnails.`);
        return 1;
      } finally {
        (store as { destroy?: () => void }).destroy?.();
        await database.close();
      }
    },
  },

  backup: {
    usage: 'backup [--out DIR] [--include-key] | backup verify DIR',
    summary:
      'Back up the database (a snapshot, safe while the hub runs), the local media (unchanged files linked from the last backup in DIR) and, with --include-key, the vault key, into a dated folder in DIR (default DATA_DIR/backups); verify checks a backup (or the newest in DIR) without restoring it',
    async run(args, ctx) {
      if (args[0] === 'verify') {
        if (args.length !== 2 || args[1]!.startsWith('--')) throw new UsageError('backup verify needs the backup folder');
        return runVerify(ctx.io, args[1]!);
      }
      const includeKey = args.includes('--include-key');
      const { values, rest } = flags(args.filter((a) => a !== '--include-key'));
      const unknown = [
        ...rest,
        ...Object.keys(values)
          .filter((k) => k !== 'out')
          .map((k) => `--${k}`),
      ];
      if (unknown.length > 0) throw new UsageError(`Unexpected argument: ${unknown[0]}`);
      return runBackup(ctx.io, ctx.config, { out: values.out, includeKey });
    },
  },

  restore: {
    usage: 'restore DIR [--force]',
    summary:
      'Restore a backup (or the newest in DIR) into DATA_DIR, after checking it; DATA_DIR must be empty unless --force (what it replaces is moved aside); never while the hub runs',
    async run(args, ctx) {
      const force = args.includes('--force');
      const rest = args.filter((a) => a !== '--force');
      if (rest.length !== 1 || rest[0]!.startsWith('--'))
        throw new UsageError(
          rest.length === 0 ? 'restore needs the backup folder' : `Unexpected argument: ${rest.find((a, i) => i > 0 || a.startsWith('--'))}`,
        );
      return runRestore(ctx.io, ctx.config, { from: rest[0]!, force });
    },
  },

  vault: {
    usage: 'vault rotate-key',
    summary:
      'Re-encrypt every vault value of every user under a new key in one transaction, then put the key in place (DATA_DIR/secret.key; with VAULT_KEY set, the new value is printed instead); safe while the hub runs',
    async run(args, ctx) {
      if (args.length !== 1 || args[0] !== 'rotate-key') throw new UsageError(`Unknown vault action: ${args.join(' ') || '(none)'}`);
      const { io, config } = ctx;
      const database = ctx.open();
      let release = () => {};
      try {
        release = claimRotation(config.dataDir);
        await migrateToLatest(database.db);
        // The current key must open the vault before anything is re-encrypted (a wrong key stops here).
        const { keys, notes } = await openVaultKeys(database.db, config);
        for (const note of notes) io.out(`Note: ${note}.`);
        const previous = keys.current();
        const key = newSecretKey();
        if (keys.source === 'env') {
          // Printed before the change commits: if this command dies after, the new key is already on screen.
          io.out(`New vault key (base64): ${Buffer.from(key.bytes).toString('base64')}`);
          const done = await resealVault(database.db, keys, key);
          io.out(`Re-encrypted ${resealed(done)} under key ${key.id} (was ${previous.id}).`);
          io.out('Replace VAULT_KEY with the new key above and restart the hub: the old VAULT_KEY no longer opens the vault. No file was written.');
        } else {
          // Crash-safe: the new key is on disk before the change commits; a start after a crash
          // between the commit and the rename finishes the rename.
          writeNextKey(config.dataDir, key);
          const done = await resealVault(database.db, keys, key);
          promoteNextKey(config.dataDir, key);
          io.out(`Re-encrypted ${resealed(done)} under key ${key.id} (was ${previous.id}).`);
          io.out(`${keys.where} now holds the new key; the old key no longer opens the vault. A running hub picks the new key up by itself.`);
        }
        io.out(`Backups made before now need the old key (${previous.id}); a backup made with --include-key carries its own.`);
        return 0;
      } finally {
        release();
        await database.close();
      }
    },
  },

  import: importCommand,
  library: libraryCommand,

  'site-password': {
    usage: 'site-password',
    summary: 'Set the site password (asked for, never on the command line); everyone must enter it again',
    async run(args, ctx) {
      if (args.length > 0) throw new UsageError('site-password takes no arguments; the password is asked for');
      const password = await newPassword(ctx.io, 'Site password', 8);
      return withServices(ctx, async ({ gate }) => {
        await gate.setPassword(password);
        ctx.io.out('Site password set. Everyone must enter it again.');
        if (gate.passwordFromEnvironment) ctx.io.err('Note: SITE_PASSWORD is set in the environment and takes precedence over the stored password.');
        return 0;
      });
    },
  },
};

function help(io: CliIO): void {
  io.out(`Usage: ${CLI.command('<command>')}   (in the container: bun run cli <command>)`);
  io.out('');
  io.out('Commands:');
  const rows = [['help', 'Show this help'], ...Object.values(commands).map((c) => [c.usage, c.summary])];
  for (const [usage, summary] of rows) {
    io.out(`  ${usage}`);
    io.out(`      ${summary}`);
  }
  io.out('');
  io.out('Settings come from the same environment variables as the server (DATA_DIR, ...).');
}

/** Runs one CLI invocation and returns its exit code. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    help(io);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    io.err(`Unknown command: ${name}. Run "${CLI.command('help')}" for the list.`);
    return 2;
  }
  let config: Readonly<Config>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  try {
    return await command.run(args, { io, config, open: () => openDatabase(config.databaseFile) });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nUsage: ${CLI.command(command.usage)}`);
      return 2;
    }
    if (error instanceof InputError || error instanceof AppError || error instanceof VaultKeyError) {
      io.err(error.message);
      return 1;
    }
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.main) {
  // What the CLI creates (a database, backups, keys, imported media) is the hub's user's only.
  keepNewFilesPrivate();
  const { readLine, readSecret } = await import('./cli-prompt.ts');
  const code = await runCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
    readLine,
    readSecret,
    interactive: Boolean(process.stdin.isTTY),
    ...(process.stdout.isTTY ? { status: (line: string) => process.stdout.write(`\r\x1b[2K${line.slice(0, (process.stdout.columns || 80) - 1)}`) } : {}),
  });
  process.exit(code);
}
