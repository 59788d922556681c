// Sign-in: Welcome Back, the 18+ warning, and the form (an island with a plain-form fallback).

import { Island } from '../../../http/island.tsx';
import { AdultWarning, NarrowCard } from '../../../http/ui.tsx';
import { DISCREET_TEXT } from '../../../shared/brand.ts';

/** `challenge`: the password was right and the account has two-factor sign-in: the form asks for the code. */
export function SignInPage({
  next,
  error,
  username,
  noAccounts,
  challenge,
}: {
  next: string;
  error?: string | null;
  username?: string;
  noAccounts: boolean;
  challenge?: string | undefined;
}) {
  return (
    <NarrowCard className="fade-in-slow">
      <p className="text-center text-xs font-semibold uppercase tracking-widest text-muted">Personal Site - Account Required</p>
      <h1 className="mt-3 text-center font-display text-3xl font-bold tracking-tight">Welcome Back</h1>
      <p className="mt-1 text-center text-muted">Personal Site Access</p>
      {noAccounts ? (
        <p className="mt-6 rounded-lg border border-line bg-raised px-3 py-2 text-sm">
          No account exists yet.{' '}
          <a href="/setup" className="font-semibold text-accent">
            Create the administrator account
          </a>{' '}
          first.
        </p>
      ) : null}
      <div className="mt-6">
        <Island name="SignInForm" props={{ next, error: error ?? null, username: username ?? '', ...(challenge ? { challenge } : {}) }} />
      </div>
      <div className="mt-6">
        <AdultWarning discreet={DISCREET_TEXT.signIn}>
          This platform contains explicit adult material. By signing in you confirm that you are 18 years of age or older and that you consent to viewing mature
          content.
        </AdultWarning>
      </div>
    </NarrowCard>
  );
}
