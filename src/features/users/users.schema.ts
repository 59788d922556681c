// Validation of user input and the public shape of a user (never the password or its hash).

import { z } from 'zod';
import { ROLES } from '../../shared/contracts/users.ts';

// The API's user shapes live with the islands' contracts; the old names keep working from here.
export { type PublicUser, ROLES, type Role, type UserSummary } from '../../shared/contracts/users.ts';
export const PASSWORD_MIN_LENGTH = 8;

const username = z
  .string({ message: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(64, 'Username must be at most 64 characters')
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'Username may contain letters, digits and . _ @ - only');
const name = z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');
const email = z
  .string({ message: 'Email is required' })
  .trim()
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Email must be a valid email address' }));
const password = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Password must be at most 256 characters');
const role = z.enum(ROLES, { message: 'Role must be admin or user' });

export const createUserSchema = z.object({ username, name, email, password, role: role.optional() });
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Only the fields sent are changed; empty strings count as not sent (the edit form sends only filled fields). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const updateUserSchema = z.object({
  username: z.preprocess(blankToUndefined, username.optional()),
  name: z.preprocess(blankToUndefined, name.optional()),
  email: z.preprocess(blankToUndefined, email.optional()),
  password: z.preprocess(blankToUndefined, password.optional()),
  role: z.preprocess(blankToUndefined, role.optional()),
  /** One's own password, needed to set a new one for oneself (an administrator setting another's needs none). */
  currentPassword: z.string({ message: 'Current password must be text' }).max(256, 'Password must be at most 256 characters').optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** PUT /api/me/preferences: only known keys, each optional (nothing sent changes nothing). */
export const preferencesSchema = z.object({ discreet: z.boolean().optional() }).strict();
export type PreferencesInput = z.infer<typeof preferencesSchema>;
