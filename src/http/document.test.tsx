import { describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { type ReactNode, useContext, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { renderDiscreetly } from '../../islands/lib/discreet-mode.ts';
import type { IslandName } from '../../islands/registry.ts';
import { BRAND_NAME } from '../shared/brand.ts';
import type { SessionUser } from '../shared/contracts/session.ts';
import type { LockoutStatus } from '../shared/lockout.ts';
import type { ThemeMode } from '../shared/theme.ts';
import { pageRenderer, Shell, useRequestContext } from './document.tsx';
import { Island, IslandsOnPage } from './island.tsx';

const ASSETS = {
  fingerprint: 'f',
  css: '/static/build/app-1.css',
  islandEntry: '/static/build/islands/client-1.js',
  themeScript: '/static/build/islands/theme-1.js',
  discreetScript: '/static/build/islands/discreet-1.js',
  islands: { LockoutBadge: '/static/build/islands/LockoutBadge-1.js', DeleteAccount: '/static/build/islands/DeleteAccount-1.js' } as Record<string, string>,
};
/** DISCREET_TITLE, with characters that need escaping. */
const DISCREET_TITLE = `Notes & "drafts" <1>`;
const HOSTILE = `O'Brien & <script>alert("x")</script>`;

interface Case {
  mode: ThemeMode;
  access: boolean;
  user: SessionUser | null;
  lockout?: LockoutStatus;
  title?: string;
  staticPage?: boolean;
  method?: 'GET' | 'POST';
  path?: string;
  /** Discreet mode: the signed-in user's preference, or this browser's cookie when signed out. */
  discreet?: boolean;
}

/** A page's own content: a generated id (useId), an island and text that needs escaping. */
function Content({ withIsland }: { withIsland: boolean }) {
  const id = useId();
  return (
    <section>
      <label htmlFor={id}>{HOSTILE}</label>
      <input id={id} defaultValue={HOSTILE} />
      {withIsland ? <Island name="DeleteAccount" props={{ userId: HOSTILE }} /> : null}
    </section>
  );
}

/** A page that shows the path it was asked for, read from the request. */
function Path() {
  return <p>{useRequestContext().req.path}</p>;
}

/** The app's renderer on a request whose context holds the case's facts. */
function appFor(facts: Case) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.set('deps', { assets: ASSETS, clock: () => new Date('2031-05-06T07:08:09Z'), config: { discreetTitle: DISCREET_TITLE } } as never);
    c.set('themeMode', facts.mode);
    c.set('siteAccess', facts.access);
    c.set('session', facts.user ? ({ user: facts.user, discreet: facts.discreet === true } as never) : null);
    c.set('lockout', facts.lockout);
    await next();
  });
  app.use('*', pageRenderer());
  app.all('*', (c) => c.render(<Content withIsland={!facts.staticPage} />, { title: facts.title, staticPage: facts.staticPage }));
  return app;
}

/** Rendered last, as the shell's island script is, once every island has registered itself. */
function IslandScripts() {
  const used = useContext(IslandsOnPage);
  // The entry's tag names the scripts of the page's islands (and no other island's).
  const scripts = used && Object.fromEntries([...used].map((name) => [name, ASSETS.islands[name]]));
  return used && used.size > 0 ? <script type="module" src={ASSETS.islandEntry} data-islands={JSON.stringify(scripts)} /> : null;
}

/** The address as the request carries it (the URL parser writes ' in a query as %27). */
const address = (path: string) => {
  const url = new URL(`http://hub.test${path}`);
  return url.pathname + url.search;
};

/** The same page with React rendering the whole document at once, the shell's JSX included. */
function whole(facts: Case, path: string): string {
  const islands = new Set<IslandName>();
  const bottomBar = facts.access && !facts.staticPage;
  const badge: ReactNode =
    bottomBar && facts.lockout?.lockoutEnabled ? <Island name="LockoutBadge" props={{ initial: facts.lockout, admin: facts.user?.admin === true }} /> : null;
  const user = facts.user;
  return `<!DOCTYPE html>${renderDiscreetly(facts.discreet === true, () =>
    renderToString(
      <IslandsOnPage.Provider value={islands}>
        <Shell
          documentTitle={facts.discreet ? DISCREET_TITLE : facts.title ? `${facts.title} · ${BRAND_NAME}` : BRAND_NAME}
          mode={facts.mode}
          returnTo={facts.method === 'POST' ? '/' : address(path)}
          access={facts.access}
          user={user}
          initial={user ? (user.name.trim()[0] ?? '?').toUpperCase() : ''}
          profile={user ? `/user/${encodeURIComponent(user._id)}` : ''}
          bottomBar={bottomBar}
          year={2031}
          discreet={facts.discreet === true}
          brand={facts.discreet ? DISCREET_TITLE : BRAND_NAME}
          assets={ASSETS}
          main={<Content withIsland={!facts.staticPage} />}
          badge={badge}
          scripts={<IslandScripts />}
        />
      </IslandsOnPage.Provider>,
    ),
  )}`;
}

