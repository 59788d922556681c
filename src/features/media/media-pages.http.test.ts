// The gallery page's server HTML: a first screen of cards for the island to hydrate, and every
// other item of the page still reachable without JavaScript.

import { afterAll, beforeAll, expect, test } from 'bun:test';
import { signedInUser } from '../../../test/helpers/factories.ts';
import { manyMedia } from '../../../test/helpers/media-factory.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

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
