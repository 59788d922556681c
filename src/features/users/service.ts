// The rules of accounts: who may create, read, change and delete which user; the last admin stays.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { Clock } from '../../http/context.ts';
import { hashPassword } from '../../security/passwords.ts';
import * as repo from './repo.ts';
import type { CreateUserInput, PublicUser, UpdateUserInput, UserSummary } from './schema.ts';

/** Who is asking: the signed-in user, or null. */
export type Viewer = { id: string; role: 'admin' | 'user' } | null;

export const USER_MESSAGES = {
  signInRequired: 'You must be signed in',
  adminOnly: 'Only an administrator can do this',
  notYours: 'You can only do this for your own account',
  roleAdminOnly: 'Only an administrator can change a role',
  usernameTaken: 'That username is already taken',
  lastAdminDelete: 'The last administrator cannot be deleted',
  lastAdminDemote: 'The last administrator cannot be demoted',
  notFound: 'User not found',
} as const;

export function toPublicUser(row: repo.UserRow): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.role,
    admin: row.role === 'admin',
    created: new Date(row.created_at).toISOString(),
    updated: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: users\.username_key/.test(error.message);
}

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  function requireSignedIn(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
    if (!viewer) throw new UnauthorizedError(USER_MESSAGES.signInRequired);
  }
  function requireSelfOrAdmin(viewer: Viewer, id: string): asserts viewer is NonNullable<Viewer> {
    requireSignedIn(viewer);
    if (viewer.id !== id && viewer.role !== 'admin') throw new ForbiddenError(USER_MESSAGES.notYours);
  }

  const service = {
    async hasUsers(): Promise<boolean> {
      return (await repo.countUsers(db)) > 0;
    },

    /**
     * Creates an account. While no account exists anyone past the site gate may create the first
     * one, and it is always an admin; after that only an admin may create accounts.
     */
    async create(viewer: Viewer, input: CreateUserInput): Promise<PublicUser> {
      const passwordHash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        const first = (await repo.countUsers(trx)) === 0;
        if (!first) {
          requireSignedIn(viewer);
          if (viewer.role !== 'admin') throw new ForbiddenError(USER_MESSAGES.adminOnly);
        }
        const now = clock().getTime();
        const row: repo.UserRow = {
          id: crypto.randomUUID(),
          username: input.username,
          username_key: input.username.toLowerCase(),
          name: input.name,
          email: input.email,
          password_hash: passwordHash,
          role: first ? 'admin' : (input.role ?? 'user'),
          created_at: now,
          updated_at: null,
        };
        try {
          await repo.insertUser(trx, row);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.usernameTaken);
          throw error;
        }
        return toPublicUser(row);
      });
    },

    /** Admins see every account in full; other users only names, for the All Users list. */
    async list(viewer: Viewer): Promise<PublicUser[] | UserSummary[]> {
      requireSignedIn(viewer);
      const rows = await repo.listUsers(db);
      if (viewer.role === 'admin') return rows.map(toPublicUser);
      return rows.map((r) => ({ _id: r.id, name: r.name }));
    },

    async get(viewer: Viewer, id: string): Promise<PublicUser> {
      requireSelfOrAdmin(viewer, id);
      const row = await repo.findUserById(db, id);
      if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
      return toPublicUser(row);
    },

    async update(viewer: Viewer, id: string, input: UpdateUserInput): Promise<PublicUser> {
      requireSelfOrAdmin(viewer, id);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction().execute(async (trx) => {
        const row = await repo.findUserById(trx, id);
        if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
        const changes: Partial<repo.UserRow> = {};
        if (input.role !== undefined && input.role !== row.role) {
          if (viewer.role !== 'admin') throw new ForbiddenError(USER_MESSAGES.roleAdminOnly);
          if (row.role === 'admin' && (await repo.countAdmins(trx)) <= 1) throw new ConflictError(USER_MESSAGES.lastAdminDemote);
          changes.role = input.role;
        }
        if (input.username !== undefined && input.username !== row.username) {
          changes.username = input.username;
          changes.username_key = input.username.toLowerCase();
        }
        if (input.name !== undefined && input.name !== row.name) changes.name = input.name;
        if (input.email !== undefined && input.email !== row.email) changes.email = input.email;
        if (passwordHash) changes.password_hash = passwordHash;
        if (Object.keys(changes).length === 0) return toPublicUser(row);
        changes.updated_at = clock().getTime();
        try {
          await repo.updateUser(trx, id, changes);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.usernameTaken);
          throw error;
        }
        return toPublicUser({ ...row, ...changes });
      });
    },

    /** Deletes an account and everything it owns. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      requireSelfOrAdmin(viewer, id);
      await db.transaction().execute(async (trx) => {
        const row = await repo.findUserById(trx, id);
        if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
        if (row.role === 'admin' && (await repo.countAdmins(trx)) <= 1) throw new ConflictError(USER_MESSAGES.lastAdminDelete);
        await repo.deleteUser(trx, id);
      });
    },

    /** For sign-in: the row with its hash. Only the auth service calls this. */
    findForSignIn(username: string) {
      return repo.findUserByUsername(db, username);
    },

    /** CLI: sets a password by username; returns the user's id (the caller ends their sessions). */
    async setPassword(username: string, password: string): Promise<string> {
      const row = await repo.findUserByUsername(db, username);
      if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
      await repo.updateUser(db, row.id, { password_hash: await hashPassword(password), updated_at: clock().getTime() });
      return row.id;
    },
  };
  return service;
}
