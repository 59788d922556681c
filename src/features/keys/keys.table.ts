// Row types of API keys: a user's keys for scripts, kept as the SHA-256 of the key (migration 0034).

import type { Insertable, Selectable } from 'kysely';

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** The scopes as a JSON list, in the order of API_KEY_SCOPES. */
  scopes: string;
  /** Hex SHA-256 of the key: the key itself is never stored. */
  key_hash: string;
  /** The key's last four characters, to tell keys apart in the list. */
  hint: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds, written at most once a minute; null: never used. */
  last_used_at: number | null;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
