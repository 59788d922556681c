// What every request handler can reach through c.var: the app's dependencies and request facts.

import type { Kysely } from 'kysely';
import type { AssetManifest } from '../build/assets.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ValidSession } from '../features/auth/service.ts';
import type { Services } from '../features/services.ts';
import type { Logger } from '../logger.ts';
import type { LockoutStatus } from '../shared/lockout.ts';
import type { ThemeMode } from '../shared/theme.ts';
import type { MediaStore } from '../storage/media-store.ts';

/** Time is injected so lockout, expiry and retention can be tested without sleeping. */
export type Clock = () => Date;

export interface AppDeps {
  config: Readonly<Config>;
  db: Kysely<Database>;
  store: MediaStore;
  logger: Logger;
  clock: Clock;
  assets: AssetManifest;
}

declare module 'hono' {
  interface ContextVariableMap {
    deps: AppDeps;
    requestId: string;
    themeMode: ThemeMode;
    services: Services;
    /** Whether this request holds a valid site token (set by the site gate). */
    siteAccess: boolean;
    /** The signed-in user's session, or null (set once the site gate has let the request through). */
    session: ValidSession | null;
    /** The lockout status, for the badge on pages (not set for API calls). */
    lockout: LockoutStatus | undefined;
  }
}

/** Paths answered with JSON rather than HTML, errors included. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/auth/') || pathname === '/healthz';
}
