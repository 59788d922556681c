// The rules of streaming sites: each user's own collection, newest first, favourites and visits.
// Another user's site is "not found", never "forbidden".

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { foundOr, type Page } from '../../db/owned.ts';
import { NotFoundError } from '../../errors.ts';
import { STREAMING_SITE_MESSAGES, type StreamingSite } from '../../shared/watch.ts';
import * as repo from './watch.repo.ts';
import type { CreateSiteInput, UpdateSiteInput } from './watch.schema.ts';

export type { StreamingSite } from '../../shared/watch.ts';
export type SiteListFilter = repo.SiteListFilter;

const iso = (ms: number) => new Date(ms).toISOString();

export function toStreamingSite(row: repo.StreamingSiteRow): StreamingSite {
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    category: row.category,
    isFavorite: row.is_favorite === 1,
    lastVisited: row.last_visited_at === null ? null : iso(row.last_visited_at),
    createdAt: iso(row.created_at),
  };
}

/** Ids are UUIDs; anything far longer is no id of ours (and need not reach the database). */
const MAX_ID_LENGTH = 100;

export type WatchService = ReturnType<typeof createWatchService>;

export function createWatchService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const notFound = (): never => {
    throw new NotFoundError(STREAMING_SITE_MESSAGES.notFound);
  };
  async function find(ownerId: string, id: string): Promise<repo.StreamingSiteRow> {
    if (id.length > MAX_ID_LENGTH) return notFound();
    return foundOr(await repo.findSite(db, ownerId, id), STREAMING_SITE_MESSAGES.notFound);
  }

  return {
    async list(ownerId: string, filter: SiteListFilter): Promise<Page<StreamingSite>> {
      const page = await repo.listSites(db, ownerId, filter);
      return { items: page.items.map(toStreamingSite), total: page.total };
    },

    async get(ownerId: string, id: string): Promise<StreamingSite> {
      return toStreamingSite(await find(ownerId, id));
    },

    async create(ownerId: string, input: CreateSiteInput): Promise<StreamingSite> {
      const row: repo.StreamingSiteRow = {
        id: crypto.randomUUID(),
        owner_id: ownerId,
        name: input.name,
        url: input.url,
        description: input.description,
        category: input.category,
        is_favorite: input.isFavorite ? 1 : 0,
        last_visited_at: null,
        created_at: clock().getTime(),
        updated_at: null,
      };
      await repo.insertSite(db, row);
      return toStreamingSite(row);
    },

    /** Changes only the fields given; nothing given (or nothing different) changes nothing. */
    async update(ownerId: string, id: string, input: UpdateSiteInput): Promise<StreamingSite> {
      const row = await find(ownerId, id);
      const changes: Partial<repo.StreamingSiteRow> = {};
      // A value sent back unchanged is no change (clients may send the whole entity).
      if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
      if (input.url !== undefined && input.url !== row.url) changes.url = input.url;
      if (input.description !== undefined && input.description !== row.description) changes.description = input.description;
      if (input.category !== undefined && input.category !== row.category) changes.category = input.category;
      const favorite = input.isFavorite === undefined ? undefined : input.isFavorite ? 1 : 0;
      if (favorite !== undefined && favorite !== row.is_favorite) changes.is_favorite = favorite;
      if (Object.keys(changes).length === 0) return toStreamingSite(row);
      changes.updated_at = clock().getTime();
      if (!(await repo.updateSite(db, ownerId, id, changes))) return notFound();
      return toStreamingSite({ ...row, ...changes });
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (id.length > MAX_ID_LENGTH || !(await repo.deleteSite(db, ownerId, id))) notFound();
    },

    /** Watch Now: the visit is now. */
    async visit(ownerId: string, id: string): Promise<StreamingSite> {
      const row = await find(ownerId, id);
      const now = clock().getTime();
      if (!(await repo.updateSite(db, ownerId, id, { last_visited_at: now }))) return notFound();
      return toStreamingSite({ ...row, last_visited_at: now });
    },

    /** For home and profile: the owner's favourites, newest first. */
    async favorites(ownerId: string, limit: number): Promise<StreamingSite[]> {
      return (await repo.favoriteSites(db, ownerId, limit)).map(toStreamingSite);
    },

    async countFavorites(ownerId: string): Promise<number> {
      return repo.countFavoriteSites(db, ownerId);
    },

    /** For home and profile: the owner's visited sites, the latest visit first. */
    async recentlyVisited(ownerId: string, limit: number): Promise<StreamingSite[]> {
      return (await repo.recentlyVisitedSites(db, ownerId, limit)).map(toStreamingSite);
    },
  };
}
