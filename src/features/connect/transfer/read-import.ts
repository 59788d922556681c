// An uploaded import file, whatever its name: its bytes must be UTF-8 text, its layout is told by
// its content (a JSON document's shape, a CSV file's header row), and it is read whole before
// anything is written. A CSV row that is not well-formed is left out and named in the answer; a
// file none of whose rows can be imported changes nothing.

import { InvalidError } from '../../../errors.ts';
import { VAULT_LIMITS } from '../../../shared/connect.ts';
import { isBitwardenCsv, isBitwardenJson, readBitwardenCsv, readBitwardenJson } from './bitwarden.ts';
import { isChromeCsv, isFirefoxCsv, readChromeCsv, readFirefoxCsv } from './browsers.ts';
import { type CsvProblem, problemReason, problemText, readCsv } from './csv.ts';
import type { ImportPlan } from './entries.ts';
import { isKeePassXcCsv, readKeePassXcCsv } from './keepassxc.ts';

export const IMPORT_TEXT = {
  noFile: 'Choose a file to import',
  notText: 'The file is not a text file (a CSV or JSON export in UTF-8)',
  badJson: 'The file looks like JSON but could not be read',
  unknown:
    'This file is not one the vault can import. Supported: Bitwarden (.csv, or .json without encryption), KeePassXC (.csv), Chrome passwords (.csv), Firefox passwords (.csv)',
  tooMany: `The file has more than ${VAULT_LIMITS.importEntries.toLocaleString('en')} entries; split it and import each part`,
  tooLarge: `The file is larger than ${VAULT_LIMITS.importBytes / (1024 * 1024)} MB`,
  /** The whole file refused: its header, or every row that held anything, could not be read. */
  notCsv: (problem: CsvProblem) => `The file is not a well-formed CSV file: ${problemText(problem)}`,
  /** One row left out of an import that went ahead. */
  badRow: (problem: CsvProblem) => `Line ${problem.line}: ${problemReason(problem)}; the row could not be read and was skipped`,
} as const;

/** The file's text: UTF-8 (a byte-order mark allowed), no NUL bytes (a binary file is not an export). */
export function importText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new InvalidError(IMPORT_TEXT.notText);
  }
  if (text.includes('\u0000')) throw new InvalidError(IMPORT_TEXT.notText);
  if (text.trim() === '') throw new InvalidError(IMPORT_TEXT.noFile);
  return text;
}

function tooMany(count: number): void {
  if (count > VAULT_LIMITS.importEntries) throw new InvalidError(IMPORT_TEXT.tooMany);
}

/** The plan for a file: every login mapped or refused with its reason. Unknown layouts are refused. */
export function readImport(text: string): ImportPlan {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trimStart().startsWith('{')) {
    let doc: unknown;
    try {
      doc = JSON.parse(body);
    } catch {
      throw new InvalidError(IMPORT_TEXT.badJson);
    }
    if (!isBitwardenJson(doc)) throw new InvalidError(IMPORT_TEXT.unknown);
    if (Array.isArray(doc.items)) tooMany(doc.items.length);
    return readBitwardenJson(doc);
  }
  const { records, problems } = readCsv(body);
  // A header that cannot be read names no layout: nothing can be read at all.
  const first = problems[0];
  if (first && (records.length === 0 || first.row < records[0]!.row)) throw new InvalidError(IMPORT_TEXT.notCsv(first));
  const header = records[0]?.fields.map((h) => h.trim()) ?? [];
  const reader = isBitwardenCsv(header)
    ? readBitwardenCsv
    : isKeePassXcCsv(header)
      ? readKeePassXcCsv
      : isFirefoxCsv(header)
        ? readFirefoxCsv
        : isChromeCsv(header)
          ? readChromeCsv
          : null;
  if (!reader) throw new InvalidError(IMPORT_TEXT.unknown);
  tooMany(records.length - 1 + problems.length);
  const plan = reader(records);
  if (!first) return plan;
  // The rows that could be read hold no login to add: the file is refused as a whole, and changes nothing.
  if (plan.entries.length === 0) throw new InvalidError(IMPORT_TEXT.notCsv(first));
  return { entries: plan.entries, skipped: plan.skipped + problems.length, errors: [...problems.map(IMPORT_TEXT.badRow), ...plan.errors] };
}
