import { describe, expect, test } from 'bun:test';
import { RangeNotSatisfiableError } from '../errors.ts';
import { assertValidKey, assertValidPrefix, InvalidKeyError, newMediaKey, resolveRange } from './media-store.ts';

describe('media keys', () => {
  test('new keys are namespaced, dated, random and valid', () => {
    const key = newMediaKey('u1', 'jpg', new Date('2031-02-03T00:00:00Z'));
    expect(key).toMatch(/^u1\/2031\/02\/[0-9a-f]{32}\.jpg$/);
    expect(newMediaKey('u1', 'jpg')).not.toBe(newMediaKey('u1', 'jpg'));
  });

  test('an extension that is not plain lowercase letters and digits is dropped, not trusted', () => {
    expect(newMediaKey('u1', '../../x')).toMatch(/^u1\/\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(newMediaKey('u1', 'JPG')).not.toContain('.');
  });

  test.each(['a', 'a/b', 'u1/2026/11/abc.jpg', 'a-b_c.d/e'])('accepts %p', (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  test.each(['', '/a', 'a/', '../a', 'a/../b', 'a/./b', './a', 'a//b', 'A', 'a b', 'a\\b', '.hidden', 'a/.x', 'x'.repeat(513)])('refuses %p', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
  });

  test('prefixes may be empty or end in a slash, but never climb', () => {
    for (const ok of ['', 'u1/', 'u1/2026', 'u1/2026/']) expect(() => assertValidPrefix(ok)).not.toThrow();
    for (const bad of ['../', 'u1/../', '/u1', 'u1//']) expect(() => assertValidPrefix(bad)).toThrow(InvalidKeyError);
  });
});

describe('resolveRange', () => {
  test('resolves open and over-long ends against the size', () => {
    expect(resolveRange({ start: 0 }, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 5, end: 99 }, 10)).toEqual({ start: 5, end: 9 });
  });

  test('refuses empty and backwards ranges', () => {
    expect(() => resolveRange({ start: 10 }, 10)).toThrow(RangeNotSatisfiableError);
    expect(() => resolveRange({ start: 5, end: 4 }, 10)).toThrow(RangeNotSatisfiableError);
    expect(() => resolveRange({ start: -1 }, 10)).toThrow(RangeNotSatisfiableError);
    expect(() => resolveRange({ start: 0 }, 0)).toThrow(RangeNotSatisfiableError);
  });
});
