// zod schemas of the libraries API's input: the create and edit bodies and the folder picker's
// query. Each bad value is a 400 naming its field; fields the API does not take are ignored.

import { z } from 'zod';
import { optionalQuery } from '../../http/query-params.ts';
import { MAX_LIBRARY_NAME_LENGTH } from '../../shared/libraries.ts';
import { GALLERIES, MAX_TAG_LENGTH, MAX_TAGS_PER_ITEM, normaliseTags, splitTags } from '../../shared/media.ts';

export const LIBRARY_INPUT_MESSAGES = {
  name: `name must be text of 1 to ${MAX_LIBRARY_NAME_LENGTH} characters`,
  path: 'path must be an absolute folder, such as /library/photos',
  ownerId: 'ownerId must be the id of a member',
  gallery: `gallery must be one of ${GALLERIES.join(', ')}`,
  tags: `tags must be a list of at most ${MAX_TAGS_PER_ITEM} tags of at most ${MAX_TAG_LENGTH} characters each (or one comma-separated text)`,
  scan: 'scan must be true or false',
  nothingToUpdate: 'Send a name, path, gallery or tags to update',
} as const;
const M = LIBRARY_INPUT_MESSAGES;

const name = z
  .string({ message: M.name })
  .trim()
  .min(1, M.name)
  .max(MAX_LIBRARY_NAME_LENGTH, M.name)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), M.name);
const folder = z
  .string({ message: M.path })
  .min(1, M.path)
  .max(4096, M.path)
  .refine((v) => v.startsWith('/') && !v.includes('\u0000'), M.path);
const gallery = z.enum(GALLERIES, { message: M.gallery });
const tags = z
  .union([z.array(z.string({ message: M.tags }), { message: M.tags }), z.string({ message: M.tags }).transform(splitTags)], { message: M.tags })
  .transform((list) => normaliseTags(list))
  .refine((list) => list.length <= MAX_TAGS_PER_ITEM && list.every((t) => t.length <= MAX_TAG_LENGTH), M.tags);

/** POST /api/libraries: {name?, path, ownerId, gallery?, tags?, scan?} (the name defaults to the folder's). */
export const createLibrarySchema = z.object({
  name: name.optional(),
  path: folder,
  ownerId: z.string({ message: M.ownerId }).min(1, M.ownerId).max(100, M.ownerId),
  gallery: gallery.default('gallery'),
  tags: tags.default([]),
  /** false: added without its first scan (the CLI's choice; the API scans at once). */
  scan: z.boolean({ message: M.scan }).optional(),
});
export type CreateLibraryInput = z.output<typeof createLibrarySchema>;

/** PUT /api/libraries/{id}: any of {name, path, gallery, tags}; ownerId only as it is. */
export const updateLibrarySchema = z
  .object({
    name: name.optional(),
    path: folder.optional(),
    ownerId: z.string({ message: M.ownerId }).optional(),
    gallery: gallery.optional(),
    tags: tags.optional(),
  })
  .refine((v) => v.name !== undefined || v.path !== undefined || v.gallery !== undefined || v.tags !== undefined || v.ownerId !== undefined, M.nothingToUpdate);
export type UpdateLibraryInput = z.output<typeof updateLibrarySchema>;

/** GET /api/libraries/folders?path=…: no path lists the roots. */
export const foldersQuery = z.object({ path: optionalQuery(folder) });
