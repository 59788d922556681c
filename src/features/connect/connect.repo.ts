// SQL of Connect's vault. Every query of accounts carries the owner, except the key's own
// housekeeping (start-up check, rotation), which reads every owner's sealed values.

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsText, ownedBy, type Page, paged } from '../../db/owned.ts';
import { keyIdOfSealed } from '../../security/secret-box.ts';
import type { VaultCategory } from '../../shared/connect.ts';
import { type NewVaultAccountRow, SEALED_FIELDS, type VaultAccountRow } from './connect.table.ts';

export interface VaultFilter {
  category?: VaultCategory | undefined;
  /** Part of the name, ignoring case; '' for all. */
  search: string;
}

/** Name order ignoring case (as people read a list), then id so equal names keep one order. */
export async function listVaultAccounts(
  db: Db,
  ownerId: string,
  filter: VaultFilter,
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<Page<VaultAccountRow>> {
  let query = db.selectFrom('vault_accounts').selectAll().where(ownedBy('vault_accounts', ownerId));
  if (filter.category) query = query.where('vault_accounts.category', '=', filter.category);
  if (filter.search) query = query.where(containsText('vault_accounts.name', filter.search));
  query = query.orderBy(sql`vault_accounts.name collate nocase ${sql.raw(order)}`).orderBy('vault_accounts.id', order);
  return paged(query, page);
}

/** Every account of the owner, in list order (export, duplicate checks of an import). */
export async function allVaultAccounts(db: Db, ownerId: string): Promise<VaultAccountRow[]> {
  return db.selectFrom('vault_accounts').selectAll().where(ownedBy('vault_accounts', ownerId)).orderBy(sql`name collate nocase`).orderBy('id').execute();
}

export async function findVaultAccount(db: Db, ownerId: string, id: string): Promise<VaultAccountRow | undefined> {
  return db.selectFrom('vault_accounts').selectAll().where(ownedBy('vault_accounts', ownerId)).where('id', '=', id).executeTakeFirst();
}

export async function insertVaultAccounts(db: Db, rows: NewVaultAccountRow[]): Promise<void> {
  // SQLite takes at most a few thousand bound values per statement: insert in slices.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('vault_accounts')
      .values(rows.slice(i, i + 200))
      .execute();
}

export type VaultAccountChanges = Partial<Omit<VaultAccountRow, 'id' | 'owner_id' | 'created_at'>>;

/** Whether the row was there to change. */
export async function updateVaultAccount(db: Db, ownerId: string, id: string, changes: VaultAccountChanges): Promise<boolean> {
  const result = await db.updateTable('vault_accounts').set(changes).where(ownedBy('vault_accounts', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a row went (false: not the owner's, or not there). */
export async function deleteVaultAccount(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vault_accounts').where(ownedBy('vault_accounts', ownerId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every owner's accounts: only the key rotation reads them all. */
export async function everyVaultAccount(db: Db): Promise<VaultAccountRow[]> {
  return db.selectFrom('vault_accounts').selectAll().orderBy('id').execute();
}

/** How many sealed values name each key id (start-up check; a vault is small, so a scan is fine). */
export async function sealedValuesByKey(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('vault_accounts')
    .select([...SEALED_FIELDS])
    .execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const field of SEALED_FIELDS) {
      const value = row[field];
      if (value === null) continue;
      // A value that names no key is damaged, not a reason to stop the hub: reading it says so.
      const id = keyIdOfSealed(value);
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

/** The id of the key new values are sealed with, or null before the first one. */
export async function currentVaultKeyId(db: Db): Promise<string | null> {
  const row = await db.selectFrom('vault_key_state').select('key_id').where('id', '=', 1).executeTakeFirst();
  return row?.key_id ?? null;
}

export async function setCurrentVaultKeyId(db: Db, keyId: string): Promise<void> {
  await db
    .insertInto('vault_key_state')
    .values({ id: 1, key_id: keyId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ key_id: keyId }))
    .execute();
}
