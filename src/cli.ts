// `bun run cli <command>`: administration on the server itself, with or without the hub running.

import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type OpenDatabase } from './db/client.ts';
import { migrateDown, migrateToLatest, migrationStatus } from './db/migrate.ts';

export interface CliIO {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

interface Command {
  usage: string;
  summary: string;
  run(args: string[], ctx: { io: CliIO; config: Readonly<Config>; open: () => OpenDatabase }): Promise<number>;
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
};

function help(io: CliIO): void {
  io.out('Usage: bun run cli <command>   (or: npm run cli -- <command>)');
  io.out('');
  io.out('Commands:');
  const rows = [['help', 'Show this help'], ...Object.values(commands).map((c) => [c.usage, c.summary])];
  const width = Math.max(...rows.map(([u]) => u!.length));
  for (const [usage, summary] of rows) io.out(`  ${usage!.padEnd(width)}  ${summary}`);
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
    io.err(`Unknown command: ${name}. Run "bun run cli help" for the list.`);
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
      io.err(`${error.message}\nUsage: bun run cli ${command.usage}`);
      return 2;
    }
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
  });
  process.exit(code);
}
