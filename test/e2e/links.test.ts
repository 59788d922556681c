// Links in Chromium: a member pastes a fixture page's address into Link Dump (the hub reads its
// title and description itself), saves the filled form, opens it with Visit Site (a new tab, the
// visit recorded), imports a small bookmarks file, and filters by tab and search. The fixture is
// on 127.0.0.1, which the hub may reach through FETCH_ALLOW_HOSTS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import type { Link } from '../../src/shared/links.ts';
import {
  browserUnavailableReason,
  islandsReady,
  launchChromium,
  openTracedPage,
  screenshotVariants,
  unexpectedProblems,
  VIEWPORTS,
} from '../helpers/browser.ts';
import { type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

/** Every address points at the fixture, so nothing (not even an icon lookup) leaves this machine. */
const bookmarks = (origin: string) => `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Bookmarks bar</H3>
    <DL><p>
        <DT><H3>Reddit</H3>
        <DL><p>
            <DT><A HREF="${origin}/r/fixturesub/" ADD_DATE="1700000100">r/fixturesub</A>
        </DL><p>
        <DT><H3>Fansly</H3>
        <DL><p>
            <DT><A HREF="${origin}/fixture_star" ADD_DATE="1700000200">Fixture Star on Fansly</A>
            <DD>Weekly drops
        </DL><p>
        <DT><A HREF="javascript:alert(1)" ADD_DATE="1700000300">Bookmarklet</A>
    </DL><p>
</DL><p>
`;

describe.skipIf(Boolean(unavailable))('Links in Chromium', () => {
  let hub: SpawnedHub;
  let site: FixtureServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let admin: ApiCredentials;

  beforeAll(async () => {
    site = await startFixtureServer();
    const html = `<!doctype html><html><head><title>Fixture Star - Home</title><meta property="og:title" content="Fixture Star &amp; Friends"><meta property="og:description" content="Behind the scenes, every Friday."></head><body><h1>Fixture Star</h1></body></html>`;
    site.route('/star', (_, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    site.route('/', (_, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    hub = await spawnGatedHub({ FETCH_ALLOW_HOSTS: site.hostPort });
    admin = await credentialsByApi(hub, ADMIN);
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    await site?.close();
  });

  test('Link Dump fills the form and saves, Visit Site records the visit, a bookmarks file imports', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, hub, ADMIN);
    const { page, problems } = await openTracedPage(context);

    await page.goto(`${hub.url}/users`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
    await page.waitForURL(`${hub.url}/links`);
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await islandsReady(page);
    await page.getByRole('button', { name: 'Add Your First Link' }).waitFor();
    await screenshotVariants(page, 'links-empty');

    // Link Dump: paste the address; the hub reads the page and the form is filled in.
    await page.getByRole('button', { name: 'Add Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Link' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Link Dump' }).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByLabel('Paste a URL', { exact: true }).fill(`${site.origin}/star`);
    await screenshotVariants(page, 'links-dump-dialog');
    await dialog.getByRole('button', { name: 'Detect Details' }).click();
    await dialog.getByText('Link details detected and populated successfully!', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Link Name', { exact: true }).inputValue()).toBe('Fixture Star & Friends');
    expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(`${site.origin}/star`);
    expect(await dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('Behind the scenes, every Friday.');
    expect(await dialog.getByLabel('Category', { exact: true }).inputValue()).toBe('Other');
    expect(site.requests).toContain('GET /star');
    await screenshotVariants(page, 'links-dump-filled');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Link created successfully!', { exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Fixture Star & Friends' });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe(`/api/favicon?url=${encodeURIComponent(`${site.origin}/star`)}`);

    // Visit Site: a new tab without a way back to the hub's window; the visit is recorded.
    const [opened] = await Promise.all([context.waitForEvent('page'), card.getByRole('link', { name: 'Visit Site' }).click()]);
    await opened.waitForLoadState('load');
    expect(opened.url()).toBe(`${site.origin}/star`);
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    await opened.close();
    await card.getByText(/^Visited: [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
    const [visited] = await callApi<Link[]>(hub, admin, 'GET', '/api/links');
    expect(visited?.lastVisited).toBeString();

    // Import a small bookmarks file: two links, the bookmarklet skipped; the folders name the categories.
    await page.getByLabel('Import Bookmarks').setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(bookmarks(site.origin)) });
    await page.getByText('Imported 2 links (1 skipped)', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Fixture Star on Fansly' }).waitFor();
    const reddit = page.getByRole('article', { name: 'r/fixturesub' });
    await reddit.getByText('Reddit', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Fixture Star on Fansly' }).getByText('Fansly', { exact: true }).waitFor();

    // More links through the API, for the grid's screenshots.
    for (const [name, url, category] of [
      ['Jane on PornHub', '/model/jane-fixture', 'PornHub'],
      ['Jane on X', '/janefixture', 'X'],
      ['Jane on OnlyFans', '/onlyfans/a-rather-long-profile-name-of-jane-fixture', 'OnlyFans'],
      ['Erome album', '/a/Fixture1', 'Erome'],
      ['KBJ clip', '/video/fixture', 'KBJFan'],
    ] as const) {
      await callApi(hub, admin, 'POST', '/api/links', {
        name,
        url: `${site.origin}${url}`,
        category,
        description: `${category} page of the fixture, updated weekly.`,
      });
    }
    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('article').count()).toBe(8);
    await screenshotVariants(page, 'links-grid');

    // A tab and a search are links and a GET form: the address carries them.
    await page.getByRole('navigation', { name: 'Link categories' }).getByRole('link', { name: 'Reddit' }).click();
    await page.waitForURL(`${hub.url}/links?category=Reddit`);
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Link categories' }).getByRole('link', { name: 'All' }).click();
    await page.waitForURL(`${hub.url}/links`);
    await page.getByLabel('Search links').fill('jane');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`${hub.url}/links?search=jane`);
    expect(await page.getByRole('article').count()).toBe(3);
    await islandsReady(page);
    await screenshotVariants(page, 'links-search');

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
  test('"Export Bookmarks" and "Import Bookmarks" read with one space between their words, not a space and a gap', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, hub, ADMIN);
    const { page } = await openTracedPage(context);
    await page.goto(`${hub.url}/links`);
    await islandsReady(page);
    for (const name of ['Export Bookmarks', 'Import Bookmarks']) {
      const control = page.getByText(name.split(' ')[0]!, { exact: false }).filter({ hasText: 'Bookmarks' }).first();
      // The space between the words as drawn: from the right edge of the first word to the left
      // edge of the second, against the width of a space in the same font.
      const gap = await control.evaluate((el) => {
        const words: DOMRect[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index!);
            range.setEnd(node, match.index! + match[0].length);
            words.push(range.getBoundingClientRect());
          }
        }
        const probe = document.createElement('span');
        probe.textContent = 'a a';
        el.append(probe);
        const one = document.createElement('span');
        one.textContent = 'aa';
        el.append(one);
        const space = probe.getBoundingClientRect().width - one.getBoundingClientRect().width;
        probe.remove();
        one.remove();
        return { between: words[1]!.left - words[0]!.right, space, words: words.length };
      });
      expect(gap.words).toBe(2);
      expect(Math.abs(gap.between - gap.space)).toBeLessThan(1);
    }
    await context.close();
  });
});
