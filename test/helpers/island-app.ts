// Island tests against the real hub: the real app on a temp SQLite file answers the island's
// fetch calls in-process (app.request), with a cookie jar standing in for the browser's. Only what
// lies between a browser and the hub (a dropped connection, a proxy's error page, a slow line) is
// simulated, through `network`.
//
// Accounts and sign-ins cost argon2 work (tenths of a second each), so each scenario (accounts,
// who is signed in, environment) is built once per test process and snapshotted; every test gets
// its own copy of that database and of the browser's cookies.

import { copyFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, tempDir, TEST_SITE_PASSWORD, type TestApp } from './test-app.ts';

/** The address the island tests' document has (test/helpers/happy-dom.ts). */
const ORIGIN = 'http://localhost:3000';
/** The password of every account a scenario creates. */
export const DEFAULT_PASSWORD = 'correct horse battery';
const DATABASE_FILE = 'hub.sqlite';

/** "METHOD /path-prefix", as in `POST /api/users` or `PUT /api/users/`. */
export type RequestMatch = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** What happens to a request on its way, before it reaches the hub. */
export type Interruption =
  /** The connection fails: fetch rejects with a TypeError carrying this message. */
  | { networkError: string }
  /** A reverse proxy answers instead of the hub, with an HTML error page and this status. */
  | { proxyStatus: number }
  /** The request waits until `network.release()`, then goes on to the hub. */
  | { held: true };

export interface SentRequest {
  method: string;
  /** As the island passed it (path and query). */
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
}

export interface AccountSpec {
  username: string;
  name?: string;
  email?: string;
  role?: 'admin' | 'user';
}

export interface Scenario {
  /** Created in order through the API; the first one is the bootstrap account (no admin needed). */
  accounts?: AccountSpec[];
  /** Passes the site gate (the site cookie is in the jar). Implied by signedInAs. */
  siteEntered?: boolean;
  /** The account whose session cookie the browser holds. */
  signedInAs?: string;
  /** Environment of the hub (SITE_LOCKOUT_HOURS, ...). */
  env?: Record<string, string>;
}

export interface IslandApp {
  /** The real app and its helpers (request, createUser, ...). */
  hub: TestApp;
  /** The ids of the scenario's accounts, by username. */
  ids: Record<string, string>;
  /** Every request the island sent, in order. */
  requests: SentRequest[];
  /** The requests other than GET, in order. */
  writes(): SentRequest[];
  network: {
    /** Interrupts every later request that matches, until cleared. */
    interrupt(match: RequestMatch, what: Interruption): void;
    /** Lets every held request go on. */
    release(): void;
    clear(): void;
  };
  /** The cookies the browser holds now, by name. */
  cookies: Map<string, string>;
  /** Resolves once no request is on its way (the hub's work, such as password hashing, is real). */
  idle(): Promise<void>;
  /** Puts the real fetch back and removes the temp folder. */
  close(): Promise<void>;
}

function matches(match: RequestMatch, method: string, requestPath: string): boolean {
  const [m, prefix = ''] = match.split(' ');
  return m === method && requestPath.startsWith(prefix);
}

