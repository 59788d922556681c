import { describe, expect, test } from 'bun:test';
import { contentDisposition, parseRange } from './bytes.routes.ts';

describe('parseRange', () => {
  test('one range, as asked, against the size', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'range', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'range', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'range', start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'range', start: 990, end: 999 });
    expect(parseRange('Bytes = 1 - 2', 1000)).toEqual({ kind: 'range', start: 1, end: 2 });
  });

  test('past the end is unsatisfiable; an empty object has no range', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=99999999999999999999-', 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  test('no header, several ranges and nonsense mean the whole object', () => {
    for (const header of [undefined, '', 'bytes=0-1,3-4', 'bytes=5-1', 'bytes=-', 'bytes=a-b', 'items=0-1', 'bytes=0-1;x']) {
      expect(parseRange(header, 1000)).toEqual({ kind: 'whole' });
    }
  });
});

describe('contentDisposition', () => {
  test('inline, with an ASCII fallback and the UTF-8 name; quotes and backslashes cannot break out', () => {
    expect(contentDisposition('photo.jpg')).toBe(`inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`);
    expect(contentDisposition('a "b"\\c.jpg')).toBe(`inline; filename="a _b__c.jpg"; filename*=UTF-8''a%20%22b%22%5Cc.jpg`);
    expect(contentDisposition('見.mp4')).toBe(`inline; filename="_.mp4"; filename*=UTF-8''%E8%A6%8B.mp4`);
  });
});
