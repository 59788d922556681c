// SQL of the site gate: the single site_state row and the site tokens.

import type { Db } from '../../db/database.ts';
import type { NewSiteToken } from './gate.table.ts';

export async function readSiteState(db: Db) {
  return db.selectFrom('site_state').select(['site_password_hash', 'lockout_expires_at', 'lockout_hours']).where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Stores the lockout period chosen on the setup page and the expiry it sets (null: off). */
export async function setLockoutPeriod(db: Db, hours: number, expiresAt: number | null): Promise<void> {
  await db.updateTable('site_state').set({ lockout_hours: hours, lockout_expires_at: expiresAt }).where('id', '=', 1).execute();
}

export async function setLockoutExpiry(db: Db, expiresAt: number | null): Promise<void> {
  await db.updateTable('site_state').set({ lockout_expires_at: expiresAt }).where('id', '=', 1).execute();
}

/** Arms the lockout only if it is not armed yet; returns the expiry in force. */
export async function armLockoutIfUnset(db: Db, expiresAt: number): Promise<number> {
  await db.updateTable('site_state').set({ lockout_expires_at: expiresAt }).where('id', '=', 1).where('lockout_expires_at', 'is', null).execute();
  const row = await readSiteState(db);
  return row.lockout_expires_at ?? expiresAt;
}

export async function setSitePasswordHash(db: Db, hash: string): Promise<void> {
  await db.updateTable('site_state').set({ site_password_hash: hash }).where('id', '=', 1).execute();
}

/** First-run setup: stores the hash only if no password is stored yet; says whether it did. */
export async function setSitePasswordHashIfUnset(db: Db, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('site_state')
    .set({ site_password_hash: hash })
    .where('id', '=', 1)
    .where('site_password_hash', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertSiteToken(db: Db, row: NewSiteToken): Promise<void> {
  await db.insertInto('site_tokens').values(row).execute();
}

export async function findSiteToken(db: Db, id: string) {
  return db.selectFrom('site_tokens').select(['id', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

export async function extendSiteToken(db: Db, id: string, expiresAt: number): Promise<void> {
  await db.updateTable('site_tokens').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSiteToken(db: Db, id: string): Promise<void> {
  await db.deleteFrom('site_tokens').where('id', '=', id).execute();
}

export async function deleteAllSiteTokens(db: Db): Promise<void> {
  await db.deleteFrom('site_tokens').execute();
}

export async function deleteExpiredSiteTokens(db: Db, now: number): Promise<void> {
  await db.deleteFrom('site_tokens').where('expires_at', '<=', now).execute();
}
