// KeePassXC's CSV export ("Group","Title","Username","Password","URL","Notes","TOTP","Icon",
// "Last Modified","Created"; every field quoted), read into logins. Entries in the Recycle Bin were
// deleted by their owner and are left out.

import type { CsvRecord } from './csv.ts';
import { type ImportPlan, planImport, type RawLogin } from './entries.ts';

export function isKeePassXcCsv(header: string[]): boolean {
  return ['Group', 'Title', 'Username', 'Password', 'URL'].every((name) => header.includes(name));
}

/** KeePassXC's bin, directly under the root group ('Root/Recycle Bin', and groups inside it). */
const inRecycleBin = (group: string) => group.split('/')[1] === 'Recycle Bin';

export function readKeePassXcCsv(records: CsvRecord[]): ImportPlan {
  const header = records[0]!.fields.map((h) => h.trim());
  const at = (name: string) => header.indexOf(name);
  const col = {
    group: at('Group'),
    title: at('Title'),
    username: at('Username'),
    password: at('Password'),
    url: at('URL'),
    notes: at('Notes'),
    totp: at('TOTP'),
  };
  const logins: RawLogin[] = [];
  let dropped = 0;
  records.slice(1).forEach((record) => {
    const get = (i: number) => (i >= 0 ? (record.fields[i] ?? '') : '');
    if (inRecycleBin(get(col.group))) {
      dropped++;
      return;
    }
    logins.push({
      where: `Row ${record.row}`,
      name: get(col.title),
      username: get(col.username),
      password: get(col.password),
      uris: get(col.url).trim() ? [get(col.url)] : [],
      // The group's own name says the category ('Root/Homebanking'); the root's says nothing.
      folder: get(col.group).split('/').length > 1 ? get(col.group) : '',
      extras: get(col.notes).trim() !== '' || get(col.totp).trim() !== '',
    });
  });
  return planImport(logins, { dropped });
}
