// A yes/no choice kept in the browser's local storage (the gallery's Thumbnails switch, premium's
// Compact and Titles switches, the 18+ acceptance). Storage may be off (private windows): a read
// is then "no" and a write is skipped; the choice still holds for this visit.

export function storedFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function storeFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, String(on));
  } catch {
    // Not remembered without storage.
  }
}
