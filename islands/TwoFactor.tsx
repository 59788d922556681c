// The profile's Two-factor sign-in section: whether codes are asked for at sign-in, how many
// recovery codes are left, and the way in (set up) and out (turn off). The setup, the recovery
// codes and the turn-off form are a part of their own (twofactor/panels.tsx), loaded when the
// member opens one: most visits to the profile never do.

import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { FormError } from './components/FormMessage.tsx';
import { ShieldIcon } from './components/Icons.tsx';
import { api } from './lib/api.ts';

const Enrol = lazy(() => import('./twofactor/panels.tsx').then((m) => ({ default: m.Enrol })));
const TurnOff = lazy(() => import('./twofactor/panels.tsx').then((m) => ({ default: m.TurnOff })));

export type TwoFactorProps = Record<string, never>;

export interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  intro: 'Ask for a code from an authenticator app on your phone after your password.',
  on: 'On: a code from your authenticator app is asked for after your password.',
  off: 'Off: your password alone signs you in.',
  required: 'This hub requires two-factor sign-in for your account: set it up to continue.',
  setUp: 'Set up two-factor sign-in',
  turnOff: 'Turn off',
  loadFailed: 'The two-factor state could not be loaded.',
} as const;

export const codesLeftText = (n: number) =>
  n === 0 ? 'No recovery codes left: turn two-factor sign-in off and on again for new ones.' : `${n} recovery ${n === 1 ? 'code' : 'codes'} left.`;

type Panel = 'none' | 'enrol' | 'off';

export default function TwoFactor(_: TwoFactorProps) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>('none');

  const load = useCallback(async () => {
    const result = await api<TwoFactorStatus>('/api/me/2fa', { fallback: TWO_FACTOR_TEXT.loadFailed });
    if (result.ok) setStatus(result.value);
    else setError(result.message);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const closed = () => {
    setPanel('none');
    void load();
  };

  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="card scroll-mt-20 p-5">
      <h2 id="two-factor-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <ShieldIcon size={18} />
        {TWO_FACTOR_TEXT.title}
      </h2>
      {status?.required && !status.enabled ? (
        <p role="alert" className="mt-3 rounded-lg border border-warn/50 bg-warn/10 px-3 py-2 text-sm">
          {TWO_FACTOR_TEXT.required}
        </p>
      ) : null}
      <FormError className="mt-3">{error}</FormError>
      {status === null ? (
        <p className="mt-2 text-sm text-muted">{TWO_FACTOR_TEXT.intro}</p>
      ) : status.enabled && panel === 'none' ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm">{TWO_FACTOR_TEXT.on}</p>
          <p className="text-sm text-muted">{codesLeftText(status.recoveryCodesLeft)}</p>
          <button type="button" className="btn-outline" onClick={() => setPanel('off')}>
            {TWO_FACTOR_TEXT.turnOff}
          </button>
        </div>
      ) : panel === 'none' ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm">{TWO_FACTOR_TEXT.off}</p>
          <p className="text-sm text-muted">{TWO_FACTOR_TEXT.intro}</p>
          <button type="button" className="btn-primary" onClick={() => setPanel('enrol')}>
            {TWO_FACTOR_TEXT.setUp}
          </button>
        </div>
      ) : null}
      {panel !== 'none' ? (
        <Suspense fallback={<p className="mt-3 text-sm text-muted">Loading…</p>}>
          {panel === 'enrol' ? <Enrol onDone={closed} onCancel={closed} /> : <TurnOff onDone={closed} onCancel={() => setPanel('none')} />}
        </Suspense>
      ) : null}
    </section>
  );
}
