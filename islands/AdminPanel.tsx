// The Admin Panel island: the user table with the Create New Admin and Promote User dialogs, the
// Site Lockout Administration card, and the spec's toasts (closing after 6 seconds).

import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { CLI } from '../src/shared/cli-commands.ts';
import { LOCKOUT_TICK_MS, formatCountdown, hoursText, type LockoutStatus } from '../src/shared/lockout.ts';
import type { PublicUser, Role } from '../src/shared/contracts/users.ts';
import { PasswordField } from './components/PasswordField.tsx';
import { Snackbar } from './components/Snackbar.tsx';

export type AdminPanelProps = {
  users: PublicUser[];
  lockout: LockoutStatus;
  lockoutHours: number;
  viewerId: string;
};

/** The spec's admin client messages (error catalogue), verbatim. */
export const ADMIN_TEXT = {
  loadFailed: 'Failed to load users',
  createFailed: 'Failed to create admin account',
  promoteFailed: 'Failed to promote user',
  resetFailed: 'Failed to reset site lockout',
  created: 'Success: New admin account created successfully!',
  promoted: (name: string) => `${name} has been promoted to admin!`,
  network: (message: string) => `Network error: ${message}`,
  empty: 'No users found',
} as const;

/** The page reloads this long after a successful lockout reset (spec, business constants). */
export const RELOAD_AFTER_RESET_MS = 2000;
/** The time left turns to the warning colour for the last hour. */
const WARN_FROM_MS = 60 * 60 * 1000;

const COLUMNS = ['Name', 'Username', 'Email', 'Role', 'Created', 'Actions'] as const;
/** Columns shown inside the Name cell on narrow screens. */
const FOLDED = new Set<string>(['Username', 'Email', 'Role', 'Created']);

type ToastPlace = 'page' | 'create' | 'promote';
type Toast = { id: number; text: string; tone: 'success' | 'error'; place: ToastPlace };
type Draft = { name: string; username: string; email: string; password: string; role: Role };
const EMPTY_DRAFT: Draft = { name: '', username: '', email: '', password: '', role: 'admin' };

/** What a call to the API came to: the parsed answer, or the reason it failed as the toast shows it. */
type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Sends a request and reads the JSON answer. A server answer carrying an error field is shown as-is;
 * an error status without one gives `fallback`; a request that never got an answer gives the
 * network message.
 */
async function callApi<T>(path: string, init: { method: string; body?: unknown }, fallback: string): Promise<Outcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch (err) {
    console.error(`API call failed: ${init.method} ${path}`, err);
    return { ok: false, message: ADMIN_TEXT.network(err instanceof Error ? err.message : String(err)) };
  }
  const answer: unknown = await response.json().catch((err: unknown) => {
    console.error(`Unreadable answer: ${init.method} ${path}`, err);
    return undefined;
  });
  const error = typeof answer === 'object' && answer !== null ? (answer as { error?: unknown }).error : undefined;
  if (typeof error === 'string' && error.trim() !== '') return { ok: false, message: error };
  if (!response.ok || answer === undefined) return { ok: false, message: fallback };
  return { ok: true, value: answer as T };
}

function isUserList(value: unknown): value is PublicUser[] {
  return (
    Array.isArray(value) &&
    value.every((u) => typeof u === 'object' && u !== null && typeof (u as PublicUser)._id === 'string' && typeof (u as PublicUser).name === 'string')
  );
}

const isAdmin = (user: PublicUser) => user.role === 'admin' || user.admin === true;

/**
 * "Jan 5, 2030". The server and the first client render use UTC so hydration matches; once live the
 * date is shown in the visitor's own time zone.
 */
function shortDate(iso: string, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', ...(local ? {} : { timeZone: 'UTC' }) });
}

