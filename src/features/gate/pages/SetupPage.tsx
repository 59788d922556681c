// First run: sets the site password (unless SITE_PASSWORD does), the lockout period (unless
// SITE_LOCKOUT_HOURS does) and creates the first administrator in one step. A plain form; it works
// without JavaScript.

import { useRequestContext } from '../../../http/document.tsx';
import type { FormState } from '../../../http/forms.ts';
import { AdultWarning, Alert, NarrowCard, TextField } from '../../../http/ui.tsx';
import { DISCREET_TEXT } from '../../../shared/brand.ts';
import { CLI } from '../../../shared/cli-commands.ts';
import { hoursText } from '../../../shared/lockout.ts';
import { PASSWORD_MIN_LENGTH } from '../../users/users.schema.ts';
import { LOCKOUT_HOURS_MAX, SITE_PASSWORD_MIN_LENGTH } from '../gate.service.ts';

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
  const { lockoutHours, lockoutHoursSet } = useRequestContext().var.deps.config.site;
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
      <form method="post" action="/setup" className="mt-6 space-y-5">
        {needsSitePassword ? (
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">Site password</legend>
            <TextField
              name="sitePassword"
              label="Site password"
              type="password"
              autoComplete="new-password"
              required
              minLength={SITE_PASSWORD_MIN_LENGTH}
              hint={`At least ${SITE_PASSWORD_MIN_LENGTH} characters.`}
              error={errors.sitePassword}
            />
            <TextField
              name="sitePasswordConfirm"
              label="Repeat the site password"
              type="password"
              autoComplete="new-password"
              required
              minLength={SITE_PASSWORD_MIN_LENGTH}
              error={errors.sitePasswordConfirm}
            />
          </fieldset>
        ) : null}
        {needsAdmin ? (
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">Administrator</legend>
            <TextField name="name" label="Full Name" autoComplete="name" defaultValue={values.name} required error={errors.name} />
            <TextField name="username" label="Username" autoComplete="username" defaultValue={values.username} required error={errors.username} />
            <TextField name="email" label="Email" type="email" autoComplete="email" defaultValue={values.email} required error={errors.email} />
            <TextField
              name="password"
              label="Administrator password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password}
            />
          </fieldset>
        ) : null}
        <LockoutPeriod fixedHours={lockoutHoursSet ? lockoutHours : null} value={values.lockoutHours ?? String(lockoutHours)} error={errors.lockoutHours} />
        {form ? <Alert>{form.error}</Alert> : null}
        <button type="submit" className="btn-primary w-full py-2.5">
          Finish setup
        </button>
      </form>
      <div className="mt-6">
        <AdultWarning discreet={DISCREET_TEXT.setup}>This hub is for adults only. Everyone you give access to must be 18 or older.</AdultWarning>
      </div>
    </NarrowCard>
  );
}

/**
 * The dead-man's switch, told before the hub goes live: what it does, how to keep the site open,
 * how a locked site opens again, and its period (24 hours unless chosen; 0 turns it off). Where
 * SITE_LOCKOUT_HOURS is set the setting wins, and the page says so instead of asking.
 */
function LockoutPeriod({ fixedHours, value, error }: { fixedHours: number | null; value: string; error?: string | undefined }) {
  const id = 'field-lockoutHours';
  return (
    <fieldset className="space-y-2" aria-describedby="lockout-explained">
      <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">Site lockout</legend>
      <div id="lockout-explained" className="space-y-2 text-sm text-muted">
        <p>
          A dead-man&apos;s switch: the site locks itself for everyone when no administrator has reset its timer within the period below, so a hub left
          unattended closes on its own. Administrators reset it in the Admin Panel, or from the banner that shows in the last two hours.
        </p>
        <p>
          A locked site opens again only from the server: <code className="rounded bg-raised px-1 py-0.5 text-xs text-fg">{CLI.lockoutReset}</code>.
        </p>
      </div>
      {fixedHours !== null ? (
        <p className="rounded-lg border border-line bg-raised px-3 py-2 text-sm text-fg" data-lockout-fixed="">
          {fixedHours > 0
            ? `The setting SITE_LOCKOUT_HOURS sets the period to ${hoursText(fixedHours)}; it wins over a choice here.`
            : 'The setting SITE_LOCKOUT_HOURS is 0: the lockout is off. The setting wins over a choice here.'}
        </p>
      ) : (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            Lock the site after (hours)
          </label>
          <input
            id={id}
            name="lockoutHours"
            type="number"
            inputMode="decimal"
            min={0}
            max={LOCKOUT_HOURS_MAX}
            step="any"
            required
            defaultValue={value}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            className={`${error ? 'field border-danger' : 'field'} max-w-[10rem]`}
          />
          {error ? (
            <p id={`${id}-error`} className="mt-1 text-xs font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
            24 by default; 0 turns the lockout off. The setting SITE_LOCKOUT_HOURS, where set, wins over this choice.
          </p>
        </div>
      )}
    </fieldset>
  );
}
