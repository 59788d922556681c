// Connect's vault: each owner's accounts, with username, email, password, website and favicon
// sealed by the vault key (src/security/secret-box.ts) and the name, category and dates in the
// clear (the list is found and ordered by them); and the one key id every sealed value is under.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vault_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    // Sealed text (v1.<keyId>.<...>), or null when the field is empty.
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addColumn('password', 'text')
    .addColumn('website', 'text')
    .addColumn('favicon', 'text')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'integer', (col) => col.notNull())
    .execute();
  // The owner's list in its order (name ignoring case, then id), whole or one category.
  await sql`create index vault_accounts_owner_name on vault_accounts (owner_id, name collate nocase, id)`.execute(db);
  await sql`create index vault_accounts_owner_category_name on vault_accounts (owner_id, category, name collate nocase, id)`.execute(db);
  // The id of the key new values are sealed with (never the key): `vault rotate-key` changes it in
  // the transaction that re-seals every value, so a running hub sees the change before it writes.
  await db.schema
    .createTable('vault_key_state')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('key_id', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vault_key_state').execute();
  await db.schema.dropTable('vault_accounts').execute();
}
