// Small building blocks shared by server-rendered pages: fields, notices, cards.

import type { ReactNode } from 'react';

export function TextField({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  required,
  minLength,
  hint,
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
}) {
  const id = `field-${name}`;
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
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="field"
      />
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

/** The 18+ warning of the gate and sign-in screens. */
export function AdultWarning({ children }: { children: ReactNode }) {
  return (
    <div role="note" className="rounded-xl border border-warn/50 bg-warn/10 px-4 py-3 text-sm">
      <p className="flex items-center gap-2 font-bold tracking-wide text-warn">
        <WarningIcon />
        18+ ADULT CONTENT WARNING
      </p>
      <p className="mt-1 text-fg/90">{children}</p>
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

export function PageTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>
      {aside}
    </div>
  );
}
