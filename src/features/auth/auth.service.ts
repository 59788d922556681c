// Sign-in and sessions, after Lucia's design: a random token for the client, its SHA-256 in the
// database, 30 days that slide forward once half is used.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { UntilChanged } from '../../db/changes.ts';
import type { Database, Db } from '../../db/database.ts';
import { UnauthorizedError } from '../../errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../security/passwords.ts';
import type { AttemptLimiter } from '../../security/rate-limit.ts';
import { generateToken, isWellFormedToken, tokenId } from '../../security/tokens.ts';
import type { SessionUser } from '../../shared/contracts/session.ts';
import type { TwoFactorService } from '../twofactor/twofactor.service.ts';
import type { UsersService } from '../users/users.service.ts';
import * as repo from './auth.repo.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SIGN_IN_FAILED = 'Invalid username or password';

export type { SessionUser } from '../../shared/contracts/session.ts';

export interface ValidSession {
  id: string;
  expiresAt: number;
  /** True when this request slid the expiry forward (the cookie should be re-sent). */
  extended: boolean;
  user: SessionUser;
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Thrown by signIn after a right password for an account with two-factor sign-in: no session yet,
 * a challenge for the code step. (Thrown rather than returned, so every caller that expects a
 * session must say what it does with the code step.)
 */
export class SecondFactorDue extends Error {
  constructor(readonly challenge: string) {
    super('A code from the authenticator app is needed');
    this.name = 'SecondFactorDue';
  }
}

export function createAuthService({
  db,
  clock,
  limiter,
  users,
  twoFactor,
}: {
  db: Kysely<Database>;
  clock: Clock;
  limiter: AttemptLimiter;
  users: UsersService;
  twoFactor?: TwoFactorService;
}) {
  // Sessions with their users as last read, kept until anything at all is written to the database
  // (here or by the command line): signing out, deleting a user, a new password, a new role and
  // sliding all write.
  const knownSessions = new UntilChanged<NonNullable<Awaited<ReturnType<typeof repo.findSessionWithUser>>>>(db);
  const service = {
    async createSession(userId: string): Promise<{ token: string; expiresAt: number }> {
      const token = generateToken();
      const now = clock().getTime();
      await repo.deleteExpiredSessions(db, now);
      const expiresAt = now + SESSION_TTL_MS;
      await repo.insertSession(db, { id: tokenId(token), user_id: userId, created_at: now, expires_at: expiresAt });
      return { token, expiresAt };
    },

    async validate(token: string | undefined | null): Promise<ValidSession | null> {
      if (!isWellFormedToken(token)) return null;
      const id = tokenId(token);
      const row = await knownSessions.get(id, () => repo.findSessionWithUser(db, id));
      if (!row) return null;
      const now = clock().getTime();
      if (row.expiresAt <= now) {
        await repo.deleteSession(db, id);
        return null;
      }
      let expiresAt = row.expiresAt;
      const extended = expiresAt - now < SESSION_TTL_MS / 2;
      if (extended) {
        expiresAt = now + SESSION_TTL_MS;
        await repo.extendSession(db, id, expiresAt);
      }
      return { id, expiresAt, extended, user: { _id: row.userId, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },

    /**
     * Checks a username and password for a client address. Unknown users and wrong passwords get
     * the same message and cost the same time (an argon2 check either way).
     */
    async signIn(username: unknown, password: unknown, clientKey: string): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
      const name = typeof username === 'string' ? username.trim() : '';
      const secret = typeof password === 'string' ? password : '';
      const row = name && secret ? await users.findForSignIn(name) : undefined;
      const ok = await limiter.check(`signin:${clientKey}`, () => (row ? verifyPassword(secret, row.password_hash) : burnPasswordCheck(secret)));
      if (!ok || !row) throw new UnauthorizedError(SIGN_IN_FAILED);
      // Two-factor sign-in: the password was right; the session waits for the code step.
      const challenge = await twoFactor?.challengeAfterPassword(row.id);
      if (challenge) throw new SecondFactorDue(challenge);
      const session = await service.createSession(row.id);
      return { ...session, user: { _id: row.id, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },

    /**
     * The code step of two-factor sign-in: a challenge from signIn and a current code or an unused
     * recovery code. A wrong code counts against the same guessing limit as a wrong password.
     */
    async signInSecondFactor(challenge: unknown, code: unknown, clientKey: string): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
      if (!twoFactor) throw new UnauthorizedError(SIGN_IN_FAILED);
      let userId = '';
      await limiter.check(`signin:${clientKey}`, async () => {
        userId = await twoFactor.redeem(challenge, code);
        return true;
      });
      const row = await users.findForPasswordCheck(userId);
      if (!row) throw new UnauthorizedError(SIGN_IN_FAILED);
      const session = await service.createSession(row.id);
      return { ...session, user: { _id: row.id, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },

    /**
     * A signed-in user's own password entered again (before the vault's export). The check counts
     * against the same guessing limit as signing in from that address: it is the same secret.
     */
    async confirmPassword(userId: string, password: string, clientKey: string): Promise<boolean> {
      const row = password ? await users.findForPasswordCheck(userId) : undefined;
      return limiter.check(`signin:${clientKey}`, () => (row ? verifyPassword(password, row.password_hash) : burnPasswordCheck(password)));
    },

    async signOut(token: string | undefined | null): Promise<void> {
      if (isWellFormedToken(token)) await repo.deleteSession(db, tokenId(token));
    },

    /** Signs a user out everywhere ("Sign out everywhere"), or everywhere but the session `keep`. */
    async endSessions(userId: string, options: { keep?: string; trx?: Db } = {}): Promise<void> {
      await repo.deleteUserSessions(options.trx ?? db, userId, options.keep);
    },

    /** How many devices a user is signed in on (live sessions). */
    async countSessions(userId: string): Promise<number> {
      return repo.countUserSessions(db, userId, clock().getTime());
    },
  };
  return service;
}
