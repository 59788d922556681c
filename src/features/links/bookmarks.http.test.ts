// Bookmark files over HTTP: export (a download in the Netscape format, one folder per category,
// everything escaped), import (multipart or raw body, capped, duplicates and non-web addresses
// skipped, folders naming a category), and the round trip into another account.

import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { newLink } from '../../../test/helpers/links-factory.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import type { ImportResult, Link } from '../../shared/links.ts';

const FIXTURE = readFileSync(path.join(import.meta.dir, '../../../test/fixtures/bookmarks/firefox-and-chrome.html'), 'utf8');

let t: TestApp;
let now: number;
let ada: SignedIn;
let bob: SignedIn;

beforeEach(async () => {
  now = Date.parse('2026-11-21T12:00:00Z');
  t = await createTestApp({ clock: () => new Date(now), env: { SITE_LOCKOUT_HOURS: '0' } });
  ada = await signedInUser(t.database.db, { username: 'ada' }, now);
  bob = await signedInUser(t.database.db, { username: 'bob' }, now);
});
afterEach(() => t.close());

const all = async (as: SignedIn) => (await (await t.request('/api/links?limit=200&sort=name&order=asc', { as })).json()) as Link[];
const importRaw = (body: string, as: SignedIn = ada, type = 'text/html') =>
  t.request('/api/links/import', { method: 'POST', body, headers: { 'content-type': type }, as });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe('GET /api/links/export', () => {
  test('a links.html download: the Netscape doctype, a folder per category, dates, descriptions, all escaped', async () => {
    await newLink(t.database.db, ada.user._id, {
      name: 'Jane <b>& co</b>',
      url: 'https://onlyfans.com/jane?a=1&b="2"',
      description: 'her <script>alert(1)</script> page',
      createdAt: Date.parse('2026-01-02T00:00:00Z'),
      lastVisited: Date.parse('2026-03-04T00:00:00Z'),
    });
    await newLink(t.database.db, ada.user._id, {
      name: 'A thread',
      url: 'https://reddit.com/r/a',
      category: 'Reddit',
      createdAt: Date.parse('2026-01-03T00:00:00Z'),
    });
    await newLink(t.database.db, bob.user._id, { name: 'Bob only', url: 'https://x.com/bob' });
    const res = await t.request('/api/links/export', { as: ada });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="links.html"');
    const file = await res.text();
    expect(file.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n')).toBe(true);
    expect(file).toContain('<DT><H3>OnlyFans</H3>');
    expect(file).toContain('<DT><H3>Reddit</H3>');
    expect(file).not.toContain('<H3>PornHub</H3>');
    expect(file).toContain(
      `<DT><A HREF="https://onlyfans.com/jane?a=1&amp;b=&quot;2&quot;" ADD_DATE="${Date.parse('2026-01-02T00:00:00Z') / 1000}" LAST_VISIT="${Date.parse('2026-03-04T00:00:00Z') / 1000}">Jane &lt;b&gt;&amp; co&lt;/b&gt;</A>`,
    );
    expect(file).toContain('<DD>her &lt;script&gt;alert(1)&lt;/script&gt; page');
    expect(file).toContain(`<DT><A HREF="https://reddit.com/r/a" ADD_DATE="${Date.parse('2026-01-03T00:00:00Z') / 1000}">A thread</A>`);
    expect(file).not.toContain('<script>');
    expect(file).not.toContain('Bob only');
    // OnlyFans comes before Reddit: the spec's category order.
    expect(file.indexOf('OnlyFans</H3>')).toBeLessThan(file.indexOf('Reddit</H3>'));
  });

  test('an empty collection exports an empty but valid file', async () => {
    const file = await (await t.request('/api/links/export', { as: ada })).text();
    expect(file).toContain('<DL><p>\n</DL><p>');
  });
});

describe('POST /api/links/import', () => {
  test('export, then import into another account: the same links, categories, descriptions and dates', async () => {
    await newLink(t.database.db, ada.user._id, {
      name: 'Jane & "co"',
      url: 'https://onlyfans.com/jane',
      description: 'her <page>',
      createdAt: Date.parse('2026-01-02T00:00:00Z'),
      lastVisited: Date.parse('2026-03-04T00:00:00Z'),
      isFavorite: true,
    });
    await newLink(t.database.db, ada.user._id, {
      name: 'Filed as Other',
      url: 'https://pornhub.com/model/kept-as-other',
      category: 'Other',
      createdAt: Date.parse('2026-01-03T00:00:00Z'),
    });
    await newLink(t.database.db, ada.user._id, { name: 'Clip', url: 'https://kbjfan.com/v/1', createdAt: Date.parse('2026-01-04T00:00:00Z') });
    const file = await (await t.request('/api/links/export', { as: ada })).text();
    const res = await importRaw(file, bob);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ imported: 3, skipped: 0 });
    const strip = (l: Link) => ({
      name: l.name,
      url: l.url,
      description: l.description,
      category: l.category,
      createdAt: l.createdAt,
      lastVisited: l.lastVisited,
    });
    expect((await all(bob)).map(strip)).toEqual((await all(ada)).map(strip));
    // Favourites are the account's own business, not the file's.
    expect((await all(bob)).every((l) => !l.isFavorite && !l.autoImported)).toBe(true);
    // The same file again: everything is already there.
    expect(await (await importRaw(file, bob)).json()).toEqual({ imported: 0, skipped: 3 });
  });

  test("a browser's export with nested folders, sent as a multipart file: folders naming a category win, else the domain", async () => {
    await newLink(t.database.db, ada.user._id, { name: 'Already here', url: 'https://Twitter.com/JaneDoe' });
    const form = new FormData();
    form.set('file', new File([FIXTURE], 'bookmarks.html', { type: 'text/html' }));
    const res = await t.request('/api/links/import', { method: 'POST', body: form, as: ada });
    expect(res.status).toBe(200);
    // place:, javascript:, data:, the other-case duplicate and the twitter link already saved.
    expect(await res.json()).toEqual({ imported: 7, skipped: 5 });
    const links = await all(ada);
    const byUrl = Object.fromEntries(links.map((l) => [l.url, l]));
    expect(byUrl['https://support.mozilla.org/products/firefox']).toMatchObject({
      name: 'Get Help',
      category: 'Other',
      createdAt: new Date(1700000001000).toISOString(),
    });
    expect(byUrl['https://onlyfans.com/jane_doe']).toMatchObject({
      name: 'Jane Doe & Friends',
      description: 'Her main page <b>not bold</b>',
      category: 'OnlyFans',
    });
    expect(byUrl['https://example.test/mirror']).toMatchObject({ category: 'OnlyFans', lastVisited: new Date(1700003600000).toISOString() });
    expect(byUrl['https://www.reddit.com/r/somesub/']).toMatchObject({ name: 'r/somesub', category: 'Reddit' });
    expect(byUrl['https://example.test/not-fansly-by-domain']).toMatchObject({ category: 'Fansly' });
    expect(byUrl['https://www.erome.com/a/AbC123']).toMatchObject({ name: 'AbC123 - Erome', category: 'Erome' });
    expect(byUrl['https://kbjfan.com/video/1']).toMatchObject({ name: 'KBJ clip', category: 'KBJFan', createdAt: new Date(now).toISOString() });
    expect(links.some((l) => /^(javascript|data|place):/i.test(l.url))).toBe(false);
    expect(links.filter((l) => l.url.toLowerCase() === 'https://onlyfans.com/jane_doe')).toHaveLength(1);
    expect(await all(bob)).toEqual([]);
  });

  test('files that are not bookmarks, empty bodies and multipart without a file are 400; nothing saved', async () => {
    expect(await errorOf(await importRaw('just some text'))).toBe('This is not a bookmarks file (the HTML file a browser exports)');
    expect(await errorOf(await importRaw(''))).toBe('Choose a bookmarks file to import');
    const form = new FormData();
    form.set('other', 'x');
    const noFile = await t.request('/api/links/import', { method: 'POST', body: form, as: ada });
    expect(noFile.status).toBe(400);
    expect(await errorOf(noFile)).toBe('Choose a bookmarks file to import');
    const broken = await importRaw('--x\r\nnot really multipart', ada, 'multipart/form-data; boundary=zzz');
    expect(broken.status).toBe(400);
    expect(await all(ada)).toEqual([]);
  });

  test('a file over 5 MB is refused with 413 while it arrives, declared or not', async () => {
    const big = `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL>${'<DT><A HREF="https://x.com/a">a</A>\n'.repeat(160_000)}</DL>`;
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const declared = await importRaw(big);
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toBe('The bookmarks file is larger than 5 MB');
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await t.request('/api/links/import', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'text/html' },
      as: ada,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await all(ada)).toEqual([]);
  });

  test('names and descriptions over the limits are cut to size; over-long URLs are skipped', async () => {
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><p>
<DT><A HREF="https://x.com/long">${'n'.repeat(300)}</A>
<DD>${'d'.repeat(3000)}
<DT><A HREF="https://x.com/${'u'.repeat(2100)}">too long</A>
</DL>`;
    expect(await (await importRaw(file)).json()).toEqual({ imported: 1, skipped: 1 } satisfies ImportResult);
    const [link] = await all(ada);
    expect(link!.name.length).toBe(200);
    expect(link!.description.length).toBe(2000);
  });
});