/** "24 hours", "1 hour", "0.5 hours". */
export default function AdminPanel({ users: initialUsers, lockout, lockoutHours, viewerId }: AdminPanelProps) {
  const [users, setUsers] = useState<PublicUser[]>(initialUsers);
  const [live, setLive] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const toastId = useRef(0);
  const createDialog = useRef<HTMLDialogElement>(null);
  const promoteDialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [creating, setCreating] = useState(false);
  // The user the promote dialog is about, and whether the dialog lets the admin choose one.
  const [promoteId, setPromoteId] = useState('');
  const [choosing, setChoosing] = useState(false);
  const [promoting, setPromoting] = useState(false);

  useEffect(() => setLive(true), []);

  const closeToast = useCallback(() => setToast(null), []);
  const notify = useCallback((text: string, tone: Toast['tone'], place: ToastPlace = 'page') => {
    toastId.current += 1;
    setToast({ id: toastId.current, text, tone, place });
  }, []);
  // A modal dialog covers the page, so a toast raised while one is open is shown inside it.
  const placeFor = (dialog: HTMLDialogElement | null, place: ToastPlace): ToastPlace => (dialog?.open ? place : 'page');
  const toastIn = (place: ToastPlace) =>
    toast && toast.place === place ? <Snackbar key={toast.id} message={toast.text} tone={toast.tone} onClose={closeToast} /> : null;

  async function reload(): Promise<void> {
    const outcome = await callApi<unknown>('/api/users', { method: 'GET' }, ADMIN_TEXT.loadFailed);
    if (outcome.ok && isUserList(outcome.value)) setUsers(outcome.value);
    else notify(ADMIN_TEXT.loadFailed, 'error');
  }

  // A closed dialog forgets its input and any toast shown inside it.
  function closed(place: 'create' | 'promote') {
    if (place === 'create') setDraft(EMPTY_DRAFT);
    else setPromoteId('');
    setToast((t) => (t?.place === place ? null : t));
  }

  // ---- Create New Admin ----
  const canCreate = draft.name.trim() !== '' && draft.username.trim() !== '' && draft.email.trim() !== '' && draft.password !== '';
  const edit = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  function openCreate() {
    setDraft(EMPTY_DRAFT);
    setToast(null);
    createDialog.current?.showModal();
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate || creating) return;
    setCreating(true);
    const body = { name: draft.name.trim(), username: draft.username.trim(), email: draft.email.trim(), password: draft.password, role: draft.role };
    const outcome = await callApi<PublicUser>('/api/users', { method: 'POST', body }, ADMIN_TEXT.createFailed);
    setCreating(false);
    if (!outcome.ok) {
      notify(outcome.message, 'error', placeFor(createDialog.current, 'create'));
      return;
    }
    createDialog.current?.close();
    setDraft(EMPTY_DRAFT);
    notify(ADMIN_TEXT.created, 'success');
    await reload();
  }

  // ---- Promote User ----
  const candidates = users.filter((u) => !isAdmin(u));
  const promoteTarget = users.find((u) => u._id === promoteId) ?? null;

  function openPromote(user: PublicUser | null) {
    setChoosing(user === null);
    setPromoteId(user?._id ?? '');
    setToast(null);
    promoteDialog.current?.showModal();
  }

  async function promote() {
    const user = promoteTarget;
    if (!user || isAdmin(user) || promoting) return;
    setPromoting(true);
    // The whole user goes back with role admin (never a password).
    const body = { name: user.name, username: user.username, email: user.email, role: 'admin' as const };
    const outcome = await callApi<PublicUser>(`/api/users/${encodeURIComponent(user._id)}`, { method: 'PUT', body }, ADMIN_TEXT.promoteFailed);
    setPromoting(false);
    if (!outcome.ok) {
      notify(outcome.message, 'error', placeFor(promoteDialog.current, 'promote'));
      return;
    }
    const updated = outcome.value;
    if (updated && typeof updated === 'object' && updated._id === user._id) setUsers((list) => list.map((u) => (u._id === user._id ? { ...u, ...updated } : u)));
    promoteDialog.current?.close();
    notify(ADMIN_TEXT.promoted(user.name), 'success');
    await reload();
  }

  return (
    <>
      <div className="space-y-6">
        <section aria-labelledby="admin-users-title" className="card min-w-0 overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
            <div className="flex items-center gap-2">
              <h2 id="admin-users-title" className="text-lg font-bold">
                Users
              </h2>
              <span className="chip bg-raised text-muted" aria-label={`${users.length} ${users.length === 1 ? 'user' : 'users'}`}>
                {users.length}
              </span>
            </div>
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <button type="button" className="btn-primary" onClick={openCreate} aria-haspopup="dialog">
                <PlusIcon />
                Create New Admin
              </button>
              <button type="button" className="btn-outline" onClick={() => openPromote(null)} aria-haspopup="dialog">
                <ShieldIcon />
                Promote User
              </button>
            </div>
          </div>
          <div className="relative overflow-x-auto">
            {/* On phones Username, Email and Created fold into the Name cell, so nothing scrolls sideways. */}
            <table className="w-full text-left text-sm md:min-w-[46rem]">
              <thead className="bg-raised text-xs uppercase tracking-wide text-muted">
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column}
                      scope="col"
                      className={`px-4 py-3 font-semibold sm:px-6 ${column === 'Actions' ? 'text-right' : ''} ${FOLDED.has(column) ? 'hidden md:table-cell' : ''}`}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {users.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-muted">
                      {ADMIN_TEXT.empty}
                    </td>
                  </tr>
                ) : (
                  users.map((user) => (
                    <tr key={user._id} className="border-t border-line hover:bg-raised/60">
                      <td className="px-4 py-3 sm:px-6">
                        <div className="flex items-center gap-3">
                          <span
                            aria-hidden="true"
                            className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent/15 text-sm font-bold text-accent"
                          >
                            {(user.name.trim()[0] ?? '?').toUpperCase()}
                          </span>
                          <div className="min-w-0">
                            <div className="flex flex-wrap items-center gap-2">
                              <span className="font-medium">{user.name}</span>
                              {user._id === viewerId ? <span className="chip border border-line text-muted">You</span> : null}
                              <span className="md:hidden">
                                <RoleChip admin={isAdmin(user)} />
                              </span>
                            </div>
                            <p className="break-words text-xs text-muted md:hidden">
                              {user.username} · {user.email} · {shortDate(user.created, live)}
                            </p>
                          </div>
                        </div>
                      </td>
                      <td className="hidden whitespace-nowrap px-4 py-3 text-muted sm:px-6 md:table-cell">{user.username}</td>
                      <td className="hidden max-w-[16rem] truncate px-4 py-3 sm:px-6 md:table-cell" title={user.email}>
                        {user.email}
                      </td>
                      <td className="hidden px-4 py-3 sm:px-6 md:table-cell">
                        <RoleChip admin={isAdmin(user)} />
                      </td>
                      <td className="hidden whitespace-nowrap px-4 py-3 text-muted sm:px-6 md:table-cell">
                        <time dateTime={user.created}>{shortDate(user.created, live)}</time>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-right sm:px-6">
                        {isAdmin(user) ? (
                          <span className="text-muted">
                            <span aria-hidden="true">—</span>
                            <span className="sr-only">No actions</span>
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="btn-outline px-3 py-1.5 text-xs"
                            onClick={() => openPromote(user)}
                            aria-haspopup="dialog"
                            aria-label={`Promote ${user.name}`}
                          >
                            <ShieldIcon size={14} />
                            Promote
                          </button>
                        )}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </section>

        <LockoutCard initial={lockout} hours={lockoutHours} notify={notify} />
      </div>

      <Dialog dialogRef={createDialog} title="Create New Admin" onClose={() => closed('create')}>
        <form onSubmit={create} noValidate>
          <div className="space-y-4 px-6 pb-2">
            <p className="text-sm text-muted">All fields are required. The new account can sign in straight away.</p>
            <Field label="Full Name" value={draft.name} onChange={edit('name')} autoComplete="off" />
            <Field label="Username" value={draft.username} onChange={edit('username')} autoComplete="off" plain />
            <Field label="Email" type="email" value={draft.email} onChange={edit('email')} autoComplete="off" plain />
            <PasswordField name="password" label="Password" autoComplete="new-password" value={draft.password} onChange={edit('password')} />
            <RoleSelect value={draft.role} onChange={(role) => setDraft((d) => ({ ...d, role }))} />
          </div>
          <DialogActions>
            <button type="button" className="btn-ghost" onClick={() => createDialog.current?.close()} disabled={creating}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={!canCreate || creating}>
              {creating ? 'Creating…' : 'Create'}
            </button>
          </DialogActions>
        </form>
        {toastIn('create')}
      </Dialog>

      <Dialog dialogRef={promoteDialog} title="Promote User to Admin" onClose={() => closed('promote')}>
        <div className="space-y-4 px-6 pb-2">
          {choosing ? (
            candidates.length === 0 && promoteTarget === null ? (
              <p className="text-sm text-muted">Every user is already an administrator.</p>
            ) : (
              <UserSelect users={candidates} value={promoteId} onChange={setPromoteId} />
            )
          ) : null}
          {promoteTarget ? (
            <>
              <p className="text-sm">Are you sure you want to promote this user to admin?</p>
              <div className="flex items-center gap-3 rounded-xl border border-line bg-raised px-4 py-3">
                <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent/15 font-bold text-accent">
                  {(promoteTarget.name.trim()[0] ?? '?').toUpperCase()}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-semibold">{promoteTarget.name}</p>
                  <p className="truncate text-sm text-muted">{promoteTarget.email}</p>
                </div>
              </div>
              <p role="note" className="flex gap-2 rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">
                <WarningIcon />
                <span>
                  <strong className="text-warn">Warning:</strong> This will grant {promoteTarget.name} full administrative privileges, including managing users and the
                  site lockout.
                </span>
              </p>
            </>
          ) : null}
        </div>
        <DialogActions>
          <button type="button" className="btn-ghost" onClick={() => promoteDialog.current?.close()} disabled={promoting}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={promote} disabled={!promoteTarget || isAdmin(promoteTarget) || promoting}>
            {promoting ? 'Promoting…' : 'Promote'}
          </button>
        </DialogActions>
        {toastIn('promote')}
      </Dialog>

      {toastIn('page')}
    </>
  );
}

// ---- Site Lockout Administration ----

function LockoutCard({ initial, hours, notify }: { initial: LockoutStatus; hours: number; notify: (text: string, tone: Toast['tone']) => void }) {
  const [remaining, setRemaining] = useState(initial.timeRemaining);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const locked = initial.isLocked || remaining <= 0;

  // The time left counts down against a deadline fixed at mount (a late timer lands on the right time).
  useEffect(() => {
    if (!initial.lockoutEnabled || initial.isLocked || !(initial.timeRemaining > 0)) return;
    const deadline = Date.now() + initial.timeRemaining;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, deadline - Date.now());
      setRemaining(left);
      if (left > 0) timer = setTimeout(tick, left % LOCKOUT_TICK_MS || LOCKOUT_TICK_MS);
    };
    timer = setTimeout(tick, initial.timeRemaining % LOCKOUT_TICK_MS || LOCKOUT_TICK_MS);
    return () => clearTimeout(timer);
  }, [initial]);

  async function reset() {
    if (busy || done || locked) return;
    setBusy(true);
    const outcome = await callApi<{ newExpiryTime?: unknown }>('/api/admin/reset-lockout', { method: 'POST' }, ADMIN_TEXT.resetFailed);
    setBusy(false);
    if (!outcome.ok) {
      notify(outcome.message, 'error');
      return;
    }
    setDone(true);
    notify(`Site lockout reset: access granted for another ${hoursText(hours)}. Reloading…`, 'success');
    setTimeout(() => location.reload(), RELOAD_AFTER_RESET_MS);
  }

  let state: ReactNode;
  if (!initial.lockoutEnabled) {
    state = <p className="text-sm text-muted">The site lockout is disabled (SITE_LOCKOUT_HOURS is 0): the site stays open and there is no timer to reset.</p>;
  } else if (locked) {
    state = (
      <div className="flex flex-wrap items-center gap-3">
        <span className="chip bg-danger-solid text-white tracking-wider">LOCKED</span>
        <p className="text-sm text-muted">The site is locked.</p>
      </div>
    );
  } else {
    state = (
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">Time left before the site locks</p>
        <p className={`mt-1 text-3xl font-bold tabular-nums tracking-tight ${remaining <= WARN_FROM_MS ? 'text-warn' : 'text-fg'}`}>
          <span role="timer" aria-live="off" aria-label="Time left">
            {formatCountdown(remaining)}
          </span>
        </p>
      </div>
    );
  }

  return (
    <section aria-labelledby="admin-lockout-title" className="card p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent">
          <ClockIcon />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="admin-lockout-title" className="text-lg font-bold">
            Site Lockout Administration
          </h2>
          <p className="text-sm text-muted">Unless an administrator resets it in time, the site locks and only the server's command line can open it again.</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        {state}
        {initial.lockoutEnabled ? (
          <div className="sm:max-w-xs sm:text-right">
            <button
              type="button"
              className="btn-primary w-full sm:w-auto"
              onClick={reset}
              disabled={busy || done || locked}
              aria-describedby={locked ? 'admin-lockout-server-only' : 'admin-lockout-grants'}
            >
              <RefreshIcon />
              {busy ? 'Resetting…' : 'Reset Lockout Timer'}
            </button>
            {locked ? null : (
              <p id="admin-lockout-grants" className="mt-2 text-xs text-muted">
                Grants another {hoursText(hours)} of site access, counted from now.
              </p>
            )}
          </div>
        ) : null}
      </div>
      {initial.lockoutEnabled && locked ? <ServerOnlyReset /> : null}
    </section>
  );
}

