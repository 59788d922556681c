// Link Dump (POST /api/links/detect) against fixture pages on 127.0.0.1, which the hub may reach
// through FETCH_ALLOW_HOSTS; every other address is refused and the answer falls back to what the
// URL itself says.

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { ServerResponse } from 'node:http';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { type FixtureServer, startFixtureServer } from '../../../test/helpers/fixture-server.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helpers/test-app.ts';
import { createSafeFetcher } from '../../security/safe-fetch.ts';
import type { DetectedLink } from '../../shared/links.ts';
import { categoryOfUrl } from '../../shared/links.ts';
import { nameFromUrl, readPageDetails } from './detect.ts';
import { createLinksService } from './links.service.ts';

let site: FixtureServer;
/** Not allowed: it must never hear from the hub. */
let forbidden: FixtureServer;
let t: TestApp;
let ada: SignedIn;

const html = (body: string) => (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

beforeAll(async () => {
  site = await startFixtureServer();
  forbidden = await startFixtureServer();
  site.route(
    '/og',
    html(
      `<!doctype html><html><head><title>Plain title</title><meta property="og:title" content="Jane &amp; Friends &#8211; Official"><meta name="description" content="plain description"><meta property="og:description" content='  Her   page &quot;uncut&quot; &#x1F525;  '></head><body>x</body></html>`,
    ),
  );
  site.route(
    '/title-only',
    html(`<html><head><TITLE>\n  Only  a &lt;title&gt;\n</TITLE><meta name="Description" content="From the meta description"></head></html>`),
  );
  site.route('/no-title', html('<html><head><meta charset="utf-8"></head><body><h1>No title here</h1></body></html>'));
  site.route('/long', html(`<title>${'T'.repeat(500)}</title><meta name="description" content="${'d'.repeat(5000)}">`));
  site.route('/json', (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"not html"}'));
  site.route('/hang', () => {});
  forbidden.route('/page', html('<title>secret</title>'));
});
afterAll(async () => {
  await site.close();
  await forbidden.close();
});
beforeEach(async () => {
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: site.hostPort } });
  ada = await signedInUser(t.database.db);
});
afterEach(async () => {
  expect(forbidden.connections).toBe(0);
  await t.close();
});

const detect = async (url: unknown) => {
  const res = await t.request('/api/links/detect', { method: 'POST', json: { url }, as: ada });
  return { status: res.status, body: (await res.json()) as DetectedLink & { error?: string } };
};

describe('Link Dump with the page in reach', () => {
  test('og:title and og:description win, entities decoded, white space tidied', async () => {
    const { status, body } = await detect(`${site.origin}/og`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Jane & Friends – Official',
      description: 'Her page "uncut" 🔥',
      category: 'Other',
      url: `${site.origin}/og`,
      enhanced: true,
    });
  });

  test('<title> and the meta description when there are no Open Graph tags', async () => {
    const { body } = await detect(`${site.origin}/title-only`);
    expect(body).toMatchObject({ name: 'Only a <title>', description: 'From the meta description', enhanced: true });
    expect(body.warning).toBeUndefined();
  });

  test('a page without a title: the name comes from the URL', async () => {
    const { body } = await detect(`${site.origin}/no-title`);
    expect(body).toMatchObject({ name: 'no title - 127.0.0.1', description: '', category: 'Other', enhanced: true });
  });

  test('long titles and descriptions are capped', async () => {
    const { body } = await detect(`${site.origin}/long`);
    expect(body.name.length).toBe(200);
    expect(body.name.endsWith('...')).toBe(true);
    expect(body.description.length).toBe(2000);
  });

  test('nothing is stored by detecting', async () => {
    await detect(`${site.origin}/og`);
    expect(await t.database.db.selectFrom('links').selectAll().execute()).toEqual([]);
  });
});

