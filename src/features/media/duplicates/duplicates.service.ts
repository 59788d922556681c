// The duplicates of a gallery (The Red Room or premium), one owner's items out of the recycling
// bin: exact copies (the same SHA-256, kept at upload) and similar-looking ones (perceptual hashes
// within SIMILAR_MAX_DISTANCE bits). Exact copies are deleted all but the newest; a similar group
// is resolved by keeping one item, which takes over the others' tags, favourite, model and albums
// before they go to the bin, so nothing the user organised is lost.

import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { InvalidError, NotFoundError } from '../../../errors.ts';
import { MAX_TAGS_PER_ITEM, type MediaItem, normaliseTags } from '../../../shared/media.ts';
import { searchTextOf, toMediaItem } from '../item.ts';
import * as mediaRepo from '../media.repo.ts';
import type { GalleryName } from '../media.table.ts';
import * as repo from './duplicates.repo.ts';
import type { DuplicateMode, ResolveInput } from './duplicates.schema.ts';
import { halvesOf, popcount32 } from './phash.ts';
import { similarGroups } from './similar.ts';

export const DUPLICATES_TEXT = {
  notFound: 'Media not found',
  deleted: (n: number) => `Deleted ${n} duplicate files`,
  tooManyTags: `An item can have at most ${MAX_TAGS_PER_ITEM} tags`,
} as const;

/** One group as GET ...duplicates answers it; `distance` with ?mode=similar only. */
export interface DuplicateGroup {
  originalName: string;
  size: number;
  /** The shared SHA-256 (exact); null for a similar group. */
  checksum: string | null;
  /** The largest number of bits two items' hashes differ in (similar only). */
  distance?: number;
  /** Exact: newest first. Similar: largest first (the one kept by default leads). */
  duplicates: MediaItem[];
}

/**
 * A picture's hash has up to 31 bits set (the AC terms clearly above their median); a plain
 * picture (one colour, a black poster frame: 0 bits) or a bare gradient (a few) has too little
 * structure for the hash to tell such pictures apart, so they are kept out of the similar search.
 */
const FEATURELESS_BELOW = 8;

export interface DuplicatesDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** SIMILAR_MAX_DISTANCE: bits two hashes may differ in and still be similar. */
  similarMaxDistance: number;
}

export type DuplicatesService = ReturnType<typeof createDuplicatesService>;

