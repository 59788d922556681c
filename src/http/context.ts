// What every request handler can reach through c.var: the app's dependencies and request facts.
// The features add theirs (services, site access, session) in features/context.ts.

import type { Kysely } from 'kysely';
import type { AssetManifest } from '../build/assets.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { VaultKeyring } from '../security/vault-key.ts';
import type { ThemeMode } from '../shared/theme.ts';
import type { MediaStore } from '../storage/media-store.ts';

export interface AppDeps {
  config: Readonly<Config>;
  db: Kysely<Database>;
  store: MediaStore;
  logger: Logger;
  clock: Clock;
  assets: AssetManifest;
  /** The vault's keys, from openVaultKeys at start-up (main.ts, test apps). */
  vaultKeys?: VaultKeyring;
}

declare module 'hono' {
  interface ContextVariableMap {
    deps: AppDeps;
    requestId: string;
    themeMode: ThemeMode;
  }
}

/**
 * Paths answered with JSON rather than HTML, errors included. Media bytes (/media/...) count: an
 * <img> or <video> without a session gets a 401, not the gate's or the sign-in page's HTML.
 */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/auth/') || pathname === '/healthz' || pathname.startsWith('/media/');
}
