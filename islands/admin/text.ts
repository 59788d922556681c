// The Admin Panel's texts and times (spec: admin client messages, business constants).

/** The spec's admin client messages (error catalogue), verbatim. */
export const ADMIN_TEXT = {
  loadFailed: 'Failed to load users',
  createFailed: 'Failed to create admin account',
  promoteFailed: 'Failed to promote user',
  resetFailed: 'Failed to reset site lockout',
  created: 'Success: New admin account created successfully!',
  /** The same toast for a plain user made in the dialog (the spec's words are for an administrator). */
  createdUser: 'Success: New user account created successfully!',
  promoted: (name: string) => `${name} has been promoted to admin!`,
  network: (message: string) => `Network error: ${message}`,
  empty: 'No users found',
} as const;

/** The page reloads this long after a successful lockout reset (spec, business constants). */
export const RELOAD_AFTER_RESET_MS = 2000;
