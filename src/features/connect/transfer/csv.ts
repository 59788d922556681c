// RFC 4180 CSV, as password managers and browsers write it: reading (quoted fields, doubled quotes,
// CRLF or LF, line breaks inside quotes, a byte-order mark, no final line break) strictly, a
// malformed record set apart with its line rather than guessed at, and writing with quotes only
// where needed.

/** One record of the file, the line it starts on (1-based, as a text editor counts) and its row (as a spreadsheet counts). */
export interface CsvRecord {
  fields: string[];
  line: number;
  row: number;
}

/** A record that is not well-formed: where it is and what is wrong, never its text. */
export interface CsvProblem {
  line: number;
  row: number;
  kind: 'unclosed' | 'afterQuote' | 'quoteInside';
}

export interface CsvText {
  records: CsvRecord[];
  problems: CsvProblem[];
}

/** A problem in words, with its line: the reason a file none of whose rows could be read is refused. */
export function problemText(problem: CsvProblem): string {
  switch (problem.kind) {
    case 'unclosed':
      return `the quoted field opened on line ${problem.line} is never closed`;
    case 'afterQuote':
      return `unexpected text after a closing quote on line ${problem.line}`;
    case 'quoteInside':
      return `a quote inside an unquoted field on line ${problem.line}`;
  }
}

/** A problem in words without its line, for a message that names the line itself. */
export function problemReason(problem: CsvProblem): string {
  switch (problem.kind) {
    case 'unclosed':
      return 'a quoted field is never closed';
    case 'afterQuote':
      return 'unexpected text after a closing quote';
    case 'quoteInside':
      return 'a quote inside an unquoted field';
  }
}

/**
 * Every record of `text`. Blank lines are skipped (a final line break makes no empty record). A
 * quote that is never closed, text after a closing quote, or a quote inside an unquoted field
 * makes its record a problem: guessing would put the wrong values (a password) into the wrong
 * fields, so none of its values is kept. Reading goes on at the next line (after the line the
 * unclosed quote opened on), where the next record most likely starts; the problem still counts
 * as a row, so the rows after it keep their numbers.
 */
export function readCsv(text: string): CsvText {
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  const n = text.length;
  const lineEnd = (from: number) => {
    let end = from;
    while (end < n && text[end] !== '\r' && text[end] !== '\n') end++;
    return end;
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let row = 0;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let problem: CsvProblem['kind'] | null = null;
    let problemLine = line;
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        const opened = line;
        const openedAt = i;
        i++;
        let closed = false;
        for (;;) {
          const next = i < n ? text.indexOf('"', i) : -1;
          if (next === -1) break;
          const piece = text.slice(i, next);
          value += piece;
          line += countLineBreaks(piece);
          if (text[next + 1] === '"') {
            value += '"';
            i = next + 2;
            continue;
          }
          i = next + 1;
          closed = true;
          break;
        }
        if (!closed) {
          // The rest of the file is in this field: it is read again from the line after the quote's.
          problem = 'unclosed';
          problemLine = opened;
          line = opened;
          i = lineEnd(openedAt);
          break;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          problem = 'afterQuote';
          problemLine = line;
          i = lineEnd(i);
          break;
        }
      } else {
        let end = i;
        while (end < n && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end++;
        value = text.slice(i, end);
        if (value.includes('"')) {
          problem = 'quoteInside';
          problemLine = line;
          i = lineEnd(end);
          break;
        }
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
    if (problem) problems.push({ line: problemLine, row: ++row, kind: problem });
    else if (!(fields.length === 1 && fields[0] === '')) records.push({ fields, line: start, row: ++row });
  }
  return { records, problems };
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
