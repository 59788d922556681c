// The site gate's rules: the site password, site tokens, and the dead-man's-switch lockout.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { UntilChanged } from '../../db/changes.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError, InvalidError, LockedError, UnauthorizedError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import type { AttemptLimiter } from '../../security/rate-limit.service.ts';
import { generateToken, isWellFormedToken, tokenId } from '../../security/tokens.ts';
import { CLI } from '../../shared/cli-commands.ts';
import type { LockoutStatus } from '../../shared/lockout.ts';
import * as repo from './gate.repo.ts';

export const SITE_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SITE_PASSWORD_MIN_LENGTH = 8;
/** The longest lockout period the setup page takes (the same bound as SITE_LOCKOUT_HOURS). */
export const LOCKOUT_HOURS_MAX = 87_600;
export const LOCKOUT_PERIOD_MESSAGE = `The lockout period must be a number of hours from 0 (off) to ${LOCKOUT_HOURS_MAX}`;

export const SITE_MESSAGES = {
  blank: 'Please enter the site password',
  wrong: 'Incorrect site password. Please try again.',
  locked: `The site is locked. Someone with access to the server must reset the lockout there: ${CLI.lockoutReset} (in Docker: ${CLI.dockerLockoutReset}).`,
  notSetUp: 'The site password has not been set up yet.',
  alreadySetUp: 'The site password has already been set up.',
  required: 'Site access required. Enter the site password first.',
} as const;

export interface GateServiceDeps {
  db: Kysely<Database>;
  config: Readonly<Config>;
  clock: Clock;
  limiter: AttemptLimiter;
}

export type GateService = ReturnType<typeof createGateService>;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The lockout period in force: SITE_LOCKOUT_HOURS when set (it wins), else the period chosen on
 * the setup page, else 24 hours.
 */
export function lockoutPeriodHours(config: Readonly<Config>, state: { lockout_hours: number | null }): number {
  if (config.site.lockoutHoursSet) return config.site.lockoutHours;
  return state.lockout_hours ?? config.site.lockoutHours;
}

/**
 * At start-up, brings a stored expiry in line with the lockout period (SITE_LOCKOUT_HOURS, else
 * the period chosen at setup). With the lockout turned off
 * (0) it is dropped, so turning it on again later arms a fresh switch instead of locking at once
 * on an old date. With fewer hours than remain, the expiry moves closer (at most now + the new
 * hours), as whoever lowered the setting expects. A site that is locked stays locked. Returns what
 * changed, for the log, or null.
 */
export async function applyLockoutSetting(db: Kysely<Database>, config: Readonly<Config>, now: number): Promise<string | null> {
  const state = await repo.readSiteState(db);
  const stored = state.lockout_expires_at;
  if (stored === null) return null;
  const hours = lockoutPeriodHours(config, state);
  const source = config.site.lockoutHoursSet || state.lockout_hours === null ? 'SITE_LOCKOUT_HOURS' : 'the period chosen at setup';
  if (hours === 0) {
    await repo.setLockoutExpiry(db, null);
    return `lockout is off (${source}: 0); its stored expiry was cleared`;
  }
  const latest = now + hours * HOUR_MS;
  if (stored <= now || stored <= latest) return null;
  await repo.setLockoutExpiry(db, latest);
  return `lockout expiry brought forward to ${new Date(latest).toISOString()} (${source}: ${hours} h)`;
}

async function hashNewSitePassword(password: string): Promise<string> {
  if (password.length < SITE_PASSWORD_MIN_LENGTH) throw new InvalidError(`The site password must be at least ${SITE_PASSWORD_MIN_LENGTH} characters`);
  return hashPassword(password);
}

