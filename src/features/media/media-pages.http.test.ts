// The gallery page's server HTML: a first screen of cards for the island to hydrate, every other
// item of the page still reachable without JavaScript, and the island's items as lean rows.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyMedia } from '../../../test/helpers/media-factory.ts';
import { newModel } from '../../../test/helpers/models-factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { expandPage, type LeanMediaPage, type MediaPage } from '../../shared/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0' } });
});
afterAll(async () => {
  await t.close();
});

const articles = (html: string) => (html.match(/<article /g) ?? []).length;
const noscript = (html: string) => /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';

test('/gallery with 50 items draws 15 cards and lists the other 35 as links for browsers without JavaScript', async () => {
  const ann = await signedInUser(t.database.db);
  const rows = manyMedia(t.database, ann.user._id, 50, (i) => ({ title: i === 0 ? 'Oldest <one> & "quoted"' : `Walk ${i}` }));
  const res = await t.request('/gallery', { as: ann, headers: { cookie: 'matureContentAccepted=true' } });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(articles(html)).toBe(15);
  const rest = noscript(html);
  // Newest first: the oldest items are the ones past the first screen.
  expect((rest.match(/<li /g) ?? []).length).toBe(35);
  expect(rest).toContain(`href="/media/${rows[0]!.id}/display"`);
  expect(rest).toContain('Oldest &lt;one&gt; &amp; &quot;quoted&quot;');
  expect(rest).not.toContain('<one>');
});

test('/gallery with 15 items or fewer draws them all and has no extra list', async () => {
  const bea = await signedInUser(t.database.db);
  manyMedia(t.database, bea.user._id, 15);
  const html = await (await t.request('/gallery', { as: bea, headers: { cookie: 'matureContentAccepted=true' } })).text();
  expect(articles(html)).toBe(15);
  expect(noscript(html)).toBe('');
});

/** The island's props on a gallery page: the JSON script just before its marker. */
function islandProps(html: string, island: string): { page: LeanMediaPage } {
  const block = new RegExp(`<script type="application/json" data-island-props="${island}">([^<]*)</script><div class="contents" data-island="${island}">`).exec(
    html,
  );
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!);
}

test('the island gets each item as a lean row that expands to the very item the API answers, on both galleries', async () => {
  const cy = await signedInUser(t.database.db);
  const model = await newModel(t.database.db, cy.user._id, { name: 'Mia Wong' });
  manyMedia(t.database, cy.user._id, 6, (i) => ({
    title: ['Plain', '', 'Quote " and </script><!-- in it', 'Taken', 'Model', 'Failed'][i]!,
    type: i === 2 ? 'video' : 'image',
    mimeType: i === 2 ? 'video/mp4' : 'image/png',
    duration: i === 2 ? 12.5 : null,
    takenAt: i === 3 ? 1_600_000_000_000 : null,
    modelId: i === 4 ? model : null,
    status: i === 5 ? 'failed' : i === 1 ? 'processing' : 'ready',
    failure: i === 5 ? 'Unreadable file' : null,
    thumbnailKey: i === 5 || i === 1 ? null : undefined,
    placeholder: i === 0 ? 'YTkGJwaRhWUIt4lbgnhZl3ath2BUBGYA' : null,
    tags: i === 0 ? ['Outdoor', 'Sunset'] : [],
    favorite: i === 0,
  }));
  manyMedia(t.database, cy.user._id, 2, (i) => ({ gallery: 'premium', title: `Premium ${i}`, tags: ['Gold'] }));
  for (const [path, api, island] of [
    ['/gallery', '/api/gallery?limit=50', 'Gallery'],
    ['/premium', '/api/premium?limit=50', 'Premium'],
  ] as const) {
    const html = await (await t.request(path, { as: cy, headers: { cookie: 'matureContentAccepted=true' } })).text();
    const answer = (await (await t.request(api, { as: cy })).json()) as MediaPage;
    const props = islandProps(html, island);
    expect(props.page.rows.length).toBe(answer.media.length);
    expect(expandPage(props.page)).toEqual(answer);
    // Nothing in the data block can end it early.
    expect(html).not.toContain('</script><!--');
  }
});

test('a converting video is drawn by the server with its poster and "Converting 42 %", and its row carries the figure', async () => {
  const di = await signedInUser(t.database.db);
  const [video] = manyMedia(t.database, di.user._id, 1, () => ({
    title: 'Harbour',
    type: 'video',
    mimeType: 'video/quicktime',
    duration: 61,
    status: 'processing',
  }));
  t.database.sqlite.prepare("update media set progress = 42, playback = 'converted' where id = ?").run(video!.id);
  const html = await (await t.request('/gallery', { as: di, headers: { cookie: 'matureContentAccepted=true' } })).text();
  expect(html).toContain('Converting 42 %');
  expect(html).toContain(`src="/media/${video!.id}/thumbnail"`);
  const answer = (await (await t.request('/api/gallery?limit=50', { as: di })).json()) as MediaPage;
  expect(answer.media[0]!.progress).toBe(42);
  expect(expandPage(islandProps(html, 'Gallery').page)).toEqual(answer);
});
