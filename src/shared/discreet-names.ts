// The free gallery's neutral names in discreet mode (decision 0054), apart from brand.ts so that an
// island's first load that names the gallery carries these two lines and nothing else.

/** The free gallery's name (the Red Room's), on its page, on Home and wherever it is named. */
export const DISCREET_GALLERY = 'Gallery';
export const DISCREET_HOME_BUTTON = 'Open the Gallery';
