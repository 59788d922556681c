import { afterEach, beforeEach, describe, expect, spyOn, test, type Mock } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import DeleteAccount from './DeleteAccount.tsx';

// fetch stands in for DELETE /api/users/{id}, which answers as the real server does.

type Answer = { status: number; body?: unknown } | { networkError: string };
const server = {
  override: null as Answer | null,
  requests: [] as { method: string; path: string; credentials?: RequestCredentials }[],
};

const respond = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

const realFetch = globalThis.fetch;
function stubFetch(): void {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    server.requests.push({ method, path, credentials: init?.credentials });
    if (init?.credentials !== 'same-origin') return respond(401, { error: 'You must be signed in' });
    const a = server.override;
    if (a && 'networkError' in a) throw new TypeError(a.networkError);
    if (a) return respond(a.status, a.body);
    if (method === 'DELETE' && path === '/api/users/u%2F1') return respond(200, { success: true, message: 'User deleted' });
    return respond(404, { error: 'User not found' });
  }) as unknown as typeof fetch;
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

const dialog = () => screen.getByRole('dialog', { name: 'Delete Account' });
const open = () => settle(() => screen.getByRole('button', { name: 'Delete' }).click());
const confirm = () => settle(() => within(dialog()).getByRole('button', { name: 'Confirm' }).click());

let assign: Mock<(url: string | URL) => void>;
let logged: Mock<typeof console.error>;

beforeEach(() => {
  sessionStorage.clear();
  server.override = null;
  server.requests = [];
  assign = spyOn(location, 'assign').mockImplementation(() => {});
  logged = spyOn(console, 'error').mockImplementation(() => {});
  stubFetch();
});

afterEach(() => {
  cleanup();
  assign.mockRestore();
  logged.mockRestore();
  globalThis.fetch = realFetch;
});

describe('DeleteAccount', () => {
  test('the dialog is closed until the delete action opens it', async () => {
    render(<DeleteAccount userId="u/1" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await open();
    expect(dialog()).toBeTruthy();
  });

  test('has the title, body and buttons of the spec', async () => {
    render(<DeleteAccount userId="u/1" />);
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
    render(<DeleteAccount userId="u/1" />);
    await open();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  test('Confirm deletes the account, clears the session and goes to /', async () => {
    sessionStorage.setItem('jwt', JSON.stringify({ token: 'session-token' }));
    render(<DeleteAccount userId="u/1" />);
    await open();
    await confirm();
    expect(server.requests).toEqual([{ method: 'DELETE', path: '/api/users/u%2F1', credentials: 'same-origin' }]);
    expect(sessionStorage.getItem('jwt')).toBeNull();
    expect(assign.mock.calls).toEqual([['/']]);
    expect(logged).not.toHaveBeenCalled();
  });

  test('an error answer is logged and shown, and the visitor stays', async () => {
    server.override = { status: 409, body: { error: 'The last administrator cannot be deleted' } };
    sessionStorage.setItem('jwt', JSON.stringify({ token: 'session-token' }));
    render(<DeleteAccount userId="u/1" />);
    await open();
    await confirm();
    expect(logged.mock.calls).toEqual([['Delete account failed:', 'The last administrator cannot be deleted']]);
    expect(within(dialog()).getByRole('alert').textContent).toBe('The last administrator cannot be deleted');
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('jwt')).not.toBeNull();
    // Both buttons work again.
    expect((within(dialog()).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('an error status without a message is logged and shown in plain words', async () => {
    server.override = { status: 500, body: {} };
    render(<DeleteAccount userId="u/1" />);
    await open();
    await confirm();
    expect(logged.mock.calls).toEqual([['Delete account failed:', 500]]);
    expect(within(dialog()).getByRole('alert').textContent).toBe('The account could not be deleted.');
  });

  test('a network failure is logged and says Connection error. Please try again.', async () => {
    server.override = { networkError: 'Failed to fetch' };
    render(<DeleteAccount userId="u/1" />);
    await open();
    await confirm();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(within(dialog()).getByRole('alert').textContent).toBe('Connection error. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  test('opening the dialog again forgets the last error', async () => {
    server.override = { status: 409, body: { error: 'The last administrator cannot be deleted' } };
    render(<DeleteAccount userId="u/1" />);
    await open();
    await confirm();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    await open();
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });
});
