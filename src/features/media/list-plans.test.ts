// The gallery's list takes shortcuts at size (counts from the full-text index over key ranges, tag
// copies carrying their item's fields, walks of a sort's index tested against the matches, short
// searches through the index's trigrams): here every way in answers exactly what the plain rule
// says (filter, search as a literal substring of the lower-case title and tags, tags, model, sort
// with ties by id, page), and the trigger-kept copies and counts stay in step through every kind of
// write.

import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { newUser } from '../../../test/helpers/factories.ts';
import { manyMedia } from '../../../test/helpers/media-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { GalleryName, MediaRow } from './media.table.ts';
import { INDEX_FOLDS, listMedia, type MediaListFilter, type MediaSortColumn } from './media-list.repo.ts';

let t: TestApp;
let owner: string;
let other: string;
let models: string[];

// Besides plain words: characters the full-text index folds onto others (long s, final sigma, the
// micro sign) and capitals whose lower case is ASCII (the Kelvin sign, dotted I).
const WORDS = ['Beach', 'studio', 'pool', 'be', 'ÜBER', '100%', 'snake_case', 'Mirror', 'night', 'e', 'ſun', 'Σοφίας', '\u00b5m', '\u212aelvin', 'İstanbul'];
const TAGS = ['Solo', 'Lingerie', 'Outdoor', 'set 1', 'set 2', 'Ünterwäsche', 'be'];

