// What an API key may reach (decision 0050): ONE table of path prefixes (with methods where they
// matter), read top to bottom, first match wins. Every route the app mounts is classified by it
// (keys.policy.test.ts walks app.routes); an /api path the table does not name is refused, so a
// new route stays out of reach of keys until someone decides its scope here.

import type { ApiKeyScope } from '../../shared/api-keys.ts';
import { INGEST_UPLOAD_ROUTES } from '../uploads/multipart/multipart.routes.ts';

/**
 * `by-method`: reading (GET, HEAD, OPTIONS) needs `read`, changing (POST, PUT, PATCH, DELETE)
 * needs `write`. `forbidden`: never with a key, whatever its scopes.
 */
export type KeyRule = ApiKeyScope | 'by-method' | 'forbidden';

export interface KeyPolicyEntry {
  /** A path prefix: the path itself and everything under it (`/api/gallery` covers `/api/gallery/x`). */
  path: string;
  /** Only these methods (HEAD counts as GET); all methods when absent. */
  methods?: readonly string[];
  rule: KeyRule;
  /** What the entry covers, for readers of the table. */
  what: string;
}

/** `POST /api/gallery/upload` → { method, path }. */
function methodAndPath(route: string): { method: string; path: string } {
  const [method = '', path = ''] = route.split(' ');
  return { method, path };
}

export const KEY_POLICY: readonly KeyPolicyEntry[] = [
  // Never with a key, whatever its scopes.
  { path: '/api/keys', rule: 'forbidden', what: 'key management: from a signed-in session only' },
  { path: '/api/accounts', rule: 'forbidden', what: 'Connect, the vault of passwords' },
  { path: '/api/admin', rule: 'forbidden', what: 'administration (lockout reset)' },
  { path: '/api/users', rule: 'forbidden', what: 'user management, passwords and account deletion' },
  { path: '/api/libraries', rule: 'forbidden', what: 'library folders on the server (management)' },
  { path: '/api/site', rule: 'forbidden', what: 'the site gate: site password, lockout status, Lock Site' },
  { path: '/auth', rule: 'forbidden', what: 'signing in and out (sessions), passkey sign-in' },
  { path: '/api/me', rule: 'forbidden', what: "the account's own settings: sessions, preferences, two-factor, passkeys, locks" },
  { path: '/api/unlock', rule: 'forbidden', what: 'opening the premium and Connect locks (a session only)' },
  { path: '/api/lock', rule: 'forbidden', what: 'closing the premium and Connect locks (a session only)' },
  // Uploads: the multipart routes and the resumable (tus) uploads, every method.
  ...INGEST_UPLOAD_ROUTES.map((route): KeyPolicyEntry => {
    const { method, path } = methodAndPath(route);
    return { path, methods: [method], rule: 'upload', what: 'multipart upload' };
  }),
  { path: '/api/uploads', rule: 'upload', what: 'resumable uploads (tus), all methods' },
  // The owner's collections and media bytes: reading needs read, changes need write.
  { path: '/api/gallery', rule: 'by-method', what: 'Red Room gallery, its bin and duplicates' },
  { path: '/api/premium', rule: 'by-method', what: 'Premium gallery, its bin and duplicates' },
  { path: '/api/albums', rule: 'by-method', what: 'albums' },
  { path: '/api/tags', rule: 'by-method', what: 'tags in use' },
  { path: '/api/links', rule: 'by-method', what: 'links, their import and export' },
  { path: '/api/streaming-sites', rule: 'by-method', what: 'streaming sites (Watch)' },
  { path: '/api/models', rule: 'by-method', what: 'models and their pictures' },
  { path: '/api/favicon', rule: 'by-method', what: 'site icons' },
  { path: '/api/home', rule: 'by-method', what: 'the home dashboard' },
  { path: '/api/openapi.json', rule: 'by-method', what: 'the API description' },
  { path: '/api/docs', rule: 'by-method', what: 'the API reference page' },
  { path: '/media', rule: 'by-method', what: 'media bytes: originals, thumbnails, renditions, previews' },
  { path: '/healthz', rule: 'by-method', what: 'the health check (answered before any credential)' },
];

export type KeyDecision =
  /** Allowed to a key holding this scope. */
  | { kind: 'scope'; scope: ApiKeyScope; entry: KeyPolicyEntry }
  /** Never with a key. */
  | { kind: 'forbidden'; entry: KeyPolicyEntry }
  /** An /api (or /auth, /media) path the table does not name: refused. */
  | { kind: 'unclassified' }
  /** A page: keys are for the API only. */
  | { kind: 'page' };

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Paths of the API and the media bytes (the rest are pages, static files and forms). */
function isApiSide(path: string): boolean {
  return isUnder(path, '/api') || isUnder(path, '/auth') || isUnder(path, '/media') || path === '/healthz';
}

/** What a key needs for `method path`, or why no key may. */
export function keyDecision(method: string, path: string): KeyDecision {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  if (!isApiSide(path)) return { kind: 'page' };
  for (const entry of KEY_POLICY) {
    if (!isUnder(path, entry.path)) continue;
    if (entry.methods && !entry.methods.includes(verb)) continue;
    if (entry.rule === 'forbidden') return { kind: 'forbidden', entry };
    if (entry.rule !== 'by-method') return { kind: 'scope', scope: entry.rule, entry };
    if (READING.has(verb)) return { kind: 'scope', scope: 'read', entry };
    if (CHANGING.has(verb)) return { kind: 'scope', scope: 'write', entry };
    return { kind: 'forbidden', entry };
  }
  return { kind: 'unclassified' };
}
