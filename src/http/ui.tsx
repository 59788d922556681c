// Small building blocks shared by server-rendered pages: fields, notices, cards.

import type { ReactNode } from 'react';
import { isDiscreet } from '../../islands/server.ts';
import { DISCREET_TEXT } from '../shared/brand.ts';

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  required,
  minLength,
  hint,
  error,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  required?: boolean;
  /** The browser refuses a shorter entry before posting (the server checks again). */
  minLength?: number;
  hint?: string;
  /** This field's problem, shown under it and announced with it. */
  error?: string | undefined;
}) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        minLength={minLength}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        className={error ? 'field border-danger' : 'field'}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Alert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  const tones = {
    error: 'border-danger/40 bg-danger/10 text-danger',
    success: 'border-accent/40 bg-accent/10 text-fg',
    info: 'border-line bg-raised text-fg',
  } as const;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}

/**
 * The 18+ warning of the gate, sign-in and setup screens; in discreet mode the same confirmation
 * of age in neutral words (`discreet`), naming nothing of what the hub is.
 */
export function AdultWarning({ children, discreet }: { children: ReactNode; discreet: string }) {
  const neutral = isDiscreet();
  return (
    <div role="note" data-age-notice="" className="rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">
      <p className="flex items-center gap-2 font-bold tracking-wide text-warn">
        <WarningIcon />
        {neutral ? DISCREET_TEXT.ageHeading : '18+ ADULT CONTENT WARNING'}
      </p>
      <p className="mt-1 text-fg/90">{neutral ? discreet : children}</p>
    </div>
  );
}

function WarningIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 3 2 20h20L12 3z" strokeLinejoin="round" />
      <path d="M12 10v4M12 17v.5" strokeLinecap="round" />
    </svg>
  );
}

export function LockIcon({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeLinecap="round" />
    </svg>
  );
}

/** A narrow centred card for the gate, setup and sign-in screens. */
export function NarrowCard({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`card mx-auto w-full max-w-md p-6 sm:mt-6 sm:p-8 ${className}`}>{children}</section>;
}

const PAGE_WIDTHS = {
  /** Single forms (edit profile). */
  narrow: 'max-w-lg',
  /** Short lists (All Users: the spec's 600 px card). */
  list: 'max-w-[600px]',
  /** Detail pages. */
  medium: 'max-w-3xl',
  /** Collections and dashboards: the shell's full width. */
  wide: '',
} as const;

/**
 * The frame of a page: its heading (the page's one h1), actions beside it (buttons, links) and
 * the content, at one of a few widths.
 */
export function Page({
  title,
  width = 'wide',
  actions,
  children,
}: {
  title: ReactNode;
  width?: keyof typeof PAGE_WIDTHS;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto w-full ${PAGE_WIDTHS[width]}`}>
      <PageTitle aside={actions}>{title}</PageTitle>
      {children}
    </div>
  );
}

export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>
      {aside}
    </div>
  );
}
