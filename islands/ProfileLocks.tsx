// The profile's premium and Connect locks (decision 0057): which areas ask for a PIN, for how long
// an unlock lasts, the PIN itself (set the first time; changed with the current PIN or the
// password), and Lock now for this device.

import { type FormEvent, useState } from 'react';
import { LOCK_MINUTES_MAX, LOCK_MINUTES_MIN, LOCK_TEXT, type LockSettings } from '../src/shared/locks.ts';
import { TextField } from './components/Field.tsx';
import { FormError, FormNotice } from './components/FormMessage.tsx';
import { api } from './lib/api.ts';

export type ProfileLocksProps = { initial: LockSettings };

export const PROFILE_LOCKS_TEXT = {
  heading: 'Premium and Connect locks',
  intro:
    'A locked area asks for your PIN on each device before it shows anything, and locks again after the minutes you choose. Other members are not affected.',
  premium: 'Lock Premium',
  connect: 'Lock Connect',
  minutes: 'Stay unlocked for (minutes)',
  newPin: 'New PIN (4 to 12 digits)',
  firstPin: 'PIN (4 to 12 digits)',
  proof: 'Current PIN or your password',
  proofHint: 'Needed to change anything once a PIN is set.',
  save: 'Save locks',
  lockNow: 'Lock now',
  lockedNow: 'Premium and Connect are locked on this device.',
  openUntil: (time: string) => `Unlocked on this device until ${time}.`,
  saveFailed: 'The locks could not be saved.',
  lockFailed: 'Could not lock.',
} as const;

const T = PROFILE_LOCKS_TEXT;
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export default function ProfileLocks({ initial }: ProfileLocksProps) {
  const [saved, setSaved] = useState(initial);
  const [premium, setPremium] = useState(initial.premium);
  const [connect, setConnect] = useState(initial.connect);
  const [minutes, setMinutes] = useState(String(initial.minutes));
  const [pin, setPin] = useState('');
  const [proof, setProof] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    const body: Record<string, unknown> = { premium, connect, minutes: Number(minutes) };
    if (pin) body.pin = pin;
    // The proof is either: sent as the password, and also as the PIN when it could be one (a
    // password may be all digits too); the hub accepts whichever matches.
    if (saved.hasPin) {
      body.password = proof;
      if (/^\d{4,12}$/.test(proof)) body.currentPin = proof;
    }
    const result = await api<LockSettings>('/api/me/locks', { method: 'PUT', body, fallback: T.saveFailed });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setSaved(result.value);
    setPin('');
    setProof('');
    setNotice(LOCK_TEXT.saved);
  }

  async function lockNow() {
    setBusy(true);
    setError(null);
    const result = await api<LockSettings>('/api/lock', { method: 'POST', fallback: T.lockFailed });
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setSaved(result.value);
    setNotice(T.lockedNow);
  }

  const anyLock = saved.premium || saved.connect;
  return (
    <section className="card overflow-hidden" aria-labelledby="locks-heading">
      <div className="border-b border-line px-5 py-4">
        <h2 id="locks-heading" className="font-display text-lg font-bold">
          {T.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{T.intro}</p>
        {anyLock && saved.unlockedUntil ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm">{T.openUntil(timeOf(saved.unlockedUntil))}</p>
            <button type="button" className="btn-outline" onClick={lockNow} disabled={busy}>
              {T.lockNow}
            </button>
          </div>
        ) : null}
      </div>
      <form onSubmit={save} className="space-y-3 px-5 py-4" aria-label={T.heading}>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={premium} onChange={(e) => setPremium(e.currentTarget.checked)} />
            <span>{T.premium}</span>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={connect} onChange={(e) => setConnect(e.currentTarget.checked)} />
            <span>{T.connect}</span>
          </label>
        </div>
        <TextField
          label={T.minutes}
          type="number"
          inputMode="numeric"
          min={LOCK_MINUTES_MIN}
          max={LOCK_MINUTES_MAX}
          value={minutes}
          onValue={setMinutes}
          required
        />
        <TextField
          label={saved.hasPin ? T.newPin : T.firstPin}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          pattern="[0-9]{4,12}"
          value={pin}
          onValue={setPin}
          required={!saved.hasPin}
        />
        {saved.hasPin ? (
          <TextField label={T.proof} hint={T.proofHint} type="password" autoComplete="current-password" value={proof} onValue={setProof} required />
        ) : null}
        <FormError>{error}</FormError>
        <FormNotice>{notice}</FormNotice>
        <div className="flex justify-end">
          <button type="submit" className="btn-primary" disabled={busy}>
            {T.save}
          </button>
        </div>
      </form>
    </section>
  );
}
