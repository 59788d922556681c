// `npm run cli -- import PATH... --owner USERNAME [--gallery premium] [--tags a,b] [--album NAME]`:
// copies the media files under the paths into the hub as the owner's uploads (import.service.ts),
// with progress and a summary. Safe while the hub runs: the hub's job queue, in the same database,
// makes the thumbnails and renditions (at once if it runs, else when it next starts; decision 0044).

import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIO } from '../../../cli-io.ts';
import type { Config } from '../../../config.ts';
import type { OpenDatabase } from '../../../db/client.ts';
import { databaseInUse } from '../../../db/in-use.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { CLI } from '../../../shared/cli-commands.ts';
import { formatSize, MAX_TAG_LENGTH, MAX_TAGS_PER_ITEM, splitTags } from '../../../shared/media.ts';
import { openMediaStore, openMediaStoreBesideHub } from '../../../storage/open-store.ts';
import { createAlbumSchema } from '../../albums/albums.schema.ts';
import { createServices } from '../../services.ts';
import type { GalleryName } from '../media.table.ts';
import { createImporter, type ImportEvent, type ImportWatch } from './import.service.ts';
import { UPLOAD_TEXT } from './ingest.service.ts';
import { resolveRoots, WalkPathError } from './walk.ts';

/** Without a terminal, a progress line after this many files. */
export const PROGRESS_EVERY = 100;
/** Failures listed in the summary; the rest are counted. */
const FAILURES_LISTED = 50;

const USAGE = 'import PATH... --owner USERNAME [--gallery premium] [--tags a,b] [--album NAME]';

export const IMPORT_TEXT = {
  noPaths: 'import needs at least one file or folder',
  noOwner: 'import needs --owner USERNAME (whose items the files become)',
  gallery: (value: string) => `--gallery must be gallery or premium, not ${value}`,
  noUser: (username: string) => `No user named ${username}`,
  albumNotKept: (name: string) => `Nothing went into the new album "${name}": it was not kept.`,
  galleryName: (username: string, gallery: GalleryName) => (gallery === 'premium' ? `${username}'s premium gallery` : `${username}'s gallery`),
} as const;

interface Context {
  io: CliIO;
  config: Readonly<Config>;
  open: () => OpenDatabase;
}

class UsageError extends Error {}
class InputError extends Error {}

interface Options {
  paths: string[];
  owner: string;
  gallery: GalleryName;
  tags: string[];
  album: string | null;
}

