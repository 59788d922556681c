// `npm run cli -- library …`: library folders from the server's shell, with or without the hub
// running. `add` and `remove` act as the server's administrator; `scan` queues a scan for the hub,
// or with --wait runs it here (unless the hub has it already) and shows its progress and counts.

import type { Config } from '../../config.ts';
import type { OpenDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { CLI } from '../../shared/cli-commands.ts';
import type { Library, LibraryScan } from '../../shared/libraries.ts';
import { GALLERIES, splitTags } from '../../shared/media.ts';
import { createServices } from '../services.ts';
import type { SignedInViewer } from '../users/users.service.ts';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** What the CLI's runner gives a command (src/cli.ts). */
interface CommandContext {
  io: Io;
  config: Readonly<Config>;
  open: () => OpenDatabase;
}

/** The server's own administrator: whoever runs commands on the server may manage libraries. */
const SERVER: SignedInViewer = { id: 'cli', role: 'admin' };

const USAGE = [
  'library add --owner USERNAME --path DIR [--gallery premium] [--tags a,b] [--name NAME]',
  'library list',
  'library scan ID|NAME [--wait]',
  'library remove ID|NAME',
];

class LibraryUsageError extends Error {}

function parse(args: string[], allowed: Record<string, 'value' | 'flag'>): { values: Record<string, string | true>; rest: string[] } {
  const values: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) {
      rest.push(arg);
      continue;
    }
    const name = match[1]!;
    const kind = allowed[name];
    if (!kind) throw new LibraryUsageError(`Unknown option --${name}`);
    if (kind === 'flag') values[name] = true;
    else if (match[2] !== undefined) values[name] = match[2];
    else if (i + 1 < args.length) values[name] = args[++i]!;
    else throw new LibraryUsageError(`--${name} needs a value`);
  }
  return { values, rest };
}

const counts = (scan: LibraryScan) =>
  `found ${scan.found}, added ${scan.added}, updated ${scan.updated}, missing ${scan.missing}, skipped ${scan.skipped}, failed ${scan.failed}`;

function describe(library: Library, owner: string): string[] {
  const scan = library.lastScan;
  return [
    `${library._id}  ${library.name}  ${library.path}`,
    `    owner ${owner}, ${library.gallery}${library.tags.length > 0 ? `, tags ${library.tags.join(', ')}` : ''}; ${library.itemCount} item(s)${library.offlineCount > 0 ? `, ${library.offlineCount} offline` : ''}`,
    `    last scan: ${scan ? `${scan.state}${scan.finishedAt ? ` ${scan.finishedAt}` : ''}: ${counts(scan)}` : 'never'}`,
  ];
}

function printErrors(io: Io, scan: LibraryScan): void {
  for (const e of scan.errors) io.out(`  ${e.path || '(the folder)'}: ${e.error}`);
}

export const libraryCommand = {
  usage: USAGE.join('\n  '),
  summary: 'Library folders indexed where they are: add one for a member, list them, scan one (--wait: here, with its progress), remove one (its files stay)',
  async run(args: string[], { io, config, open }: CommandContext): Promise<number> {
    const [action, ...rest] = args;
    const database = open();
    try {
      await migrateToLatest(database.db);
      const services = createServices({ db: database.db, config, clock: () => new Date() });
      const libraries = services.libraries;
      libraries.hold();
      const ownerName = async (id: string) => (await libraries.memberById(id))?.username ?? id;
      const named = async (which: string | undefined) => {
        if (!which) throw new LibraryUsageError('Name the library: its id or its name');
        const row = await libraries.find(which);
        if (!row) {
          io.err(`No library "${which}". ${CLI.command('library list')} lists them.`);
          return null;
        }
        return row;
      };

      if (action === 'add') {
        const { values, rest: extra } = parse(rest, { owner: 'value', path: 'value', gallery: 'value', tags: 'value', name: 'value' });
        if (extra.length > 0) throw new LibraryUsageError(`Unexpected ${extra.join(' ')}`);
        if (typeof values.owner !== 'string' || typeof values.path !== 'string') throw new LibraryUsageError('--owner and --path are required');
        const gallery = (values.gallery as string | undefined) ?? 'gallery';
        if (!(GALLERIES as readonly string[]).includes(gallery)) throw new LibraryUsageError(`--gallery must be one of ${GALLERIES.join(', ')}`);
        const member = await libraries.findMember(values.owner);
        if (!member) {
          io.err(`No member "${values.owner}".`);
          return 1;
        }
        const added = await libraries.create(SERVER, {
          path: values.path,
          ownerId: member.id,
          gallery: gallery as 'gallery' | 'premium',
          tags: splitTags(typeof values.tags === 'string' ? values.tags : ''),
          ...(typeof values.name === 'string' ? { name: values.name } : {}),
        });
        io.out(`Added the library "${added.name}" (${added._id}) at ${added.path} for ${member.username}.`);
        io.out(`Its first scan is queued: the hub runs it within seconds, or run it here: ${CLI.command(`library scan "${added.name}" --wait`)}`);
        return 0;
      }

      if (action === 'list') {
        if (rest.length > 0) throw new LibraryUsageError(`Unexpected ${rest.join(' ')}`);
        const all = await libraries.all();
        if (all.length === 0) {
          io.out(`No library yet. Add one with: ${CLI.command('library add --owner USERNAME --path DIR')}`);
          return 0;
        }
        for (const library of all) for (const line of describe(library, await ownerName(library.ownerId))) io.out(line);
        return 0;
      }

      if (action === 'scan') {
        const { values, rest: which } = parse(rest, { wait: 'flag' });
        if (which.length !== 1) throw new LibraryUsageError('Name one library: its id or its name');
        const row = await named(which[0]);
        if (!row) return 1;
        if (!values.wait) {
          await libraries.requestScan(row.id);
          io.out(`The scan of "${row.name}" is queued: the hub runs it within seconds (add --wait to run it here and see its progress).`);
          return 0;
        }
        io.out(`Scanning "${row.name}" (${row.path}) …`);
        let last = '';
        const report = setInterval(() => {
          void libraries.progress(row.id).then((scan) => {
            if (scan?.state !== 'running') return;
            const line = `  ${counts(scan)}`;
            if (line !== last) io.out(line);
            last = line;
          });
        }, 1000);
        try {
          await libraries.scanHere(row.id);
          // Another process (the hub) may hold the scan: wait for its end.
          for (;;) {
            const scan = await libraries.progress(row.id);
            if (!scan || scan.state === 'done' || scan.state === 'failed') break;
            await Bun.sleep(500);
          }
        } finally {
          clearInterval(report);
        }
        const scan = (await libraries.progress(row.id))!;
        io.out(`${scan.state === 'done' ? 'Done' : 'Failed'}: ${counts(scan)}.`);
        printErrors(io, scan);
        return scan.state === 'done' ? 0 : 1;
      }

      if (action === 'remove') {
        if (rest.length !== 1) throw new LibraryUsageError('Name one library: its id or its name');
        const row = await named(rest[0]);
        if (!row) return 1;
        const { removed } = await libraries.remove(SERVER, row.id);
        io.out(`Removed the library "${row.name}": ${removed} item(s) left the hub; its files at ${row.path} were not touched.`);
        return 0;
      }

      throw new LibraryUsageError(action ? `Unknown library action: ${action}` : 'Say what to do: add, list, scan or remove');
    } catch (error) {
      if (!(error instanceof LibraryUsageError)) throw error;
      io.err(`${error.message}\nUsage:\n${USAGE.map((u) => `  ${CLI.command(u)}`).join('\n')}`);
      return 2;
    } finally {
      await database.close();
    }
  },
};
