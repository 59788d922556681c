// First run: sets the site password (unless SITE_PASSWORD does) and creates the first
// administrator in one step. A plain form; it works without JavaScript.

import { useRequestContext } from '@hono/react-renderer';
import type { FormState } from '../../../http/forms.ts';
import { Alert, AdultWarning, NarrowCard, TextField } from '../../../http/ui.tsx';
import { hoursText } from '../../../shared/lockout.ts';
import { PASSWORD_MIN_LENGTH } from '../../users/users.schema.ts';
import { SITE_PASSWORD_MIN_LENGTH } from '../gate.service.ts';

export function SetupPage({
  needsSitePassword,
  needsAdmin,
  form,
}: {
  needsSitePassword: boolean;
  /** False when an account exists already (ADMIN_USERNAME, the CLI): only the site password is asked for. */
  needsAdmin: boolean;
  /** After a refusal: what was typed (never passwords), each field's problem and the reason. */
  form?: FormState;
}) {
  const values = form?.values ?? {};
  const errors = form?.errors ?? {};
  const { lockoutHours } = useRequestContext().var.deps.config.site;
  return (
    <NarrowCard className="max-w-lg">
      <p className="chip bg-accent/10 text-accent">First run</p>
      <h1 className="mt-3 font-display text-2xl font-bold tracking-tight">Set up your hub</h1>
      <p className="mt-2 text-sm text-muted">
        {needsSitePassword && needsAdmin
          ? 'Choose the site password everyone in the household enters first, and create the administrator account.'
          : needsSitePassword
            ? 'Choose the site password everyone in the household enters first. The administrator account exists already.'
            : 'Create the administrator account. It can add the other accounts later.'}
      </p>
      <p className="mt-2 text-sm text-muted">
        {lockoutHours > 0
          ? `The site locks itself ${hoursText(lockoutHours)} after the last reset unless an administrator resets it in time (the setting SITE_LOCKOUT_HOURS changes the period; 0 turns the lockout off).`
          : 'The automatic site lockout is off (the setting SITE_LOCKOUT_HOURS is 0; a number of hours turns it on).'}
      </p>
      <form method="post" action="/setup" className="mt-6 space-y-5">
        {needsSitePassword ? (
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">Site password</legend>
            <TextField name="sitePassword" label="Site password" type="password" autoComplete="new-password" required minLength={SITE_PASSWORD_MIN_LENGTH} hint={`At least ${SITE_PASSWORD_MIN_LENGTH} characters.`} error={errors.sitePassword} />
            <TextField name="sitePasswordConfirm" label="Repeat the site password" type="password" autoComplete="new-password" required minLength={SITE_PASSWORD_MIN_LENGTH} error={errors.sitePasswordConfirm} />
          </fieldset>
        ) : null}
        {needsAdmin ? (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">Administrator</legend>
          <TextField name="name" label="Full Name" autoComplete="name" defaultValue={values.name} required error={errors.name} />
          <TextField name="username" label="Username" autoComplete="username" defaultValue={values.username} required error={errors.username} />
          <TextField name="email" label="Email" type="email" autoComplete="email" defaultValue={values.email} required error={errors.email} />
          <TextField name="password" label="Administrator password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.password} />
        </fieldset>
        ) : null}
        {form ? <Alert>{form.error}</Alert> : null}
        <button type="submit" className="btn-primary w-full py-2.5">
          Finish setup
        </button>
      </form>
      <div className="mt-6">
        <AdultWarning>This hub is for adults only. Everyone you give access to must be 18 or older.</AdultWarning>
      </div>
    </NarrowCard>
  );
}