export function createGateService({ db, config, clock, limiter }: GateServiceDeps) {
  // The environment's password is hashed once, so both sources are checked the same way.
  let envPasswordHash: Promise<string> | undefined;

  async function passwordHash(): Promise<string | null> {
    if (config.site.password) {
      // Forgotten again if hashing failed (a busy server), so the next attempt hashes anew.
      envPasswordHash ??= hashPassword(config.site.password).catch((error: unknown) => {
        envPasswordHash = undefined;
        throw error;
      });
      return envPasswordHash;
    }
    return (await repo.readSiteState(db)).site_password_hash;
  }

  // Site tokens as last read, kept until anything at all is written to the database (here or by
  // the command line): revoking, locking, a new site password and sliding all write.
  const knownTokens = new UntilChanged<{ id: string; expires_at: number }>(db);
  // The site's one state row (password hash, lockout expiry and period), kept the same way: any
  // write drops it, so a reset from the command line (another process) shows in the next answer
  // and an open page's badge learns of it at its next poll.
  const knownState = new UntilChanged<Awaited<ReturnType<typeof repo.readSiteState>>>(db, 1);

  async function expiry(): Promise<number | null> {
    // readSiteState throws when the row is missing, so a kept read is always there.
    const state = (await knownState.get('site', () => repo.readSiteState(db)))!;
    const hours = lockoutPeriodHours(config, state);
    if (hours === 0) return null;
    // First use with the lockout on: the switch is armed from now.
    return state.lockout_expires_at ?? repo.armLockoutIfUnset(db, clock().getTime() + hours * HOUR_MS);
  }

  const service = {
    /** The lockout period in force, in hours (0: off). */
    async lockoutHours(): Promise<number> {
      return lockoutPeriodHours(config, await repo.readSiteState(db));
    },

    /** Whether SITE_LOCKOUT_HOURS fixes the period (then the setup page offers no choice). */
    lockoutHoursFixed: config.site.lockoutHoursSet,

    /**
     * The period chosen on the setup page (0 turns the lockout off), stored and armed from now.
     * Ignored where SITE_LOCKOUT_HOURS is set: the setting wins.
     */
    async chooseLockoutHours(hours: number): Promise<void> {
      if (config.site.lockoutHoursSet) return;
      await repo.setLockoutPeriod(db, hours, hours > 0 ? clock().getTime() + hours * HOUR_MS : null);
    },

    async lockoutStatus(): Promise<LockoutStatus> {
      const expiresAt = await expiry();
      if (expiresAt === null) return { lockoutEnabled: false, isLocked: false, timeRemaining: 0 };
      const remaining = expiresAt - clock().getTime();
      return { lockoutEnabled: true, isLocked: remaining <= 0, timeRemaining: Math.max(0, remaining) };
    },

    async isLocked(): Promise<boolean> {
      return (await service.lockoutStatus()).isLocked;
    },

    /** Moves the expiry to now + the lockout period. Tokens from before a lock stay dead. */
    async resetLockout(): Promise<{ newExpiryTime: string | null }> {
      const hours = await service.lockoutHours();
      if (hours === 0) return { newExpiryTime: null };
      const wasLocked = await service.isLocked();
      const next = clock().getTime() + hours * HOUR_MS;
      await db.transaction().execute(async (trx) => {
        if (wasLocked) await repo.deleteAllSiteTokens(trx);
        await repo.setLockoutExpiry(trx, next);
      });
      return { newExpiryTime: new Date(next).toISOString() };
    },

    async isPasswordSet(): Promise<boolean> {
      return (await passwordHash()) !== null;
    },

    /** Checks the site password for a client address; returns a new site token. */
    async enter(password: unknown, clientKey: string): Promise<string> {
      if (typeof password !== 'string' || password.trim() === '') throw new InvalidError(SITE_MESSAGES.blank);
      if (await service.isLocked()) throw new LockedError(SITE_MESSAGES.locked);
      if (!(await service.isPasswordSet())) throw new ConflictError(SITE_MESSAGES.notSetUp);
      const ok = await limiter.check('site', { address: clientKey }, async () => {
        const hash = await passwordHash();
        return hash !== null && verifyPassword(password, hash);
      });
      if (!ok) throw new UnauthorizedError(SITE_MESSAGES.wrong);
      // The address's wrong site passwords are forgiven; its wrong API keys (counted apart) are not.
      await limiter.forgive('site', { address: clientKey });
      return service.issueToken();
    },

    async issueToken(): Promise<string> {
      const token = generateToken();
      const now = clock().getTime();
      await repo.deleteExpiredSiteTokens(db, now);
      await repo.insertSiteToken(db, { id: tokenId(token), created_at: now, expires_at: now + SITE_TOKEN_TTL_MS });
      return token;
    },

    /** A token is valid while the site is not locked and it has not expired or been revoked. */
    async verifyToken(token: string | undefined | null): Promise<boolean> {
      return (await service.checkToken(token)) !== null;
    },

    /**
     * Like verifyToken, with the token's expiry and whether this check slid it forward (then a
     * cookie holding the token should be sent again, or the browser drops it before the server does).
     */
    async checkToken(token: string | undefined | null): Promise<{ expiresAt: number; extended: boolean; lockout: LockoutStatus } | null> {
      if (!isWellFormedToken(token)) return null;
      const lockout = await service.lockoutStatus();
      if (lockout.isLocked) return null;
      const id = tokenId(token);
      const row = await knownTokens.get(id, () => repo.findSiteToken(db, id));
      const now = clock().getTime();
      if (!row || row.expires_at <= now) return null;
      // Sliding expiry: a token in regular use does not run out.
      if (row.expires_at - now < SITE_TOKEN_TTL_MS / 2) {
        const expiresAt = now + SITE_TOKEN_TTL_MS;
        await repo.extendSiteToken(db, row.id, expiresAt);
        return { expiresAt, extended: true, lockout };
      }
      return { expiresAt: row.expires_at, extended: false, lockout };
    },

    async revokeToken(token: string | undefined | null): Promise<void> {
      if (isWellFormedToken(token)) await repo.deleteSiteToken(db, tokenId(token));
    },

    /** Stores a new site password (CLI, first-run setup). Existing site tokens stop working. */
    async setPassword(password: string): Promise<void> {
      const hash = await hashNewSitePassword(password);
      await db.transaction().execute(async (trx) => {
        await repo.setSitePasswordHash(trx, hash);
        await repo.deleteAllSiteTokens(trx);
      });
    },

    /**
     * First-run setup: stores the first site password, once (a second setup loses the race with
     * a 409), and starts the lockout from now, since nobody could enter before.
     */
    async setUpPassword(password: string): Promise<void> {
      const hash = await hashNewSitePassword(password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.setSitePasswordHashIfUnset(trx, hash))) throw new ConflictError(SITE_MESSAGES.alreadySetUp);
        await repo.deleteAllSiteTokens(trx);
        const hours = lockoutPeriodHours(config, await repo.readSiteState(trx));
        if (hours > 0) await repo.setLockoutExpiry(trx, clock().getTime() + hours * HOUR_MS);
      });
    },

    /** Whether SITE_PASSWORD overrides the stored password (the CLI warns about it). */
    passwordFromEnvironment: Boolean(config.site.password),
  };
  return service;
}
