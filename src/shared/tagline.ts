// The rotating tagline's timing (spec section 9), apart from the galleries' texts: the tagline is
// on both galleries' first screen, Premium's texts are not (they load with what first needs them).

/** The tagline changes every 10 s, fading over 1 s. */
export const TAGLINE_MS = 10_000;
export const TAGLINE_FADE_MS = 1_000;
