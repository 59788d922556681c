import { describe, expect, test } from 'bun:test';
import {
  FALLBACK_CATEGORY_COLORS,
  STREAMING_SITE_MESSAGES as M,
  STREAMING_SITE_CATEGORIES,
  STREAMING_SITE_CATEGORY_COLORS,
  streamingSiteCategoryColors,
  streamingSiteUrlProblem,
  watchListQuery,
} from './watch.ts';

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, bl] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('category colours', () => {
  test.each([...STREAMING_SITE_CATEGORIES])('%s chip text reads at WCAG AA on its background', (category) => {
    const { background, text, className } = STREAMING_SITE_CATEGORY_COLORS[category];
    expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    expect(className).toBe(`bg-[${background}] text-[${text}]`);
  });

  test('an unknown category gets the spec’s fallback colour #607D8B, readable too', () => {
    expect(streamingSiteCategoryColors('Martian')).toEqual(FALLBACK_CATEGORY_COLORS);
    expect(FALLBACK_CATEGORY_COLORS.background).toBe('#607D8B');
    expect(contrast(FALLBACK_CATEGORY_COLORS.background, FALLBACK_CATEGORY_COLORS.text)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('streamingSiteUrlProblem', () => {
  test.each([
    ['https://tube.example', null],
    ['  http://tube.example/path?q=1  ', null],
    ['', M.urlRequired],
    ['tube.example', M.urlInvalid],
    ['/relative', M.urlInvalid],
    ['javascript:alert(1)', M.urlScheme],
    ['data:text/html,hi', M.urlScheme],
    ['file:///etc/passwd', M.urlScheme],
    [`https://x.example/${'a'.repeat(2048)}`, M.urlTooLong],
  ])('%p -> %p', (url, problem) => {
    expect(streamingSiteUrlProblem(url)).toBe(problem);
  });
});

test('watchListQuery asks the API for the tab, search and page', () => {
  expect(watchListQuery({ tab: 'all', search: '', page: 1 })).toBe('limit=60&offset=0');
  expect(watchListQuery({ tab: 'favorites', search: 'a b', page: 2 })).toBe('favorite=true&search=a+b&limit=60&offset=60');
  expect(watchListQuery({ tab: 'japanese', search: '', page: 1 })).toBe('category=Japanese&limit=60&offset=0');
});
