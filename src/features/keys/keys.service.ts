// API keys (decision 0050): a user's keys for scripts and other clients. A key is `hub_` and 52
// base32 characters (32 random bytes); the database keeps its SHA-256 and its last four characters.
// A request with a key stands for the key's owner within the key's scopes (keys.policy.ts).

import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { UntilChanged } from '../../db/changes.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { AttemptLimiter } from '../../security/rate-limit.service.ts';
import { tokenId } from '../../security/tokens.ts';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEY_TEXT,
  type ApiKeyScope,
  type ApiKeyView,
  MAX_API_KEYS_PER_USER,
  type NewApiKey,
} from '../../shared/api-keys.ts';
import type { SessionUser } from '../../shared/contracts/session.ts';
import * as repo from './keys.repo.ts';
import type { CreateApiKeyInput } from './keys.schema.ts';
import type { ApiKeyRow } from './keys.table.ts';

/** lastUsedAt is written at most this often per key. */
export const KEY_USE_RESOLUTION_MS = 60_000;

/** Whether a bearer credential is meant as an API key (session tokens never hold an underscore). */
export function looksLikeApiKey(bearer: string): boolean {
  return bearer.startsWith(API_KEY_PREFIX);
}

/** The account wrong API keys are counted under, in the site password's scope (its caps are per address). */
const KEY_ATTEMPTS = 'api-key';
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[a-z2-7]{52}$`);

/** A new key: the prefix and 32 random bytes in base32 (256 bits). */
export function generateApiKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return API_KEY_PREFIX + encodeBase32LowerCaseNoPadding(bytes);
}

/** Who a request with a valid key stands for, and what it may do. */
export interface KeyHolder {
  keyId: string;
  scopes: ApiKeyScope[];
  user: SessionUser;
}

function parseScopes(json: string): ApiKeyScope[] {
  const list: unknown = JSON.parse(json);
  return API_KEY_SCOPES.filter((scope) => Array.isArray(list) && list.includes(scope));
}

function view(row: ApiKeyRow): ApiKeyView {
  return {
    _id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    hint: row.hint,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

export type KeysService = ReturnType<typeof createKeysService>;

export function createKeysService({ db, clock, limiter }: { db: Kysely<Database>; clock: Clock; limiter: AttemptLimiter }) {
  // Keys with their owners as last read, kept until anything is written to the database
  // (revoking, deleting the user, noting a use all write).
  const knownKeys = new UntilChanged<NonNullable<Awaited<ReturnType<typeof repo.findKeyWithUser>>>>(db);

  return {
    async create(userId: string, input: CreateApiKeyInput): Promise<NewApiKey> {
      const key = generateApiKey();
      const row = {
        id: crypto.randomUUID(),
        user_id: userId,
        name: input.name,
        scopes: JSON.stringify(input.scopes),
        key_hash: tokenId(key),
        hint: key.slice(-4),
        created_at: clock().getTime(),
        last_used_at: null,
      };
      if (!(await repo.insertKeyUnderCap(db, row, MAX_API_KEYS_PER_USER))) throw new ConflictError(API_KEY_TEXT.tooMany);
      return { ...view(row), key };
    },

    async list(userId: string): Promise<ApiKeyView[]> {
      return (await repo.listUserKeys(db, userId)).map(view);
    },

    /** Revokes one of the user's keys; another user's key is as unknown as a made-up id. */
    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteUserKey(db, userId, id))) throw new NotFoundError(API_KEY_TEXT.notFound);
    },

    /**
     * The holder of a key sent from `clientKey` (the client's address). A wrong key counts as a
     * failed site-password attempt from that address, and an address out of attempts is refused
     * even with a right key (429), so keys cannot be guessed online.
     */
    async authenticate(key: string, clientKey: string): Promise<KeyHolder> {
      // Within the site password's per-address cap, under an account of their own: the right site
      // password forgives the address's wrong site passwords, never its wrong keys.
      const source = { account: KEY_ATTEMPTS, address: clientKey };
      await limiter.assertAllowed('site', source);
      const hash = KEY_PATTERN.test(key) ? tokenId(key) : null;
      const row = hash ? await knownKeys.get(hash, () => repo.findKeyWithUser(db, hash)) : undefined;
      if (!row) {
        await limiter.reserve('site', source); // counted and left counted: a failure
        throw new UnauthorizedError(API_KEY_TEXT.invalid);
      }
      const now = clock().getTime();
      if (row.lastUsedAt === null || now - row.lastUsedAt >= KEY_USE_RESOLUTION_MS) {
        await repo.touchKey(db, row.keyId, now, now - KEY_USE_RESOLUTION_MS);
      }
      return { keyId: row.keyId, scopes: parseScopes(row.scopes), user: { _id: row.userId, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },
  };
}
