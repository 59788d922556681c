// zod schemas of the links API's input: the spec's messages for name and URL, limits for the rest.
// Fields the API does not take (_id, createdAt, lastVisited, autoImported, sourceModel ...) are
// ignored, so a client may send a whole link back with one field changed.

import { z } from 'zod';
import { listQuerySchema } from '../../http/list-query.ts';
import { queryBool } from '../../http/query-params.ts';
import { isWebUrl, LINK_CATEGORIES, LINK_LIMITS, LINK_TEXT } from '../../shared/links.ts';

const name = z
  .string({ message: LINK_TEXT.nameRequired })
  .trim()
  .min(1, LINK_TEXT.nameRequired)
  .max(LINK_LIMITS.name, `Link name must be at most ${LINK_LIMITS.name} characters`);

/** An absolute http(s) URL: javascript:, data:, file: and relative addresses are refused. */
export const linkUrl = z
  .string({ message: LINK_TEXT.urlRequired })
  .trim()
  .min(1, LINK_TEXT.urlRequired)
  .max(LINK_LIMITS.url, `URL must be at most ${LINK_LIMITS.url} characters`)
  .refine(isWebUrl, LINK_TEXT.invalidUrl);

const description = z
  .string({ message: 'description must be text' })
  .trim()
  .max(LINK_LIMITS.description, `Description must be at most ${LINK_LIMITS.description} characters`);

const category = z.enum(LINK_CATEGORIES, { message: `Category must be one of ${LINK_CATEGORIES.join(', ')}` });
const isFavorite = z.boolean({ message: 'isFavorite must be true or false' });

export const createLinkSchema = z.object({
  name,
  url: linkUrl,
  description: description.optional(),
  category: category.optional(),
  isFavorite: isFavorite.optional(),
});
export type CreateLinkInput = z.output<typeof createLinkSchema>;

/** Partial: only what is sent changes ({isFavorite} alone toggles the favourite). */
export const updateLinkSchema = z.object({
  name: name.optional(),
  url: linkUrl.optional(),
  description: description.optional(),
  category: category.optional(),
  isFavorite: isFavorite.optional(),
});
export type UpdateLinkInput = z.output<typeof updateLinkSchema>;

export const detectLinkSchema = z.object({ url: linkUrl });

export const linkListQuery = listQuerySchema({
  sorts: ['createdAt', 'name', 'lastVisited'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultLimit: 50,
  maxLimit: 200,
});

/** The list's own filters: a category tab, or favourites. */
export const linkFilters = z.object({
  category: category.optional(),
  favorite: queryBool({ message: 'favorite must be true or false' }).optional(),
});
