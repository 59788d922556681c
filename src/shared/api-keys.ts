// API keys: the API's shapes, limits and texts, shared by the server and the profile's island.

/** What a key may do (decision 0050): read collections and bytes, change them, upload. */
export const API_KEY_SCOPES = ['read', 'write', 'upload'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so: it tells a key from a session token, and secret scanners can find one. */
export const API_KEY_PREFIX = 'hub_';
export const MAX_API_KEY_NAME_LENGTH = 100;
/** Keys one user may hold at once. */
export const MAX_API_KEYS_PER_USER = 50;

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read: list and download your collections and media',
  write: 'Write: change, add and delete items',
  upload: 'Upload: send new files',
};

/** A key as the list shows it: never the secret, only its last four characters. */
export interface ApiKeyView {
  _id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's last four characters, to tell keys apart. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating a key: the key itself, shown this once. */
export interface NewApiKey extends ApiKeyView {
  key: string;
}

export const API_KEY_TEXT = {
  nameRequired: 'Key name is required',
  nameType: 'name must be text',
  nameLong: `Key name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`,
  scopes: `scopes must be a list of one or more of ${API_KEY_SCOPES.join(', ')}`,
  tooMany: `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found',
  revoked: 'API key revoked',
  invalid: 'Invalid API key',
  keysNotWithKey: 'API keys are managed from a signed-in session, not with an API key.',
  forbidden: 'API keys cannot be used here.',
  pagesNotWithKey: 'API keys work only on the API (/api and /media), not on pages.',
  missingScope: (scope: ApiKeyScope) => `This API key lacks the ${scope} scope.`,
} as const;
