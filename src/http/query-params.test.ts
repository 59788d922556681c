// The query-parameter builders read query text exactly as the lists always have: which texts are a
// number or a yes/no, which are refused, and with which sentence.
import { expect, test } from 'bun:test';
import { z } from 'zod';
import { parseWith } from './body.ts';
import { optionalQuery, queryBool, queryInt } from './query-params.ts';

/** The value read, or the sentence of the 400. */
function read(schema: z.ZodType, value: string | undefined): unknown {
  try {
    return parseWith(z.object({ limit: schema }), { limit: value }).limit;
  } catch (error) {
    return (error as Error).message;
  }
}

test('digits: 1 to 9 digits and nothing else; one sentence for every wrong value; a blank is not sent', () => {
  const limit = optionalQuery(queryInt({ min: 1, max: 1000, message: 'limit must be between 1 and 1000' }));
  const cases: [string | undefined, unknown][] = [
    ['10', 10],
    ['007', 7],
    ['1000', 1000],
    ['', undefined],
    [undefined, undefined],
  ];
  for (const text of ['0', '1001', '1e2', ' 5', '+5', '5.0', '-1', 'ten', '0x10', '1234567890', 'Infinity'])
    cases.push([text, 'limit must be between 1 and 1000']);
  for (const [text, expected] of cases) expect([text, read(limit, text)]).toEqual([text, expected]);
});

test('number: what Number() reads as a whole number, a sentence for each problem', () => {
  const limit = queryInt({
    min: 1,
    max: 200,
    text: 'number',
    message: { notWhole: 'limit must be a whole number', tooSmall: 'limit must be at least 1', tooLarge: 'limit must be at most 200' },
  }).default(50);
  const cases: [string | undefined, unknown][] = [
    ['10', 10],
    ['5.0', 5],
    [' 7 ', 7],
    ['1e2', 100],
    [undefined, 50],
    ['', 'limit must be at least 1'],
    ['0', 'limit must be at least 1'],
    ['201', 'limit must be at most 200'],
    ['1.5', 'limit must be a whole number'],
    ['ten', 'limit must be a whole number'],
  ];
  for (const [text, expected] of cases) expect([text, read(limit, text)]).toEqual([text, expected]);
});

test('yes/no: true and false, and 1 and 0 only where asked; anything else refused', () => {
  const words = queryBool({ message: 'favorite must be true or false' }).optional();
  const digits = optionalQuery(queryBool({ message: 'favorite must be true or false', digits: true }));
  const refused = 'favorite must be true or false';
  expect(['true', 'false', '1', '0', '', 'TRUE', 'yes', 'toString', undefined].map((v) => read(words, v))).toEqual([
    true,
    false,
    refused,
    refused,
    refused,
    refused,
    refused,
    refused,
    undefined,
  ]);
  expect(['true', 'false', '1', '0', '', 'TRUE', 'yes', 'toString', undefined].map((v) => read(digits, v))).toEqual([
    true,
    false,
    true,
    false,
    undefined,
    refused,
    refused,
    refused,
    undefined,
  ]);
});
