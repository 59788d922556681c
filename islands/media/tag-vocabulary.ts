// The tag vocabulary (GET /api/tags), loaded once per page and shared by every tag picker; kept
// apart from the picker so that a gallery can forget it after a save without loading the picker.

import type { TagVocabulary } from '../../src/shared/media.ts';

/** One load of GET /api/tags per page; forgotten after a save that may add custom tags. */
let vocabularyLoad: Promise<TagVocabulary | null> | null = null;

export function loadVocabulary(): Promise<TagVocabulary | null> {
  // The API client loads with the first call (the grid forgets the vocabulary without it).
  vocabularyLoad ??= import('../lib/api.ts')
    .then(({ api }) => api<TagVocabulary>('/api/tags', { fallback: 'Failed to load tags' }))
    .then((r) => {
      if (r.ok && Array.isArray(r.value?.groups)) return r.value;
      vocabularyLoad = null;
      return null;
    });
  return vocabularyLoad;
}

export function forgetVocabulary(): void {
  vocabularyLoad = null;
}
