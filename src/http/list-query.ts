// One schema for list query strings: paging (page or offset, limit), order (sort or sortBy, order
// or sortOrder: the spec uses both spellings), a search text, and each list's own filters. Bad
// values are a 400 with one readable message, never a silent default.

import { z } from 'zod';
import { queryEnum, queryInt } from './query-params.ts';

const wholeNumber = (name: string, min: number, max: number) =>
  queryInt({
    min,
    max,
    text: 'number',
    message: { notWhole: `${name} must be a whole number`, tooSmall: `${name} must be at least ${min}`, tooLarge: `${name} must be at most ${max}` },
  });

export interface ListQuery<S extends string> {
  /** 1-based; derived from offset when offset was given. */
  page: number;
  limit: number;
  offset: number;
  sort: S;
  order: 'asc' | 'desc';
  /** Trimmed; empty when none was given. */
  search: string;
}

export interface ListQueryOptions<S extends string> {
  sorts: readonly [S, ...S[]];
  defaultSort: S;
  defaultOrder?: 'asc' | 'desc';
  defaultLimit: number;
  maxLimit: number;
}

/**
 * The schema of a list's query string: paging, order and search. A list's own filters (category,
 * favorite, ...) are a second schema the route parses from the same query.
 */
export function listQuerySchema<S extends string>(options: ListQueryOptions<S>) {
  return z
    .object({
      page: wholeNumber('page', 1, 1_000_000).optional(),
      offset: wholeNumber('offset', 0, 100_000_000).optional(),
      limit: wholeNumber('limit', 1, options.maxLimit).default(options.defaultLimit),
      sort: queryEnum(options.sorts, `sort must be one of ${options.sorts.join(', ')}`).optional(),
      sortBy: queryEnum(options.sorts, `sortBy must be one of ${options.sorts.join(', ')}`).optional(),
      order: queryEnum(['asc', 'desc'], 'order must be asc or desc').optional(),
      sortOrder: queryEnum(['asc', 'desc'], 'sortOrder must be asc or desc').optional(),
      search: z.string().max(200, 'search must be at most 200 characters').optional(),
    })
    .transform((q): ListQuery<S> => {
      const offset = q.offset ?? ((q.page ?? 1) - 1) * q.limit;
      return {
        page: Math.floor(offset / q.limit) + 1,
        limit: q.limit,
        offset,
        sort: (q.sort ?? q.sortBy ?? options.defaultSort) as S,
        order: q.order ?? q.sortOrder ?? options.defaultOrder ?? 'desc',
        search: (q.search ?? '').trim(),
      };
    });
}

/** Pages needed for `total` rows at `limit` a page (at least 1, so page 1 of an empty list exists). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
