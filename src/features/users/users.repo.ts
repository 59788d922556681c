// SQL of users. Rows carry the password hash; only the service turns them into public users.

import type { Db } from '../../db/database.ts';
import type { NewUserRow, UserRow, UserUpdate } from './users.table.ts';

export type { UserRow } from './users.table.ts';

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', username.toLowerCase()).executeTakeFirst();
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function insertUser(db: Db, row: NewUserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Db, id: string, changes: Omit<UserUpdate, 'id' | 'created_at'>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** A user's own preferences (discreet mode); not a change to the account, so `updated_at` stays. */
export async function setDiscreet(db: Db, id: string, discreet: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ discreet: discreet ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** Deletes the user; sessions and everything else they own go with it (foreign keys cascade). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
