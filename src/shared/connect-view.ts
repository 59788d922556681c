// What the Connect page shows of the vault: the category filter and the search by name, read from
// the address (so a reload or a bookmark keeps them) and applied to the owner's accounts.

import { VAULT_CATEGORIES, type VaultAccount, type VaultCategory, type VaultImportResult } from './connect.ts';

export interface ConnectView {
  /** null: All. */
  category: VaultCategory | null;
  /** Trimmed; empty for none. */
  search: string;
}

export const CONNECT_SEARCH_MAX = 200;

/** The view in a query string; anything unknown is simply the default (a filter, not an input). */
export function readConnectView(query: Record<string, string | undefined>): ConnectView {
  const category = (VAULT_CATEGORIES as readonly string[]).includes(query.category ?? '') ? (query.category as VaultCategory) : null;
  return { category, search: (query.search ?? '').trim().slice(0, CONNECT_SEARCH_MAX) };
}

export function connectHref(view: ConnectView): string {
  const query = new URLSearchParams();
  if (view.category) query.set('category', view.category);
  if (view.search) query.set('search', view.search);
  const text = query.toString();
  return text ? `/connect?${text}` : '/connect';
}

/** The accounts the view shows: of its category, with the search in the name (any case). */
export function accountsInView<T extends Pick<VaultAccount, 'name' | 'category'>>(accounts: readonly T[], view: ConnectView): T[] {
  const search = view.search.trim().toLocaleLowerCase();
  return accounts.filter((a) => (view.category === null || a.category === view.category) && (search === '' || a.name.toLocaleLowerCase().includes(search)));
}

/**
 * The import's toast: how many came in, and of those left out how many were already in the vault,
 * how many repeated an earlier entry of the file and how many could not be imported; where there
 * are notes (unreadable entries, what the vault does not keep), where to find them: the report at
 * the top of the page.
 */
export function importSummary(result: VaultImportResult): string {
  const accounts = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);
  let text = `Imported ${accounts(result.imported)}`;
  const other = result.skipped - result.alreadyInVault - result.repeatedInFile;
  const left = [
    ...(result.alreadyInVault > 0 ? [`${result.alreadyInVault} already in the vault`] : []),
    ...(result.repeatedInFile > 0 ? [`${result.repeatedInFile} repeated in the file`] : []),
    ...(other > 0 ? [`${other} not imported`] : []),
  ];
  if (left.length > 0) text += `; left out: ${left.join(', ')}`;
  // The notes are shown under the page's header, above the search.
  if (result.errors.length > 0) text += `. ${result.errors.length === 1 ? 'See the note' : `See the ${result.errors.length} notes`} at the top of the page`;
  return text;
}
