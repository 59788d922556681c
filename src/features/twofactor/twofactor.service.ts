// Two-factor sign-in (issue 22, decision 0055): an account's TOTP secret (set up, then enabled
// with a first code), its ten one-time recovery codes (kept as SHA-256: each carries 80 random
// bits, so a fast hash is enough), and the challenges that stand between a right password and a
// session: random, stored hashed, bound to one account, alive 5 minutes and for 5 wrong codes.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import { UntilChanged } from '../../db/changes.ts';
import type { Database, Db } from '../../db/database.ts';
import { ConflictError, InvalidError } from '../../errors.ts';
import { keyIdOfSealed, type SealedPlace, type SecretKey, seal } from '../../security/secret-box.ts';
import { generateToken, isWellFormedToken, tokenId } from '../../security/tokens.ts';
import type { SignInMethod } from '../../shared/contracts/sessions.ts';
import { matchingStep, newTotpSecret, otpauthUrl, qrSvg } from './totp.ts';
import * as repo from './twofactor.repo.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;

/** Who must have two-factor sign-in (REQUIRE_2FA): nobody, administrators, or everyone. */
export type TwoFactorRequirement = 'off' | 'admins' | 'all';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right',
  challengeGone: 'This sign-in has expired. Enter your password again.',
  alreadyOn: 'Two-factor sign-in is already on',
  nothingPending: 'Set up two-factor sign-in first',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  wrongPassword: 'The password is not right',
  enrolRequired: 'Set up two-factor sign-in to continue',
} as const;

export interface TwoFactorStatus {
  /** Codes are asked for at sign-in. */
  enabled: boolean;
  /** A secret was set up and waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
  /** REQUIRE_2FA applies to this account. */
  required: boolean;
}

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** Spaces and dashes are ignored: "123 456" and "abcd-efgh-…" are typed as shown. */
function compact(code: unknown): string {
  return typeof code === 'string' ? code.replace(/[\s-]/g, '').toLowerCase() : '';
}

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
const isRecoveryCode = (code: string) => /^[a-z2-7]{16}$/.test(code);

/** A recovery code as shown: 16 base32 characters (80 bits) in groups of four. */
function newRecoveryCode(): string {
  return generateToken()
    .slice(0, 16)
    .replace(/(.{4})(?!$)/g, '$1-');
}

/**
 * Seals and opens values with the vault key (the Connect vault's, which keeps the key and knows
 * which key new values use): the TOTP secret is kept sealed, never as it is.
 */
export interface ValueSealer {
  /** Seals with the key new values use (read in `trx`, so a rotation beside the hub is seen). */
  seal(trx: Db, value: string, place: SealedPlace): Promise<string>;
  /** Opens a sealed value; throws when it does not open here (another key, another place, altered). */
  open(sealed: string, place: SealedPlace): string;
}

/** Where an account's TOTP secret belongs: sealed for this account and field, it opens nowhere else. */
export function totpPlace(userId: string): SealedPlace {
  return { rowId: userId, ownerId: userId, field: 'totp_secret' };
}