function optionsOf(args: string[]): Options {
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args,
      options: { owner: { type: 'string' }, gallery: { type: 'string' }, tags: { type: 'string' }, album: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  try {
    parsed = parse();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError(IMPORT_TEXT.noPaths);
  if (!values.owner?.trim()) throw new UsageError(IMPORT_TEXT.noOwner);
  const gallery = values.gallery ?? 'gallery';
  if (gallery !== 'gallery' && gallery !== 'premium') throw new UsageError(IMPORT_TEXT.gallery(gallery));
  const tags = splitTags(values.tags ?? '');
  if (tags.some((t) => t.length > MAX_TAG_LENGTH)) throw new InputError(UPLOAD_TEXT.tagTooLong);
  if (tags.length > MAX_TAGS_PER_ITEM) throw new InputError(UPLOAD_TEXT.tooManyTags);
  let album: string | null = null;
  if (values.album !== undefined) {
    const checked = createAlbumSchema.safeParse({ name: values.album });
    if (!checked.success) throw new InputError(checked.error.issues[0]?.message ?? 'Invalid album name');
    album = checked.data.name;
  }
  return { paths: positionals, owner: values.owner.trim(), gallery, tags, album };
}

interface Tally {
  files: number;
  imported: number;
  duplicates: number;
  notMedia: number;
  hidden: number;
  linksOut: number;
  failed: { path: string; error: string }[];
}

const skippedOf = (t: Tally) => t.notMedia + t.hidden + t.linksOut;
const progressOf = (t: Tally) =>
  `${t.files} file(s) looked at: ${t.imported} imported, ${t.duplicates} duplicate(s), ${skippedOf(t)} skipped, ${t.failed.length} failed`;
/** The terminal's status line, short enough for 80 columns: the counts, then the file being copied. */
const statusOf = (t: Tally, copying?: { file: string; copied: number; size: number }) =>
  `${t.files} files: ${t.imported} imported, ${t.duplicates} dup., ${skippedOf(t)} skipped, ${t.failed.length} failed${
    copying ? ` · ${path.basename(copying.file)} ${Math.floor((100 * copying.copied) / Math.max(1, copying.size))}% of ${formatSize(copying.size)}` : ''
  }`;
/** A big file's status is rewritten at most this often. */
const STATUS_EVERY_MS = 200;

function count(tally: Tally, event: ImportEvent): void {
  tally.files++;
  if (event.kind === 'imported') tally.imported++;
  else if (event.kind === 'duplicate') tally.duplicates++;
  else if (event.kind === 'failed') tally.failed.push({ path: event.path, error: event.error });
  else if (event.why === 'hidden') tally.hidden++;
  else if (event.why === 'link-out') tally.linksOut++;
  else tally.notMedia++;
}

async function run(args: string[], { io, config, open }: Context): Promise<number> {
  const options = optionsOf(args);
  // Asked before this command opens the database: a hub holds it open while it runs.
  const hubRunning = databaseInUse(config.databaseFile);
  const database = open();
  // Beside a running hub nothing of the store is swept: its uploads in progress are not leftovers.
  const store = hubRunning ? await openMediaStoreBesideHub(config) : await openMediaStore(config);
  // Ctrl-C: the file being copied is finished, then the summary; a second Ctrl-C ends at once.
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    io.status?.('');
    io.out('Stopping after the file being copied (Ctrl-C again stops at once).');
  };
  if (io.status) process.on('SIGINT', onInterrupt);
  try {
    await migrateToLatest(database.db);
    const services = createServices({ db: database.db, config, clock: () => new Date() });
    const owner = await services.users.findForSignIn(options.owner);
    if (!owner) throw new InputError(IMPORT_TEXT.noUser(options.owner));
    await resolveRoots(options.paths);

    // The album, found by its name (in any case) among the owner's albums, which hold items of either gallery, or made.
    let album: { id: string; name: string; created: boolean } | null = null;
    if (options.album !== null) {
      const key = options.album.toLowerCase();
      let existing: { _id: string; name: string } | undefined;
      for (let page = 1; !existing; page++) {
        const found = await services.albums.list(owner.id, { search: key, sortBy: 'created', sortOrder: 'asc', limit: 100, offset: (page - 1) * 100, page });
        existing = found.albums.find((a) => a.name.toLowerCase() === key);
        if (page >= found.totalPages) break;
      }
      const made = existing ? null : await services.albums.create(owner.id, { name: options.album });
      album = { id: (existing ?? made)!._id, name: (existing ?? made)!.name, created: made !== null };
    }

    const importer = createImporter({
      db: database.db,
      store,
      clock: () => new Date(),
      maxUploadBytes: config.media.maxUploadBytes,
      models: services.models,
      jobs: services.jobs,
    });
    const where = IMPORT_TEXT.galleryName(owner.username, options.gallery);
    io.out(
      `Importing into ${where}${album ? `, album "${album.name}"${album.created ? ' (new)' : ''}` : ''}${options.tags.length > 0 ? `, tagged ${options.tags.join(', ')}` : ''}.`,
    );
    const tally: Tally = { files: 0, imported: 0, duplicates: 0, notMedia: 0, hidden: 0, linksOut: 0, failed: [] };
    // The store failing (a full disk, S3 gone) stops the import: what was done is summed up first.
    let stoppedBy: string | null = null;
    try {
      const status = io.status;
      let shownAt = 0;
      const watch: ImportWatch = {
        stop: () => interrupted,
        // On a terminal, a big file's bytes count up as they are copied.
        ...(status
          ? {
              copying: (file, copied, size) => {
                if (Date.now() - shownAt < STATUS_EVERY_MS) return;
                shownAt = Date.now();
                status(statusOf(tally, { file, copied, size }));
              },
            }
          : {}),
      };
      const target = { ownerId: owner.id, gallery: options.gallery, tags: options.tags, albumId: album?.id ?? null };
      for await (const event of importer.run(options.paths, target, watch)) {
        count(tally, event);
        if (status) status(statusOf(tally));
        else if (tally.files % PROGRESS_EVERY === 0) io.out(progressOf(tally));
      }
    } catch (error) {
      stoppedBy = error instanceof Error ? error.message : String(error);
    } finally {
      io.status?.('');
    }
    if (stoppedBy !== null) io.out(`Stopped after ${tally.files} file(s): ${stoppedBy}`);
    else io.out(interrupted ? `Interrupted after ${tally.files} file(s).` : `Done: ${tally.files} file(s) looked at.`);
    io.out(`Imported: ${tally.imported}`);
    io.out(`Duplicates (already among ${owner.username}'s items, left out): ${tally.duplicates}`);
    const why = [
      tally.notMedia > 0 ? `${tally.notMedia} not media` : '',
      tally.hidden > 0 ? `${tally.hidden} hidden` : '',
      tally.linksOut > 0 ? `${tally.linksOut} link(s) out of the folders` : '',
    ].filter(Boolean);
    io.out(`Skipped: ${skippedOf(tally)}${why.length > 0 ? ` (${why.join(', ')})` : ''}`);
    io.out(`Failed: ${tally.failed.length}`);
    for (const failure of tally.failed.slice(0, FAILURES_LISTED)) io.out(`  ${failure.path}: ${failure.error}`);
    if (tally.failed.length > FAILURES_LISTED) io.out(`  ... and ${tally.failed.length - FAILURES_LISTED} more`);
    // A new album nothing went into (every file a duplicate, or none media) is not kept.
    if (album?.created && tally.imported === 0) {
      const held = await services.albums.get(owner.id, album.id, { limit: 1, offset: 0, page: 1, filter: 'all' }).catch(() => null);
      if (held && held.mediaCount === 0) {
        await services.albums.remove(owner.id, album.id);
        io.out(IMPORT_TEXT.albumNotKept(album.name));
      }
    }
    if (tally.imported > 0)
      io.out(
        hubRunning
          ? 'The hub is running: it is making the thumbnails of the new items now.'
          : 'The hub makes the thumbnails of the new items when it next starts.',
      );
    return tally.failed.length > 0 || interrupted || stoppedBy !== null ? 1 : 0;
  } finally {
    if (io.status) process.off('SIGINT', onInterrupt);
    (store as { destroy?: () => void }).destroy?.();
    await database.close();
  }
}

export const importCommand = {
  usage: USAGE,
  summary:
    "Copy the media files under the paths (folders walked, hidden ones and links out of them left out) into the owner's gallery as uploads, with the tags and album given; exact copies of the owner's items are left out and counted, the files themselves are never changed; safe while the hub runs",
  async run(args: string[], ctx: Context): Promise<number> {
    try {
      return await run(args, ctx);
    } catch (error) {
      if (error instanceof UsageError) {
        ctx.io.err(`${error.message}\nUsage: ${CLI.command(USAGE)}`);
        return 2;
      }
      if (error instanceof InputError || error instanceof WalkPathError) {
        ctx.io.err(error.message);
        return 1;
      }
      throw error;
    }
  },
};
