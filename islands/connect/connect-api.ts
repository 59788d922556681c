// The Connect island's calls, through the islands' API client (server texts shown as-is). Only
// `reveal` asks for a password; every list the island reads carries none.

import { VAULT_TEXT, type VaultAccount, type VaultAccountInput, type VaultAccountWithPassword, type VaultImportResult } from '../../src/shared/connect.ts';
import { type ApiResult, api, networkErrorText } from '../lib/api.ts';

/** How many accounts one list call asks for; the island reads every page (filters are local). */
export const CONNECT_PAGE = 1000;

const path = (account: Pick<VaultAccount, '_id'>) => `/api/accounts/${encodeURIComponent(account._id)}`;

/** The file name the export is saved under when the hub names none. */
export const EXPORT_FILE_NAME = 'connect-accounts.csv';

export const connectApi = {
  /** Every account of the owner, one page after another. */
  async listAll(): Promise<ApiResult<VaultAccount[]>> {
    const all: VaultAccount[] = [];
    for (;;) {
      const outcome = await api<VaultAccount[]>(`/api/accounts?limit=${CONNECT_PAGE}&offset=${all.length}`, { fallback: VAULT_TEXT.loadFailed });
      if (!outcome.ok) return outcome;
      if (!Array.isArray(outcome.value)) return { ok: false, status: outcome.status, message: VAULT_TEXT.loadFailed };
      all.push(...outcome.value);
      const total = outcome.total ?? all.length;
      if (outcome.value.length === 0 || all.length >= total) return { ...outcome, value: all, total: all.length };
    }
  },
  /** The account with its password: for reveal, copy and the edit dialog. */
  reveal: (account: Pick<VaultAccount, '_id'>) => api<VaultAccountWithPassword>(path(account), { fallback: VAULT_TEXT.loadFailed }),
  create: (input: VaultAccountInput) => api<VaultAccount>('/api/accounts', { method: 'POST', body: input, fallback: VAULT_TEXT.saveFailed }),
  update: (account: Pick<VaultAccount, '_id'>, changes: Partial<VaultAccountInput>) =>
    api<VaultAccount>(path(account), { method: 'PUT', body: changes, fallback: VAULT_TEXT.saveFailed }),
  remove: (account: Pick<VaultAccount, '_id'>) => api<unknown>(path(account), { method: 'DELETE', fallback: VAULT_TEXT.deleteFailed }),

  /** An exported file of another manager, sent as the raw body (its type says which format). */
  async importFile(file: File): Promise<ApiResult<VaultImportResult>> {
    const type = file.type || (file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv');
    return raw<VaultImportResult>(
      '/api/accounts/import',
      { method: 'POST', headers: { accept: 'application/json', 'content-type': type }, body: file },
      IMPORT_FAILED,
      'json',
    );
  },

  /** The Bitwarden-compatible CSV, after the user's own password, with the name the hub gives it. */
  exportCsv: (password: string) =>
    raw<ExportedFile>(
      '/api/accounts/export',
      { method: 'POST', headers: { accept: 'text/csv, application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }) },
      EXPORT_FAILED,
      'file',
    ),
};

export interface ExportedFile {
  file: Blob;
  name: string;
}

/** The file name of a Content-Disposition header, if it names one. */
function attachmentName(disposition: string | null): string | null {
  const match = /filename="([^"\\/]+)"/.exec(disposition ?? '');
  return match ? match[1]! : null;
}

/** Not in the spec: the hub's own texts for an import or export the server answered without a reason. */
export const IMPORT_FAILED = 'Failed to import accounts';
export const EXPORT_FAILED = 'Failed to export accounts';

/** A call whose body or answer is not JSON (a file either way); the server's error field still wins. */
async function raw<T>(to: string, init: RequestInit, fallback: string, read: 'json' | 'file'): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(to, { ...init, credentials: 'same-origin' });
  } catch (cause) {
    return { ok: false, status: 0, message: networkErrorText(cause instanceof Error ? cause.message : String(cause)), cause };
  }
  const { status } = response;
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (!response.ok || (read === 'json' && !isJson)) {
    const answer = isJson ? ((await response.json().catch(() => null)) as { error?: unknown } | null) : null;
    const error = typeof answer?.error === 'string' && answer.error ? answer.error : null;
    return error ? { ok: false, status, message: error, error } : { ok: false, status, message: fallback };
  }
  if (read === 'file')
    return {
      ok: true,
      status,
      value: { file: await response.blob(), name: attachmentName(response.headers.get('content-disposition')) ?? EXPORT_FILE_NAME } as T,
      total: null,
    };
  const value = (await response.json().catch(() => null)) as T | null;
  if (value === null) return { ok: false, status, message: fallback };
  return { ok: true, status, value, total: null };
}
