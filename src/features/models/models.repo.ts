// SQL of models. Every query carries the owner; the list's orders are CASE expressions in SQL, so
// sorting stays in the database however many models an owner keeps.

import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy, type Page, paged } from '../../db/owned.ts';
import { CUPS, ETHNICITY_ORDER, type ModelSort } from '../../shared/models.ts';
import type { ModelRow, ModelUpdate, NewModelRow } from './models.table.ts';

export type { ModelRow } from './models.table.ts';

export interface ModelFilters {
  search: string;
  /** An ethnicity, '' for N/A (no ethnicity), or undefined for any. */
  ethnicity?: string;
  /** A full size ('34DD') or a cup alone ('DD'); undefined for any. */
  breastSize?: string;
  favorite?: boolean;
}

/** Ethnicity in the spec's order; empty (N/A) and anything unknown last. */
const ethnicityRank = sql`case models.ethnicity ${sql.join(
  ETHNICITY_ORDER.map((e, i) => sql`when ${e} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(ETHNICITY_ORDER.length)} end`;

/** The cup of '34DD' is what follows the two-digit band. */
const cupRank = sql`case substr(models.breast_size, 3) ${sql.join(
  CUPS.map((cup, i) => sql`when ${cup} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(CUPS.length)} end`;
const band = sql`cast(substr(models.breast_size, 1, 2) as integer)`;
const byName = (dir: 'asc' | 'desc') => [sql`models.name collate nocase ${sql.raw(dir)}`, sql`models.id ${sql.raw(dir)}`];

/** The ORDER BY terms of a sort; ties always fall back to the name. */
function orderTerms(sort: ModelSort, order: 'asc' | 'desc'): RawBuilder<unknown>[] {
  const dir = sql.raw(order);
  switch (sort) {
    case 'name':
      return byName(order);
    case 'age':
      // Models without an age come last whichever way the ages run.
      return [sql`(models.age is null) asc`, sql`models.age ${dir}`, ...byName('asc')];
    case 'breastSize':
      // Cup first (A..F), then band; models without a size come last.
      return [sql`(models.breast_size = '') asc`, sql`${cupRank} ${dir}`, sql`${band} ${dir}`, ...byName('asc')];
    case 'newest':
      return [sql`models.created_at desc`, sql`models.id desc`];
    case 'default':
      return [sql`models.favorite desc`, sql`${ethnicityRank} asc`, ...byName('asc')];
  }
}

function filtersOf(ownerId: string, filters: ModelFilters): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [ownedBy('models', ownerId)];
  if (filters.ethnicity !== undefined) where.push(sql<SqlBool>`models.ethnicity = ${filters.ethnicity}`);
  if (filters.breastSize !== undefined) {
    where.push(
      /^\d/.test(filters.breastSize)
        ? sql<SqlBool>`models.breast_size = ${filters.breastSize}`
        : sql<SqlBool>`models.breast_size <> '' and substr(models.breast_size, 3) = ${filters.breastSize}`,
    );
  }
  if (filters.favorite !== undefined) where.push(sql<SqlBool>`models.favorite = ${filters.favorite ? 1 : 0}`);
  if (filters.search !== '') {
    where.push(
      sql<SqlBool>`(${containsText('models.name', filters.search)} or ${containsText('models.description', filters.search)} or exists (select 1 from json_each(models.tags) as tag where ${containsText('tag.value', filters.search)}))`,
    );
  }
  return where;
}

export async function listModels(
  db: Db,
  ownerId: string,
  filters: ModelFilters,
  sort: ModelSort,
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<Page<ModelRow>> {
  let query = db
    .selectFrom('models')
    .selectAll()
    .where((eb) => eb.and(filtersOf(ownerId, filters)));
  for (const term of orderTerms(sort, order)) query = query.orderBy(term as never);
  return paged(query, page);
}

export async function countModels(db: Db, ownerId: string, favoritesOnly = false): Promise<number> {
  let query = db
    .selectFrom('models')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy('models', ownerId));
  if (favoritesOnly) query = query.where('favorite', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function findModel(db: Db, ownerId: string, id: string): Promise<ModelRow | undefined> {
  return db.selectFrom('models').selectAll().where(ownedBy('models', ownerId)).where('id', '=', id).executeTakeFirst();
}

/** The owner's model of that name, ignoring case (the oldest when several share it). */
export async function findModelByName(db: Db, ownerId: string, name: string): Promise<ModelRow | undefined> {
  return db
    .selectFrom('models')
    .selectAll()
    .where(ownedBy('models', ownerId))
    .where(sql<SqlBool>`name = ${name} collate nocase`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertModel(db: Db, row: NewModelRow): Promise<void> {
  await db.insertInto('models').values(row).execute();
}

export async function updateModel(db: Db, ownerId: string, id: string, changes: Omit<ModelUpdate, 'id' | 'owner_id' | 'created_at'>): Promise<number> {
  const result = await db.updateTable('models').set(changes).where(ownedBy('models', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteModel(db: Db, ownerId: string, id: string): Promise<number> {
  const result = await db.deleteFrom('models').where(ownedBy('models', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Each model's name and links (JSON text), by name: what a links sync reads. */
export async function modelNamesAndLinks(db: Db, ownerId: string): Promise<{ name: string; links: string }[]> {
  return db
    .selectFrom('models')
    .select(['name', 'links'])
    .where(ownedBy('models', ownerId))
    .where('links', '<>', '[]')
    .orderBy(sql`name collate nocase`)
    .orderBy('id')
    .execute();
}