const admin: SessionUser = { _id: `id/${HOSTILE}`, name: ` ${HOSTILE} `, role: 'admin', admin: true };
const member: SessionUser = { _id: 'u-2', name: 'émile', role: 'user', admin: false };
const lockoutOn: LockoutStatus = { lockoutEnabled: true, isLocked: false, timeRemaining: 3_600_000 };
const lockoutOff: LockoutStatus = { lockoutEnabled: false, isLocked: false, timeRemaining: 0 };

const cases: Case[] = [];
for (const mode of ['light', 'system', 'dark'] as const)
  for (const user of [null, member, admin])
    for (const access of user ? [true] : [false, true])
      for (const staticPage of [false, true])
        for (const lockout of [undefined, lockoutOn, lockoutOff])
          for (const discreet of [false, true])
            cases.push({ mode, user, access, staticPage, lockout, discreet, title: user === admin ? HOSTILE : user ? 'Gallery' : undefined });
cases.push({ mode: 'dark', user: admin, access: true, lockout: lockoutOn, method: 'POST', title: 'Posted' });
cases.push({ mode: 'light', user: member, access: true, path: `/gallery?search=${encodeURIComponent(`"><b>'&`)}&page=2` });
cases.push({ mode: 'dark', user: member, access: true, discreet: true, method: 'POST', title: 'Posted' });

/** The request for a case: a signed-out discreet case carries this browser's discreet cookie. */
const requestFor = (facts: Case, path: string) =>
  appFor(facts).request(`http://hub.test${path}`, {
    method: facts.method ?? 'GET',
    headers: !facts.user && facts.discreet ? { cookie: 'hub_discreet=1' } : {},
  });

describe('the document shell', () => {
  test('every kind of page is, byte for byte, what React renders for the whole document at once', async () => {
    for (const facts of cases) {
      const path = facts.path ?? '/some/page?x=1';
      const res = await requestFor(facts, path);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      // Twice: the second answer comes from the kept template.
      for (const html of [await res.text(), await (await requestFor(facts, path)).text()]) expect(html).toBe(whole(facts, path));
    }
  });

  test("a visitor's name, the address and the title are written escaped, never as markup", async () => {
    const res = await appFor({ mode: 'system', user: admin, access: true, title: HOSTILE, lockout: lockoutOn }).request(
      `http://hub.test/gallery?q=${encodeURIComponent('"><script>alert(1)</script>')}`,
    );
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<title>O&#x27;Brien &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · ${BRAND_NAME}</title>`);
    expect(html).toContain('aria-label="Account menu for  O&#x27;Brien &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "');
    expect(html).toContain(`href="/user/${encodeURIComponent(admin._id).replaceAll("'", '&#x27;')}"`);
    expect(html).toContain('name="returnTo" value="/gallery?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
  });

  test('one visitor never sees what the page said to another (the templates keep no values)', async () => {
    const first = await (await appFor({ mode: 'dark', user: admin, access: true, title: 'First' }).request('http://hub.test/a')).text();
    const second = await (
      await appFor({ mode: 'dark', user: { ...admin, _id: 'other', name: 'Zoë' }, access: true, title: 'Second' }).request('http://hub.test/b')
    ).text();
    expect(first).toContain('First');
    // The shell around the page's own content (which this test's page fills with the same text each time).
    const shell = second.slice(0, second.indexOf('<main'));
    expect(shell).not.toContain('O&#x27;Brien');
    expect(shell).not.toContain('First');
    expect(second).toContain('data-initial="Z"');
    expect(second).toContain('Signed in as <span class="font-semibold text-fg">Zoë</span>');
  });

  test('discreet mode: the neutral title (escaped), the neutral icon, data-discreet and its script; off, none of them', async () => {
    const on = await (await requestFor({ mode: 'dark', user: member, access: true, title: 'The Red Room', discreet: true }, '/gallery')).text();
    expect(on).toContain('<title>Notes &amp; &quot;drafts&quot; &lt;1&gt;</title>');
    expect(on).not.toContain('The Red Room');
    expect(on).toContain('<html lang="en" data-mode="dark" data-discreet="">');
    expect(on).toContain('<link rel="icon" href="/static/favicon-notes.svg"');
    expect(on).toContain(`<script type="module" src="${ASSETS.discreetScript}">`);
    expect(on).toContain('role="switch" aria-checked="true"');
    const off = await (await requestFor({ mode: 'dark', user: member, access: true, title: 'The Red Room' }, '/gallery')).text();
    expect(off).toContain(`<title>The Red Room · ${BRAND_NAME}</title>`);
    expect(off).not.toContain('data-discreet');
    expect(off).not.toContain('favicon-notes');
    expect(off).not.toContain(ASSETS.discreetScript);
    expect(off).toContain('role="switch" aria-checked="false"');
  });

  test('a page component can read the request', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.set('deps', { assets: ASSETS, clock: () => new Date() } as never);
      c.set('themeMode', 'system');
      await next();
    });
    app.use('*', pageRenderer());
    app.get('*', (c) => c.render(<Path />));
    expect(await (await app.request('http://hub.test/where/am/i')).text()).toContain('<p>/where/am/i</p>');
  });
});
