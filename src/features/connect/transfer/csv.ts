// RFC 4180 CSV, as password managers and browsers write it: reading (quoted fields, doubled quotes,
// CRLF or LF, line breaks inside quotes, a byte-order mark, no final line break) strictly enough
// that a broken file is refused rather than half read, and writing with quotes only where needed.

import { InvalidError } from '../../../errors.ts';

/** One record of the file and the line it starts on (1-based, as a text editor counts). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

const notCsv = (why: string) => new InvalidError(`The file is not a well-formed CSV file: ${why}`);

/**
 * Every record of `text`. Blank lines are skipped (a final line break makes no empty record). A
 * quote that is never closed, text after a closing quote, or a quote inside an unquoted field is
 * refused with the line it is on: such a file was cut or hand-edited, and guessing would put the
 * wrong values (a password) into the wrong fields.
 */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        const opened = line;
        i++;
        for (;;) {
          if (i >= n) throw notCsv(`the quoted field opened on line ${opened} is never closed`);
          const next = text.indexOf('"', i);
          if (next === -1) throw notCsv(`the quoted field opened on line ${opened} is never closed`);
          const piece = text.slice(i, next);
          value += piece;
          line += countLineBreaks(piece);
          if (text[next + 1] === '"') {
            value += '"';
            i = next + 2;
            continue;
          }
          i = next + 1;
          break;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') throw notCsv(`unexpected text after a closing quote on line ${line}`);
      } else {
        let end = i;
        while (end < n && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end++;
        value = text.slice(i, end);
        if (value.includes('"')) throw notCsv(`a quote inside an unquoted field on line ${line}`);
        i = end;
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    // The record ends at a line break (CRLF, LF or a lone CR) or at the end of the text.
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: start });
  }
  return records;
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let j = 0; j < text.length; j++) {
    if (text[j] === '\n') count++;
    else if (text[j] === '\r' && text[j + 1] !== '\n') count++;
  }
  return count;
}

/**
 * One field as Papa Parse (Bitwarden's writer) writes it: in quotes, inner quotes doubled, when it
 * holds a comma, a quote, a line break or a byte-order mark, or starts or ends with a space.
 */
export function csvField(value: string): string {
  if (/[",\r\n\uFEFF]/.test(value) || value.startsWith(' ') || value.endsWith(' ')) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

/** Records joined with CRLF (RFC 4180), no line break after the last one (as Bitwarden writes). */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n');
}
