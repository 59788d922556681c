// Premium and Connect locks (issue 22, decision 0057): what the API, the pages and the islands share.

export const LOCK_AREAS = ['premium', 'connect'] as const;
export type LockArea = (typeof LOCK_AREAS)[number];

/** How long an unlock lasts, in minutes. */
export const LOCK_MINUTES_MIN = 1;
export const LOCK_MINUTES_MAX = 240;
export const LOCK_MINUTES_DEFAULT = 15;
/** A PIN: 4 to 12 digits. */
export const PIN_PATTERN = /^\d{4,12}$/;
/** Wrong PINs (and wrong proofs) allowed per account in PIN_WINDOW_MINUTES, whatever LOGIN_MAX_ATTEMPTS says. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_WINDOW_MINUTES = 15;

export const LOCK_TEXT = {
  locked: { premium: 'Premium is locked', connect: 'Connect is locked' } satisfies Record<LockArea, string>,
  lockedHint: 'Enter your PIN to open it on this device.',
  wrongPin: 'Wrong PIN',
  pin: 'pin must be 4 to 12 digits',
  pinRequired: 'Choose a PIN of 4 to 12 digits for your locks',
  minutes: `minutes must be a whole number from ${LOCK_MINUTES_MIN} to ${LOCK_MINUTES_MAX}`,
  proofRequired: 'Enter your current PIN or your password to change your locks',
  wrongProof: 'The current PIN or password is wrong',
  noPin: 'No lock is set',
  nothingToUpdate: 'Send premium, connect, minutes or pin to update',
  saved: 'Locks saved',
  lockedNow: 'Locked',
  keysNeverUnlock: 'An API key cannot open a locked area',
} as const;

/** GET/PUT /api/me/locks: the owner's locks, and whether each is closed for this session now. */
export interface LockSettings {
  premium: boolean;
  connect: boolean;
  minutes: number;
  hasPin: boolean;
  /** Until when this session is unlocked (ISO), or null. */
  unlockedUntil: string | null;
  /** Whether each area is closed to this session right now. */
  locked: Record<LockArea, boolean>;
}

/** POST /api/unlock. */
export interface UnlockResult {
  unlockedUntil: string;
}
