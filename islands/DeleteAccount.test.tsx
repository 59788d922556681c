import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createIslandApp, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import DeleteAccount from './DeleteAccount.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts): Ada (admin) and Bob, with Bob
// signed in on his profile.

let hub: IslandApp;
const SCENARIO: Scenario = {
  accounts: [
    { username: 'ada', name: 'Ada Admin', role: 'admin' },
    { username: 'bob', name: 'Bob Builder', role: 'user' },
  ],
  signedInAs: 'bob',
};
const sent = () => hub.requests.map(({ method, path, credentials }) => ({ method, path, credentials }));

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete Account' });
const open = () => settle(() => screen.getByRole('button', { name: 'Delete' }).click());
const confirm = () => settle(() => within(dialog()).getByRole('button', { name: 'Confirm' }).click());

let assign: Mock<(url: string | URL) => void>;
let logged: Mock<typeof console.error>;

beforeEach(async () => {
  sessionStorage.clear();
  hub = await createIslandApp(SCENARIO);
  assign = spyOn(location, 'assign').mockImplementation(() => {});
  logged = spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  assign.mockRestore();
  logged.mockRestore();
  await hub.close();
});

/** Bob's own profile. */
const renderOwn = () => render(<DeleteAccount userId={hub.ids.bob!} />);

describe('DeleteAccount', () => {
  test('the dialog is closed until the delete action opens it', async () => {
    renderOwn();
    expect(screen.queryByRole('dialog')).toBeNull();
    await open();
    expect(dialog()).toBeTruthy();
  });

  test('has the title, body and buttons of the spec', async () => {
    renderOwn();
    await open();
    expect(within(dialog()).getByRole('heading').textContent).toBe('Delete Account');
    expect(within(dialog()).getByText('Are you sure you want to delete your account? This action is irreversible.')).toBeTruthy();
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Confirm']);
  });

  test('Cancel closes the dialog and deletes nothing', async () => {
    renderOwn();
    await open();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hub.requests).toEqual([]);
  });

  test('Confirm deletes the account, clears the session and goes to /', async () => {
    sessionStorage.setItem('jwt', JSON.stringify({ token: 'session-token' }));
    renderOwn();
    await open();
    await confirm();
    expect(sent()).toEqual([{ method: 'DELETE', path: `/api/users/${hub.ids.bob}`, credentials: 'same-origin' }]);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(assign.mock.calls).toEqual([['/']]);
    expect(logged).not.toHaveBeenCalled();
    // The account and its session are gone: the hub no longer knows the browser's session.
    const after = await fetch('/api/users', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    expect(after.status).toBe(401);
  });

  test('an error answer is logged and shown, and the visitor stays', async () => {
    // Bob on a profile that is not his own: the hub refuses, in its own words.
    sessionStorage.setItem('jwt', JSON.stringify({ token: 'session-token' }));
    render(<DeleteAccount userId={hub.ids.ada!} />);
    await open();
    await confirm();
    expect(logged.mock.calls).toEqual([['Delete account failed:', 'You can only do this for your own account']]);
    expect(within(dialog()).getByRole('alert').textContent).toBe('You can only do this for your own account');
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('jwt')).not.toBeNull();
    // Both buttons work again.
    expect((within(dialog()).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('an error status without a message is logged and shown in plain words', async () => {
    hub.network.interrupt('DELETE /api/users/', { proxyStatus: 502 });
    renderOwn();
    await open();
    await confirm();
    expect(logged.mock.calls).toEqual([['Delete account failed:', 502]]);
    expect(within(dialog()).getByRole('alert').textContent).toBe('The account could not be deleted.');
  });

  test('a network failure is logged and says Connection error. Please try again.', async () => {
    hub.network.interrupt('DELETE /api/users/', { networkError: 'Failed to fetch' });
    renderOwn();
    await open();
    await confirm();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Connection error. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  test('opening the dialog again forgets the last error', async () => {
    render(<DeleteAccount userId={hub.ids.ada!} />);
    await open();
    await confirm();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    await open();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });
});
