// The Connect page over HTTP on a real temp database: behind sign-in (the sign-in page and back),
// rendered with the owner's accounts only and never a password, the filter read from the address.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { VaultAccount } from '../../shared/connect.ts';

let t: TestApp;
let ada: SignedIn;
let bob: SignedIn;

beforeEach(async () => {
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
  ada = await signedInUser(t.database.db, { username: 'ada' });
  bob = await signedInUser(t.database.db, { username: 'bob' });
});
afterEach(() => t.close());

const create = async (json: Record<string, unknown>, as: SignedIn = ada) => {
  const res = await t.request('/api/accounts', { method: 'POST', json, as });
  expect(res.status).toBe(201);
  return (await res.json()) as VaultAccount;
};

/** The island's props as the page serialised them. */
function islandProps(html: string): { accounts: Record<string, unknown>[]; view: unknown } {
  const match = /data-island="Connect" data-props="([^"]*)"/.exec(html);
  if (!match) throw new Error('no Connect island on the page');
  const json = match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(json) as { accounts: Record<string, unknown>[]; view: unknown };
}

describe('GET /connect', () => {
  test('signed out: to the sign-in page, and back here afterwards', async () => {
    const page = await t.request('/connect?category=finance', { as: { siteToken: ada.siteToken } });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/signin?next=%2Fconnect%3Fcategory%3Dfinance');
  });

  test("the owner's accounts in name order, with hasPassword and never the password; the top bar has Connect", async () => {
    await create({
      name: 'Gmail',
      username: 'ada.l',
      email: 'ada@example.test',
      password: 'Sw0rdf!sh-page-secret',
      website: 'https://mail.example.test',
      category: 'email',
    });
    await create({ name: 'Bank', username: 'ada', password: 'b4nk&page-secret', category: 'finance' });
    await create({ name: 'Forum' });
    await create({ name: 'Bob only', password: 'bob-page-secret' }, bob);
    const res = await t.request('/connect', { as: ada });
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const secret of ['Sw0rdf!sh-page-secret', 'b4nk&amp;page-secret', 'b4nk&page-secret', 'bob-page-secret', 'Bob only'])
      expect(html).not.toContain(secret);
    expect(html).toContain('<h1');
    expect(html).toContain('Secure Account Management Hub');
    expect(html).toMatch(/<a[^>]*href="\/connect"[^>]*>Connect<\/a>/);
    const { accounts, view } = islandProps(html);
    expect(accounts.map((a) => a.name)).toEqual(['Bank', 'Forum', 'Gmail']);
    expect(accounts.map((a) => a.hasPassword)).toEqual([true, false, true]);
    for (const account of accounts) expect(account).not.toHaveProperty('password');
    expect(view).toEqual({ category: null, search: '' });
    // What the page shows is the server's rendering: the cards are already there.
    expect(html).toContain('ada@example.test');
  });

  test('the filter in the address applies; an unknown category is All', async () => {
    await create({ name: 'Gmail', category: 'email' });
    await create({ name: 'Bank', category: 'finance' });
    const filtered = islandProps(await (await t.request('/connect?category=finance&search=%20ba%20', { as: ada })).text());
    expect(filtered.view).toEqual({ category: 'finance', search: 'ba' });
    const unknown = islandProps(await (await t.request('/connect?category=crypto', { as: ada })).text());
    expect(unknown.view).toEqual({ category: null, search: '' });
  });

  test('names with HTML are text on the page', async () => {
    await create({ name: '<img src=x onerror=alert(1)>' });
    const html = await (await t.request('/connect', { as: ada })).text();
    expect(html).not.toContain('<img src=x');
  });
});
