// Renditions made ahead of a photo's job (prepare): the job takes them instead of reading the
// original again; a dropped or failed preparation leaves the job to work as it always did.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { newUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { type OpenDatabase, openDatabase } from '../../../db/client.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { silentLogger } from '../../../logger.ts';
import { LocalDiskStore } from '../../../storage/local-disk-store.ts';
import { newMediaKey } from '../../../storage/media-store.ts';
import { UnreadableMediaError } from './errors.ts';
import { createMediaProcessor, type MediaProcessor } from './processing.service.ts';

/** The local store, counting each read of an original where it lies (what processing a photo starts with). */
class CountingStore extends LocalDiskStore {
  reads = new Map<string, number>();
  override async filePath(key: string): Promise<string | null> {
    this.reads.set(key, (this.reads.get(key) ?? 0) + 1);
    return super.filePath(key);
  }
}

describe('renditions prepared before the job', () => {
  const dir = tempDir('hub-prepare-');
  let database: OpenDatabase;
  let store: CountingStore;
  let processor: MediaProcessor;
  let ownerId: string;
  let photo: Uint8Array;
  beforeAll(async () => {
    database = openDatabase(path.join(dir, 'hub.sqlite'));
    await migrateToLatest(database.db);
    ownerId = (await newUser(database.db)).id;
    store = await new CountingStore(path.join(dir, 'media')).init();
    processor = createMediaProcessor({
      db: database.db,
      store,
      clock: () => new Date(),
      logger: silentLogger,
      workDir: path.join(dir, 'tmp', 'processing'),
    });
    photo = (await mediaSamples()).jpegExif.bytes();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Stores the bytes as an upload does; the row comes later, with `addRow`. */
  async function storeOriginal(bytes: Uint8Array): Promise<string> {
    const key = newMediaKey('originals', 'jpg');
    await store.put(key, new Response(new Uint8Array(bytes)).body!, { contentType: 'image/jpeg' });
    return key;
  }

  async function addRow(key: string): Promise<string> {
    const id = crypto.randomUUID();
    await database.db
      .insertInto('media')
      .values({
        id,
        owner_id: ownerId,
        gallery: 'gallery',
        title: 'Sample',
        type: 'image',
        mime_type: 'image/jpeg',
        original_name: 'sample.jpg',
        size: 1,
        sha256: 'x',
        storage_key: key,
        status: 'processing',
        tags: '[]',
        search_text: 'sample',
        is_favorite: 0,
        created_at: Date.now(),
      })
      .execute();
    return id;
  }

  const rowOf = (id: string) => database.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const facts = ({ width, height, taken_at, placeholder, phash, status }: Awaited<ReturnType<typeof rowOf>>) => ({
    width,
    height,
    taken_at,
    placeholder,
    phash,
    status,
  });

  test('a prepared photo: its job reads the original no more, and the item is what the job alone makes of it', async () => {
    const alone = await addRow(await storeOriginal(photo));
    expect(await processor.process(alone)).toBe('ready');

    const key = await storeOriginal(photo);
    processor.prepare(key, 'image/jpeg', 'image');
    const id = await addRow(key);
    expect(await processor.process(id)).toBe('ready');
    expect(store.reads.get(key)).toBe(1);
    expect(facts(await rowOf(id))).toEqual(facts(await rowOf(alone)));
    expect(facts(await rowOf(id))).toMatchObject({ status: 'ready', width: 480, height: 640 });
    expect((await rowOf(id)).thumbnail_key).not.toBeNull();
  });

  test('a dropped preparation is not used: the job makes the renditions itself', async () => {
    const key = await storeOriginal(photo);
    processor.prepare(key, 'image/jpeg', 'image');
    processor.drop([key]);
    const id = await addRow(key);
    const readsBefore = store.reads.get(key) ?? 0;
    expect(await processor.process(id)).toBe('ready');
    expect(store.reads.get(key)).toBe(readsBefore + 1);
  });

  test('a photo that cannot be decoded: the job fails with the reason it always gave', async () => {
    const key = await storeOriginal(photo.subarray(0, photo.length / 2));
    processor.prepare(key, 'image/jpeg', 'image');
    const id = await addRow(key);
    const error = await processor.process(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableMediaError);
    expect((error as Error).message).toBe('This image could not be read');
    const scratch = path.join(dir, 'tmp', 'processing');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
  });

  test('videos are left to their job', async () => {
    const key = newMediaKey('originals', 'mp4');
    await store.put(key, new Response((await mediaSamples()).mp4.bytes().slice()).body!, { contentType: 'video/mp4' });
    processor.prepare(key, 'video/mp4', 'video');
    expect(store.reads.get(key)).toBeUndefined();
  });
});
