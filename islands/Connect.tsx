// The Connect island (/connect): 'Connect', its tagline and 'Add Account'; import and export; the
// category chips and the search by name (applied here, kept in the address); the account cards
// with reveal, copy, edit, delete and Visit Site; the dialogs; and the spec's toasts, closing
// after 3 s. Passwords arrive only from GET /api/accounts/{id}, one account at a time, and are
// dropped again on Hide, edit or delete.

import { type ChangeEvent, lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  VAULT_CATEGORIES,
  VAULT_CATEGORY_STYLES,
  VAULT_TEXT,
  VAULT_TOAST_MS,
  type VaultAccount,
  type VaultCategory,
  type VaultImportResult,
} from '../src/shared/connect.ts';
import { accountsInView, CONNECT_SEARCH_MAX, type ConnectView, connectHref, importSummary } from '../src/shared/connect-view.ts';
import { useLazyDialog } from './components/Dialog.tsx';
import { PlusIcon, SearchIcon } from './components/Icons.tsx';
import { useToast } from './components/useToast.tsx';
import { AccountCard, type AccountCardActions, type CopiedField } from './connect/AccountCard.tsx';
import { copyToClipboard } from './connect/clipboard.ts';
import { connectApi } from './connect/connect-api.ts';
import { KeyIcon } from './connect/icons.tsx';
import { DownloadIcon, UploadIcon } from './links/icons.tsx';

// The dialogs' code loads when one is first opened (all of them, in one chunk).
const loadDialogs = () => import('./connect/dialogs.ts');
const ImportReport = lazy(() => loadDialogs().then((m) => ({ default: m.ImportReport })));

export type ConnectProps = {
  /** Every account of the owner, without passwords. */
  accounts: VaultAccount[];
  view: ConnectView;
};

/** The import accepts the managers' CSV exports and Bitwarden's JSON. */
const IMPORT_ACCEPT = '.csv,.json,text/csv,application/json';

