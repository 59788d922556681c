// Validation of streaming-site input: the API's bodies and the list's own filters. Unknown fields
// (the entity's _id, createdAt, lastVisited sent back by a client) are ignored, never stored.

import { z } from 'zod';
import { listQuerySchema } from '../../http/list-query.ts';
import { queryBool } from '../../http/query-params.ts';
import {
  DEFAULT_STREAMING_SITE_CATEGORY,
  STREAMING_SITE_LIMITS as LIMITS,
  STREAMING_SITE_MESSAGES as M,
  STREAMING_SITE_CATEGORIES,
  streamingSiteUrlProblem,
} from '../../shared/watch.ts';

const name = z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(LIMITS.name, M.nameTooLong);

/** Absolute http(s) only: javascript:, data:, file: and relative addresses are refused. */
const url = z
  .string({ message: M.urlRequired })
  .trim()
  .superRefine((text, ctx) => {
    const problem = streamingSiteUrlProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Optional; null and blanks mean none. */
const description = z.preprocess(
  (v) => (v === null ? '' : v),
  z.string({ message: 'description must be text' }).trim().max(LIMITS.description, M.descriptionTooLong),
);
const category = z.enum(STREAMING_SITE_CATEGORIES, { message: M.category });
const isFavorite = z.boolean({ message: M.favorite });

export const createSiteSchema = z.object({
  name,
  url,
  description: description.optional().default(''),
  category: category.optional().default(DEFAULT_STREAMING_SITE_CATEGORY),
  isFavorite: isFavorite.optional().default(false),
});
export type CreateSiteInput = z.infer<typeof createSiteSchema>;

/** Only the fields sent change; `{ isFavorite }` alone is how the favourite toggles. */
export const updateSiteSchema = z.object({
  name: name.optional(),
  url: url.optional(),
  description: description.optional(),
  category: category.optional(),
  isFavorite: isFavorite.optional(),
});
export type UpdateSiteInput = z.infer<typeof updateSiteSchema>;

export const SITE_SORTS = ['createdAt', 'name'] as const;

/** Paging, order and search of GET /api/streaming-sites; the default is newest first. */
export const siteListQuerySchema = listQuerySchema({ sorts: SITE_SORTS, defaultSort: 'createdAt', defaultOrder: 'desc', defaultLimit: 100, maxLimit: 1000 });

/** The list's own filters. */
export const siteFilterSchema = z.object({
  category: category.optional(),
  favorite: queryBool({ message: 'favorite must be true or false' }).optional(),
});
