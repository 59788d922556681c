// Discreet mode says nothing of what the hub is: every page a member sees with it on (and the gate,
// sign-in and setup a browser that remembers it is shown) has no visible text of the hub's own
// that names an adult site: no "18+", "adult", "explicit", "mature", "Red Room", nor the brand.
// Visible text is the page's text outside scripts and data blocks, and the attributes a visitor
// reads (title tooltips, placeholders, labels, alternative text). The items and models are the
// household's own data and are given neutral names here: the test is about the hub's words.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { newMedia } from '../../test/helpers/media-factory.ts';
import { newModel } from '../../test/helpers/models-factory.ts';
import { cookieHeader, createTestApp, type SignedIn, type TestApp } from '../../test/helpers/test-app.ts';
import { BRAND_NAME } from '../shared/brand.ts';
import { MATURE_COOKIE } from '../shared/gallery-view.ts';
import { LINK_CATEGORIES } from '../shared/links.ts';

const TITLE = 'Shopping list';
/** What would tell a passer-by what the hub is. */
const REVEALING = [/18\s*\+/, /\b18\b/, /adult/i, /explicit/i, /mature/i, /red room/i, /porn/i, /\bsex/i, /nsfw/i, /erotic/i, new RegExp(BRAND_NAME, 'i')];

let t: TestApp;
let ann: SignedIn;

beforeAll(async () => {
  // With the lockout on, so the badge is on every page too.
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '24', DISCREET_TITLE: TITLE } });
  ann = await t.createUser({ username: 'ann', name: 'Ann' });
  newMedia(t.database, ann.user._id, { title: 'Beach walk' });
  newMedia(t.database, ann.user._id, { title: 'Garden', gallery: 'premium' });
  await newModel(t.database.db, ann.user._id, { name: 'Jo' });
  expect((await t.request('/api/me/preferences', { method: 'PUT', json: { discreet: true }, as: ann })).status).toBe(200);
}, 60_000);
afterAll(() => t.close());

/** The text a visitor can read on a page: its text outside scripts, styles and templates, and the attributes read aloud or shown. */
function visibleText(html: string): string {
  const body = html.replace(/<head>[\s\S]*?<\/head>/, (head) => head.match(/<title>[^<]*<\/title>/)?.[0] ?? '');
  const attributes = [...body.matchAll(/\s(?:title|placeholder|aria-label|alt|aria-description)="([^"]*)"/g)].map((m) => m[1]);
  const text = body
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${text} ${attributes.join(' ')}`
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/**
 * The Links page's categories are the sites the household's links go to (the spec's list): the
 * links' own addresses name them too, so they count as the household's data, not the hub's words.
 */
const withoutSiteNames = (text: string) => LINK_CATEGORIES.reduce((rest, site) => rest.replaceAll(site, ' '), text);
const revealed = (text: string) => {
  const words = withoutSiteNames(text);
  return REVEALING.filter((word) => word.test(words)).map((word) => words.match(word)?.[0]);
};

/** Every page address of the app: its GET routes that are not the API, media, static files or health. */
function pagePaths(): string[] {
  const paths = t.app.routes
    .filter((r) => r.method === 'GET' && !r.path.includes('*'))
    .map((r) => r.path)
    .filter((p) => !/^\/(api|media|static|auth)\b|^\/(healthz|robots\.txt)$/.test(p))
    .map((p) => p.replace(':userId', encodeURIComponent(ann.user._id)));
  return [...new Set(paths), '/gallery?filter=recycling-bin', '/premium?filter=albums', '/no/such/page'];
}

describe('discreet mode names nothing of what the hub is', () => {
  test('every page a member sees, before and after the gallery warning, says none of the revealing words', async () => {
    const seen: { path: string; words: (string | undefined)[] }[] = [];
    for (const accepted of [false, true]) {
      for (const path of pagePaths()) {
        const res = await t.request(path, { as: ann, headers: accepted ? { cookie: cookieHeader({ [MATURE_COOKIE]: 'true' }) } : {} });
        if (res.status >= 300 && res.status < 400) continue;
        seen.push({ path: `${path}${accepted ? ' (accepted)' : ''}`, words: revealed(visibleText(await res.text())) });
      }
    }
    expect(seen.length).toBeGreaterThanOrEqual(26);
    expect(seen.filter((page) => page.words.length > 0)).toEqual([]);
  });

  test('the gallery still asks for the 18+ confirmation, in neutral words, and the same form accepts it', async () => {
    const html = await (await t.request('/gallery', { as: ann })).text();
    expect(html).toContain('data-mature-warning');
    expect(html).toContain('action="/gallery/mature-content"');
    expect(visibleText(html)).toContain('I am of age and accept');
  });

  test('the gate, sign-in and setup a discreet browser is shown name nothing either', async () => {
    const remembered = { cookie: cookieHeader({ hub_discreet: '1' }) };
    const gate = await t.request('/', { headers: remembered });
    expect(gate.status).toBe(401);
    const signIn = await t.request('/signin', { as: { siteToken: ann.siteToken }, headers: remembered });
    expect(signIn.status).toBe(200);
    const fresh = await createTestApp({ env: { DISCREET_TITLE: TITLE } });
    try {
      const setup = await fresh.request('/setup', { as: { siteToken: await fresh.enterSite() }, headers: remembered });
      expect(setup.status).toBe(200);
      const pages = { gate: await gate.text(), signIn: await signIn.text(), setup: await setup.text() };
      for (const [name, html] of Object.entries(pages)) {
        expect({ name, words: revealed(visibleText(html)) }).toEqual({ name, words: [] });
        // The brand is the neutral title; the confirmation of age stays, in neutral words.
        expect(visibleText(html)).toContain(TITLE);
        expect(html).toContain('data-age-notice');
      }
    } finally {
      await fresh.close();
    }
  });

  test('with discreet mode off the pages still carry the 18+ posture', async () => {
    const html = await (await t.request('/', { headers: {} })).text();
    expect(visibleText(html)).toContain('18+ ADULT CONTENT WARNING');
    expect(visibleText(html)).toContain(BRAND_NAME);
  });
});