export default function Connect({ accounts: initialAccounts, view: initialView }: ConnectProps) {
  const [accounts, setAccounts] = useState(initialAccounts);
  const [view, setView] = useState(initialView);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Revealed passwords by account id: only while shown. */
  const [revealed, setRevealed] = useState<ReadonlyMap<string, string>>(new Map());
  const [revealing, setRevealing] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<VaultAccount | null>(null);
  const [opening, setOpening] = useState(0);
  const [deleting, setDeleting] = useState<VaultAccount | null>(null);
  const [report, setReport] = useState<VaultImportResult | null>(null);
  const toast = useToast(VAULT_TOAST_MS);
  const accountDialog = useLazyDialog(loadDialogs);
  const deleteDialog = useLazyDialog(loadDialogs);
  const exportDialog = useLazyDialog(loadDialogs);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => setLive(true), []);

  const shown = useMemo(() => accountsInView(accounts, view), [accounts, view]);
  const counts = useMemo(() => {
    const by = new Map<VaultCategory, number>();
    for (const a of accounts) by.set(a.category, (by.get(a.category) ?? 0) + 1);
    return by;
  }, [accounts]);

  function changeView(next: ConnectView) {
    setView(next);
    // The address keeps the filter for a reload or a bookmark; no new history entry per keystroke.
    window.history.replaceState(window.history.state, '', connectHref({ ...next, search: next.search.trim() }));
  }

  const forget = (id: string) =>
    setRevealed((map) => {
      if (!map.has(id)) return map;
      const next = new Map(map);
      next.delete(id);
      return next;
    });

  async function reload(): Promise<void> {
    const outcome = await connectApi.listAll();
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    setAccounts(outcome.value);
  }

  function openForm(account: VaultAccount | null) {
    toast.close();
    setEditing(account);
    setOpening((n) => n + 1);
    accountDialog.open();
  }

  async function saved(account: VaultAccount, added: boolean) {
    forget(account._id);
    toast.show(added ? VAULT_TEXT.created : VAULT_TEXT.updated, 'success');
    if (added) setAccounts((list) => [account, ...list]);
    else setAccounts((list) => list.map((a) => (a._id === account._id ? account : a)));
    await reload();
  }

  function askDelete(account: VaultAccount) {
    toast.close();
    setDeleting(account);
    deleteDialog.open();
  }

  async function deleted(account: VaultAccount) {
    forget(account._id);
    setAccounts((list) => list.filter((a) => a._id !== account._id));
    toast.show(VAULT_TEXT.deleted, 'success');
    await reload();
  }

  async function reveal(account: VaultAccount) {
    setRevealing((ids) => new Set(ids).add(account._id));
    const outcome = await connectApi.reveal(account);
    setRevealing((ids) => {
      const next = new Set(ids);
      next.delete(account._id);
      return next;
    });
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    setRevealed((map) => new Map(map).set(account._id, outcome.value.password));
  }

  async function copy(account: VaultAccount, field: CopiedField) {
    let text: string;
    if (field !== 'password') text = account[field];
    else {
      const shownPassword = revealed.get(account._id);
      if (shownPassword !== undefined) text = shownPassword;
      else {
        const outcome = await connectApi.reveal(account);
        if (!outcome.ok) return toast.show(outcome.message, 'error');
        text = outcome.value.password;
      }
    }
    const copied = await copyToClipboard(text);
    toast.show(copied ? VAULT_TEXT.copied : VAULT_TEXT.copyFailed, copied ? 'success' : 'error');
  }

  async function importFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    toast.close();
    setReport(null);
    setBusy(true);
    const outcome = await connectApi.importFile(file);
    setBusy(false);
    if (!outcome.ok) return toast.show(outcome.message, 'error');
    const result = outcome.value;
    toast.show(importSummary(result), result.imported === 0 && result.errors.length > 0 ? 'error' : 'success');
    if (result.errors.length > 0) setReport(result);
    if (result.imported > 0) await reload();
  }

  function openExport() {
    toast.close();
    exportDialog.open();
  }

  const actions: AccountCardActions = { onReveal: reveal, onHide: (a) => forget(a._id), onCopy: copy, onEdit: (a) => openForm(a), onDelete: askDelete };
  const filtered = view.category !== null || view.search.trim() !== '';
  return (
    <>
      <ConnectHeader
        fileInput={fileInput}
        live={live}
        busy={busy}
        empty={accounts.length === 0}
        onImport={importFile}
        onExport={openExport}
        onAdd={() => openForm(null)}
      />

      {report ? (
        <Suspense fallback={null}>
          <ImportReport result={report} onClose={() => setReport(null)} />
        </Suspense>
      ) : null}

      <ConnectFilters view={view} live={live} total={accounts.length} counts={counts} onView={changeView} />

      <p className="mb-3 text-sm text-muted" aria-live="polite">
        {accounts.length === 0
          ? ''
          : filtered
            ? `Showing ${shown.length} of ${accounts.length} accounts`
            : accounts.length === 1
              ? '1 account'
              : `${accounts.length} accounts`}
      </p>

      {accounts.length === 0 ? (
        <NoAccounts live={live} onAdd={() => openForm(null)} />
      ) : shown.length === 0 ? (
        <NoneMatch view={view} live={live} onClear={() => changeView({ category: null, search: '' })} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Accounts">
          {shown.map((account) => (
            <li key={account._id} className="flex min-w-0">
              <AccountCard
                account={account}
                password={revealed.get(account._id) ?? null}
                revealing={revealing.has(account._id)}
                live={live}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      )}

      {accountDialog.module ? (
        <accountDialog.module.AccountDialog control={accountDialog} toast={toast} editing={editing} opening={opening} onSaved={saved} />
      ) : null}
      {deleteDialog.module ? <deleteDialog.module.DeleteAccountDialog control={deleteDialog} toast={toast} account={deleting} onDeleted={deleted} /> : null}
      {exportDialog.module ? (
        <exportDialog.module.ExportDialog
          control={exportDialog}
          toast={toast}
          onExported={() => toast.show(exportDialog.module!.EXPORT_TEXT.done, 'success')}
        />
      ) : null}
      {toast.render()}
    </>
  );
}

/** 'Connect', its tagline, and Import, Export and Add Account. */
function ConnectHeader({
  fileInput,
  live,
  busy,
  empty,
  onImport,
  onExport,
  onAdd,
}: {
  fileInput: RefObject<HTMLInputElement | null>;
  live: boolean;
  busy: boolean;
  /** No account yet: nothing to export. */
  empty: boolean;
  onImport: (event: ChangeEvent<HTMLInputElement>) => void;
  onExport: () => void;
  onAdd: () => void;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="flex items-center gap-2.5 font-display text-2xl font-bold tracking-tight sm:text-3xl">
          <span aria-hidden="true" className="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-accent/15 text-accent">
            <KeyIcon size={20} />
          </span>
          {VAULT_TEXT.title}
        </h1>
        <p className="mt-1 text-muted">{VAULT_TEXT.tagline}</p>
      </div>
      <div className="flex w-full items-center gap-1.5 sm:w-auto">
        <label
          className={`btn-ghost px-3 ${live && !busy ? 'cursor-pointer' : 'cursor-not-allowed opacity-50'} focus-within:outline focus-within:outline-2 focus-within:outline-accent`}
        >
          <UploadIcon />
          Import
          <input ref={fileInput} type="file" accept={IMPORT_ACCEPT} className="sr-only" disabled={!live || busy} onChange={onImport} />
        </label>
        <button type="button" className="btn-ghost px-3" aria-haspopup="dialog" disabled={!live || empty} onClick={onExport}>
          <DownloadIcon />
          Export
        </button>
        <button type="button" className="btn-primary ml-auto whitespace-nowrap sm:ml-1.5" aria-haspopup="dialog" disabled={!live} onClick={onAdd}>
          <PlusIcon />
          {VAULT_TEXT.add}
        </button>
      </div>
    </header>
  );
}

/** The search by name and the category chips, each with its count. */
function ConnectFilters({
  view,
  live,
  total,
  counts,
  onView,
}: {
  view: ConnectView;
  live: boolean;
  total: number;
  counts: ReadonlyMap<VaultCategory, number>;
  onView: (view: ConnectView) => void;
}) {
  const chip = (on: boolean) =>
    `inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line text-fg hover:bg-raised'}`;
  return (
    <div className="mb-5 space-y-3">
      <div role="search" className="relative max-w-md">
        <label htmlFor="connect-search" className="sr-only">
          Search accounts by name
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id="connect-search"
          type="search"
          className="field pl-10"
          placeholder="Search accounts by name"
          autoComplete="off"
          maxLength={CONNECT_SEARCH_MAX}
          value={view.search}
          disabled={!live}
          onChange={(e) => onView({ ...view, search: e.currentTarget.value })}
        />
      </div>
      <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-1.5">
        <button
          type="button"
          className={chip(view.category === null)}
          aria-pressed={view.category === null}
          disabled={!live}
          onClick={() => onView({ ...view, category: null })}
        >
          All
          <span className="text-xs opacity-80">{total}</span>
        </button>
        {VAULT_CATEGORIES.map((category) => (
          <button
            key={category}
            type="button"
            className={chip(view.category === category)}
            aria-pressed={view.category === category}
            disabled={!live}
            onClick={() => onView({ ...view, category })}
          >
            {VAULT_CATEGORY_STYLES[category].label}
            <span className="text-xs opacity-80">{counts.get(category) ?? 0}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The owner has no account yet. */
function NoAccounts({ live, onAdd }: { live: boolean; onAdd: () => void }) {
  return (
    <section className="card flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span aria-hidden="true" className="inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent/15 text-accent">
        <KeyIcon size={28} />
      </span>
      <h2 className="text-lg font-semibold">No accounts yet</h2>
      <p className="max-w-sm text-sm text-muted">
        Keep the sign-in details of your sites here, encrypted on this hub. Add one, or import the export of another password manager.
      </p>
      <button type="button" className="btn-primary mt-1" aria-haspopup="dialog" disabled={!live} onClick={onAdd}>
        <PlusIcon />
        {VAULT_TEXT.add}
      </button>
    </section>
  );
}

/** Accounts there are, but none in the category or with the search in its name. */
function NoneMatch({ view, live, onClear }: { view: ConnectView; live: boolean; onClear: () => void }) {
  return (
    <section className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">No accounts match</h2>
      <p className="max-w-sm text-sm text-muted">
        {view.search.trim()
          ? `Nothing ${view.category ? `in ${VAULT_CATEGORY_STYLES[view.category].label} ` : ''}has "${view.search.trim()}" in its name.`
          : `No ${view.category ? VAULT_CATEGORY_STYLES[view.category].label : ''} accounts yet.`}
      </p>
      <button type="button" className="btn-outline" disabled={!live} onClick={onClear}>
        Clear filters
      </button>
    </section>
  );
}
