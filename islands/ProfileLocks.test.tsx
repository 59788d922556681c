import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LOCK_TEXT, type LockSettings } from '../src/shared/locks.ts';
import { createIslandApp, DEFAULT_PASSWORD, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import ProfileLocks, { PROFILE_LOCKS_TEXT as T } from './ProfileLocks.tsx';

// The profile's locks against the real hub (test/helpers/island-app.ts): Bob sets a PIN and locks
// Premium, the hub then refuses premium calls until an unlock; changes need the PIN.

let hub: IslandApp;
let logged: Mock<typeof console.error>;
const SCENARIO: Scenario = { accounts: [{ username: 'bob', name: 'Bob Builder', role: 'admin' }], signedInAs: 'bob' };
const OFF: LockSettings = { premium: false, connect: false, minutes: 15, hasPin: false, unlockedUntil: null, locked: { premium: false, connect: false } };

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  hub = await createIslandApp(SCENARIO);
  logged = spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  await hub.close();
  logged.mockRestore();
});

describe('the profile locks', () => {
  test('a first PIN locks Premium for real; a change needs the PIN; Lock now closes this device again', async () => {
    render(<ProfileLocks initial={OFF} />);
    fireEvent.click(screen.getByRole('checkbox', { name: T.premium }));
    type(T.minutes, '30');
    type(T.firstPin, '4321');
    await settle(() => screen.getByRole('button', { name: T.save }).click());
    expect(screen.getByRole('status').textContent).toBe(LOCK_TEXT.saved);
    expect((await fetch('/api/premium')).status).toBe(403);
    expect(await (await fetch('/api/me/locks')).json()).toMatchObject({ premium: true, connect: false, minutes: 30, hasPin: true });

    // Now a PIN exists: the form asks for it, and a wrong one is refused in the hub's words.
    fireEvent.click(screen.getByRole('checkbox', { name: T.connect }));
    type(T.proof, '9999');
    await settle(() => screen.getByRole('button', { name: T.save }).click());
    expect(screen.getByRole('alert').textContent).toBe(LOCK_TEXT.wrongProof);
    type(T.proof, '4321');
    await settle(() => screen.getByRole('button', { name: T.save }).click());
    expect(await (await fetch('/api/me/locks')).json()).toMatchObject({ premium: true, connect: true });

    const unlocked = await fetch('/api/unlock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: '4321' }) });
    expect(unlocked.status).toBe(200);
    cleanup();
    render(<ProfileLocks initial={(await (await fetch('/api/me/locks')).json()) as LockSettings} />);
    expect(screen.getByText(/Unlocked on this device until/)).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: T.lockNow }).click());
    expect(screen.getByRole('status').textContent).toBe(T.lockedNow);
    expect((await fetch('/api/premium')).status).toBe(403);
  });

  test('a password of digits is taken as the proof too, not only as a PIN', async () => {
    const put = (path: string, body: unknown) => fetch(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put('/api/me/locks', { premium: true, pin: '4321' })).status).toBe(200);
    expect((await put(`/api/users/${hub.ids.bob}`, { password: '246813579', currentPassword: DEFAULT_PASSWORD })).status).toBe(200);
    render(<ProfileLocks initial={(await (await fetch('/api/me/locks')).json()) as LockSettings} />);
    fireEvent.click(screen.getByRole('checkbox', { name: T.connect }));
    type(T.proof, '246813579');
    await settle(() => screen.getByRole('button', { name: T.save }).click());
    expect(screen.getByRole('status').textContent).toBe(LOCK_TEXT.saved);
    expect(await (await fetch('/api/me/locks')).json()).toMatchObject({ premium: true, connect: true });
  });
});
