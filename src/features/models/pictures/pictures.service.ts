// Model pictures without telling anyone: the hub fetches a model's picture itself (through the
// safe fetcher), keeps it per picture URL, and answers every later request from the store.

import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { foundOr } from '../../../db/owned.ts';
import { NotFoundError } from '../../../errors.ts';
import { SafeFetchError, type SafeFetcher } from '../../../security/safe-fetch.ts';
import { MODEL_TEXT } from '../../../shared/models.ts';
import { findModel } from '../models.repo.ts';
import { sniffPictureType } from './picture-bytes.ts';
import { deleteExpiredPictures, findPicture, savePicture } from './pictures.repo.ts';
import { pictureSource, sourceKey } from './source.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const PICTURE_LIMITS = {
  /** A card shows 64 px; 2 MB takes any sensible profile photo and bounds what one URL can cost. */
  maxBytes: 2 * 1024 * 1024,
  keepFoundMs: 30 * DAY_MS,
  /** A day: a picture host that was down gets another chance soon, but not on every page load. */
  keepFailedMs: DAY_MS,
} as const;

/** The 404 texts of the picture route (the card shows the initials for any of them). */
export const PICTURE_TEXT = {
  none: 'This model has no picture',
  unavailable: 'The picture could not be fetched',
} as const;

export interface ModelPicture {
  bytes: Uint8Array;
  contentType: string;
  /** When the stored picture was fetched (epoch ms). */
  fetchedAt: number;
}

export interface ModelPicturesDeps {
  db: Kysely<Database>;
  clock: Clock;
  fetcher: SafeFetcher;
  avatarServiceUrl?: string | undefined;
}

export type ModelPicturesService = ReturnType<typeof createModelPicturesService>;

export function createModelPicturesService({ db, clock, fetcher, avatarServiceUrl }: ModelPicturesDeps) {
  /** Fetches under way, by URL hash: concurrent requests for one URL share a single fetch. */
  const inFlight = new Map<string, Promise<ModelPicture | null>>();

  /** The picture at `url`, or null when it gave none (any failure of the fetch or the bytes). */
  async function fetchPicture(url: string): Promise<{ bytes: Uint8Array; contentType: string } | null | 'refused'> {
    try {
      const got = await fetcher.fetch(url, { accept: ['image/*'], maxBytes: PICTURE_LIMITS.maxBytes });
      const contentType = sniffPictureType(got.body);
      return contentType ? { bytes: got.body, contentType } : null;
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      return error.problem === 'refused' ? 'refused' : null;
    }
  }

  async function refresh(key: string, url: string): Promise<ModelPicture | null> {
    const found = await fetchPicture(url);
    // A refused address is policy, not the host's failure: nothing is stored, so a change of
    // FETCH_ALLOW_HOSTS applies at once.
    if (found === 'refused') return null;
    const now = clock().getTime();
    await deleteExpiredPictures(db, now);
    if (!found) {
      await savePicture(db, { url_hash: key, bytes: null, content_type: null, fetched_at: now, expires_at: now + PICTURE_LIMITS.keepFailedMs, failed: 1 });
      return null;
    }
    await savePicture(db, {
      url_hash: key,
      bytes: found.bytes,
      content_type: found.contentType,
      fetched_at: now,
      expires_at: now + PICTURE_LIMITS.keepFoundMs,
      failed: 0,
    });
    return { ...found, fetchedAt: now };
  }

  return {
    /**
     * The picture of the owner's model, from the store or fetched now. Another owner's model, a
     * model without a picture and a URL that gave none are all 404.
     */
    async pictureFor(ownerId: string, modelId: string): Promise<ModelPicture> {
      const row = foundOr(await findModel(db, ownerId, modelId), MODEL_TEXT.notFound);
      const url = pictureSource(row, avatarServiceUrl);
      if (!url) throw new NotFoundError(PICTURE_TEXT.none);
      const key = sourceKey(url);
      const stored = await findPicture(db, key);
      if (stored && stored.expires_at > clock().getTime()) {
        if (stored.failed || !stored.bytes || !stored.content_type) throw new NotFoundError(PICTURE_TEXT.unavailable);
        return { bytes: new Uint8Array(stored.bytes), contentType: stored.content_type, fetchedAt: stored.fetched_at };
      }
      let pending = inFlight.get(key);
      if (!pending) {
        pending = refresh(key, url).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const picture = await pending;
      if (!picture) throw new NotFoundError(PICTURE_TEXT.unavailable);
      return picture;
    },
  };
}
