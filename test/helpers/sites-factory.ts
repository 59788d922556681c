// Streaming sites inserted straight into the database, for tests that need many of them or
// exact timestamps (no HTTP round trip per row).

import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { StreamingSiteCategory } from '../../src/shared/watch.ts';

let counter = 0;

export interface SiteFields {
  name?: string;
  url?: string;
  description?: string;
  category?: StreamingSiteCategory;
  isFavorite?: boolean;
  lastVisitedAt?: number | null;
  createdAt?: number;
}

/** One site of `ownerId`; returns its id. */
export async function newStreamingSite(db: Kysely<Database>, ownerId: string, fields: SiteFields = {}): Promise<string> {
  const n = ++counter;
  const id = crypto.randomUUID();
  await db
    .insertInto('streaming_sites')
    .values({
      id,
      owner_id: ownerId,
      name: fields.name ?? `Site ${n}`,
      url: fields.url ?? `https://site${n}.example/`,
      description: fields.description ?? '',
      category: fields.category ?? 'Other',
      is_favorite: fields.isFavorite ? 1 : 0,
      last_visited_at: fields.lastVisitedAt ?? null,
      created_at: fields.createdAt ?? Date.now(),
      updated_at: null,
    })
    .execute();
  return id;
}

/** `count` sites of `ownerId`, one millisecond apart from `start` (the last is the newest). */
export async function manyStreamingSites(
  db: Kysely<Database>,
  ownerId: string,
  count: number,
  start = Date.now(),
  fields: (i: number) => SiteFields = () => ({}),
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await newStreamingSite(db, ownerId, { name: `Site ${String(i).padStart(3, '0')}`, createdAt: start + i, ...fields(i) }));
  return ids;
}
