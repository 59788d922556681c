// POST /api/links/sync-from-models over HTTP: every model link with a URL that is not yet a link
// (ignoring case) becomes one, marked as imported from its model; blanks and duplicates are skipped.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newLink } from '../../../test/helpers/links-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { Link, SyncResult } from '../../shared/links.ts';

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;
const now = Date.parse('2026-11-21T12:00:00Z');

beforeEach(async () => {
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  ada = await signedInUser(t.database.db, { username: 'ada' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob' }, now);
});
afterEach(() => t.close());

const sync = async (as: SignedIn = ada) => {
  const res = await t.request('/api/links/sync-from-models', { method: 'POST', as });
  expect(res.status).toBe(200);
  return (await res.json()) as SyncResult;
};
const all = async (as: SignedIn = ada) => (await (await t.request('/api/links?limit=200&sort=name&order=asc', { as })).json()) as Link[];

describe('Sync from models', () => {
  test('new model links become links with autoImported and sourceModel; blanks and case-insensitive duplicates are skipped', async () => {
    const db = t.database.db;
    await newLink(db, ada.user._id, { name: 'Saved before', url: 'https://OnlyFans.com/Jane' });
    await newModel(db, ada.user._id, {
      name: 'Jane Doe',
      links: [
        { name: 'OnlyFans', url: 'https://onlyfans.com/jane' },
        { name: 'Twitter', url: 'https://twitter.com/janedoe' },
        { name: 'Blank', url: '   ' },
        { name: 'Empty', url: '' },
        { name: 'Script', url: 'javascript:alert(1)' },
        { name: 'Twitter again', url: 'HTTPS://TWITTER.COM/JANEDOE' },
      ],
    });
    await newModel(db, ada.user._id, {
      name: 'Kim',
      links: [
        { name: '', url: 'https://kbjfan.com/kim' },
        { name: 'Reddit', url: 'https://www.reddit.com/u/kim' },
      ],
    });
    await newModel(db, bob.user._id, { name: 'Bob model', links: [{ name: 'Site', url: 'https://fansly.com/bobs' }] });

    const result = await sync();
    expect(result.imported).toBe(3);
    expect(result.links.map((l) => [l.name, l.url, l.category, l.autoImported, l.sourceModel])).toEqual([
      ['Jane Doe - Twitter', 'https://twitter.com/janedoe', 'X', true, 'Jane Doe'],
      ['Kim - KBJFan', 'https://kbjfan.com/kim', 'KBJFan', true, 'Kim'],
      ['Kim - Reddit', 'https://www.reddit.com/u/kim', 'Reddit', true, 'Kim'],
    ]);
    const links = await all();
    expect(links.map((l) => l.name)).toEqual(['Jane Doe - Twitter', 'Kim - KBJFan', 'Kim - Reddit', 'Saved before']);
    expect(links.find((l) => l.name === 'Kim - Reddit')).toMatchObject({
      autoImported: true,
      sourceModel: 'Kim',
      description: 'Imported from Kim',
      createdAt: new Date(now).toISOString(),
    });
    // Bob's models are not Ada's, and Bob's sync sees only his own.
    expect(links.some((l) => l.url.includes('fansly'))).toBe(false);
    expect(await all(bob)).toEqual([]);

    // Nothing new the second time.
    expect(await sync()).toEqual({ imported: 0, links: [] });
    expect(await all()).toHaveLength(4);
    expect((await sync(bob)).imported).toBe(1);
  });

  test('no models at all: nothing imported', async () => {
    expect(await sync()).toEqual({ imported: 0, links: [] });
  });
});
