// Home and the profile's collections, rendered by the server from real rows: each user's own
// favourites and visits only, in the spec's order and numbers.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newLink } from '../../../test/helpers/links-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { newStreamingSite } from '../../../test/helpers/sites-factory.ts';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { HOME_TEXT, type HomeDashboard } from '../../shared/home.ts';

const T0 = Date.parse('2031-03-01T12:00:00Z');
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signedInUser(db, { username: 'admin', role: 'admin' });
  alice = await signedInUser(db, { username: 'alice' });
  bob = await signedInUser(db, { username: 'bob' });
  const me = alice.user._id;
  // Ten favourite sites (the dashboard shows at most 8: twice the widest column count), one not.
  for (let i = 0; i < 10; i++)
    await newStreamingSite(db, me, {
      name: `Fav site ${i}`,
      isFavorite: true,
      category: 'Japanese',
      createdAt: T0 + i,
      lastVisitedAt: i === 3 ? T0 + 50_000 : null,
    });
  await newStreamingSite(db, me, { name: 'Plain site', isFavorite: false });
  await newModel(db, me, { name: 'Mia Fav', favorite: true, ethnicity: 'Korean', age: 27 });
  await newModel(db, me, { name: 'Ageless Fav', favorite: true, ethnicity: '' });
  await newModel(db, me, { name: 'Not a fav', favorite: false });
  // Six visited links (home keeps the 4 newest), one never visited, one favourite.
  for (let i = 0; i < 6; i++) await newLink(db, me, { name: `Visited ${i}`, url: `https://v${i}.example/`, lastVisited: T0 + i * 1000 });
  await newLink(db, me, { name: 'Never visited', url: 'https://never.example/', isFavorite: true });
  // Bob's rows must never show for Alice.
  await newStreamingSite(db, bob.user._id, { name: 'Bob site', isFavorite: true });
  await newModel(db, bob.user._id, { name: 'Bob model', favorite: true });
  await newLink(db, bob.user._id, { name: 'Bob link', lastVisited: T0 + 99_999 });
});
afterAll(() => t.close());

const page = async (path: string, who: SignedIn) =>
  (await t.request(path, { headers: { cookie: cookieHeader({ hub_site: who.siteToken, hub_session: who.token }) } })).text();

describe('GET /api/home', () => {
  test("favourite sites (8 newest), favourite models, the 4 most recently visited links: the owner's only", async () => {
    const res = await t.request('/api/home', { as: alice });
    expect(res.status).toBe(200);
    const data = (await res.json()) as HomeDashboard;
    expect(data.favoriteSites.map((s) => s.name)).toEqual([
      'Fav site 9',
      'Fav site 8',
      'Fav site 7',
      'Fav site 6',
      'Fav site 5',
      'Fav site 4',
      'Fav site 3',
      'Fav site 2',
    ]);
    expect(data.favoriteSites[0]).toMatchObject({
      category: 'Japanese',
      url: expect.stringMatching(/^https:\/\//),
      chipClass: expect.stringContaining('bg-[#'),
    });
    expect(data.favoriteModels.map((m) => m.name).sort()).toEqual(['Ageless Fav', 'Mia Fav']);
    expect(data.favoriteModels.find((m) => m.name === 'Mia Fav')).toMatchObject({ ethnicity: 'Korean', age: 27 });
    expect(data.recentLinks.map((l) => l.name)).toEqual(['Visited 5', 'Visited 4', 'Visited 3', 'Visited 2']);
    expect(data.recentLinks[0]!.lastVisited).toBe(new Date(T0 + 5000).toISOString());
    expect(JSON.stringify(data)).not.toContain('Bob');
  });

  test('another user sees only their own; signed out is 401', async () => {
    const data = (await (await t.request('/api/home', { as: bob })).json()) as HomeDashboard;
    expect(data.favoriteSites.map((s) => s.name)).toEqual(['Bob site']);
    expect(data.recentLinks.map((l) => l.name)).toEqual(['Bob link']);
    expect((await t.request('/api/home', { as: { siteToken: alice.siteToken } })).status).toBe(401);
  });
});

describe('the home page', () => {
  test('is rendered with the data, so the first paint is complete', async () => {
    const html = await page('/', alice);
    for (const text of [
      HOME_TEXT.sitesHeading,
      HOME_TEXT.modelsHeading,
      HOME_TEXT.linksHeading,
      HOME_TEXT.redRoomHeading,
      HOME_TEXT.redRoomButton,
      'Fav site 9',
      'Mia Fav',
      'Visited 5',
      'Visited:',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Fav site 1<');
    expect(html).not.toContain('Plain site');
    expect(html).not.toContain('Bob');
    // Each card opens its site in a new tab without giving it this page.
    expect(html).toMatch(/<a[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
  });

  test('empty sections say so, with a button to the collection', async () => {
    const html = await page('/', admin);
    for (const text of [
      HOME_TEXT.sitesEmpty,
      HOME_TEXT.sitesBrowse,
      HOME_TEXT.modelsEmpty,
      HOME_TEXT.modelsBrowse,
      HOME_TEXT.linksEmpty,
      HOME_TEXT.linksBrowse,
    ])
      expect(html).toContain(text);
  });
});

describe('the profile', () => {
  test('Your Favorites counts and lists each kind; models carry ethnicity and age (Unknown when missing)', async () => {
    const html = await page(`/user/${alice.user._id}`, alice);
    expect(html).toContain('aria-label="10 favorites"');
    expect(html).toContain('aria-label="2 favorites"');
    expect(html).toContain('aria-label="1 favorites"');
    expect(html).toContain('Mia Fav');
    expect(html).toContain('Korean');
    expect(html).toContain('Unknown');
    expect(html).toContain('Never visited');
    expect(html).not.toContain('Bob');
  });

  test('Recently Visited: up to 6 sites and links, newest first', async () => {
    const html = await page(`/user/${alice.user._id}`, alice);
    const section = html.slice(html.indexOf('Recently Visited'));
    const order = ['Fav site 3', 'Visited 5', 'Visited 4', 'Visited 3', 'Visited 2', 'Visited 1'].map((name) => section.indexOf(`>${name}<`));
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(section).not.toContain('>Visited 0<');
  });

  test("an administrator viewing someone else's profile sees the account, not their collections", async () => {
    const html = await page(`/user/${alice.user._id}`, admin);
    expect(html).toContain('Account Profile');
    expect(html).not.toContain('Mia Fav');
    expect(html).not.toContain('Your Favorites');
  });
});
