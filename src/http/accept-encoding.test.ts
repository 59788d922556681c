import { describe, expect, test } from 'bun:test';
import { chooseEncoding, varyOnAcceptEncoding } from './accept-encoding.ts';

const OFFERED = ['br', 'gzip'] as const;

describe('chooseEncoding', () => {
  test.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium and Firefox over HTTPS
    ['gzip, deflate', 'gzip'], // the same browsers over plain HTTP, curl --compressed without brotli
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'], // the browser's weights win over our preference
    ['br;q=0, gzip', 'gzip'],
    ['br, gzip;q=0', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['br;q=0.5, *;q=0.5', 'br'], // a tie goes to our order
  ])('%p -> %p', (header, expected) => {
    expect(chooseEncoding(header, OFFERED)).toBe(expected as (typeof OFFERED)[number]);
  });

  test.each([[undefined], [null], [''], ['identity'], ['deflate'], ['br;q=0, gzip;q=0'], ['*;q=0'], ['br;q=oops'], ['zstd, compress']])(
    '%p -> the plain answer',
    (header) => {
      expect(chooseEncoding(header, OFFERED)).toBeUndefined();
    },
  );

  test('only what is offered is chosen', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
  });
});

describe('varyOnAcceptEncoding', () => {
  test.each([
    [null, 'Accept-Encoding'],
    ['Cookie', 'Cookie, Accept-Encoding'],
    ['cookie, accept-encoding', 'cookie, accept-encoding'],
    ['*', '*'],
  ])('Vary %p becomes %p', (before, after) => {
    const headers = new Headers(before ? { vary: before } : {});
    varyOnAcceptEncoding(headers);
    varyOnAcceptEncoding(headers);
    expect(headers.get('vary')).toBe(after);
  });
});
