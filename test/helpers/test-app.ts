// Builds the real app on a temp folder: a fresh SQLite file with the real migrations, a local-disk
// store, the real asset build, and a logger whose lines the test can read.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.ts';
import { type AssetManifest, ensureAssets } from '../../src/build/assets.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openVaultKeys } from '../../src/features/connect/connect.service.ts';
import { createLogger } from '../../src/logger.ts';
import { LocalDiskStore } from '../../src/storage/local-disk-store.ts';
import type { MediaStore } from '../../src/storage/media-store.ts';

let assets: Promise<AssetManifest> | undefined;
/**
 * The assets in static/build, built when they do not match the sources (once per test process).
 * When they match nothing is written, so test levels running side by side (test/run-all.ts) and
 * servers spawned by tests never read a file while it is being rewritten.
 */
export function testAssets(): Promise<AssetManifest> {
  assets ??= ensureAssets();
  return assets;
}

export function tempDir(prefix = 'hub-test-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The site password every test app starts with, unless the test's env says otherwise. */
export const TEST_SITE_PASSWORD = 'household secret';

/** Who a request is made as: a site token (x-site-token) and/or a session (Authorization: Bearer). */
export interface Credentials {
  siteToken?: string;
  token?: string;
}

export interface RequestOptions extends RequestInit {
  /** Sent as the JSON body with Content-Type: application/json. */
  json?: unknown;
  as?: Credentials;
}

export interface SignedIn extends Required<Credentials> {
  user: { _id: string; name: string; role: 'admin' | 'user'; admin: boolean };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  dataDir: string;
  database: ReturnType<typeof openDatabase>;
  store: MediaStore;
  /** The app's services (the current app's, after a restart). */
  readonly services: ReturnType<typeof createApp>['services'];
  /** Runs every due background job (thumbnails, purges, deletions) until none is left. */
  runJobs(): Promise<void>;
  logs: string[];
  /** The text of every JSON answer request() returned, for checks over a whole suite. */
  jsonBodies: string[];
  /** app.request with credentials headers and a JSON body made for you. */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** Passes the site gate with the test site password; returns the site token. */
  enterSite(): Promise<string>;
  /** Signs in through the API (with a fresh site token unless one is given). */
  signIn(username: string, password: string, siteToken?: string): Promise<SignedIn>;
  /**
   * Creates an account through the API and signs it in. The first one needs no admin (bootstrap);
   * later ones are created by `by`.
   */
  createUser(fields: { username: string; password?: string; name?: string; email?: string; role?: 'admin' | 'user' }, by?: SignedIn): Promise<SignedIn>;
  /** Closes the database and opens it again under a new app, as a restart of the hub would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(options: { store?: MediaStore; clock?: Clock; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = tempDir();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', SITE_PASSWORD: TEST_SITE_PASSWORD, ...options.env });
  const database = openDatabase(config.databaseFile);
  await migrateToLatest(database.db);
  // Every test app has a vault key (DATA_DIR/secret.key, or VAULT_KEY from the test's env).
  let vaultKeys = (await openVaultKeys(database.db, config)).keys;
  const store = options.store ?? (await new LocalDiskStore(config.mediaDir).init());
  const logs: string[] = [];
  const jsonBodies: string[] = [];
  const assets = await testAssets();
  const build = (db: typeof database.db) =>
    createApp({
      config,
      db,
      store,
      logger: createLogger('debug', (line) => logs.push(line)),
      clock: options.clock ?? (() => new Date()),
      assets,
      vaultKeys,
    });
  let app = build(database.db);
  let database_ = database;
  const request = async (path: string, { json, as, ...init }: RequestOptions = {}) => {
    const headers = new Headers(init.headers);
    if (as?.siteToken) headers.set('x-site-token', as.siteToken);
    if (as?.token) headers.set('authorization', `Bearer ${as.token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const res = await app.request(path, { ...init, headers, body: json !== undefined ? JSON.stringify(json) : init.body });
    if (res.headers.get('content-type')?.includes('application/json')) jsonBodies.push(await res.clone().text());
    return res;
  };
  const enterSite = async () => {
    const res = await request('/api/site/verify-password', { method: 'POST', json: { password: config.site.password ?? TEST_SITE_PASSWORD } });
    const body = (await res.json()) as { siteToken?: string; error?: string };
    if (!res.ok || !body.siteToken) throw new Error(`could not enter the site: ${res.status} ${body.error}`);
    return body.siteToken;
  };
  const signIn = async (username: string, password: string, siteToken?: string): Promise<SignedIn> => {
    const site = siteToken ?? (await enterSite());
    const res = await request('/auth/signin/', { method: 'POST', json: { username, password }, as: { siteToken: site } });
    const body = (await res.json()) as { token?: string; user?: SignedIn['user']; error?: string };
    if (!res.ok || !body.token || !body.user) throw new Error(`could not sign in as ${username}: ${res.status} ${body.error}`);
    return { siteToken: site, token: body.token, user: body.user };
  };
  const createUser: TestApp['createUser'] = async (fields, by) => {
    const password = fields.password ?? 'correct horse battery';
    const siteToken = by?.siteToken ?? (await enterSite());
    const res = await request('/api/users', {
      method: 'POST',
      as: { siteToken, token: by?.token },
      json: {
        name: fields.name ?? fields.username,
        email: fields.email ?? `${fields.username}@example.test`,
        role: fields.role,
        username: fields.username,
        password,
      },
    });
    if (res.status !== 201) throw new Error(`could not create ${fields.username}: ${res.status} ${await res.text()}`);
    return signIn(fields.username, password, siteToken);
  };
  return {
    get app() {
      return app;
    },
    dataDir,
    get database() {
      return database_;
    },
    store,
    get services() {
      return app.services;
    },
    runJobs: () => app.services.jobs.runUntilIdle(),
    logs,
    jsonBodies,
    request,
    enterSite,
    signIn,
    createUser,
    async restart() {
      await database_.close();
      database_ = openDatabase(config.databaseFile);
      await migrateToLatest(database_.db);
      vaultKeys = (await openVaultKeys(database_.db, config)).keys;
      app = build(database_.db);
    },
    async close() {
      await database_.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SetCookie {
  value: string;
  /** Attribute names lower-cased; flags (HttpOnly, Secure) are true. */
  attributes: Record<string, string | true>;
}

/** The cookies a response sets, by name. */
export function setCookies(res: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const part of rest) {
      const [key = '', ...value] = part.trim().split('=');
      attributes[key.toLowerCase()] = value.length > 0 ? value.join('=') : true;
    }
    cookies.set(pair.slice(0, eq).trim(), { value: decodeURIComponent(pair.slice(eq + 1).trim()), attributes });
  }
  return cookies;
}

/** A Cookie request header from name/value pairs (undefined values are left out). */
export function cookieHeader(cookies: Record<string, string | undefined>): string {
  return Object.entries(cookies)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

const tempDatabaseDirs: string[] = [];
/** A database file in a fresh temp folder; call removeTempDatabases() after each test. */
export function tempDatabase() {
  const dir = tempDir('hub-db-');
  tempDatabaseDirs.push(dir);
  return { dir, ...openDatabase(path.join(dir, 'hub.sqlite')) };
}

export function removeTempDatabases(): void {
  for (const dir of tempDatabaseDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
