// Sign-in and sessions, after Lucia's design: a random token for the client, its SHA-256 in the
// database, 30 days that slide forward once half is used.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { UntilChanged } from '../../db/changes.ts';
import type { Database, Db } from '../../db/database.ts';
import { UnauthorizedError } from '../../errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../security/passwords.ts';
import type { AttemptLimiter } from '../../security/rate-limit.service.ts';
import { generateToken, isWellFormedToken, tokenId } from '../../security/tokens.ts';
import type { SessionUser } from '../../shared/contracts/session.ts';
import { type SessionInfo, SIGN_IN_METHODS, type SignInMethod } from '../../shared/contracts/sessions.ts';
import { TWO_FACTOR_MESSAGES, type TwoFactorService } from '../twofactor/twofactor.service.ts';
import * as repo from './auth.repo.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's "last seen" is written at most this often (one write a minute per device in use). */
export const LAST_SEEN_EVERY_MS = 60 * 1000;
/** The longest User-Agent kept (real ones are a few hundred characters). */
const USER_AGENT_MAX = 512;
export const SIGN_IN_FAILED = 'Invalid username or password';

export type { SessionUser } from '../../shared/contracts/session.ts';
export type { SessionInfo, SignInMethod } from '../../shared/contracts/sessions.ts';

export interface ValidSession {
  id: string;
  expiresAt: number;
  /** True when this request slid the expiry forward (the cookie should be re-sent). */
  extended: boolean;
  user: SessionUser;
  /** The user's discreet mode (neutral titles, blurred media, the panic key). */
  discreet: boolean;
}

/** Where and how a session begins: the browser's User-Agent, the client's address, the sign-in method, when known. */
export interface SessionClient {
  userAgent?: string | null;
  ip?: string | null;
  method?: SignInMethod;
}

const isSignInMethod = (value: string | null): value is SignInMethod => (SIGN_IN_METHODS as readonly (string | null)[]).includes(value);

/**
 * The id a session is shown under: a hash of its stored id (itself the SHA-256 of the token), so
 * the list gives nothing that leads to a token or to the database's key.
 */
