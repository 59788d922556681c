import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../../test/helpers/factories.ts';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { spawnHub } from '../../../../test/helpers/spawn-hub.ts';
import { createTestApp, type SignedIn, TEST_SITE_PASSWORD, type TestApp } from '../../../../test/helpers/test-app.ts';
import type { MediaItem, UploadResult } from '../../../shared/media.ts';

describe('processing survives a restart of the hub', () => {
  let t: TestApp;
  let alice: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
    await mediaSamples();
  }, 60_000);
  afterAll(() => t?.close());

  const item = async (id: string) => (await (await t.request(`/api/gallery/${id}`, { as: alice })).json()) as MediaItem;

  test('uploads waiting for processing, and one whose job was running when the hub died, are processed after the restart', async () => {
    const samples = await mediaSamples();
    const body = new FormData();
    for (const sample of [samples.jpeg, samples.heic, samples.mp4]) body.append('files', new Blob([sample.bytes() as Uint8Array<ArrayBuffer>]), sample.name);
    const res = await t.request('/api/gallery/upload', { method: 'POST', body, as: alice });
    expect(res.status).toBe(201);
    const uploaded = ((await res.json()) as UploadResult).media;
    // The hub dies while the HEIC's job runs: its row says running, nobody runs it.
    await t.database.db.updateTable('jobs').set({ state: 'running', attempts: 1 }).where('key', '=', uploaded[1]!._id).execute();

    await t.restart();
    for (const media of uploaded) expect((await item(media._id)).status).toBe('processing');
    await t.runJobs();
    for (const media of uploaded) expect(await item(media._id)).toMatchObject({ status: 'ready', thumbnail: `/media/${media._id}/thumbnail` });
    expect(await t.database.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  test('a real hub killed with uploads still queued processes them when started again on the same data', async () => {
    const samples = await mediaSamples();
    const env = { SITE_PASSWORD: TEST_SITE_PASSWORD, ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'admin password', LOG_LEVEL: 'warn' };
    // The first hub is killed as soon as the upload answers; whatever its worker got to, the item
    // and its job are then set as a kill in the middle of the job leaves them.
    const first = await spawnHub(env);
    try {
      const json = { 'content-type': 'application/json' };
      const gate = await fetch(`${first.url}/api/site/verify-password`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ password: TEST_SITE_PASSWORD }),
      });
      const { siteToken } = (await gate.json()) as { siteToken: string };
      const signIn = await fetch(`${first.url}/auth/signin/`, {
        method: 'POST',
        headers: { ...json, 'x-site-token': siteToken },
        body: JSON.stringify({ username: 'admin', password: 'admin password' }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const body = new FormData();
      body.append('files', new Blob([samples.mp4.bytes() as Uint8Array<ArrayBuffer>]), samples.mp4.name);
      const res = await fetch(`${first.url}/api/gallery/upload`, {
        method: 'POST',
        headers: { 'x-site-token': siteToken, authorization: `Bearer ${token}` },
        body,
      });
      expect(res.status).toBe(201);
      const [video] = ((await res.json()) as UploadResult).media;
      expect(await first.stop('SIGKILL')).not.toBe(0);

      const { openDatabase } = await import('../../../db/client.ts');
      const database = openDatabase(`${first.dataDir}/hub.sqlite`);
      await database.db.updateTable('media').set({ status: 'processing', thumbnail_key: null }).where('id', '=', video!._id).execute();
      await database.db
        .insertInto('jobs')
        .values({
          kind: 'media.process',
          key: video!._id,
          payload: JSON.stringify({ mediaId: video!._id }),
          state: 'running',
          attempts: 1,
          run_at: Date.now(),
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ state: 'running', attempts: 1 }))
        .execute();
      await database.close();

      const second = await spawnHub(env, { dataDir: first.dataDir });
      try {
        const auth = { 'x-site-token': siteToken, authorization: `Bearer ${token}` };
        let current: MediaItem | undefined;
        for (let i = 0; i < 600; i++) {
          current = (await (await fetch(`${second.url}/api/gallery/${video!._id}`, { headers: auth })).json()) as MediaItem;
          if (current.status !== 'processing') break;
          await Bun.sleep(50);
        }
        expect(current).toMatchObject({ status: 'ready', thumbnail: `/media/${video!._id}/thumbnail` });
        const poster = await fetch(`${second.url}/media/${video!._id}/thumbnail`, { headers: auth });
        expect(poster.status).toBe(200);
        expect(poster.headers.get('content-type')).toBe('image/webp');
      } finally {
        await second.stop();
        await second.cleanup();
      }
    } finally {
      await first.cleanup();
    }
  }, 60_000);
});
