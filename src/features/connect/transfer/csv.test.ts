// The CSV reader and writer: RFC 4180's quoting both ways, every line ending, malformed records set
// apart with their line while the rest are read.

import { describe, expect, test } from 'bun:test';
import { csvField, problemText, readCsv, writeCsv } from './csv.ts';

const fields = (text: string) => readCsv(text).records.map((r) => r.fields);

describe('readCsv', () => {
  test('plain fields, LF or CRLF or a lone CR, with or without a final line break', () => {
    for (const text of ['a,b\n1,2\n', 'a,b\r\n1,2\r\n', 'a,b\r1,2', 'a,b\n1,2'])
      expect(fields(text)).toEqual([
        ['a', 'b'],
        ['1', '2'],
      ]);
  });

  test('quoted fields: commas, doubled quotes, line breaks of either kind kept as written, empty quotes', () => {
    expect(fields('"a,b","say ""hi""","line1\nline2","x\r\ny",""\n')).toEqual([['a,b', 'say "hi"', 'line1\nline2', 'x\r\ny', '']]);
  });

  test('empty fields, a leading byte-order mark, blank lines skipped, spaces kept', () => {
    expect(fields('\uFEFFa,,c\n\n , x ,\n')).toEqual([
      ['a', '', 'c'],
      [' ', ' x ', ''],
    ]);
  });

  test('records know the line they start on, past line breaks inside quotes', () => {
    expect(readCsv('h\n"a\nb\nc"\nd\n').records.map((r) => [r.line, r.row])).toEqual([
      [1, 1],
      [2, 2],
      [5, 3],
    ]);
    expect(readCsv('h\r\n"a\r\nb"\r\nd').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  test.each([
    [
      'a quote never closed',
      'a,b\n"open,1\n2,3\n',
      'unclosed',
      2,
      'the quoted field opened on line 2 is never closed',
      [
        ['a', 'b'],
        ['2', '3'],
      ],
    ],
    ['a quote closed at the very end only by the text running out', '"abc', 'unclosed', 1, 'the quoted field opened on line 1 is never closed', []],
    [
      'text after a closing quote',
      'a,b\n"x"y,1\n3,4',
      'afterQuote',
      2,
      'unexpected text after a closing quote on line 2',
      [
        ['a', 'b'],
        ['3', '4'],
      ],
    ],
    [
      'a quote inside an unquoted field',
      'a,b\nx"y,1\n3,4',
      'quoteInside',
      2,
      'a quote inside an unquoted field on line 2',
      [
        ['a', 'b'],
        ['3', '4'],
      ],
    ],
  ] as const)('sets apart %s with its line, keeps none of its values, and reads on from the next line', (_, text, kind, line, words, rest) => {
    const { records, problems } = readCsv(text);
    expect(problems).toEqual([{ kind, line, row: line }]);
    expect(problemText(problems[0]!)).toBe(words);
    expect(records.map((r) => r.fields)).toEqual(rest.map((r) => [...r]));
  });

  test('a malformed record still counts as a row: the rows after it keep their numbers, and its odd quotes do not spill into them', () => {
    const { records, problems } = readCsv('h1,h2,h3\r\n"x","{"k":"v","n":1}","z"\r\n"a","b ""c""","d"\r\n"multi\nline",e,f');
    expect(problems).toEqual([{ kind: 'afterQuote', line: 2, row: 2 }]);
    expect(records).toEqual([
      { fields: ['h1', 'h2', 'h3'], line: 1, row: 1 },
      { fields: ['a', 'b "c"', 'd'], line: 3, row: 3 },
      { fields: ['multi\nline', 'e', 'f'], line: 4, row: 4 },
    ]);
  });
});

describe('writeCsv', () => {
  test('quotes only where Papa Parse would, CRLF between records and none after the last', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' lead')).toBe('" lead"');
    expect(csvField('=1+1')).toBe('=1+1');
    expect(
      writeCsv([
        ['a', 'b'],
        ['1', ''],
      ]),
    ).toBe('a,b\r\n1,');
  });

  test('what it writes reads back the same, whatever the values', () => {
    const rows = [
      ['name', 'value'],
      ['"quoted"', 'a,b,c'],
      ['multi\nline\r\nvalue', ' spaced '],
      ['ünïcödé 🔑', ''],
      ['\uFEFFbom', '"'],
    ];
    expect(fields(writeCsv(rows))).toEqual(rows);
  });
});
