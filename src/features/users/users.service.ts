// The rules of accounts: who may create, read, change and delete which user; the last admin stays.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import { hashPassword } from '../../security/passwords.ts';
import { GUARD_MESSAGES, type SignedInViewer, type Viewer } from '../auth/viewer.ts';
import * as repo from './users.repo.ts';
import type { CreateUserInput, PreferencesInput, PublicUser, UpdateUserInput, UserSummary } from './users.schema.ts';

export type { SignedInViewer, Viewer };

/**
 * Ends a user's sessions, all but `keep`, inside the caller's transaction. The auth feature owns
 * sessions and provides this, so a password change and the sign-out it implies commit together.
 */
export type EndSessions = (trx: Db, userId: string, keep?: string) => Promise<void>;

/**
 * Checks a user's own password entered again, counted by the guessing limit for that account and
 * address (the auth feature provides it). Throws TooManyRequestsError past the limit.
 */
export type CheckOwnPassword = (userId: string, password: string, address: string) => Promise<boolean>;

export const USER_MESSAGES = {
  ...GUARD_MESSAGES,
  notYours: 'You can only do this for your own account',
  roleAdminOnly: 'Only an administrator can change a role',
  usernameTaken: 'That username is already taken',
  lastAdminDelete: 'The last administrator cannot be deleted',
  lastAdminDemote: 'The last administrator cannot be demoted',
  notFound: 'User not found',
  currentPasswordRequired: 'Your current password is required to set a new one',
  currentPasswordWrong: 'Your current password is not correct',
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

/**
 * Runs inside an account's deletion transaction before its rows go: what the rows alone cannot
 * take with them (the media library hands its stored bytes to deletion jobs that commit with it).
 */
export type BeforeUserDelete = (trx: Db, userId: string) => Promise<void>;

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService({
  db,
  clock,
  endSessions,
  checkOwnPassword,
  beforeDelete,
}: {
  db: Kysely<Database>;
  clock: Clock;
  endSessions: EndSessions;
  checkOwnPassword: CheckOwnPassword;
  beforeDelete?: BeforeUserDelete;
}) {
  function requireSignedIn(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
    if (!viewer) throw new UnauthorizedError(USER_MESSAGES.signInRequired);
  }
  function requireAdmin(viewer: Viewer): asserts viewer is NonNullable<Viewer> {
    requireSignedIn(viewer);
    if (viewer.role !== 'admin') throw new ForbiddenError(USER_MESSAGES.adminOnly);
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
      // Permission first: the hash costs real CPU, and no anonymous caller may spend it.
      const mayCreate = async (trx: Db) => {
        const first = (await repo.countUsers(trx)) === 0;
        if (!first) requireAdmin(viewer);
        return first;
      };
      await mayCreate(db);
      const passwordHash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        // Again, now under the write lock: the first account may have been made meanwhile.
        const first = await mayCreate(trx);
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
          discreet: 0,
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

    /**
     * Changes an account. A new password ends every other session of that user (the one asking
     * stays signed in when it is their own), in the same transaction. Setting one's own password
     * needs the current one (`currentPassword`), checked under the sign-in guessing limit for the
     * asking `address`: missing → 400, wrong → 403, both counted as failed attempts. An
     * administrator setting someone else's password needs none.
     */
    async update(viewer: Viewer, id: string, input: UpdateUserInput, address = 'unknown'): Promise<PublicUser> {
      requireSelfOrAdmin(viewer, id);
      const changesFor = async (trx: Db, row: repo.UserRow | undefined) => {
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
        return changes;
      };
      // Every rule is checked before the password is hashed, and again inside the transaction.
      await changesFor(db, await repo.findUserById(db, id));
      if (input.password && viewer.id === id) {
        const current = input.currentPassword ?? '';
        const ok = await checkOwnPassword(id, current, address);
        if (!current) throw new InvalidError(USER_MESSAGES.currentPasswordRequired);
        if (!ok) throw new ForbiddenError(USER_MESSAGES.currentPasswordWrong);
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return db.transaction().execute(async (trx) => {
        const row = await repo.findUserById(trx, id);
        const changes = await changesFor(trx, row);
        if (passwordHash) changes.password_hash = passwordHash;
        if (Object.keys(changes).length === 0) return toPublicUser(row!);
        changes.updated_at = clock().getTime();
        try {
          await repo.updateUser(trx, id, changes);
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(USER_MESSAGES.usernameTaken);
          throw error;
        }
        if (passwordHash) await endSessions(trx, id, viewer.id === id ? viewer.sessionId : undefined);
        return toPublicUser({ ...row!, ...changes });
      });
    },

    /** Deletes an account and everything it owns. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      requireSelfOrAdmin(viewer, id);
      await db.transaction().execute(async (trx) => {
        const row = await repo.findUserById(trx, id);
        if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
        if (row.role === 'admin' && (await repo.countAdmins(trx)) <= 1) throw new ConflictError(USER_MESSAGES.lastAdminDelete);
        await beforeDelete?.(trx, id);
        await repo.deleteUser(trx, id);
      });
    },

    /** For sign-in: the row with its hash. Only the auth service calls this. */
    findForSignIn(username: string) {
      return repo.findUserByUsername(db, username);
    },

    /** For a password entered again by a signed-in user: the row with its hash. Only the auth service calls this. */
    findForPasswordCheck(id: string) {
      return repo.findUserById(db, id);
    },

    /** The signed-in user's own preferences (PUT /api/me/preferences); answers them as now stored. */
    async setPreferences(userId: string, input: PreferencesInput): Promise<{ discreet: boolean }> {
      if (input.discreet !== undefined) await repo.setDiscreet(db, userId, input.discreet);
      const row = await repo.findUserById(db, userId);
      if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
      return { discreet: row.discreet === 1 };
    },

    /** CLI: sets a password by username and signs the account out everywhere. */
    async setPassword(username: string, password: string): Promise<void> {
      const row = await repo.findUserByUsername(db, username);
      if (!row) throw new NotFoundError(USER_MESSAGES.notFound);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        await repo.updateUser(trx, row.id, { password_hash: passwordHash, updated_at: clock().getTime() });
        await endSessions(trx, row.id);
      });
    },
  };
  return service;
}
