// The owned-rows query pieces on a real SQLite file: one owner's rows only, the recycling bin left
// out, paging with the total before paging, and search text taken literally.
import { afterEach, beforeEach, expect, test } from 'bun:test';
import type { Kysely } from 'kysely';
import { removeTempDatabases, tempDatabase } from '../../test/helpers/test-app.ts';
import { NotFoundError } from '../errors.ts';
import { containsText, foundOr, notInRecyclingBin, ownedBy, paged } from './owned.ts';

// biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
let db: Kysely<any>;
beforeEach(async () => {
  // biome-ignore lint/suspicious/noExplicitAny: kept from before the linter; fix when this code is next touched
  db = tempDatabase().db as unknown as Kysely<any>;
  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'integer')
    .execute();
  const rows = [];
  for (let i = 1; i <= 25; i++)
    rows.push({ id: i, owner_id: i % 5 === 0 ? 'bob' : 'alice', title: `note ${i}${i === 7 ? ' 100%_done' : ''}`, deleted_at: i === 3 ? 1 : null });
  await db.insertInto('notes').values(rows).execute();
});
afterEach(() => removeTempDatabases());

const aliceNotes = () => db.selectFrom('notes').select(['id', 'title']).where(ownedBy('notes', 'alice')).where(notInRecyclingBin('notes')).orderBy('id');

test('ownedBy and notInRecyclingBin keep to one owner and leave the bin out', async () => {
  const ids = (await aliceNotes().execute()).map((r) => r.id);
  expect(ids).toHaveLength(19); // 25 - 5 of bob's - 1 in the bin
  expect(ids).not.toContain(3);
  expect(ids).not.toContain(5);
});

test('paged answers one page and the total of the whole list', async () => {
  const first = await paged(aliceNotes(), { limit: 8, offset: 0 });
  expect(first.total).toBe(19);
  expect(first.items.map((r) => r.id)).toEqual([1, 2, 4, 6, 7, 8, 9, 11]);
  const last = await paged(aliceNotes(), { limit: 8, offset: 16 });
  expect(last.items.map((r) => r.id)).toEqual([22, 23, 24]);
  expect(last.total).toBe(19);
  expect(await paged(aliceNotes().where('title', '=', 'nothing'), { limit: 8, offset: 0 })).toEqual({ items: [], total: 0 });
});

test('containsText matches case-insensitively and takes % and _ literally', async () => {
  const search = async (text: string) => (await aliceNotes().where(containsText('notes.title', text)).execute()).map((r) => r.id);
  expect(await search('100%_DONE')).toEqual([7]);
  expect(await search('NOTE 1')).toEqual([1, 11, 12, 13, 14, 16, 17, 18, 19]);
  // Unescaped, "%" and "_" would match every note.
  expect(await search('%')).toEqual([7]);
  expect(await search('_')).toEqual([7]);
});

test('foundOr gives the row or a 404 with the given message', () => {
  expect(foundOr({ id: 1 }, 'Note not found')).toEqual({ id: 1 });
  expect(() => foundOr(undefined, 'Note not found')).toThrow(new NotFoundError('Note not found'));
});
