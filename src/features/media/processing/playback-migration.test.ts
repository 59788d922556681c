// Migration 0031: videos processed before the hub made renditions get their processing job again;
// migration 0032: ready videos get their preview job.
import { expect, test } from 'bun:test';
import path from 'node:path';
import { newUser } from '../../../../test/helpers/factories.ts';
import { newMedia } from '../../../../test/helpers/media-factory.ts';
import { revertThrough } from '../../../../test/helpers/migrations.ts';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { openDatabase } from '../../../db/client.ts';
import { migrateToLatest } from '../../../db/migrate.ts';

test('every ready video is processed again once; photos and failed videos are not, and a waiting job is kept', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const owner = await newUser(database.db);
    const video = newMedia(database, owner.id, { type: 'video' });
    const waiting = newMedia(database, owner.id, { type: 'video', status: 'processing' });
    newMedia(database, owner.id, { type: 'video', status: 'failed' });
    newMedia(database, owner.id, { type: 'image' });
    await database.db
      .insertInto('jobs')
      .values({ kind: 'media.process', key: waiting.id, payload: JSON.stringify({ mediaId: waiting.id }), run_at: 1, created_at: 1, updated_at: 1 })
      .execute();
    expect((await revertThrough(database.db, '2026-11-26-0031-video-playback')).slice(-2)).toEqual([
      '2026-11-26-0032-video-previews',
      '2026-11-26-0031-video-playback',
    ]);
    await migrateToLatest(database.db);
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['kind', 'key', 'payload', 'state', 'run_at'])
      .where('kind', '=', 'media.process')
      .orderBy('key')
      .execute();
    expect(jobs.map((j) => [j.kind, j.key, JSON.parse(j.payload).mediaId, j.state]).sort()).toEqual(
      [
        ['media.process', video.id, video.id, 'queued'],
        ['media.process', waiting.id, waiting.id, 'queued'],
      ].sort(),
    );
    expect(jobs.find((j) => j.key === waiting.id)!.run_at).toBe(1);
    const row = await database.db
      .selectFrom('media')
      .select(['playback', 'progress', 'playback_position', 'play_count'])
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ playback: null, progress: null, playback_position: null, play_count: 0 });
  } finally {
    await database.close();
  }
});

test('migration 0032: every ready video gets its preview job once; photos and videos not ready do not, and a waiting job is kept', async () => {
  const database = openDatabase(path.join(tempDir('hub-migration-'), 'hub.sqlite'));
  try {
    await migrateToLatest(database.db);
    const owner = await newUser(database.db);
    const video = newMedia(database, owner.id, { type: 'video' });
    const waiting = newMedia(database, owner.id, { type: 'video' });
    newMedia(database, owner.id, { type: 'video', status: 'processing' });
    newMedia(database, owner.id, { type: 'video', status: 'failed' });
    newMedia(database, owner.id, { type: 'image' });
    await database.db
      .insertInto('jobs')
      .values({ kind: 'media.preview', key: waiting.id, payload: JSON.stringify({ mediaId: waiting.id }), run_at: 1, created_at: 1, updated_at: 1 })
      .execute();
    expect((await revertThrough(database.db, '2026-11-26-0032-video-previews')).at(-1)).toBe('2026-11-26-0032-video-previews');
    await migrateToLatest(database.db);
    const jobs = await database.db.selectFrom('jobs').select(['kind', 'key', 'payload', 'run_at']).where('kind', '=', 'media.preview').execute();
    expect(jobs.map((j) => [j.key, JSON.parse(j.payload).mediaId]).sort()).toEqual(
      [
        [video.id, video.id],
        [waiting.id, waiting.id],
      ].sort(),
    );
    expect(jobs.find((j) => j.key === waiting.id)!.run_at).toBe(1);
    const row = await database.db
      .selectFrom('media')
      .select(['preview_key', 'scrubber_key', 'scrubber_sheets'])
      .where('id', '=', video.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ preview_key: null, scrubber_key: null, scrubber_sheets: null });
  } finally {
    await database.close();
  }
});