describe("Link Dump falls back to the URL, with the spec's warning", () => {
  const warning = 'Basic link detection applied (enhanced detection failed)';

  test('a refused address (127.0.0.2, not allowed) is never contacted', async () => {
    const { status, body } = await detect(`http://127.0.0.2:${forbidden.port}/page`);
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'page - 127.0.0.2',
      description: '',
      category: 'Other',
      url: `http://127.0.0.2:${forbidden.port}/page`,
      enhanced: false,
      warning,
    });
  });

  test('a refused name (*.localhost) and a loopback port that is not allowed', async () => {
    // *.localhost is refused before any lookup, so no name leaves this machine.
    const { body } = await detect('https://jane.localhost/profile/jane_doe');
    expect(body).toMatchObject({ name: 'jane doe - Jane', category: 'Other', enhanced: false, warning });
    const forbiddenLoopback = await detect(`http://127.0.0.1:${forbidden.port}/page`);
    expect(forbiddenLoopback.body).toMatchObject({ enhanced: false, warning });
  });

  test('a 404 and a page that is not HTML', async () => {
    expect((await detect(`${site.origin}/missing-page`)).body).toEqual({
      name: 'missing page - 127.0.0.1',
      description: '',
      category: 'Other',
      url: `${site.origin}/missing-page`,
      enhanced: false,
      warning,
    });
    expect((await detect(`${site.origin}/json`)).body).toMatchObject({ name: 'json - 127.0.0.1', enhanced: false, warning });
  });

  test('a page that never answers: the detection gives up in time (service with a short deadline)', async () => {
    const links = createLinksService({
      db: t.database.db,
      clock: () => new Date(),
      fetcher: createSafeFetcher({ allowHosts: [site.hostPort] }),
      detectTimeoutMs: 200,
    });
    const found = await links.detect(`${site.origin}/hang`);
    expect(found).toEqual({ name: 'hang - 127.0.0.1', description: '', category: 'Other', url: `${site.origin}/hang`, enhanced: false, warning });
  });
});

describe('Link Dump refuses what is no web address', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', '/relative', 'example.test', 'http://', 'ftp://example.test/x']) {
    test(`${url}: 400 'Please enter a valid URL', nothing fetched`, async () => {
      const { status, body } = await detect(url);
      expect(status).toBe(400);
      expect(body.error).toBe('Please enter a valid URL');
    });
  }
  test('no URL, a blank one, a URL that is not text, an over-long one', async () => {
    expect((await detect(undefined)).body.error).toBe('URL is required');
    expect((await detect('  ')).body.error).toBe('URL is required');
    expect((await detect(42)).body.error).toBe('URL is required');
    expect((await detect(`https://x.com/${'a'.repeat(2100)}`)).body.error).toBe('URL must be at most 2048 characters');
  });
});

describe('categories by domain and names from URLs', () => {
  test('each named site, with subdomains; any other is Other', () => {
    const cases: [string, string][] = [
      ['https://www.pornhub.com/model/jane', 'PornHub'],
      ['https://de.pornhub.com/', 'PornHub'],
      ['https://twitter.com/jane', 'X'],
      ['https://mobile.twitter.com/jane', 'X'],
      ['https://x.com/jane', 'X'],
      ['https://onlyfans.com/jane', 'OnlyFans'],
      ['https://fansly.com/jane', 'Fansly'],
      ['https://www.erome.com/a/1', 'Erome'],
      ['https://kbjfan.com/v/1', 'KBJFan'],
      ['https://old.reddit.com/r/a', 'Reddit'],
      ['https://notpornhub.com/', 'Other'],
      ['https://pornhub.com.evil.test/', 'Other'],
      ['https://box.com/', 'Other'],
      ['not a url', 'Other'],
    ];
    for (const [url, category] of cases) expect([url, categoryOfUrl(url)]).toEqual([url, category]);
  });

  test('readable names from the host and path', () => {
    expect(nameFromUrl('https://www.pornhub.com/model/jane-doe')).toBe('jane doe - PornHub');
    expect(nameFromUrl('https://x.com/jane_doe/status/123')).toBe('123 - X');
    expect(nameFromUrl('https://www.reddit.com/r/somesub/')).toBe('somesub - Reddit');
    expect(nameFromUrl('https://www.example.test/')).toBe('Example');
    expect(nameFromUrl('https://blog.example.co/posts/My%20Post.html')).toBe('My Post - Example');
  });

  test('page details from a page without a head at all', () => {
    expect(readPageDetails('')).toEqual({ title: '', description: '' });
    expect(readPageDetails('<meta content="x" property="og:title">')).toEqual({ title: 'x', description: '' });
  });
});
