// The list query schema: both spellings of the spec, defaults, offset and page, and clear refusals.
import { expect, test } from 'bun:test';
import { InvalidError } from '../errors.ts';
import { parseWith } from './body.ts';
import { listQuerySchema, pageCount } from './list-query.ts';

const schema = listQuerySchema({ sorts: ['name', 'newest'], defaultSort: 'name', defaultOrder: 'asc', defaultLimit: 50, maxLimit: 200 });
const parse = (query: Record<string, string>) => parseWith(schema, query);

test('defaults, and the page from page or from offset', () => {
  expect(parse({})).toEqual({ page: 1, limit: 50, offset: 0, sort: 'name', order: 'asc', search: '' });
  expect(parse({ page: '3', limit: '20' })).toMatchObject({ page: 3, offset: 40, limit: 20 });
  expect(parse({ offset: '45', limit: '20' })).toMatchObject({ page: 3, offset: 45 });
});

test('sort/sortBy and order/sortOrder are the same thing; search is trimmed', () => {
  expect(parse({ sortBy: 'newest', sortOrder: 'desc', search: '  Mia ' })).toMatchObject({ sort: 'newest', order: 'desc', search: 'Mia' });
  expect(parse({ sort: 'newest', order: 'desc' })).toMatchObject({ sort: 'newest', order: 'desc' });
});

test.each([
  [{ limit: '0' }, 'limit must be at least 1'],
  [{ limit: '500' }, 'limit must be at most 200'],
  [{ limit: 'ten' }, 'limit must be a whole number'],
  [{ page: '1.5' }, 'page must be a whole number'],
  [{ offset: '-1' }, 'offset must be at least 0'],
  [{ sort: 'password' }, 'sort must be one of name, newest'],
  [{ order: 'sideways' }, 'order must be asc or desc'],
  [{ search: 'x'.repeat(201) }, 'search must be at most 200 characters'],
])('%p is refused: %s', (query, message) => {
  expect(() => parse(query as Record<string, string>)).toThrow(new InvalidError(message));
});

test('pageCount rounds up and is at least 1', () => {
  expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50)]).toEqual([1, 1, 2]);
});