/** Once locked, no site token works, so no page can reset the lockout: only the server's command line. */
function ServerOnlyReset() {
  return (
    <div id="admin-lockout-server-only" className="mt-4 rounded-xl border border-line bg-raised px-4 py-3 text-sm">
      <p className="font-semibold">Only the server can open the site again.</p>
      <p className="mt-1 text-muted">Reset is no longer possible from here. On the server, in the hub's folder, run:</p>
      <CommandLine>{CLI.lockoutReset}</CommandLine>
      <p className="mt-2 text-muted">or, when the hub runs in Docker:</p>
      <CommandLine>{CLI.dockerLockoutReset}</CommandLine>
    </div>
  );
}

function CommandLine({ children }: { children: string }) {
  return (
    <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded-lg border border-line bg-surface px-3 py-2 text-xs">
      <code>{children}</code>
    </pre>
  );
}

// ---- Building blocks ----

function Dialog({ dialogRef, title, onClose, children }: { dialogRef: RefObject<HTMLDialogElement | null>; title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} onClose={onClose} className="w-[min(92vw,30rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-xl">
      <h2 id={titleId} className="px-6 pb-3 pt-6 text-lg font-bold">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-4 flex justify-end gap-2 border-t border-line px-6 py-3">{children}</div>;
}

