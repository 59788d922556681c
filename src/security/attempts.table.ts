// The guessing limit's table (see rate-limit.ts).

import type { Generated } from 'kysely';

/** One password attempt counted against a client address. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  attempted_at: number;
}
