// The product's name and fixed lines, used by the app shell and the document title, and their
// neutral forms for discreet mode (decision 0054), where no visible text says what the hub is.

export const BRAND_NAME = 'Private Hub';
export const ADULT_NOTICE = 'Adults only (18+). Explicit content, for the private use of this household.';

export function copyrightLine(year: number, brand: string = BRAND_NAME): string {
  return `© ${year} ${brand}. All rights reserved.`;
}

/**
 * The hub's own words while discreet mode is on: the same places, nothing that names an adult
 * site (no "18+", "adult", "explicit", "mature", the Red Room or the brand; the brand is
 * DISCREET_TITLE). The confirmation of age the specification asks for stays, in these words.
 */
export const DISCREET_TEXT = {
  notice: 'For the private use of this household.',
  /** The gate's, sign-in's and setup's confirmation of age, headed so. */
  ageHeading: 'MEMBERS OF AGE ONLY',
  gate: 'Enter only if you are of legal age where you are.',
  signIn: 'By signing in you confirm that you are of legal age and agree to what this site holds.',
  setup: 'Everyone you give access to must be of legal age.',
  homeChip: 'Private',
} as const;

// The islands' neutral words, one constant each, so an island's script carries only its own. The
// gallery's name lives in discreet-names.ts: the galleries' first load imports it, and any module
// it imports from here would bring this whole file into that load.
export { DISCREET_GALLERY, DISCREET_HOME_BUTTON } from './discreet-names.ts';
/** The gallery's confirmation of age (the spec's mature-content warning) in neutral words. */
export const DISCREET_MATURE = {
  badge: 'Members only',
  title: 'Before you go on',
  body: 'This gallery is for members of legal age.',
  accept: 'I am of age and accept',
} as const;
