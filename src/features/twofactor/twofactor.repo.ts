// SQL of two-factor sign-in: an account's TOTP secret, its recovery codes (hashed) and the
// sign-in challenges waiting for a code (hashed).

import type { Db } from '../../db/database.ts';
import type { NewSignInChallenge } from './twofactor.table.ts';

export async function findTotp(db: Db, userId: string) {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a new pending secret (replacing a pending one); false when two-factor sign-in is already on. */
export async function savePendingSecret(db: Db, userId: string, secret: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, created_at: now }).where('user_totp.enabled_at', 'is', null))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Turns the pending secret on, with `step` as the last code taken; false when nothing was pending. */
export async function enableTotp(db: Db, userId: string, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ enabled_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the code of time step `step`, once: false when that step or a later one was taken already. */
export async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor sign-in off: the secret, the recovery codes and any open challenge go. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('signin_challenges').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('totp_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Uses up one recovery code; false when it is not one of the account's unused codes. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(db: Db, row: NewSignInChallenge): Promise<void> {
  await db.insertInto('signin_challenges').values(row).execute();
}

export async function findChallenge(db: Db, id: string) {
  return db.selectFrom('signin_challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.deleteFrom('signin_challenges').where('id', '=', id).execute();
}

export async function countChallengeFailure(db: Db, id: string): Promise<void> {
  await db
    .updateTable('signin_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteExpiredChallenges(db: Db, now: number): Promise<void> {
  await db.deleteFrom('signin_challenges').where('expires_at', '<=', now).execute();
}

/** Every account's TOTP secret as stored (the vault key's start-up check and rotation). */
export async function everyTotpSecret(db: Db): Promise<{ user_id: string; secret: string }[]> {
  return db.selectFrom('user_totp').select(['user_id', 'secret']).execute();
}

/** Replaces a secret as stored (sealed again under another key), keeping the account's state. */
export async function setTotpSecret(db: Db, userId: string, secret: string): Promise<void> {
  await db.updateTable('user_totp').set({ secret }).where('user_id', '=', userId).execute();
}
