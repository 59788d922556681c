// Links inserted straight into the database (no HTTP), for lists, paging and exports with many rows.

import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { categoryOfUrl, type LinkCategory } from '../../src/shared/links.ts';

export interface LinkFields {
  name?: string;
  url?: string;
  description?: string;
  category?: LinkCategory;
  isFavorite?: boolean;
  lastVisited?: number | null;
  autoImported?: boolean;
  sourceModel?: string | null;
  createdAt?: number;
}

let counter = 0;

function row(ownerId: string, fields: LinkFields) {
  const n = ++counter;
  const url = fields.url ?? `https://example${n}.test/page`;
  return {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    name: fields.name ?? `Link ${n}`,
    url,
    description: fields.description ?? '',
    category: fields.category ?? categoryOfUrl(url),
    is_favorite: fields.isFavorite ? 1 : 0,
    last_visited: fields.lastVisited ?? null,
    auto_imported: fields.autoImported ? 1 : 0,
    source_model: fields.sourceModel ?? null,
    created_at: fields.createdAt ?? Date.parse('2026-01-01T00:00:00Z') + n,
  };
}

/** One link of `ownerId`; returns its id. */
export async function newLink(db: Kysely<Database>, ownerId: string, fields: LinkFields = {}): Promise<string> {
  const values = row(ownerId, fields);
  await db.insertInto('links').values(values).execute();
  return values.id;
}

/** Many links at once (200 rows a statement), named "<prefix> 0000" and so on. */
export async function manyLinks(
  db: Kysely<Database>,
  ownerId: string,
  count: number,
  fields: (i: number) => LinkFields = () => ({}),
  prefix = 'Bulk',
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => row(ownerId, { name: `${prefix} ${String(i).padStart(4, '0')}`, ...fields(i) }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('links')
      .values(rows.slice(i, i + 200))
      .execute();
}
