// The JSON shapes of a user as the API answers with them: shared by the server and the islands.

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** A user as the API and pages show it (never the password or its hash). */
export interface PublicUser {
  _id: string;
  name: string;
  username: string;
  email: string;
  role: Role;
  admin: boolean;
  created: string;
  updated: string | null;
}

/** What every signed-in user may see of others (the All Users list). */
export type UserSummary = Pick<PublicUser, '_id' | 'name'>;
