// Test factories: rows inserted straight into the database (no HTTP, no password hashing per row),
// so a test can set up many users and their collections quickly. Each returns what a test needs
// to act as that user through the API.

import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/database.ts';
import { generateToken, tokenId } from '../../src/security/tokens.ts';
import type { SignedIn } from './test-app.ts';

/** The password of every factory-made account. */
export const FACTORY_PASSWORD = 'factory password';
// One argon2id hash for the whole test process.
let hash: Promise<string> | undefined;
const passwordHash = () => (hash ??= Bun.password.hash(FACTORY_PASSWORD, { algorithm: 'argon2id' }));

const DAY = 24 * 3600_000;
let counter = 0;

export interface NewUser {
  id: string;
  username: string;
  name: string;
  role: 'admin' | 'user';
}

export async function newUser(db: Kysely<Database>, fields: Partial<Omit<NewUser, 'id'>> & { email?: string; createdAt?: number } = {}): Promise<NewUser> {
  const n = ++counter;
  const user: NewUser = { id: crypto.randomUUID(), username: fields.username ?? `user${n}`, name: fields.name ?? `User ${n}`, role: fields.role ?? 'user' };
  await db
    .insertInto('users')
    .values({
      id: user.id,
      username: user.username,
      username_key: user.username.toLowerCase(),
      name: user.name,
      email: fields.email ?? `${user.username}@example.test`,
      password_hash: await passwordHash(),
      role: user.role,
      created_at: fields.createdAt ?? Date.now(),
      updated_at: null,
    })
    .execute();
  return user;
}

/** A site token and a session for `user`, valid for 30 days from `now`, as an API client holds them. */
export async function credentialsFor(db: Kysely<Database>, user: NewUser, now = Date.now()): Promise<SignedIn> {
  const siteToken = generateToken();
  const token = generateToken();
  await db
    .insertInto('site_tokens')
    .values({ id: tokenId(siteToken), created_at: now, expires_at: now + 30 * DAY })
    .execute();
  await db
    .insertInto('sessions')
    .values({ id: tokenId(token), user_id: user.id, created_at: now, expires_at: now + 30 * DAY })
    .execute();
  return { siteToken, token, user: { _id: user.id, name: user.name, role: user.role, admin: user.role === 'admin' } };
}

/** A new user, signed in. */
export async function signedInUser(db: Kysely<Database>, fields: Parameters<typeof newUser>[1] = {}, now = Date.now()): Promise<SignedIn> {
  return credentialsFor(db, await newUser(db, fields), now);
}
