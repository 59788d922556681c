// Passkeys (WebAuthn): each member's registered credentials (public key, signature counter,
// backup flags) and the challenges handed out for registering one or signing in with one, kept
// server-side for five minutes and used once.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The credential id as the authenticator gave it, base64url.
    .addColumn('credential_id', 'text', (col) => col.notNull().unique())
    // The COSE public key.
    .addColumn('public_key', 'blob', (col) => col.notNull())
    .addColumn('counter', 'integer', (col) => col.notNull())
    // JSON array of transports (internal, hybrid, usb...), as the browser reported them.
    .addColumn('transports', 'text', (col) => col.notNull())
    // singleDevice or multiDevice (a synced passkey), and whether it is backed up now.
    .addColumn('device_type', 'text', (col) => col.notNull())
    .addColumn('backed_up', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .addColumn('last_used_at', 'integer')
    .execute();
  await sql`create index passkeys_user on passkeys (user_id, created_at)`.execute(db);
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    // 'register' (with the member adding a passkey) or 'signin' (no one yet).
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .execute();
  await sql`create index passkey_challenges_expiry on passkey_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