function Field({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  plain,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  autoComplete: string;
  /** No spell checking or automatic capitals (usernames, addresses). */
  plain?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        required
        autoComplete={autoComplete}
        {...(plain ? { spellCheck: false, autoCapitalize: 'none' } : {})}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="field"
      />
    </div>
  );
}

function RoleSelect({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Role
      </label>
      <select id={id} required value={value} onChange={(e) => onChange(e.currentTarget.value === 'user' ? 'user' : 'admin')} className="field">
        <option value="admin">Admin</option>
        <option value="user">User</option>
      </select>
    </div>
  );
}

function UserSelect({ users, value, onChange }: { users: PublicUser[]; value: string; onChange: (id: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        User
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} className="field">
        <option value="">Choose a user…</option>
        {users.map((u) => (
          <option key={u._id} value={u._id}>
            {u.name} ({u.username})
          </option>
        ))}
      </select>
    </div>
  );
}

function RoleChip({ admin }: { admin: boolean }) {
  return <span className={`chip ${admin ? 'bg-accent text-accent-fg' : 'bg-raised text-fg border border-line'}`}>{admin ? 'Administrator' : 'User'}</span>;
}

function PlusIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

function ShieldIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3z" strokeLinejoin="round" />
      <path d="M12 15V9m-3 3 3-3 3 3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function RefreshIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="mt-0.5 shrink-0 text-warn">
      <path d="M12 3 2 20h20L12 3z" strokeLinejoin="round" />
      <path d="M12 10v4M12 17v.5" strokeLinecap="round" />
    </svg>
  );
}
