// Models inserted straight into the database (no HTTP), for lists and orders with many rows.

import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import type { ModelLink } from '../../src/shared/models.ts';

export interface ModelFields {
  name?: string;
  ethnicity?: string;
  breastSize?: string;
  age?: number | null;
  height?: string;
  image?: string;
  profilePictureUrl?: string;
  description?: string;
  tags?: string[];
  links?: ModelLink[];
  favorite?: boolean;
  createdAt?: number;
}

let counter = 0;

/** The row of one model, with the defaults a test does not care about. */
function row(ownerId: string, fields: ModelFields, defaults: { name: string; createdAt: number }) {
  return {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    name: fields.name ?? defaults.name,
    ethnicity: fields.ethnicity ?? '',
    breast_size: fields.breastSize ?? '',
    age: fields.age ?? null,
    height: fields.height ?? '',
    image: fields.image ?? '',
    profile_picture_url: fields.profilePictureUrl ?? '',
    description: fields.description ?? '',
    tags: JSON.stringify(fields.tags ?? []),
    links: JSON.stringify(fields.links ?? []),
    favorite: fields.favorite ? 1 : 0,
    created_at: fields.createdAt ?? defaults.createdAt,
    updated_at: null,
  };
}

/** One model of `ownerId`; returns its id. */
export async function newModel(db: Kysely<Database>, ownerId: string, fields: ModelFields = {}): Promise<string> {
  const n = ++counter;
  const values = row(ownerId, fields, { name: `Model ${n}`, createdAt: Date.now() + n });
  await db.insertInto('models').values(values).execute();
  return values.id;
}

/** Many models at once (one statement per 200 rows), named "<prefix> 0001" and so on. */
export async function manyModels(
  db: Kysely<Database>,
  ownerId: string,
  count: number,
  fields: (i: number) => ModelFields = () => ({}),
  prefix = 'Bulk',
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) =>
    row(ownerId, fields(i), { name: `${prefix} ${String(i).padStart(4, '0')}`, createdAt: 1_700_000_000_000 + i }),
  );
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('models')
      .values(rows.slice(i, i + 200))
      .execute();
}
