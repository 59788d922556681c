// The theme switch without JavaScript: POST /theme sets the mode cookie and goes back, even before
// the site gate, and only to a page of this site.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, setCookies, type TestApp } from '../../test/helpers/test-app.ts';
import { THEME_MODE_INVALID } from './theme.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const choose = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request('/theme', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The values of the theme radios rendered as checked. */
const checkedModes = (html: string) =>
  (html.match(/<input [^>]*name="mode"[^>]*>/g) ?? []).filter((input) => / checked=""/.test(input)).map((input) => /value="(\w+)"/.exec(input)![1]);

describe('POST /theme', () => {
  test('before the site gate: remembers the mode for a year and returns to the page it came from', async () => {
    const res = await choose({ mode: 'dark', returnTo: '/users?x=1' }, { 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/users?x=1');
    const cookie = setCookies(res).get('mui-mode');
    expect(cookie?.value).toBe('dark');
    expect(cookie?.attributes['max-age']).toBe(String(60 * 60 * 24 * 365));
    expect(cookie?.attributes.samesite).toBe('Lax');
    expect(cookie?.attributes.path).toBe('/');

    // The gate page it returns to is rendered in that mode, with that choice checked.
    const gate = await (await t.request('/users?x=1', { headers: { cookie: 'mui-mode=dark' } })).text();
    expect(gate).toContain('<html lang="en" data-mode="dark">');
    expect(checkedModes(gate)).toEqual(['dark']);
    expect(gate).toContain('Private Access');
  });

  test('returns only to a page of this site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example', '']) {
      const res = await choose({ mode: 'light', returnTo });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  test('refuses a mode that does not exist, and a post from another site', async () => {
    const bad = await choose({ mode: 'purple', returnTo: '/' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(THEME_MODE_INVALID);
    expect(setCookies(bad).has('mui-mode')).toBe(false);

    const foreign = await choose({ mode: 'dark', returnTo: '/' }, { 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(setCookies(foreign).has('mui-mode')).toBe(false);
  });
});
