// Who is asking, as the guards set it and the services receive it, and what the guards answer a
// request that may not pass. The users feature builds on these (its rules name the viewer), so
// they live here, with sign-in, and the auth feature needs nothing of the users feature's code.

/** Who is asking: the signed-in user (and the session they asked with), or null. */
export type SignedInViewer = { id: string; role: 'admin' | 'user'; sessionId?: string };
export type Viewer = SignedInViewer | null;

/** The guards' answers (USER_MESSAGES carries them too). */
export const GUARD_MESSAGES = {
  signInRequired: 'You must be signed in',
  adminOnly: 'Only an administrator can do this',
} as const;
