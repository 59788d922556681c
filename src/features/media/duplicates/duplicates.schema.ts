// zod schemas of the duplicates API: the view's mode (?mode=exact, the default, or similar) and
// the body that resolves a similar group ({keepId, mediaIds}). Each refusal is a 400 naming its field.

import { z } from 'zod';
import { queryEnum } from '../../../http/query-params.ts';
import { MAX_BULK_ITEMS } from '../../../shared/media.ts';

export const DUPLICATE_MODES = ['exact', 'similar'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

export const DUPLICATES_INPUT_MESSAGES = {
  mode: `mode must be one of ${DUPLICATE_MODES.join(', ')}`,
  keepId: 'keepId must be the id of the item to keep',
  mediaIds: `mediaIds must be a list of 1 to ${MAX_BULK_ITEMS} media ids`,
  keepAmongOthers: 'keepId must not be one of mediaIds',
} as const;
const M = DUPLICATES_INPUT_MESSAGES;

const mediaIdOf = (message: string) => z.string({ message }).trim().min(1, message).max(100, message);

/** GET ...duplicates: exact (same SHA-256) unless `mode=similar`; a blank mode is the default. */
export const duplicatesQuery = z.object({
  mode: z.preprocess((v) => (v === '' ? undefined : v), queryEnum(DUPLICATE_MODES, M.mode).default('exact')),
});

/** POST ...duplicates/resolve: the item kept and the others of its group (each id once). */
export const resolveSchema = z
  .object({
    keepId: mediaIdOf(M.keepId),
    mediaIds: z.array(mediaIdOf(M.mediaIds), { message: M.mediaIds }).min(1, M.mediaIds).max(MAX_BULK_ITEMS, M.mediaIds),
  })
  .refine((body) => !body.mediaIds.includes(body.keepId), M.keepAmongOthers)
  .transform((body) => ({ keepId: body.keepId, mediaIds: [...new Set(body.mediaIds)] }));
export type ResolveInput = z.output<typeof resolveSchema>;
