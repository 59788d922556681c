// The models list's query string: paging, sort and search (the shared list schema) and its own
// filters (ethnicity, breast size, favourites). The API and the page read the same one.

import { z } from 'zod';
import { parseWith } from '../../http/body.ts';
import { listQuerySchema } from '../../http/list-query.ts';
import { optionalQuery, queryBool } from '../../http/query-params.ts';
import { BREAST_SIZE_PATTERN, CUPS, ETHNICITIES, MODEL_SORTS } from '../../shared/models.ts';
import type { ModelListQuery } from './models.service.ts';

export const MODELS_PAGE_SIZE = 48;

export const listSchema = listQuerySchema({ sorts: MODEL_SORTS, defaultSort: 'default', defaultOrder: 'asc', defaultLimit: 100, maxLimit: 500 });

export const filterSchema = z.object({
  ethnicity: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      // N/A: the models without an ethnicity.
      if (v === 'N/A' || v === 'none') return '';
      const found = ETHNICITIES.find((e) => e.toLowerCase() === v.trim().toLowerCase());
      if (found) return found;
      ctx.addIssue({ code: 'custom', message: `ethnicity must be one of ${ETHNICITIES.join(', ')} or N/A` });
      return z.NEVER;
    }),
  breastSize: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const size = v.trim().toUpperCase();
      if (BREAST_SIZE_PATTERN.test(size) || (CUPS as readonly string[]).includes(size)) return size;
      ctx.addIssue({ code: 'custom', message: 'breastSize must be a size such as 34DD or a cup A, B, C, D, DD, E or F' });
      return z.NEVER;
    }),
  favorite: optionalQuery(queryBool({ message: 'favorite must be true or false', digits: true })),
});

/** Parses a models list query string (400 with one message for a bad value). */
export function parseModelQuery(query: Record<string, string>, defaultLimit?: number): ModelListQuery {
  const withLimit = defaultLimit !== undefined && query.limit === undefined ? { ...query, limit: String(defaultLimit) } : query;
  const list = parseWith(listSchema, withLimit);
  const filters = parseWith(filterSchema, query);
  return {
    filters: { search: list.search, ...filters },
    sort: list.sort,
    order: list.order,
    limit: list.limit,
    offset: list.offset,
  };
}

/** The API query string that asks for the same view (the island loads it again after a change). */
export function modelsApiQuery(query: ModelListQuery): string {
  const params = new URLSearchParams();
  const { filters } = query;
  if (filters.search) params.set('search', filters.search);
  if (filters.ethnicity !== undefined) params.set('ethnicity', filters.ethnicity === '' ? 'N/A' : filters.ethnicity);
  if (filters.breastSize !== undefined) params.set('breastSize', filters.breastSize);
  if (filters.favorite !== undefined) params.set('favorite', String(filters.favorite));
  params.set('sort', query.sort);
  params.set('order', query.order);
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  return params.toString();
}
