// Bitwarden's exports: the CSV of a personal vault (folder,...) or an organisation (collections,...)
// and the unencrypted JSON, read into logins; and the CSV the hub writes in Bitwarden's own layout,
// with the vault's email, favicon and category in fields Bitwarden keeps (custom fields, folder).

import { InvalidError } from '../../../errors.ts';
import { type VaultAccountWithPassword, vaultCategoryLabel } from '../../../shared/connect.ts';
import { type CsvRecord, writeCsv } from './csv.ts';
import { type ImportPlan, isEmailShaped, planImport, type RawLogin } from './entries.ts';

/** Bitwarden's CSV header, in its order (a personal vault's export). */
export const BITWARDEN_CSV_HEADER = [
  'folder',
  'favorite',
  'type',
  'name',
  'notes',
  'fields',
  'reprompt',
  'login_uri',
  'login_username',
  'login_password',
  'login_totp',
] as const;

/** The custom fields the hub writes and reads back (Bitwarden shows them as text fields). */
const EMAIL_FIELD = 'email';
const FAVICON_FIELD = 'favicon';

export const BITWARDEN_ENCRYPTED =
  'This is an encrypted Bitwarden export. Export your vault from Bitwarden again as .json or .csv without encryption (File format: .json, not "Encrypted"), import that file, then delete it.';

/** Whether a header row is Bitwarden's CSV (a personal or an organisation vault). */
export function isBitwardenCsv(header: string[]): boolean {
  const has = (name: string) => header.includes(name);
  return (has('folder') || has('collections')) && ['type', 'name', 'login_uri', 'login_username', 'login_password'].every(has);
}

/** Custom fields as Bitwarden's CSV writes them: 'name: value' lines. */
function readFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(': ');
    if (at > 0) fields.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 2));
  }
  return fields;
}

/** The addresses of login_uri: Bitwarden joins several with commas. */
export function splitUris(text: string): string[] {
  // A comma is a separator when a new scheme follows it; a list of bare hosts is split at every comma.
  return text
    .split(/,(?=\s*[a-z][a-z0-9+.-]*:\/\/)/i)
    .flatMap((piece) => (piece.includes('://') ? [piece] : piece.split(',')))
    .map((u) => u.trim())
    .filter((u) => u !== '');
}

export function readBitwardenCsv(records: CsvRecord[]): ImportPlan {
  const header = records[0]!.fields.map((h) => h.trim());
  const column = (name: string) => header.indexOf(name);
  const at = {
    folder: column('folder'),
    collections: column('collections'),
    type: column('type'),
    name: column('name'),
    notes: column('notes'),
    fields: column('fields'),
    uri: column('login_uri'),
    username: column('login_username'),
    password: column('login_password'),
    totp: column('login_totp'),
  };
  const logins: RawLogin[] = [];
  let notLogins = 0;
  records.slice(1).forEach((record) => {
    const get = (i: number) => (i >= 0 ? (record.fields[i] ?? '') : '');
    if (get(at.type).trim().toLowerCase() !== 'login') {
      notLogins++;
      return;
    }
    const fields = readFields(get(at.fields));
    const others = [...fields.keys()].filter((k) => k !== EMAIL_FIELD && k !== FAVICON_FIELD);
    logins.push({
      where: `Row ${record.row}`,
      name: get(at.name),
      username: get(at.username),
      password: get(at.password),
      uris: splitUris(get(at.uri)),
      // An organisation's export names collections instead: the first one stands for the folder.
      folder: at.folder >= 0 ? get(at.folder) : (get(at.collections).split(',')[0] ?? ''),
      email: fields.get(EMAIL_FIELD),
      favicon: fields.get(FAVICON_FIELD),
      extras: get(at.notes).trim() !== '' || get(at.totp).trim() !== '' || others.length > 0,
    });
  });
  return planImport(logins, { notLogins });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether parsed JSON is a Bitwarden export (encrypted or not). */
export function isBitwardenJson(doc: unknown): doc is Record<string, unknown> {
  return isObject(doc) && (doc.encrypted === true || Array.isArray(doc.items));
}

/** Bitwarden's item types: 1 login; 2 secure note, 3 card, 4 identity, 5 SSH key. */
const LOGIN = 1;

export function readBitwardenJson(doc: Record<string, unknown>): ImportPlan {
  if (doc.encrypted === true) throw new InvalidError(BITWARDEN_ENCRYPTED);
  const names = new Map<string, string>();
  for (const list of [doc.folders, doc.collections]) {
    if (!Array.isArray(list)) continue;
    for (const f of list) if (isObject(f) && typeof f.id === 'string') names.set(f.id, text(f.name));
  }
  const items = doc.items as unknown[];
  const logins: RawLogin[] = [];
  let notLogins = 0;
  items.forEach((item, index) => {
    const where = `Item ${index + 1}`;
    // Bitwarden writes every item as an object: anything else is a damaged or foreign file.
    if (!isObject(item)) throw new InvalidError(`The file is not a Bitwarden export: item ${index + 1} is not an entry`);
    if (item.type !== LOGIN) {
      notLogins++;
      return;
    }
    const login = isObject(item.login) ? item.login : {};
    const fields = new Map<string, string>();
    let others = 0;
    for (const f of Array.isArray(item.fields) ? item.fields : []) {
      if (!isObject(f)) continue;
      const key = text(f.name).trim().toLowerCase();
      if (key === EMAIL_FIELD || key === FAVICON_FIELD) fields.set(key, text(f.value));
      else others++;
    }
    const collection = Array.isArray(item.collectionIds) ? item.collectionIds.find((id) => typeof id === 'string' && names.has(id)) : undefined;
    const folderId = typeof item.folderId === 'string' ? item.folderId : typeof collection === 'string' ? collection : '';
    logins.push({
      where,
      name: text(item.name),
      username: text(login.username),
      password: text(login.password),
      uris: (Array.isArray(login.uris) ? login.uris : []).map((u) => (isObject(u) ? text(u.uri) : '')).filter((u) => u.trim() !== ''),
      folder: names.get(folderId) ?? '',
      email: fields.get(EMAIL_FIELD),
      favicon: fields.get(FAVICON_FIELD),
      extras: text(item.notes).trim() !== '' || text(login.totp).trim() !== '' || others > 0,
    });
  });
  return planImport(logins, { notLogins });
}

/**
 * The user's accounts as Bitwarden's CSV: logins with folder = the category's label, and custom
 * fields for what Bitwarden's login has no place for: the email (when it is not simply the
 * username, so that reading the file back gives the same account) and a custom favicon.
 */
export function writeBitwardenCsv(accounts: VaultAccountWithPassword[]): string {
  const rows = accounts.map((a) => {
    const fields: string[] = [];
    const derived = isEmailShaped(a.username.trim()) ? a.username.trim() : '';
    if (a.email !== derived) fields.push(`${EMAIL_FIELD}: ${a.email}`);
    if (a.favicon) fields.push(`${FAVICON_FIELD}: ${a.favicon}`);
    return [vaultCategoryLabel(a.category), '', 'login', a.name, '', fields.join('\n'), '0', a.website, a.username, a.password, ''];
  });
  return writeCsv([[...BITWARDEN_CSV_HEADER], ...rows]);
}
