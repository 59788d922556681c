// The product's name and fixed lines, used by the app shell and the document title.

export const BRAND_NAME = 'Private Hub';
export const ADULT_NOTICE = 'Adults only (18+). Explicit content, for the private use of this household.';

export function copyrightLine(year: number): string {
  return `© ${year} ${BRAND_NAME}. All rights reserved.`;
}
