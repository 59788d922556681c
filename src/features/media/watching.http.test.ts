// Resume and play count: PUT …/{id}/playback {position} and POST …/{id}/played, in both galleries,
// for the owner's videos only.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newMedia } from '../../../test/helpers/media-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { MediaItem } from '../../shared/media.ts';
import { MEDIA_INPUT_MESSAGES } from './media.schema.ts';

describe('resume and play count', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t.database.db, { username: 'alice' });
    bob = await signedInUser(t.database.db, { username: 'bob' });
  });
  afterAll(() => t?.close());

  for (const gallery of ['gallery', 'premium'] as const) {
    test(`${gallery}: the position is kept (0 to the duration) and each viewing counts`, async () => {
      const video = newMedia(t.database, alice.user._id, { type: 'video', duration: 192.5, gallery });
      const put = (position: unknown, as = alice) => t.request(`/api/${gallery}/${video.id}/playback`, { method: 'PUT', json: { position }, as });
      const res = await put(192);
      expect(res.status).toBe(200);
      expect((await res.json()) as MediaItem).toMatchObject({ _id: video.id, playbackPosition: 192, playCount: 0 });
      expect(((await (await put(0)).json()) as MediaItem).playbackPosition).toBe(0);
      expect(((await (await put(12.345678)).json()) as MediaItem).playbackPosition).toBe(12.346);
      for (const bad of [-1, 192.6, 'ten', null, Number.NaN]) {
        const refused = await put(bad);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toBe(MEDIA_INPUT_MESSAGES.position);
      }
      expect((await t.request(`/api/${gallery}/${video.id}/playback`, { method: 'PUT', json: {}, as: alice })).status).toBe(400);

      const played = () => t.request(`/api/${gallery}/${video.id}/played`, { method: 'POST', as: alice });
      expect(((await (await played()).json()) as MediaItem).playCount).toBe(1);
      expect(((await (await played()).json()) as MediaItem).playCount).toBe(2);
      // A burst of viewings at once: every one counts, none is lost to another.
      const burst = await Promise.all(Array.from({ length: 100 }, played));
      expect(burst.map((r) => r.status)).toEqual(Array(100).fill(200));
      expect(((await (await played()).json()) as MediaItem).playCount).toBe(103);
      // A body that is not JSON is refused with words, never a 500.
      const broken = await t.request(`/api/${gallery}/${video.id}/playback`, {
        method: 'PUT',
        body: '{"position":',
        headers: { 'content-type': 'application/json' },
        as: alice,
      });
      expect(broken.status).toBe(400);
      expect(typeof ((await broken.json()) as { error: unknown }).error).toBe('string');
      // Both come back with the item, in the list too.
      const got = (await (await t.request(`/api/${gallery}/${video.id}`, { as: alice })).json()) as MediaItem;
      expect(got).toMatchObject({ playbackPosition: 12.346, playCount: 103 });
    });

    test(`${gallery}: another user's video, the other gallery's, and a missing one are 404; a photo is 400`, async () => {
      const video = newMedia(t.database, alice.user._id, { type: 'video', duration: 10, gallery });
      for (const path of [`/api/${gallery}/${video.id}/playback`, `/api/${gallery}/${video.id}/played`]) {
        const method = path.endsWith('playback') ? 'PUT' : 'POST';
        expect((await t.request(path, { method, json: { position: 1 }, as: bob })).status).toBe(404);
        expect((await t.request(path.replace(video.id, 'no-such-id'), { method, json: { position: 1 }, as: alice })).status).toBe(404);
        const other = gallery === 'gallery' ? 'premium' : 'gallery';
        expect((await t.request(path.replace(`/api/${gallery}/`, `/api/${other}/`), { method, json: { position: 1 }, as: alice })).status).toBe(404);
      }
      const row = await t.database.db.selectFrom('media').select(['playback_position', 'play_count']).where('id', '=', video.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ playback_position: null, play_count: 0 });
      const photo = newMedia(t.database, alice.user._id, { gallery });
      expect((await t.request(`/api/${gallery}/${photo.id}/playback`, { method: 'PUT', json: { position: 0 }, as: alice })).status).toBe(400);
      expect((await t.request(`/api/${gallery}/${photo.id}/played`, { method: 'POST', as: alice })).status).toBe(400);
    });
  }
});
