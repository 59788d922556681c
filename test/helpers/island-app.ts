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
import { createTestApp, TEST_SITE_PASSWORD, type TestApp, tempDir } from './test-app.ts';

/** The address the island tests' document has (test/helpers/happy-dom.ts). */
const ORIGIN = 'http://localhost:3000';
/** The password of every account a scenario creates. */
export const DEFAULT_PASSWORD = 'correct horse battery';
const DATABASE_FILE = 'hub.sqlite';

/** "METHOD /path-prefix", as in `POST /api/users` or `PUT /api/users/`. */
export type RequestMatch = `${'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** What happens to a request on its way, before it reaches the hub. */
export type Interruption =
  /** The connection fails: fetch rejects with a TypeError carrying this message. */
  | { networkError: string }
  /** A reverse proxy answers instead of the hub, with an HTML error page and this status. */
  | { proxyStatus: number }
  /** The request waits until `network.release()`, then goes on to the hub. */
  | { held: true }
  /**
   * An upload (XMLHttpRequest) whose body stops after this many bytes have reached the hub, until
   * `network.release()`: the hub holds a half-received file, as on a slow line.
   */
  | { pauseAfter: number }
  /**
   * An upload (XMLHttpRequest) whose connection breaks after this many bytes of its body have
   * reached the hub: the request fails as a dropped line does. Once: the next matching request
   * goes through.
   */
  | { dropAfter: number };

export interface SentRequest {
  method: string;
  /** As the island passed it (path and query). */
  path: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The JSON body, parsed; a multipart body as its fields and files; undefined when none was sent. */
  body: unknown;
}

/** A multipart body as SentRequest records it. */
export interface SentForm {
  fields: Record<string, string>;
  files: { field: string; name: string; size: number; type: string }[];
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
  /** Puts the real fetch and XMLHttpRequest back and removes the temp folder. */
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
  /** XMLHttpRequest as a browser has it, for uploads with progress (islands/lib/uploads.ts). */
  XMLHttpRequest: typeof XMLHttpRequest;
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
  /** Wakes idle() when a request it waits for comes to be held on its way. */
  let wake: (() => void) | null = null;
  const hold = () =>
    new Promise<void>((resolve) => {
      held.push(resolve);
      wake?.();
    });
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
    // A file (a Blob) is sent as its text and recorded as it is; any other body is JSON text.
    const file = init.body instanceof Blob ? init.body : undefined;
    const text = init.body === undefined || init.body === null ? undefined : file ? await file.text() : String(init.body);
    requests.push({
      method,
      path: requestPath,
      headers: new Headers(headers),
      credentials: init.credentials,
      body: text === undefined ? undefined : file ? file : JSON.parse(text),
    });

    for (const [match, what] of interruptions) {
      if (!matches(match, method, requestPath)) continue;
      if ('networkError' in what) throw new TypeError(what.networkError);
      if ('proxyStatus' in what) {
        return new Response(`<html><body><h1>${what.proxyStatus}</h1></body></html>`, { status: what.proxyStatus, headers: { 'content-type': 'text/html' } });
      }
      state.held = true;
      await hold();
      state.held = false;
    }
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const response = await toHub(url, method, headers, init.credentials, text);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return response;
  }
  /** What a browser adds by itself to a same-origin request, then the hub's answer. */
  async function toHub(
    url: URL,
    method: string,
    headers: Headers,
    credentials: RequestCredentials | undefined,
    body: string | ReadableStream<Uint8Array> | undefined,
  ): Promise<Response> {
    if (credentials !== 'omit' && jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('sec-fetch-site', 'same-origin');
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', ORIGIN);
    const response = await hub.app.request(url.href, { method, headers, ...(body === undefined ? {} : { body, duplex: 'half' }) } as RequestInit);
    if (credentials !== 'omit') storeCookies(jar, response);
    return response;
  }
  function track(promise: Promise<unknown>, state: { held: boolean }): void {
    const tracked = promise.catch(() => {}).finally(() => inFlight.delete(tracked));
    inFlight.set(tracked, state);
  }
  const XMLHttpRequest = hubXMLHttpRequest({ requests, interruptions, toHub, track, hold });
  return {
    fetch: browserFetch as typeof fetch,
    XMLHttpRequest,
    async idle() {
      for (;;) {
        const busy = [...inFlight].filter(([, state]) => !state.held).map(([promise]) => promise);
        if (busy.length === 0) return;
        // Until they end, or one of them stops on the line (held mid-body): then look again.
        await new Promise<void>((resolve) => {
          wake = resolve;
          void Promise.all(busy).then(() => resolve());
        });
        wake = null;
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
  const realXMLHttpRequest = globalThis.XMLHttpRequest;
  globalThis.fetch = connection.fetch;
  globalThis.XMLHttpRequest = connection.XMLHttpRequest;
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
      globalThis.XMLHttpRequest = realXMLHttpRequest;
      connection.release();
      await hub.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// XMLHttpRequest, for uploads: the FormData is written out as multipart/form-data (a Blob, a tus
// chunk, as its bytes) and streamed to the hub in chunks; upload progress is reported as the hub
// reads them (so it is the hub's real pace), abort() breaks the body mid-way as a browser's
// cancelled request does, and the timeout runs on the test's clock.

/** The size of each piece of an upload's body the hub reads. */
const UPLOAD_CHUNK = 64 * 1024;

interface XhrWire {
  requests: SentRequest[];
  interruptions: Map<RequestMatch, Interruption>;
  toHub(
    url: URL,
    method: string,
    headers: Headers,
    credentials: RequestCredentials | undefined,
    body: ReadableStream<Uint8Array> | string | undefined,
  ): Promise<Response>;
  track(promise: Promise<unknown>, state: { held: boolean }): void;
  hold(): Promise<void>;
}

/** FormData (happy-dom's) as a multipart body, with what SentRequest records of it. */
async function multipart(form: FormData): Promise<{ bytes: Uint8Array; contentType: string; recorded: SentForm }> {
  const boundary = `----hub-island-${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const recorded: SentForm = { fields: {}, files: [] };
  const quote = (text: string) => text.replace(/"/g, '%22').replace(/\r?\n/g, ' ');
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      recorded.fields[name] = value;
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
    } else {
      const file = value as File;
      const type = file.type || 'application/octet-stream';
      recorded.files.push({ field: name, name: file.name, size: file.size, type: file.type });
      parts.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"; filename="${quote(file.name)}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
      );
      parts.push(new Uint8Array(await file.arrayBuffer()));
      parts.push(encoder.encode('\r\n'));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}`, recorded };
}

interface ProgressLike {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}
type Handler = ((event: ProgressLike) => void) | null;

function hubXMLHttpRequest(wire: XhrWire): typeof XMLHttpRequest {
  class HubXMLHttpRequest {
    static readonly UNSENT = 0;
    static readonly OPENED = 1;
    static readonly DONE = 4;
    readyState = 0;
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
    onload: Handler = null;
    onerror: Handler = null;
    onabort: Handler = null;
    ontimeout: Handler = null;
    onloadend: Handler = null;
    private method = 'GET';
    private path = '/';
    private headers = new Headers();
    private finished = false;
    private breakBody: ((reason: Error) => void) | null = null;
    private timer: ReturnType<typeof setTimeout> | null = null;
    /** Whether the request waits on the test (then idle() does not wait for it). */
    private state = { held: false };

    open(method: string, path: string): void {
      this.method = method.toUpperCase();
      this.path = path;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string): void {
      this.headers.set(name, value);
    }

    private responseHeaders = new Headers();

    getResponseHeader(name: string): string | null {
      return this.responseHeaders.get(name);
    }

    abort(): void {
      this.end('onabort', 0, new DOMException('The upload was cancelled.', 'AbortError'));
    }

    /** Settles once: the event, then loadend; a body still on its way breaks off. */
    private end(event: 'onload' | 'onerror' | 'onabort' | 'ontimeout', status: number, reason?: Error): void {
      if (this.finished) return;
      this.finished = true;
      if (this.timer) clearTimeout(this.timer);
      if (reason) this.breakBody?.(reason);
      // A broken body is the hub's to clean up now: idle() waits for that.
      this.state.held = false;
      this.readyState = 4;
      this.status = status;
      const progress = { lengthComputable: false, loaded: 0, total: 0 };
      this[event]?.(progress);
      this.onloadend?.(progress);
    }

    send(body?: FormData | Blob | string | null): void {
      const state = this.state;
      if (this.timeout > 0) this.timer = setTimeout(() => this.end('ontimeout', 0, new DOMException('The upload timed out.', 'TimeoutError')), this.timeout);
      wire.track(this.run(body ?? undefined, state), state);
    }

    private async run(body: FormData | Blob | string | undefined, state: { held: boolean }): Promise<void> {
      const url = new URL(this.path, ORIGIN);
      if (url.origin !== ORIGIN) throw new Error(`Island tests talk to the hub only, not to ${url.origin}`);
      const requestPath = url.pathname + url.search;
      // A Blob (a chunk of a file) is sent as its bytes and recorded as it is.
      const blob = body instanceof Blob ? body : undefined;
      const form = typeof body === 'object' && !blob ? await multipart(body as FormData) : undefined;
      if (form) this.headers.set('content-type', form.contentType);
      wire.requests.push({
        method: this.method,
        path: requestPath,
        headers: new Headers(this.headers),
        credentials: 'same-origin',
        body: form ? form.recorded : blob ? blob : typeof body === 'string' ? JSON.parse(body) : undefined,
      });

      let pauseAfter = Number.POSITIVE_INFINITY;
      let dropAfter = Number.POSITIVE_INFINITY;
      for (const [match, what] of wire.interruptions) {
        if (!matches(match, this.method, requestPath)) continue;
        if ('networkError' in what) return this.end('onerror', 0);
        if ('proxyStatus' in what) {
          this.responseText = `<html><body><h1>${what.proxyStatus}</h1></body></html>`;
          return this.end('onload', what.proxyStatus);
        }
        if ('pauseAfter' in what) pauseAfter = what.pauseAfter;
        else if ('dropAfter' in what) {
          dropAfter = what.dropAfter;
          wire.interruptions.delete(match);
        } else {
          state.held = true;
          await wire.hold();
          state.held = false;
        }
      }
      if (this.finished) return;

      let stream: ReadableStream<Uint8Array> | string | undefined = typeof body === 'string' ? body : undefined;
      const payload = form ? form.bytes : blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
      if (payload) {
        const bytes = payload;
        let sent = 0;
        stream = new ReadableStream<Uint8Array>({
          start: (controller) => {
            this.breakBody = (reason) => {
              try {
                controller.error(reason);
              } catch {
                // Already closed.
              }
            };
          },
          pull: async (controller) => {
            if (this.finished) return;
            if (sent >= pauseAfter) {
              state.held = true;
              await wire.hold();
              state.held = false;
              pauseAfter = Number.POSITIVE_INFINITY;
              if (this.finished) return;
            }
            if (sent >= dropAfter) {
              // The line breaks: the hub sees its body end in an error, the page a network error.
              controller.error(new TypeError('connection reset'));
              this.end('onerror', 0);
              return;
            }
            const end = Math.min(bytes.length, sent + UPLOAD_CHUNK, Math.max(sent + 1, pauseAfter), Math.max(sent + 1, dropAfter));
            controller.enqueue(bytes.slice(sent, end));
            sent = end;
            this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total: bytes.length });
            if (sent >= bytes.length) {
              controller.close();
              this.upload.onload?.({ lengthComputable: true, loaded: sent, total: bytes.length });
            }
          },
        });
      }
      let response: Response;
      try {
        response = await wire.toHub(url, this.method, this.headers, 'same-origin', stream);
      } catch {
        return this.end('onerror', 0);
      }
      const text = await response.text();
      if (this.finished) return;
      this.responseText = text;
      this.responseHeaders = response.headers;
      this.end('onload', response.status);
    }
  }
  return HubXMLHttpRequest as unknown as typeof XMLHttpRequest;
}
