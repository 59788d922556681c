// The password exports of Chrome (name,url,username,password,note) and Firefox (url,username,
// password,httpRealm,formActionOrigin,guid,timeCreated,timeLastUsed,timePasswordChanged), read into
// logins. Firefox names no entry: the name is the site's host.

import type { CsvRecord } from './csv.ts';
import { type ImportPlan, planImport, type RawLogin } from './entries.ts';

export function isFirefoxCsv(header: string[]): boolean {
  return ['url', 'username', 'password', 'httpRealm'].every((name) => header.includes(name));
}

export function isChromeCsv(header: string[]): boolean {
  return ['name', 'url', 'username', 'password'].every((name) => header.includes(name));
}

function readBrowserCsv(records: CsvRecord[], hasName: boolean, noteColumn: string): ImportPlan {
  const header = records[0]!.fields.map((h) => h.trim());
  const at = (name: string) => header.indexOf(name);
  const col = { name: hasName ? at('name') : -1, url: at('url'), username: at('username'), password: at('password'), note: noteColumn ? at(noteColumn) : -1 };
  const logins: RawLogin[] = records.slice(1).map((record) => {
    const get = (i: number) => (i >= 0 ? (record.fields[i] ?? '') : '');
    return {
      where: `Row ${record.row}`,
      // Left empty, the name comes from the address (Firefox always; Chrome when its name is blank).
      name: get(col.name),
      username: get(col.username),
      password: get(col.password),
      uris: get(col.url).trim() ? [get(col.url)] : [],
      folder: '',
      extras: get(col.note).trim() !== '',
    };
  });
  return planImport(logins);
}

export const readChromeCsv = (records: CsvRecord[]) => readBrowserCsv(records, true, 'note');
export const readFirefoxCsv = (records: CsvRecord[]) => readBrowserCsv(records, false, '');
