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

/** One model of `ownerId`; returns its id. */
export async function newModel(db: Kysely<Database>, ownerId: string, fields: ModelFields = {}): Promise<string> {
  const n = ++counter;
  const id = crypto.randomUUID();
  await db
    .insertInto('models')
    .values({
      id,
      owner_id: ownerId,
      name: fields.name ?? `Model ${n}`,
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
      created_at: fields.createdAt ?? Date.now() + n,
      updated_at: null,
    })
    .execute();
  return id;
}

/** Many models at once (one statement per 200 rows), named "<prefix> 0001" and so on. */
export async function manyModels(db: Kysely<Database>, ownerId: string, count: number, fields: (i: number) => ModelFields = () => ({}), prefix = 'Bulk'): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const f = fields(i);
    return {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      name: f.name ?? `${prefix} ${String(i).padStart(4, '0')}`,
      ethnicity: f.ethnicity ?? '',
      breast_size: f.breastSize ?? '',
      age: f.age ?? null,
      height: f.height ?? '',
      image: f.image ?? '',
      profile_picture_url: f.profilePictureUrl ?? '',
      description: f.description ?? '',
      tags: JSON.stringify(f.tags ?? []),
      links: JSON.stringify(f.links ?? []),
      favorite: f.favorite ? 1 : 0,
      created_at: f.createdAt ?? 1_700_000_000_000 + i,
      updated_at: null,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('models').values(rows.slice(i, i + 200)).execute();
}
