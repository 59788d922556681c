// What the features put on every request's context (c.var), beside the plumbing's own (http/context.ts).

import type { LockoutStatus } from '../shared/lockout.ts';
import type { ValidSession } from './auth/auth.service.ts';
import type { KeyHolder } from './keys/keys.service.ts';
import type { Services } from './services.ts';

declare module 'hono' {
  interface ContextVariableMap {
    services: Services;
    /** Whether this request holds a valid site token (set by the site gate). */
    siteAccess: boolean;
    /** The signed-in user's session, or null (set once the site gate has let the request through). */
    session: ValidSession | null;
    /** The API key this request came with, once the site gate accepted it; null otherwise. */
    apiKey: KeyHolder | null;
    /** The lockout status, for the badge on pages (not set for API calls). */
    lockout: LockoutStatus | undefined;
  }
}
