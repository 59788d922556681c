// The Admin Panel's Users card: the count, Create New Admin and Promote User, and the table with
// its columns folded into the Name cell on phones.

import type { PublicUser } from '../../src/shared/contracts/users.ts';
import { Avatar } from '../components/Avatar.tsx';
import { PlusIcon, ShieldIcon } from '../components/Icons.tsx';
import { isAdmin } from './admin-api.ts';
import { ADMIN_TEXT } from './text.ts';

const COLUMNS = ['Name', 'Username', 'Email', 'Role', 'Created', 'Actions'] as const;
/** Columns shown inside the Name cell on narrow screens. */
const FOLDED = new Set<string>(['Username', 'Email', 'Role', 'Created']);

/**
 * "Jan 5, 2030". The server and the first client render use UTC so hydration matches; once live the
 * date is shown in the visitor's own time zone.
 */
function shortDate(iso: string, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', ...(local ? {} : { timeZone: 'UTC' }) });
}

export function RoleChip({ admin }: { admin: boolean }) {
  return <span className={`chip ${admin ? 'bg-accent text-accent-fg' : 'bg-raised text-fg border border-line'}`}>{admin ? 'Administrator' : 'User'}</span>;
}

export function UsersTable({
  users,
  viewerId,
  live,
  onCreate,
  onPromote,
}: {
  users: PublicUser[];
  viewerId: string;
  /** Whether the island is live (dates in the visitor's time zone). */
  live: boolean;
  onCreate: () => void;
  /** A row's Promote (with its user), or Promote User (null: the admin chooses). */
  onPromote: (user: PublicUser | null) => void;
}) {
  return (
    <section aria-labelledby="admin-users-title" className="card min-w-0 overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2">
          <h2 id="admin-users-title" className="text-lg font-bold">
            Users
          </h2>
          {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept from before the linter; fix when this code is next touched */}
          <span className="chip bg-raised text-muted" aria-label={`${users.length} ${users.length === 1 ? 'user' : 'users'}`}>
            {users.length}
          </span>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <button type="button" className="btn-primary" onClick={onCreate} aria-haspopup="dialog">
            <PlusIcon />
            Create New Admin
          </button>
          <button type="button" className="btn-outline" onClick={() => onPromote(null)} aria-haspopup="dialog">
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
                      <Avatar name={user.name} letters={1} />
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
                        onClick={() => onPromote(user)}
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
  );
}