/** How many TOTP secrets each vault key sealed (the start-up check refuses to start without them). */
export async function sealedTotpByKey(db: Db): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await repo.everyTotpSecret(db)) {
    const id = keyIdOfSealed(row.secret);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/**
 * Seals every TOTP secret under `key` (a rotation, inside its transaction); a secret still kept as
 * it is (written before sealing) is sealed too. Answers how many. A value that does not open throws.
 */
export async function resealTotpSecrets(db: Db, open: (sealed: string, place: SealedPlace) => string, key: SecretKey): Promise<number> {
  const rows = await repo.everyTotpSecret(db);
  for (const row of rows) {
    const place = totpPlace(row.user_id);
    const plain = keyIdOfSealed(row.secret) === null ? row.secret : open(row.secret, place);
    await repo.setTotpSecret(db, row.user_id, seal(key, plain, place));
  }
  return rows.length;
}

/** Seals the TOTP secrets still kept as they are (rows from before sealing); answers how many. */
export async function sealPlainTotpSecrets(db: Db, key: SecretKey): Promise<number> {
  let sealed = 0;
  for (const row of await repo.everyTotpSecret(db)) {
    if (keyIdOfSealed(row.secret) !== null) continue;
    await repo.setTotpSecret(db, row.user_id, seal(key, row.secret, totpPlace(row.user_id)));
    sealed++;
  }
  return sealed;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

/** What a code step came to: signed in (with a code or a recovery code), a wrong code, or a dead challenge. */
export type Redeemed =
  | { outcome: 'ok'; userId: string; method: Extract<SignInMethod, 'password+code' | 'password+recovery'> }
  | { outcome: 'wrong' }
  | { outcome: 'gone' };

export function createTwoFactorService({
  db,
  clock,
  sealer,
  requirement = 'off',
}: {
  db: Kysely<Database>;
  clock: Clock;
  sealer: ValueSealer;
  requirement?: TwoFactorRequirement;
}) {
  // Read on every request while REQUIRE_2FA is on; kept until anything is written.
  const knownEnabled = new UntilChanged<{ enabled: boolean }>(db);
  const now = () => clock().getTime();

  const service = {
    async isEnabled(userId: string): Promise<boolean> {
      const known = await knownEnabled.get(userId, async () => ({ enabled: (await repo.findTotp(db, userId))?.enabled_at != null }));
      return known?.enabled ?? false;
    },

    /** REQUIRE_2FA applies to an account of this role. */
    isRequiredFor(role: 'admin' | 'user'): boolean {
      return requirement === 'all' || (requirement === 'admins' && role === 'admin');
    },

    /** The account must set up two-factor sign-in before it may do anything else. */
    async mustEnrol(user: { id: string; role: 'admin' | 'user' }): Promise<boolean> {
      return service.isRequiredFor(user.role) && !(await service.isEnabled(user.id));
    },

    async status(user: { id: string; role: 'admin' | 'user' }): Promise<TwoFactorStatus> {
      const row = await repo.findTotp(db, user.id);
      const enabled = row?.enabled_at != null;
      return {
        enabled,
        pending: row !== undefined && !enabled,
        recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(db, user.id) : 0,
        required: service.isRequiredFor(user.role),
      };
    },

    /** A new pending secret (replacing an earlier pending one), its address and its QR code. */
    async setup(userId: string, username: string): Promise<TotpSetup> {
      const secret = newTotpSecret();
      const saved = await db
        .transaction()
        .execute(async (trx) => repo.savePendingSecret(trx, userId, await sealer.seal(trx, secret, totpPlace(userId)), now()));
      if (!saved) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
      const url = otpauthUrl(username, secret);
      return { secret, otpauthUrl: url, qrSvg: qrSvg(url) };
    },

    /** Turns two-factor sign-in on with a first code of the pending secret; the recovery codes are shown this once. */
    async enable(userId: string, code: unknown): Promise<{ recoveryCodes: string[] }> {
      const typed = compact(code);
      if (!isTotpCode(typed)) throw new InvalidError(TWO_FACTOR_MESSAGES.codeRequired);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction().execute(async (trx) => {
        const row = await repo.findTotp(trx, userId);
        if (row?.enabled_at != null) throw new ConflictError(TWO_FACTOR_MESSAGES.alreadyOn);
        if (!row) throw new ConflictError(TWO_FACTOR_MESSAGES.nothingPending);
        const step = matchingStep(sealer.open(row.secret, totpPlace(userId)), typed, now());
        if (step === null) throw new InvalidError(TWO_FACTOR_MESSAGES.wrongCode);
        await repo.enableTotp(trx, userId, step, now());
        await repo.replaceRecoveryCodes(
          trx,
          userId,
          recoveryCodes.map((c) => tokenId(compact(c))),
        );
      });
      return { recoveryCodes };
    },

    /** Turns it off (the caller has checked the password, or it is the server's command line). */
    async disable(userId: string): Promise<boolean> {
      return db.transaction().execute((trx) => repo.deleteTwoFactor(trx, userId));
    },

    /** After a right password: a challenge for the code step, or null when the account has no second factor. */
    async challengeAfterPassword(userId: string): Promise<string | null> {
      if (!(await service.isEnabled(userId))) return null;
      const challenge = generateToken();
      await repo.deleteExpiredChallenges(db, now());
      await repo.insertChallenge(db, { id: tokenId(challenge), user_id: userId, expires_at: now() + CHALLENGE_TTL_MS, failures: 0 });
      return challenge;
    },

    /** The account a live challenge was made for (for the guessing limit), or null. */
    async challengeAccount(challenge: unknown): Promise<string | null> {
      const id = typeof challenge === 'string' && isWellFormedToken(challenge) ? tokenId(challenge) : null;
      const row = id ? await repo.findChallenge(db, id) : undefined;
      return row && row.expires_at > now() ? row.user_id : null;
    },

    /**
     * The code step: a current code not taken before, or an unused recovery code (used up), on a
     * live challenge. A right one ends the challenge and answers the account and which it was; a
     * wrong one counts against the challenge (its fifth ends it); a dead challenge checks nothing.
     * One transaction: of many identical requests, one wins. The guessing limit is the caller's.
     */
    async redeem(challenge: unknown, code: unknown): Promise<Redeemed> {
      const typed = compact(code);
      return db.transaction().execute(async (trx): Promise<Redeemed> => {
        const id = typeof challenge === 'string' && isWellFormedToken(challenge) ? tokenId(challenge) : null;
        const row = id ? await repo.findChallenge(trx, id) : undefined;
        if (!id || !row || row.expires_at <= now() || row.failures >= CHALLENGE_MAX_FAILURES) {
          if (id && row) await repo.deleteChallenge(trx, id);
          return { outcome: 'gone' };
        }
        let method: Extract<Redeemed, { outcome: 'ok' }>['method'] | null = null;
        if (isTotpCode(typed)) {
          const totp = await repo.findTotp(trx, row.user_id);
          const step = totp?.enabled_at != null ? matchingStep(sealer.open(totp.secret, totpPlace(row.user_id)), typed, now()) : null;
          if (step !== null && (await repo.takeStep(trx, row.user_id, step))) method = 'password+code';
        } else if (isRecoveryCode(typed)) {
          if (await repo.spendRecoveryCode(trx, row.user_id, tokenId(typed), now())) method = 'password+recovery';
        }
        if (method) {
          await repo.deleteChallenge(trx, id);
          return { outcome: 'ok', userId: row.user_id, method };
        }
        if (row.failures + 1 >= CHALLENGE_MAX_FAILURES) await repo.deleteChallenge(trx, id);
        else await repo.countChallengeFailure(trx, id);
        return { outcome: 'wrong' };
      });
    },
  };
  return service;
}
