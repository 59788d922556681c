// Passkeys: the API's shapes and texts, shared by the server and the islands.

/** Most passkeys one member may register. */
export const MAX_PASSKEYS_PER_USER = 20;
export const MAX_PASSKEY_NAME_LENGTH = 64;
/**
 * Most passkey prompts (challenges, each alive 5 minutes) open at once: for signing in, per
 * address; for adding a passkey, per member. A loop asking for options cannot fill the database.
 */
export const MAX_OPEN_PASSKEY_PROMPTS = 30;

/** One of the member's passkeys as GET /api/me/passkeys lists it (ISO dates). */
export interface PasskeySummary {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PASSKEY_TEXT = {
  nameRequired: 'Give the passkey a name',
  nameTooLong: `A passkey name is at most ${MAX_PASSKEY_NAME_LENGTH} characters`,
  responseRequired: 'The passkey response is missing',
  challengeRequired: 'The sign-in challenge is missing',
  tooMany: `An account can have at most ${MAX_PASSKEYS_PER_USER} passkeys. Remove one to add another.`,
  registrationFailed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered',
  notFound: 'Passkey not found',
  signInFailed: 'This passkey was not accepted. Sign in with your password, or try another passkey.',
  tooManyPrompts: 'Too many passkey prompts were opened. Please try again in 5 minutes.',
} as const;