export function createDuplicatesService({ db, clock, similarMaxDistance }: DuplicatesDeps) {
  const itemOf = (row: mediaRepo.MediaWithModel) => toMediaItem(row, row.model_name);

  async function exact(ownerId: string, gallery: GalleryName): Promise<DuplicateGroup[]> {
    const rows = await repo.exactCopies(db, ownerId, gallery);
    const groups: DuplicateGroup[] = [];
    for (const row of rows) {
      const last = groups.at(-1);
      if (last && last.checksum === row.sha256) last.duplicates.push(itemOf(row));
      else groups.push({ originalName: row.original_name, size: row.size, checksum: row.sha256, duplicates: [itemOf(row)] });
    }
    return groups;
  }

  async function similar(ownerId: string, gallery: GalleryName): Promise<DuplicateGroup[]> {
    const hashed = (await repo.hashedItems(db, ownerId, gallery)).filter((row) => {
      const [hi, lo] = halvesOf(row.phash);
      return popcount32(hi) + popcount32(lo) >= FEATURELESS_BELOW;
    });
    const hi = new Uint32Array(hashed.length);
    const lo = new Uint32Array(hashed.length);
    // biome-ignore lint/suspicious/useIterableCallbackReturn: kept from before the linter; fix when this code is next touched
    hashed.forEach((row, i) => ([hi[i], lo[i]] = halvesOf(row.phash)));
    // Representatives largest first (the copy most worth keeping), then newest.
    const order = hashed
      .map((_, i) => i)
      .sort((a, b) => hashed[b]!.size - hashed[a]!.size || hashed[b]!.created_at - hashed[a]!.created_at || (hashed[a]!.id < hashed[b]!.id ? -1 : 1));
    const found = similarGroups({ hi, lo }, similarMaxDistance, order);
    if (found.length === 0) return [];
    const rows = await repo.itemsOf(
      db,
      ownerId,
      gallery,
      found.flatMap((g) => g.members.map((i) => hashed[i]!.id)),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const groups: DuplicateGroup[] = [];
    for (const group of found) {
      // An item binned since the hashes were read is left out (and a group left with one, too).
      const members = group.members.map((i) => byId.get(hashed[i]!.id)).filter((row) => row !== undefined);
      if (members.length < 2) continue;
      const first = members[0]!;
      groups.push({ originalName: first.original_name, size: first.size, checksum: null, distance: group.distance, duplicates: members.map(itemOf) });
    }
    return groups;
  }

  function forGallery(gallery: GalleryName) {
    return {
      /** GET ...duplicates (?mode=similar). */
      find(ownerId: string, mode: DuplicateMode): Promise<DuplicateGroup[]> {
        return mode === 'similar' ? similar(ownerId, gallery) : exact(ownerId, gallery);
      },

      /** DELETE ...duplicates: every exact copy but the newest of its group goes to the bin, at once. */
      deleteExact(ownerId: string): Promise<{ deletedCount: number; message: string }> {
        return db.transaction().execute(async (trx) => {
          const deletedCount = await repo.moveToBin(trx, ownerId, await repo.olderCopies(trx, ownerId, gallery), clock().getTime());
          return { deletedCount, message: DUPLICATES_TEXT.deleted(deletedCount) };
        });
      },

      /**
       * POST ...duplicates/resolve: keeps `keepId`, merges into it the others' tags (its own
       * spelling first), favourite, model (when it has none) and album memberships, then moves
       * the others to the bin, in one transaction. Every id must be the owner's, of this gallery
       * and out of the bin, or nothing changes (404).
       */
      resolve(ownerId: string, input: ResolveInput): Promise<{ kept: MediaItem; deletedCount: number }> {
        return db.transaction().execute(async (trx) => {
          const rows = await repo.itemsOf(trx, ownerId, gallery, [input.keepId, ...input.mediaIds]);
          if (rows.length !== input.mediaIds.length + 1) throw new NotFoundError(DUPLICATES_TEXT.notFound);
          const byId = new Map(rows.map((row) => [row.id, row]));
          const keep = byId.get(input.keepId)!;
          const others = input.mediaIds.map((id) => byId.get(id)!);
          const now = clock().getTime();

          const ownTags = JSON.parse(keep.tags) as string[];
          const tags = normaliseTags([...ownTags, ...others.flatMap((row) => JSON.parse(row.tags) as string[])]);
          if (tags.length > MAX_TAGS_PER_ITEM) throw new InvalidError(DUPLICATES_TEXT.tooManyTags);
          const favourite = keep.is_favorite === 1 || others.some((row) => row.is_favorite === 1);
          const modelId = keep.model_id ?? others.find((row) => row.model_id !== null)?.model_id ?? null;
          if (tags.length !== ownTags.length || favourite !== (keep.is_favorite === 1) || modelId !== keep.model_id) {
            await mediaRepo.updateMedia(trx, ownerId, keep.id, {
              tags: JSON.stringify(tags),
              search_text: searchTextOf(keep.title, tags),
              is_favorite: favourite ? 1 : 0,
              model_id: modelId,
              updated_at: now,
            });
            if (tags.length !== ownTags.length) await mediaRepo.replaceTags(trx, ownerId, keep.id, tags);
          }
          await repo.copyAlbumMemberships(trx, ownerId, keep.id, input.mediaIds);
          const deletedCount = await repo.moveToBin(trx, ownerId, input.mediaIds, now);
          const kept = await mediaRepo.findMedia(trx, ownerId, gallery, keep.id);
          return { kept: itemOf(kept!), deletedCount };
        });
      },
    };
  }

  return { forGallery, gallery: forGallery('gallery'), premium: forGallery('premium') };
}
