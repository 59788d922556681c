// The guessing limit's table (see rate-limit.service.ts).

import type { Generated } from 'kysely';

/** One password attempt: what was guessed at, for which account, from which client address. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  /**
   * "site" (the site password; wrong API keys too, under the account "api-key"), "signin" (an
   * account's password), "vault" (the vault's export), "code" (two-factor codes and recovery
   * codes), "pin" (the locks' PIN).
   */
  scope: string;
  /** A user's id, the typed name when no user has it ("name:…"), or '' for the site password. */
  account: string;
  address: string;
  attempted_at: number;
}
