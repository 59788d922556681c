// All Users, Profile and Edit Profile.

import type { FormState } from '../../../http/forms.ts';
import { Island } from '../../../http/island.tsx';
import { ErrorCard } from '../../../http/pages/ErrorPages.tsx';
import { Alert, Page, TextField } from '../../../http/ui.tsx';
import type { ApiKeyView } from '../../../shared/api-keys.ts';
import { localDate } from '../../../shared/dates.ts';
import type { ProfileCollections } from '../../home/home.service.ts';
import type { PublicUser, UserSummary } from '../users.schema.ts';
import { PASSWORD_MIN_LENGTH } from '../users.schema.ts';

export const FAVORITES_EMPTY = 'No favorites yet. Start exploring and add your favorites!';

/** "November 21, 2026": the hub's one date format (the server renders it in UTC). */
export const longDate = (iso: string): string => localDate(iso, false);

export function AllUsersPage({ users }: { users: UserSummary[] | null }) {
  return (
    <Page title="All Users" width="list">
      <section className="card overflow-hidden">
        {users === null ? (
          <div className="p-6 text-center">
            <p className="text-muted">Sign in to see who has an account here.</p>
            <a href="/signin?next=%2Fusers" className="btn-primary mt-4 no-underline">
              Sign In
            </a>
          </div>
        ) : users.length === 0 ? (
          <p className="p-6 text-center text-muted">No users found</p>
        ) : (
          <ul className="divide-y divide-line">
            {users.map((u) => (
              <li key={u._id}>
                <a href={`/user/${encodeURIComponent(u._id)}`} className="flex items-center gap-3 px-5 py-3 text-fg no-underline hover:bg-raised">
                  <Avatar name={u.name} />
                  <span className="font-medium">{u.name}</span>
                  <span aria-hidden="true" className="ml-auto text-muted">
                    ›
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

export function Avatar({ name, size = 'h-9 w-9 text-sm' }: { name: string; size?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full bg-accent/15 font-bold text-accent ${size}`}>
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 px-5 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

function RoleChip({ admin }: { admin: boolean }) {
  return <span className={`chip ${admin ? 'bg-accent text-accent-fg' : 'bg-raised text-fg'}`}>{admin ? 'Administrator' : 'User'}</span>;
}

function FavoritesGroup({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-line p-4">
      <h3 className="flex items-center justify-between font-semibold">
        {title}
        {/** biome-ignore lint/a11y/useAriaPropsSupportedByRole: kept from before the linter; fix when this code is next touched */}
        <span className="chip bg-raised text-fg" aria-label={`${count} favorites`}>
          {count}
        </span>
      </h3>
      {count === 0 ? <p className="mt-3 text-sm text-muted">{FAVORITES_EMPTY}</p> : <ul className="mt-3 space-y-2 text-sm">{children}</ul>}
    </section>
  );
}

function ExternalName({ name, url }: { name: string; url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-fg underline-offset-2 hover:underline">
      {name}
    </a>
  );
}

/** On one's own profile: the collections' favourites and what was visited last. */
function CollectionsSections({ collections }: { collections: ProfileCollections }) {
  const { sites, models, links, recent } = collections;
  return (
    <>
      <section className="card p-5">
        <h2 className="font-display text-xl font-bold">Your Favorites</h2>
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <FavoritesGroup title="Streaming Sites" count={sites.count}>
            {sites.items.map((site) => (
              <li key={site._id}>
                <ExternalName name={site.name} url={site.url} />
                <span className="text-xs text-muted">{site.category}</span>
              </li>
            ))}
          </FavoritesGroup>
          <FavoritesGroup title="Models" count={models.count}>
            {models.items.map((model) => (
              <li key={model._id}>
                <a href={`/models?search=${encodeURIComponent(model.name)}`} className="block truncate font-medium text-fg underline-offset-2 hover:underline">
                  {model.name}
                </a>
                <span className="mt-1 flex flex-wrap gap-1">
                  {model.ethnicity ? <span className="chip bg-raised text-fg">{model.ethnicity}</span> : null}
                  <span className="chip bg-raised text-fg">{model.age === null ? 'Unknown' : model.age}</span>
                </span>
              </li>
            ))}
          </FavoritesGroup>
          <FavoritesGroup title="Links" count={links.count}>
            {links.items.map((link) => (
              <li key={link._id}>
                <ExternalName name={link.name} url={link.url} />
                <span className="text-xs text-muted">{link.category}</span>
              </li>
            ))}
          </FavoritesGroup>
        </div>
      </section>

      <section className="card p-5">
        <h2 className="font-display text-xl font-bold">Recently Visited</h2>
        {recent.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nothing visited yet. Sites and links you open from Watch and Links show here.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {recent.map((item) => (
              <li key={`${item.kind}-${item._id}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 flex-1">
                  <ExternalName name={item.name} url={item.url} />
                  <span className="text-xs text-muted">{item.kind}</span>
                </span>
                <time dateTime={item.lastVisited} className="text-sm text-muted">
                  {longDate(item.lastVisited)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** `sessions`: on one's own profile, how many devices are signed in to the account. */
export function ProfilePage({
  user,
  own,
  sessions,
  collections,
  apiKeys,
}: {
  user: PublicUser;
  own: boolean;
  sessions?: number;
  collections?: ProfileCollections;
  apiKeys?: ApiKeyView[];
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <section className="card overflow-hidden">
        <div className="flex flex-wrap items-center gap-4 border-b border-line px-5 py-5">
          <Avatar name={user.name} size="h-14 w-14 text-xl" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="font-display text-2xl font-bold tracking-tight">Account Profile</h1>
              <RoleChip admin={user.admin} />
            </div>
            <p className="truncate text-muted">{user.name}</p>
          </div>
          {own ? (
            <div className="flex w-full items-center gap-2 sm:w-auto">
              <a href={`/user/edit/${encodeURIComponent(user._id)}`} className="btn-outline no-underline" aria-label="Edit profile">
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M4 20h4L19 9l-4-4L4 16v4z" strokeLinejoin="round" />
                </svg>
                Edit
              </a>
              <Island name="DeleteAccount" props={{ userId: user._id }} />
            </div>
          ) : null}
        </div>
        <dl className="divide-y divide-line">
          <Row label="Name">{user.name}</Row>
          <Row label="Email">{user.email}</Row>
          <Row label="Username">{user.username || 'Not set'}</Row>
          <Row label="Account type">{user.admin ? 'Administrator Account' : 'Standard User Account'}</Row>
          <Row label="Member Since">{longDate(user.created)}</Row>
          <Row label="Last Updated">{user.updated ? longDate(user.updated) : 'Never'}</Row>
        </dl>
        {own ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-3 border-t border-line px-5 py-4">
            <form method="post" action="/signout">
              <button type="submit" className="btn-outline">
                Sign Out
              </button>
            </form>
            <form method="post" action="/signout/everywhere">
              <button type="submit" className="btn-outline">
                Sign out everywhere
              </button>
            </form>
            {sessions !== undefined ? (
              <p className="w-full text-sm text-muted sm:w-auto">
                {sessions === 1 ? 'Signed in on this device only.' : `Signed in on ${sessions} devices or browsers.`}
              </p>
            ) : null}
          </div>
        ) : null}
      </section>

      {apiKeys ? <Island name="ApiKeys" props={{ keys: apiKeys }} /> : null}

      {collections ? <CollectionsSections collections={collections} /> : null}
    </div>
  );
}

export function NotAuthorisedPage({ text }: { text: string }) {
  return <ErrorCard code="403" heading="Not authorised" text={text} />;
}

export function EditProfilePage({ user, form }: { user: PublicUser; form?: FormState }) {
  return (
    <Page title="Edit Profile" width="narrow">
      <form method="post" action={`/user/edit/${encodeURIComponent(user._id)}`} className="card space-y-4 p-6">
        <p className="text-sm text-muted">Fill in only what you want to change; empty fields stay as they are.</p>
        <TextField name="name" label="Name" autoComplete="name" hint={`Now: ${user.name}`} defaultValue={form?.values.name} error={form?.errors.name} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          hint={`Now: ${user.email}`}
          defaultValue={form?.values.email}
          error={form?.errors.email}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A new password signs you out on your other devices.`}
          error={form?.errors.password}
        />
        {form ? <Alert>{form.error}</Alert> : null}
        <div className="flex items-center justify-end gap-2 pt-2">
          <a href={`/user/${encodeURIComponent(user._id)}`} className="btn-ghost no-underline">
            Cancel
          </a>
          <button type="submit" className="btn-primary">
            Submit
          </button>
        </div>
      </form>
    </Page>
  );
}