export function sessionRef(storedId: string): string {
  return new Bun.CryptoHasher('sha256').update(`session-ref:${storedId}`).digest('hex').slice(0, 32);
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

/** An account as sign-in reads it: with its password's hash (the users table's row). */
export interface AccountForSignIn {
  id: string;
  name: string;
  role: 'admin' | 'user';
  password_hash: string;
}

/**
 * What sign-in asks of the accounts (the users service provides it): an account by its username,
 * and by its id for a password entered again. Declared here so that auth needs none of the users
 * feature's code (the users feature's routes stand behind auth's guards).
 */
export interface Accounts {
  findForSignIn(username: string): Promise<AccountForSignIn | undefined>;
  findForPasswordCheck(id: string): Promise<AccountForSignIn | undefined>;
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
  users: Accounts;
  twoFactor?: TwoFactorService;
}) {
  // Sessions with their users as last read, kept until anything at all is written to the database
  // (here or by the command line): signing out, deleting a user, a new password, a new role and
  // sliding all write.
  const knownSessions = new UntilChanged<NonNullable<Awaited<ReturnType<typeof repo.findSessionWithUser>>>>(db);
  const service = {
    async createSession(userId: string, client: SessionClient = {}): Promise<{ token: string; expiresAt: number }> {
      const token = generateToken();
      const now = clock().getTime();
      await repo.deleteExpiredSessions(db, now);
      const expiresAt = now + SESSION_TTL_MS;
      await repo.insertSession(db, {
        id: tokenId(token),
        user_id: userId,
        created_at: now,
        expires_at: expiresAt,
        user_agent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
        ip: client.ip && client.ip !== 'unknown' ? client.ip : null,
        last_seen_at: now,
        sign_in_method: client.method ?? null,
      });
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
      const seen = row.lastSeenAt === null || now - row.lastSeenAt >= LAST_SEEN_EVERY_MS;
      if (extended) expiresAt = now + SESSION_TTL_MS;
      if (extended || seen) await repo.touchSession(db, id, { ...(extended ? { expires_at: expiresAt } : {}), ...(seen ? { last_seen_at: now } : {}) });
      return {
        id,
        expiresAt,
        extended,
        user: { _id: row.userId, name: row.name, role: row.role, admin: row.role === 'admin' },
        discreet: row.discreet === 1,
      };
    },

    /**
     * Checks a username and password for a client address. Unknown users and wrong passwords get
     * the same message and cost the same time (an argon2 check either way). A right password that
     * completes the sign-in forgives that account's password failures from that address; one that
     * only opens the code step (two-factor sign-in) takes back its own attempt and forgives nothing.
     */
    async signIn(
      username: unknown,
      password: unknown,
      clientKey: string,
      userAgent?: string,
    ): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
      const name = typeof username === 'string' ? username.trim() : '';
      const secret = typeof password === 'string' ? password : '';
      const row = name ? await users.findForSignIn(name) : undefined;
      // Counted for the account (a name no one has counts for that name) and the address.
      const source = { account: row ? row.id : `name:${name.toLowerCase()}`, address: clientKey };
      const ok = await limiter.check('signin', source, () => (row && secret ? verifyPassword(secret, row.password_hash) : burnPasswordCheck(secret)));
      if (!ok || !row) throw new UnauthorizedError(SIGN_IN_FAILED);
      // Two-factor sign-in: the password was right; the session waits for the code step.
      const challenge = await twoFactor?.challengeAfterPassword(row.id);
      if (challenge) throw new SecondFactorDue(challenge);
      await limiter.forgive('signin', source);
      const session = await service.createSession(row.id, { ip: clientKey, userAgent, method: 'password' });
      return { ...session, user: { _id: row.id, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },

    /**
     * The code step of two-factor sign-in: a challenge from signIn and a current code or an unused
     * recovery code. Each code checked counts in the second factor's own scope, for the challenge's
     * account whatever the address or the challenge (decision 0058), before it is checked; a right
     * one takes back only its own count. Nothing forgives wrong codes but the window. The completed
     * sign-in forgives the account's password failures from this address.
     */
    async signInSecondFactor(
      challenge: unknown,
      code: unknown,
      clientKey: string,
      userAgent?: string,
    ): Promise<{ token: string; expiresAt: number; user: SessionUser }> {
      if (!twoFactor) throw new UnauthorizedError(SIGN_IN_FAILED);
      const account = await twoFactor.challengeAccount(challenge);
      // A dead or made-up challenge checks no code: nothing to count, nothing to guess.
      if (!account) throw new UnauthorizedError(TWO_FACTOR_MESSAGES.challengeGone);
      const attempt = await limiter.reserve('code', { account, address: clientKey });
      const redeemed = await twoFactor.redeem(challenge, code);
      // Only a wrong code stays counted (a challenge that died meanwhile checked none).
      if (redeemed.outcome !== 'wrong') await attempt.cancel();
      if (redeemed.outcome !== 'ok')
        throw new UnauthorizedError(redeemed.outcome === 'wrong' ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.challengeGone);
      const row = await users.findForPasswordCheck(redeemed.userId);
      if (!row) throw new UnauthorizedError(SIGN_IN_FAILED);
      await limiter.forgive('signin', { account: row.id, address: clientKey });
      const session = await service.createSession(row.id, { ip: clientKey, userAgent, method: redeemed.method });
      return { ...session, user: { _id: row.id, name: row.name, role: row.role, admin: row.role === 'admin' } };
    },

    /**
     * A signed-in user's own password entered again. Before a new password (`signin`) it counts
     * as a sign-in attempt on that account from that address: a stolen session guessing its way to
     * a new password meets the sign-in limit; a right one is no sign-in and forgives nothing.
     * Before the vault's export (`vault`) it has a limit of its own (decision 0053), whose failures
     * a right one forgives.
     */
    async confirmPassword(userId: string, password: string, clientKey: string, scope: 'signin' | 'vault' = 'vault'): Promise<boolean> {
      const row = password ? await users.findForPasswordCheck(userId) : undefined;
      const source = { account: userId, address: clientKey };
      const ok = await limiter.check(scope, source, () => (row ? verifyPassword(password, row.password_hash) : burnPasswordCheck(password)));
      if (ok && scope === 'vault') await limiter.forgive('vault', source);
      return ok;
    },

    async signOut(token: string | undefined | null): Promise<void> {
      if (isWellFormedToken(token)) await repo.deleteSession(db, tokenId(token));
    },

    /** Signs a user out everywhere ("Sign out everywhere"), or everywhere but the session `keep`. */
    async endSessions(userId: string, options: { keep?: string; trx?: Db } = {}): Promise<void> {
      await repo.deleteUserSessions(options.trx ?? db, userId, options.keep);
    },

    /** A user's live sessions, newest first; `currentId` (the stored id) is marked as this device. */
    async listSessions(userId: string, currentId: string | null): Promise<SessionInfo[]> {
      const rows = await repo.listUserSessions(db, userId, clock().getTime());
      return rows.map((row) => ({
        _id: sessionRef(row.id),
        current: row.id === currentId,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString(),
        userAgent: row.user_agent,
        ip: row.ip,
        method: isSignInMethod(row.sign_in_method) ? row.sign_in_method : null,
      }));
    },

    /**
     * Ends the session shown as `ref`, if it is one of `userId`'s; answers the stored id it ended
     * (so the caller knows whether it was the current one), or null when there is no such session.
     */
    async endSession(userId: string, ref: string): Promise<string | null> {
      const rows = await repo.listUserSessions(db, userId, clock().getTime());
      const row = rows.find((r) => sessionRef(r.id) === ref);
      if (!row) return null;
      return (await repo.deleteUserSession(db, userId, row.id)) ? row.id : null;
    },

    /** How many devices a user is signed in on (live sessions). */
    async countSessions(userId: string): Promise<number> {
      return repo.countUserSessions(db, userId, clock().getTime());
    },
  };
  return service;
}
