// The tag vocabulary as GET /api/tags answers it: the 62 preset tags in their seven groups (one
// shared constant), and the owner's own tags that are not among them, as first entered.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { TagVocabulary } from '../../shared/media.ts';
import { PRESET_TAGS, TAG_GROUPS } from '../../shared/tag-groups.ts';
import { distinctTags } from './media.repo.ts';

const PRESET_KEYS = new Set(PRESET_TAGS.map((t) => t.toLowerCase()));

/** Alphabetical as people read it: ignoring case and accents' weight. */
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

export async function tagVocabulary(db: Kysely<Database>, ownerId: string, freeOnly = false): Promise<TagVocabulary> {
  const custom: string[] = [];
  for (const { tag, tags } of await distinctTags(db, ownerId, freeOnly)) {
    if (PRESET_KEYS.has(tag)) continue;
    // The spelling of the item the tag was found on; the lower-case copy if it cannot be read.
    let spelled: string | undefined;
    try {
      spelled = (JSON.parse(tags) as string[]).find((t) => t.toLowerCase() === tag);
    } catch {
      spelled = undefined;
    }
    custom.push(spelled ?? tag);
  }
  return { groups: TAG_GROUPS.map((g) => ({ name: g.name, tags: [...g.tags] })), custom: custom.sort(byName) };
}
