// An uploaded import file, whatever its name: its bytes must be UTF-8 text, its layout is told by
// its content (a JSON document's shape, a CSV file's header row), and it is read whole before
// anything is written, so a file that cannot be read changes nothing.

import { InvalidError } from '../../../errors.ts';
import { VAULT_LIMITS } from '../../../shared/connect.ts';
import { isBitwardenCsv, isBitwardenJson, readBitwardenCsv, readBitwardenJson } from './bitwarden.ts';
import { isChromeCsv, isFirefoxCsv, readChromeCsv, readFirefoxCsv } from './browsers.ts';
import { readCsv } from './csv.ts';
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
  const records = readCsv(body);
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
  tooMany(records.length - 1);
  return reader(records);
}
