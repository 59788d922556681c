// One vault account as a card: its favicon (from the hub) or a coloured initial, name, category
// chip, username, email and the password masked until revealed, copy buttons, edit, delete and
// 'Visit Site'. The password is only ever here while revealed (the parent holds it).

import { type ReactNode, useId } from 'react';
import { VAULT_CATEGORY_STYLES, VAULT_TEXT, type VaultAccount, vaultCategoryLabel } from '../../src/shared/connect.ts';
import { EyeIcon, TrashIcon } from '../components/Icons.tsx';
import { PENDING_IMAGE, useLoadedImage } from '../components/useLoadedImage.ts';
import { ExternalIcon, PencilIcon } from '../links/icons.tsx';
import { CopyIcon } from './icons.tsx';

export type CopiedField = 'username' | 'email' | 'password';

export interface AccountCardActions {
  onReveal(account: VaultAccount): void;
  onHide(account: VaultAccount): void;
  onCopy(account: VaultAccount, field: CopiedField): void;
  onEdit(account: VaultAccount): void;
  onDelete(account: VaultAccount): void;
}

/** Masked passwords all look alike: their length is nobody's business. */
export const MASK = '••••••••••••';

const styleOf = (category: string) => VAULT_CATEGORY_STYLES[category as keyof typeof VAULT_CATEGORY_STYLES] ?? VAULT_CATEGORY_STYLES.other;

/** The first letter or digit of the name, else its first character. */
function initialOf(name: string): string {
  const letter = /[\p{L}\p{N}]/u.exec(name)?.[0] ?? [...name.trim()][0] ?? '?';
  return letter.toLocaleUpperCase();
}

/**
 * The hub's favicon of the account (the custom one, else the website's), or the coloured initial
 * when there is none, while it loads and when it fails (also before hydration). No picture is
 * asked for when the hub knows it has none (`hasIcon`).
 */
function AccountIcon({ account }: { account: VaultAccount }) {
  const wanted = account.hasIcon && Boolean(account.website || account.favicon);
  const image = useLoadedImage(wanted ? account._id : null);
  const loaded = wanted && image.state === 'loaded';
  const frame = 'relative inline-flex h-11 w-11 shrink-0 items-center justify-center overflow-hidden rounded-xl';
  return (
    <span
      aria-hidden="true"
      {...(loaded ? {} : { 'data-initial': '' })}
      className={`${frame} ${loaded ? 'border border-line bg-raised' : `text-lg font-bold ${styleOf(account.category).initial}`}`}
    >
      {loaded ? null : initialOf(account.name)}
      {wanted && image.state !== 'failed' ? (
        <img
          ref={image.ref}
          src={`/api/accounts/${encodeURIComponent(account._id)}/favicon`}
          alt=""
          width={28}
          height={28}
          loading="lazy"
          className={`h-7 w-7 object-contain ${loaded ? '' : PENDING_IMAGE}`}
          onLoad={image.onLoad}
          onError={image.onError}
        />
      ) : null}
    </span>
  );
}

export function CategoryChip({ category }: { category: string }) {
  return <span className={`chip ${styleOf(category).chip}`}>{vaultCategoryLabel(category)}</span>;
}

const iconButton =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-raised hover:text-fg disabled:cursor-not-allowed disabled:opacity-50';

function CopyButton({ what, name, live, onCopy }: { what: string; name: string; live: boolean; onCopy: () => void }) {
  return (
    <button type="button" className={iconButton} aria-label={`Copy ${what} of ${name}`} title={`Copy ${what}`} disabled={!live} onClick={onCopy}>
      <CopyIcon />
    </button>
  );
}

function Row({ label, children, actions }: { label: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex h-10 items-center gap-2 rounded-lg bg-raised/60 pl-3 pr-1">
      <dt className="w-[5.25rem] shrink-0 text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      {/* The buttons belong to the value (a list of terms may hold only terms and values). */}
      <dd className="flex min-w-0 flex-1 items-center gap-0.5">
        <span className="min-w-0 flex-1 truncate text-sm">{children}</span>
        {actions}
      </dd>
    </div>
  );
}

const notSet = <span className="text-muted">Not set</span>;

export function AccountCard({
  account,
  password,
  revealing,
  live,
  actions,
}: {
  account: VaultAccount;
  /** The password while revealed, else null. */
  password: string | null;
  /** The password is on its way from the hub. */
  revealing: boolean;
  live: boolean;
  actions: AccountCardActions;
}) {
  const titleId = useId();
  const revealed = password !== null;
  return (
    <article aria-labelledby={titleId} className="card flex h-full w-full min-w-0 flex-col p-4" data-account-id={account._id}>
      <div className="flex items-start gap-3">
        <AccountIcon key={`${account.website}\n${account.favicon}`} account={account} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words text-base font-semibold leading-snug">
            {account.name}
          </h2>
          <div className="mt-1">
            <CategoryChip category={account.category} />
          </div>
        </div>
        <div className="-mr-1 -mt-1 flex items-center">
          <button
            type="button"
            className={iconButton}
            aria-haspopup="dialog"
            aria-label={`Edit ${account.name}`}
            title="Edit"
            disabled={!live}
            onClick={() => actions.onEdit(account)}
          >
            <PencilIcon />
          </button>
          <button
            type="button"
            className={`${iconButton} hover:text-danger`}
            aria-haspopup="dialog"
            aria-label={`Delete ${account.name}`}
            title="Delete"
            disabled={!live}
            onClick={() => actions.onDelete(account)}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>

      <dl className="mt-4 space-y-1.5">
        <Row
          label="Username"
          actions={account.username ? <CopyButton what="username" name={account.name} live={live} onCopy={() => actions.onCopy(account, 'username')} /> : null}
        >
          {account.username ? <span title={account.username}>{account.username}</span> : notSet}
        </Row>
        <Row
          label="Email"
          actions={account.email ? <CopyButton what="email" name={account.name} live={live} onCopy={() => actions.onCopy(account, 'email')} /> : null}
        >
          {account.email ? <span title={account.email}>{account.email}</span> : notSet}
        </Row>
        <Row
          label="Password"
          actions={
            account.hasPassword ? (
              <>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={revealed ? `Hide password of ${account.name}` : `Show password of ${account.name}`}
                  aria-pressed={revealed}
                  title={revealed ? 'Hide password' : 'Show password'}
                  disabled={!live || revealing}
                  onClick={() => (revealed ? actions.onHide(account) : actions.onReveal(account))}
                >
                  <EyeIcon open={!revealed} />
                </button>
                <CopyButton what="password" name={account.name} live={live} onCopy={() => actions.onCopy(account, 'password')} />
              </>
            ) : null
          }
        >
          {!account.hasPassword ? (
            notSet
          ) : revealed ? (
            <span className="select-all whitespace-pre font-mono" data-password>
              {password}
            </span>
          ) : (
            <>
              <span aria-hidden="true" className="tracking-widest text-muted">
                {MASK}
              </span>
              <span className="sr-only">Password hidden</span>
            </>
          )}
        </Row>
      </dl>

      {account.website ? (
        <div className="mt-auto pt-4">
          <a
            href={account.website}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-outline w-full whitespace-nowrap py-1.5 no-underline"
            title={account.website}
          >
            <ExternalIcon />
            {VAULT_TEXT.visitSite}
          </a>
        </div>
      ) : null}
    </article>
  );
}