beforeAll(async () => {
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
  owner = (await newUser(t.database.db, { username: 'lists' })).id;
  other = (await newUser(t.database.db, { username: 'someone-else' })).id;
  models = [await newModel(t.database.db, owner, { name: 'Mia' }), await newModel(t.database.db, owner, { name: 'Zoe' })];
  // Ties on purpose: dates, sizes, durations and titles repeat.
  manyMedia(t.database, owner, 600, (i) => ({
    gallery: i % 7 === 0 ? 'premium' : 'gallery',
    type: i % 3 === 0 ? 'video' : 'image',
    // The newer half is 'late': a walk from the oldest finds none of it early.
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i % 50}${i % 200 >= 100 ? ' late' : ''}`,
    // A rare tag: several tags are counted from it rather than merged.
    tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!, ...(i % 97 === 0 ? ['rare'] : [])],
    size: 1000 + (i % 40),
    duration: i % 3 === 0 ? i % 13 : null,
    favorite: i % 4 === 0,
    modelId: i % 5 === 0 ? models[i % 2]! : null,
    createdAt: 1_700_000_000_000 + (i % 200) * 1000,
    deletedAt: i % 11 === 0 ? 1_700_100_000_000 + i : null,
    // Play counts that tie often (most are 0), on videos only.
    playCount: i % 3 === 0 ? i % 4 : 0,
  }));
  manyMedia(t.database, other, 100, (i) => ({ title: `${WORDS[i % WORDS.length]} theirs`, tags: [TAGS[i % TAGS.length]!] }));
  // Albums: every third of the owner's items in one, every ninth in two (once in the merged keys).
  const mine = t.database.sqlite.query('select id from media where owner_id = ? and deleted_at is null order by rowid').all(owner) as { id: string }[];
  for (const [name, step] of [
    ['Thirds', 3],
    ['Ninths', 9],
  ] as const) {
    const album = await t.services.albums.create(owner, { name, description: '', isPublic: true });
    await t.services.albums.addMedia(
      owner,
      album._id,
      mine.filter((_, i) => i % step === 0).map((r) => r.id),
    );
  }
  // (A busy machine takes longer than the default five seconds to start the app and write the rows.)
}, 60_000);
afterAll(async () => {
  await t.close();
});

const rows = () => t.database.sqlite.query('select * from media').all() as MediaRow[];
const tagsOf = (row: MediaRow) => (JSON.parse(row.tags) as string[]).map((tag) => tag.toLowerCase());

/** The rule, in JavaScript over every row. */
function expected(gallery: GalleryName, filter: MediaListFilter, sort: MediaSortColumn, order: 'asc' | 'desc', page: { limit: number; offset: number }) {
  const found = rows().filter(
    (r) =>
      r.owner_id === owner &&
      r.gallery === gallery &&
      (r.deleted_at !== null) === filter.inBin &&
      (!filter.type || r.type === filter.type) &&
      (!filter.favoritesOnly || r.is_favorite === 1) &&
      (filter.modelId === undefined || r.model_id === filter.modelId) &&
      r.search_text.includes(filter.search) &&
      (!filter.inAlbum || r.album_count > 0) &&
      filter.tags.every((tag) => tagsOf(r).includes(tag)),
  );
  const key = (r: MediaRow): (string | number | null)[] =>
    sort === 'plays'
      ? [r.play_count, r.created_at, r.id]
      : sort === 'created'
        ? [r.created_at, r.id]
        : sort === 'title'
          ? [r.title.replace(/[A-Z]/g, (c) => c.toLowerCase()), r.id]
          : sort === 'duration'
            ? [r.duration, r.id]
            : [r.size, r.id];
  const compare = (a: MediaRow, b: MediaRow) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      // SQLite puts NULL first in ascending order.
      const less = x[i] === null || (y[i] !== null && x[i]! < y[i]!);
      return (less ? -1 : 1) * (order === 'asc' ? 1 : -1);
    }
    return 0;
  };
  found.sort(compare);
  return { ids: found.slice(page.offset, page.offset + page.limit).map((r) => r.id), total: found.length };
}

async function expectSame(gallery: GalleryName, filter: MediaListFilter, sort: MediaSortColumn, order: 'asc' | 'desc', page = { limit: 20, offset: 0 }) {
  const got = await listMedia(t.database.db, owner, gallery, filter, sort, order, page);
  const label = JSON.stringify({ gallery, filter, sort, order, page });
  expect({ ids: got.items.map((r) => r.id), total: got.total }, label).toEqual(expected(gallery, filter, sort, order, page));
}

/** Hundreds of comparisons each: room for a busy machine (no test here is about time). */
const SLOW = 60_000;

const LISTS: Omit<MediaListFilter, 'search' | 'tags'>[] = [
  { inBin: false },
  { inBin: false, type: 'image' },
  { inBin: false, type: 'video' },
  { inBin: false, favoritesOnly: true },
  { inBin: false, type: 'video', favoritesOnly: true },
  { inBin: true },
];

describe('every way into a list answers what the rule says', () => {
  test(
    'searches: phrases, one and two characters, no match, literal % and _, text that is not plain ASCII',
    async () => {
      for (const search of [
        ...['beach', 'beach pool', 'be', 'e', 'o', 'b', '0%', '_', 'ü', 'über', 'zz', 'q', 'mirror 4', 'x'.repeat(3), ' 1'],
        ...['ſ', 'ſu', 'ς', 'σ', 'ίας', '\u00b5', '\u03bc', 'kelvin', 'k', 'i', 'i\u0307s', 'stanbul', 'ü\n'],
      ]) {
        for (const list of LISTS) {
          for (const gallery of ['gallery', 'premium'] as const) await expectSame(gallery, { ...list, search, tags: [] }, 'created', 'desc');
        }
        for (const sort of ['title', 'duration', 'size'] as const) {
          for (const order of ['asc', 'desc'] as const) await expectSame('gallery', { inBin: false, search, tags: [] }, sort, order, { limit: 7, offset: 14 });
        }
      }
    },
    SLOW,
  );

  test(
    'tags, one or several, and a model, with every filter, sort and deep pages',
    async () => {
      for (const tags of [
        ...[['solo'], ['be'], ['set 1'], ['solo', 'lingerie'], ['outdoor', 'set 2'], ['ünterwäsche'], ['missing'], ['solo', 'missing']],
        ...[
          ['rare', 'solo'],
          ['lingerie', 'rare', 'be'],
          ['solo', 'lingerie', 'set 1'],
        ],
      ]) {
        for (const list of LISTS) await expectSame('gallery', { ...list, search: '', tags }, 'created', 'desc');
        for (const order of ['asc', 'desc'] as const) await expectSame('gallery', { inBin: false, search: '', tags }, 'title', order, { limit: 5, offset: 10 });
      }
      for (const modelId of [...models, 'no-such-model']) {
        for (const list of LISTS) await expectSame('gallery', { ...list, search: '', tags: [], modelId }, 'size', 'asc');
        await expectSame('gallery', { inBin: false, search: '', tags: [], modelId }, 'duration', 'desc', { limit: 3, offset: 6 });
      }
    },
    SLOW,
  );

  test(
    'combined filters, pages past the end, matches bunched at one end of the order, and every page of a search in turn',
    async () => {
      await expectSame('gallery', { inBin: false, search: 'beach', tags: ['solo'] }, 'created', 'asc');
      await expectSame('gallery', { inBin: false, search: 'be', tags: [], modelId: models[0] }, 'title', 'asc');
      await expectSame('gallery', { inBin: false, search: 'e', tags: ['solo'], modelId: models[1] }, 'size', 'desc');
      // A search narrowed by tags and a model: every list, both galleries, the sorts, deep pages.
      for (const [search, tags, modelId] of [
        ['beach', ['solo'], undefined],
        ['be', ['lingerie', 'be'], undefined],
        ['late', ['outdoor'], models[0]],
        ['e', [], models[1]],
        ['mirror', ['missing'], undefined],
        ['beach', ['ünterwäsche'], undefined],
        ['e', ['solo', 'lingerie', 'rare'], undefined],
        ['kelvin', ['outdoor'], undefined],
      ] as const) {
        for (const list of LISTS) {
          for (const gallery of ['gallery', 'premium'] as const)
            await expectSame(gallery, { ...list, search, tags: [...tags], modelId }, 'created', 'desc', { limit: 5, offset: 0 });
        }
        for (const sort of ['title', 'duration', 'size', 'created'] as const) {
          for (const order of ['asc', 'desc'] as const) {
            for (const offset of [0, 4, 12]) await expectSame('gallery', { inBin: false, search, tags: [...tags], modelId }, sort, order, { limit: 4, offset });
          }
        }
      }
      // Among the items in albums: a search alone, with tags or a model, every list and sort, deep pages.
      for (const [search, tags, modelId] of [
        ['beach', [], undefined],
        ['e', [], undefined],
        ['late', ['outdoor'], undefined],
        ['be', [], models[0]],
        ['ü', [], undefined],
        ['zz', [], undefined],
      ] as const) {
        for (const list of LISTS) {
          for (const gallery of ['gallery', 'premium'] as const)
            await expectSame(gallery, { ...list, search, tags: [...tags], modelId, inAlbum: true }, 'created', 'desc', { limit: 5, offset: 0 });
        }
        for (const sort of ['title', 'duration', 'size', 'created'] as const) {
          for (const order of ['asc', 'desc'] as const) {
            for (const offset of [0, 9])
              await expectSame('gallery', { inBin: false, search, tags: [...tags], modelId, inAlbum: true }, sort, order, { limit: 4, offset });
          }
        }
      }
      await expectSame('gallery', { inBin: false, search: 'beach', tags: [] }, 'created', 'desc', { limit: 50, offset: 5000 });
      for (const order of ['asc', 'desc'] as const)
        await expectSame('gallery', { inBin: false, search: 'late', tags: [] }, 'created', order, { limit: 10, offset: 20 });
      const total = expected('gallery', { inBin: false, search: 'o', tags: [] }, 'size', 'asc', { limit: 1, offset: 0 }).total;
      for (let offset = 0; offset < total + 10; offset += 10)
        await expectSame('gallery', { inBin: false, search: 'o', tags: [] }, 'size', 'asc', { limit: 10, offset });
    },
    SLOW,
  );
});

describe('the most played order (play count, then date, then id)', () => {
  test(
    'every way into a list: plain lists, searches, tags, a model, items in albums, combined, deep pages, both orders',
    async () => {
      const page = { limit: 6, offset: 0 };
      for (const order of ['asc', 'desc'] as const) {
        for (const list of LISTS) {
          for (const gallery of ['gallery', 'premium'] as const) {
            await expectSame(gallery, { ...list, search: '', tags: [] }, 'plays', order, page);
            await expectSame(gallery, { ...list, search: '', tags: [] }, 'plays', order, { limit: 7, offset: 21 });
          }
        }
        for (const [search, tags, modelId, inAlbum] of [
          ['beach', [], undefined, false],
          ['be', [], undefined, false],
          ['ü', [], undefined, false],
          ['', ['solo'], undefined, false],
          ['', ['solo', 'lingerie'], undefined, false],
          ['', [], models[0], false],
          ['beach', ['solo'], undefined, false],
          ['e', [], models[1], false],
          ['', [], undefined, true],
          ['e', [], undefined, true],
        ] as const) {
          for (const offset of [0, 5, 30])
            await expectSame('gallery', { inBin: false, search, tags: [...tags], modelId, inAlbum }, 'plays', order, { limit: 5, offset });
          await expectSame('gallery', { inBin: false, type: 'video', search, tags: [...tags], modelId, inAlbum }, 'plays', order, page);
        }
      }
    },
    SLOW,
  );

  test('a page of the most played reads its rows in the order of its own index (migration 0044), not a sort of every item', () => {
    const plan = t.database.sqlite
      .query(
        `explain query plan select media.rowid from media where media.owner_id = ? and media.gallery = 'gallery' and media.deleted_at is null
         order by media.play_count desc, media.created_at desc, media.id desc limit 50`,
      )
      .all(owner) as { detail: string }[];
    const details = plan.map((p) => p.detail).join('\n');
    expect(details).toContain('media_page_plays');
    expect(details).not.toContain('TEMP B-TREE');
  });
});

test('the full-text index folds no lower-case character onto another but those a short search knows of', () => {
  // A one- or two-character search reads the index's terms by their first characters, folded as
  // this SQLite folds them: every character JavaScript's lower case can leave in the search text.
  const scratch = new Database(':memory:');
  scratch.exec(`create virtual table t using fts5(text, content = '', tokenize = 'trigram'); create virtual table v using fts5vocab(t, 'instance')`);
  const insert = scratch.prepare('insert into t (rowid, text) values (?, ?)');
  scratch.transaction(() => {
    for (let cp = 0x80; cp < 0x30000; cp++) if (cp < 0xd800 || cp >= 0xe000) insert.run(cp, `${String.fromCodePoint(cp).toLowerCase()}\x01\x01`);
  })();
  const folds: Record<string, string> = {};
  for (const { doc, term } of scratch.query('select doc, term from v where offset = 0').all() as { doc: number; term: string }[]) {
    const lower = [...String.fromCodePoint(doc).toLowerCase()];
    const indexed = [...term].slice(0, lower.length);
    lower.forEach((ch, i) => {
      if (indexed[i] !== ch) folds[ch] = indexed[i]!;
    });
  }
  scratch.close();
  expect(folds).toEqual(INDEX_FOLDS);
});

describe('the copies kept by triggers stay in step', () => {
  /** media_search_ids' keys, the indexed text and media_tags' owners and keys, against the items themselves. */
  function expectInStep() {
    const keyed = t.database.sqlite
      .query(
        `select count(*) as n from media join media_search_ids as ids on ids.media_id = media.id
         where ids.key = (((select n from media_search_owners where owner_id = media.owner_id) << 44) | ((media.gallery = 'premium') << 43)
           | ((media.deleted_at is not null) << 42) | (media.is_favorite << 41) | ((media.type = 'video') << 40) | ids.rowid)`,
      )
      .get() as { n: number };
    const items = t.database.sqlite.query('select count(*) as n from media').get() as { n: number };
    const sorted = t.database.sqlite
      .query(
        `select count(*) as n from media join media_search_ids as ids on ids.media_id = media.id where ids.created_at = media.created_at
         and ids.title = media.title and ids.duration is media.duration and ids.size = media.size and ids.play_count = media.play_count`,
      )
      .get();
    expect(sorted).toEqual(items);
    expect(keyed.n).toBe(items.n);
    expect(t.database.sqlite.query('select count(*) as n from media_search_ids').get()).toEqual(items);
    // Each item's text is indexed under its key, and nothing else is.
    for (const word of ['beach', 'solo', 'renamed', 'new tag', 'über']) {
      const indexed = t.database.sqlite
        .query(`select ids.media_id as id from media_search join media_search_ids as ids on ids.key = media_search.rowid where media_search match ? order by 1`)
        .all(`"${word}"`);
      const containing = t.database.sqlite.query(`select id from media where instr(search_text, ?) > 0 order by 1`).all(word);
      expect(indexed, word).toEqual(containing);
    }
    const stale = t.database.sqlite
      .query(
        `select count(*) as n from media_tags join media on media.id = media_tags.media_id
         where media_tags.owner_id <> media.owner_id`,
      )
      .get();
    expect(stale).toEqual({ n: 0 });
    // Each tag row carries its item's current full-text key (a search combined with tags probes it).
    const unkeyed = t.database.sqlite
      .query('select count(*) as n from media_tags join media_search_ids as ids on ids.media_id = media_tags.media_id where media_tags.key <> ids.key')
      .get();
    expect(unkeyed).toEqual({ n: 0 });
    expect(t.database.sqlite.query('select count(*) as n from media_tags where media_id not in (select id from media)').get()).toEqual({ n: 0 });
    // The keys of the items in albums are exactly the current keys of the items in at least one
    // album (a search among the items in albums merges them), and each item's album count is its
    // number of albums.
    const albumKeys = t.database.sqlite.query('select key from album_item_keys order by key').all();
    const albumKeysExact = t.database.sqlite
      .query('select distinct ids.key from album_media join media_search_ids as ids on ids.media_id = album_media.media_id order by 1')
      .all();
    expect(albumKeys).toEqual(albumKeysExact);
    const miscountedAlbums = t.database.sqlite
      .query('select count(*) as n from media where album_count <> (select count(*) from album_media where album_media.media_id = media.id)')
      .get();
    expect(miscountedAlbums).toEqual({ n: 0 });
    // The gallery counts, and each album's copies of its items and its counts.
    const counted = t.database.sqlite
      .query('select owner_id, gallery, binned, type, is_favorite, n from media_counts where n <> 0 order by 1, 2, 3, 4, 5')
      .all();
    const countedExact = t.database.sqlite
      .query(
        'select owner_id, gallery, deleted_at is not null as binned, type, is_favorite, count(*) as n from media group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5',
      )
      .all();
    expect(counted).toEqual(countedExact);
    const staleMembers = t.database.sqlite
      .query(
        `select count(*) as n from album_media join media on media.id = album_media.media_id
         where album_media.binned <> (media.deleted_at is not null) or album_media.type <> media.type or album_media.is_favorite <> media.is_favorite
           or album_media.created_at <> media.created_at`,
      )
      .get();
    expect(staleMembers).toEqual({ n: 0 });
    const albumCounts = t.database.sqlite.query('select id, media_count, image_count, favorite_count from albums order by id').all();
    const albumExact = t.database.sqlite
      .query(
        `select albums.id, count(media.id) as media_count, coalesce(sum(media.type = 'image'), 0) as image_count, coalesce(sum(media.is_favorite = 1), 0) as favorite_count
         from albums left join album_media on album_media.album_id = albums.id
         left join media on media.id = album_media.media_id and media.deleted_at is null group by albums.id order by albums.id`,
      )
      .all();
    expect(albumCounts).toEqual(albumExact);
    const kept = t.database.sqlite
      .query('select owner_id, tag, gallery, binned, type, is_favorite, n from media_tag_counts where n <> 0 order by 1, 2, 3, 4, 5, 6')
      .all();
    const exact = t.database.sqlite
      .query(
        `select media.owner_id, media_tags.tag, media.gallery, media.deleted_at is not null as binned, media.type, media.is_favorite, count(*) as n
         from media_tags join media on media.id = media_tags.media_id group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
      )
      .all();
    expect(kept).toEqual(exact);
  }

  test('through upload-like inserts, edits of title and tags, favourite, bin and restore, a move between galleries, deletes and an account deletion', async () => {
    const ann = await newUser(t.database.db, { username: 'steps' });
    const items = manyMedia(t.database, ann.id, 12, (i) => ({ title: `Beach ${i}`, tags: ['Solo', 'Beach'], type: i % 2 ? 'video' : 'image' }));
    const album = await t.services.albums.create(ann.id, { name: 'Steps', description: '', isPublic: true });
    await t.services.albums.addMedia(
      ann.id,
      album._id,
      items.slice(0, 11).map((item) => item.id),
    );
    expectInStep();
    const gallery = t.services.media.gallery;
    await gallery.update(ann.id, items[0]!.id, { title: 'Renamed' });
    await gallery.update(ann.id, items[1]!.id, { tags: ['New Tag', 'Über'] });
    await gallery.toggleFavorite(ann.id, items[2]!.id);
    await gallery.moveToBin(ann.id, items[3]!.id);
    await gallery.moveToBin(ann.id, items[4]!.id);
    await gallery.restore(ann.id, items[4]!.id);
    await t.database.db.updateTable('media').set({ gallery: 'premium' }).where('id', '=', items[5]!.id).execute();
    await t.database.db
      .updateTable('media')
      .set({ gallery: 'premium', is_favorite: 1, title: 'Renamed too', search_text: 'renamed too' })
      .where('id', '=', items[6]!.id)
      .execute();
    // What processing writes: the duration and size it finds.
    await t.database.db.updateTable('media').set({ duration: 12.5, size: 4321 }).where('id', '=', items[8]!.id).execute();
    // Viewings: the play count's copy follows each one.
    await gallery.countPlay(ann.id, items[1]!.id);
    await gallery.countPlay(ann.id, items[1]!.id);
    await t.database.db.deleteFrom('media').where('id', '=', items[7]!.id).execute();
    expectInStep();
    // Bulk actions move many keys at once (the deferred upkeep), the album memberships' among them.
    await gallery.bulk(ann.id, { action: 'favorite', ids: [items[9]!.id, items[10]!.id] });
    await gallery.bulk(ann.id, { action: 'delete', ids: [items[10]!.id, items[11]!.id] });
    expectInStep();
    await gallery.bulk(ann.id, { action: 'delete', ids: [items[8]!.id, items[9]!.id] });
    await gallery.bulk(ann.id, { action: 'unfavorite', ids: [items[9]!.id] });
    await gallery.bulk(ann.id, { action: 'restore', ids: [items[8]!.id, items[9]!.id] });
    expectInStep();
    const page = await listMedia(t.database.db, ann.id, 'premium', { inBin: false, search: 'renamed', tags: [] }, 'created', 'desc', { limit: 50, offset: 0 });
    expect(page.items.map((r) => r.id)).toEqual([items[6]!.id]);
    const tagged = await listMedia(t.database.db, ann.id, 'gallery', { inBin: false, search: '', tags: ['solo'] }, 'created', 'asc', { limit: 50, offset: 0 });
    expect(tagged.items.map((r) => r.id)).toEqual([0, 2, 4, 8, 9].map((i) => items[i]!.id));
    expect(tagged.total).toBe(5);
    const inAlbums = await listMedia(t.database.db, ann.id, 'gallery', { inBin: false, search: 'beach', tags: [], inAlbum: true }, 'created', 'asc', {
      limit: 50,
      offset: 0,
    });
    // (0 is renamed but still tagged Beach; 3 and 10 are in the bin, 5 and 6 in premium, 7 gone, 11 in no album.)
    expect(inAlbums.items.map((r) => r.id)).toEqual([0, 1, 2, 4, 8, 9].map((i) => items[i]!.id));

    // A bulk delete forever does the triggers' work at once (migration 0027): the album's cover,
    // a favourite, an item in the bin and a model's picture among the items.
    await t.services.albums.update(ann.id, album._id, { coverImage: items[1]!.id });
    const modelId = await newModel(t.database.db, ann.id, { name: 'Pictured', profilePictureUrl: `/media/${items[2]!.id}/thumbnail` });
    const kept = await newModel(t.database.db, ann.id, { name: 'Kept', profilePictureUrl: `/media/${items[0]!.id}/thumbnail` });
    expect(await gallery.bulk(ann.id, { action: 'permanent-delete', ids: [items[1]!.id, items[2]!.id, items[3]!.id] })).toEqual({ updated: 3 });
    expectInStep();
    const pictures = t.database.sqlite.query('select id, profile_picture_url as url from models where id in (?, ?) order by name').all(kept, modelId);
    expect(pictures).toEqual([
      { id: kept, url: `/media/${items[0]!.id}/thumbnail` },
      { id: modelId, url: '' },
    ]);
    expect(t.database.sqlite.query('select cover_media_id as cover from albums where id = ?').get(album._id)).toEqual({ cover: null });
    const afterDelete = await listMedia(t.database.db, ann.id, 'gallery', { inBin: false, search: 'beach', tags: [], inAlbum: true }, 'created', 'asc', {
      limit: 50,
      offset: 0,
    });
    expect(afterDelete.items.map((r) => r.id)).toEqual([0, 4, 8, 9].map((i) => items[i]!.id));
    expect(t.database.sqlite.query('select count(*) as n from media_search_deferred').get()).toEqual({ n: 0 });
    // Out of an album, and a whole album gone: the items leave the keys of the items in albums.
    const second = await t.services.albums.create(ann.id, { name: 'Second', description: '', isPublic: true });
    await t.services.albums.addMedia(ann.id, second._id, [items[0]!.id, items[4]!.id]);
    await t.services.albums.removeMedia(ann.id, album._id, [items[0]!.id, items[8]!.id]);
    expectInStep();
    await t.services.albums.remove(ann.id, album._id);
    expectInStep();
    const stillInAlbums = await listMedia(t.database.db, ann.id, 'gallery', { inBin: false, search: 'beach', tags: [], inAlbum: true }, 'created', 'asc', {
      limit: 50,
      offset: 0,
    });
    expect(stillInAlbums.items.map((r) => r.id)).toEqual([0, 4].map((i) => items[i]!.id));

    await t.database.db.deleteFrom('users').where('id', '=', ann.id).execute();
    expectInStep();
    expect(t.database.sqlite.query('select count(*) as n from media_search_owners where owner_id = ?').get(ann.id)).toEqual({ n: 0 });
    expect(t.database.sqlite.query('select count(*) as n from media_tags where owner_id = ?').get(ann.id)).toEqual({ n: 0 });
    // A returning owner number (a new account) starts clean.
    const bea = await newUser(t.database.db, { username: 'after' });
    manyMedia(t.database, bea.id, 3, () => ({ title: 'beach again' }));
    expectInStep();
    const theirs = await listMedia(t.database.db, bea.id, 'gallery', { inBin: false, search: 'beach', tags: [] }, 'created', 'desc', { limit: 50, offset: 0 });
    expect(theirs.total).toBe(3);
  });
});
