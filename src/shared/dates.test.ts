import { expect, test } from 'bun:test';
import { localDate } from './dates.ts';

test('one long date, in UTC or the local zone; nothing for a non-date', () => {
  expect(localDate('2026-11-21T12:00:00.000Z', false)).toBe('November 21, 2026');
  expect(localDate('2026-11-21T23:30:00.000Z', false)).toBe('November 21, 2026');
  const here = new Date('2026-11-21T12:00:00.000Z');
  expect(localDate(here.toISOString())).toBe(here.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }));
  expect(localDate('not a date')).toBe('');
});