/** Keeps the jar as a browser would: Max-Age=0, a past Expires or an empty value removes a cookie. */
function storeCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const gone = attributes.some((a) => {
      const [key = '', v = ''] = a.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (gone || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

interface Wire {
  fetch: typeof fetch;
  idle(): Promise<void>;
  requests: SentRequest[];
  interruptions: Map<RequestMatch, Interruption>;
  release(): void;
}

/** A fetch as a browser on the hub's page would do it, answered by `hub` in-process. */
function wire(hub: TestApp, jar: Map<string, string>): Wire {
  const requests: SentRequest[] = [];
  const interruptions = new Map<RequestMatch, Interruption>();
  let held: (() => void)[] = [];
  /** Requests on their way, with whether they are held (a held one does not keep the hub busy). */
  const inFlight = new Map<Promise<unknown>, { held: boolean }>();
  function browserFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const state = { held: false };
    const answer = send(input, init, state);
    const tracked = answer.catch(() => {}).finally(() => inFlight.delete(tracked));
    inFlight.set(tracked, state);
    return answer;
  }
  async function send(input: RequestInfo | URL, init: RequestInit, state: { held: boolean }): Promise<Response> {
    const requestPath = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const url = new URL(requestPath, ORIGIN);
    if (url.origin !== ORIGIN) throw new Error(`Island tests talk to the hub only, not to ${url.origin}`);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const text = init.body === undefined || init.body === null ? undefined : String(init.body);
    requests.push({ method, path: requestPath, headers: new Headers(headers), credentials: init.credentials, body: text === undefined ? undefined : JSON.parse(text) });

    for (const [match, what] of interruptions) {
      if (!matches(match, method, requestPath)) continue;
      if ('networkError' in what) throw new TypeError(what.networkError);
      if ('proxyStatus' in what) {
        return new Response(`<html><body><h1>${what.proxyStatus}</h1></body></html>`, { status: what.proxyStatus, headers: { 'content-type': 'text/html' } });
      }
      state.held = true;
      await new Promise<void>((resolve) => held.push(resolve));
      state.held = false;
    }
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    // What a browser adds by itself to a same-origin fetch.
    if (init.credentials !== 'omit' && jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('sec-fetch-site', 'same-origin');
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', ORIGIN);

    const response = await hub.app.request(url.href, { method, headers, ...(text === undefined ? {} : { body: text }) });
    if (init.credentials !== 'omit') storeCookies(jar, response);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return response;
  }
  return {
    fetch: browserFetch as typeof fetch,
    async idle() {
      for (;;) {
        const busy = [...inFlight].filter(([, state]) => !state.held).map(([promise]) => promise);
        if (busy.length === 0) return;
        await Promise.all(busy);
      }
    },
    requests,
    interruptions,
    release() {
      const waiting = held;
      held = [];
      for (const go of waiting) go();
    },
  };
}

interface Snapshot {
  file: string;
  cookies: [string, string][];
  ids: Record<string, string>;
}

const snapshots = new Map<string, Promise<Snapshot>>();
const snapshotDir = tempDir('hub-island-snapshots-');
process.on('exit', () => rmSync(snapshotDir, { recursive: true, force: true }));

async function buildSnapshot(scenario: Scenario, key: string): Promise<Snapshot> {
  const hub = await createTestApp({ env: scenario.env ?? {} });
  try {
    const jar = new Map<string, string>();
    const { fetch: browserFetch } = wire(hub, jar);
    const post = async (to: string, body: unknown) => {
      const response = await browserFetch(to, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${to} answered ${response.status}: ${await response.text()}`);
    };
    const ids: Record<string, string> = {};
    let admin: Awaited<ReturnType<TestApp['createUser']>> | undefined;
    for (const account of scenario.accounts ?? []) {
      const created = await hub.createUser({ password: DEFAULT_PASSWORD, ...account }, admin);
      ids[account.username] = created.user._id;
      if (!admin && created.user.role === 'admin') admin = created;
    }
    if (scenario.siteEntered || scenario.signedInAs) await post('/api/site/verify-password', { password: scenario.env?.SITE_PASSWORD ?? TEST_SITE_PASSWORD });
    if (scenario.signedInAs) await post('/auth/signin/', { username: scenario.signedInAs, password: DEFAULT_PASSWORD });
    const file = path.join(snapshotDir, `${snapshots.size}-${Bun.hash(key)}.sqlite`);
    hub.database.sqlite.run(`VACUUM INTO '${file}'`);
    return { file, cookies: [...jar], ids };
  } finally {
    await hub.close();
  }
}

/**
 * The real hub in the state `scenario` describes, answering the global fetch. Scenarios are
 * snapshotted per day of the (possibly fake) clock, since sessions and lockouts expire.
 * Call close() after each test.
 */
export async function createIslandApp(scenario: Scenario = {}): Promise<IslandApp> {
  const key = JSON.stringify({ ...scenario, day: Math.floor(Date.now() / 86_400_000) });
  let snapshot = snapshots.get(key);
  if (!snapshot) {
    snapshot = buildSnapshot(scenario, key);
    snapshots.set(key, snapshot);
  }
  const { file, cookies, ids } = await snapshot;

  const hub = await createTestApp({ env: scenario.env ?? {} });
  await hub.database.close();
  const target = path.join(hub.dataDir, DATABASE_FILE);
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
  copyFileSync(file, target);
  await hub.restart();

  const jar = new Map(cookies);
  const connection = wire(hub, jar);
  const realFetch = globalThis.fetch;
  globalThis.fetch = connection.fetch;
  return {
    hub,
    ids,
    requests: connection.requests,
    writes: () => connection.requests.filter((r) => r.method !== 'GET'),
    network: {
      interrupt: (match, what) => void connection.interruptions.set(match, what),
      release: connection.release,
      clear: () => connection.interruptions.clear(),
    },
    cookies: jar,
    idle: connection.idle,
    async close() {
      globalThis.fetch = realFetch;
      connection.release();
      await hub.close();
    },
  };
}
