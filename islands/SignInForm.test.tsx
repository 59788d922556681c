import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createIslandApp, DEFAULT_PASSWORD, type IslandApp } from '../test/helpers/island-app.ts';
import SignInForm from './SignInForm.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts): Ada's account exists and the
// browser has passed the site gate.

const ACCOUNT = { username: 'ada', password: DEFAULT_PASSWORD };
let hub: IslandApp;
const bodies = () => hub.requests.map((r) => r.body);

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const usernameInput = () => screen.getByLabelText('Username') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
const fill = (username: string, password: string) => {
  fireEvent.change(usernameInput(), { target: { value: username } });
  fireEvent.change(passwordInput(), { target: { value: password } });
};

let assign: Mock<(url: string | URL) => void>;

beforeEach(async () => {
  hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], siteEntered: true });
  assign = spyOn(location, 'assign').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  assign.mockRestore();
  await hub.close();
});

describe('SignInForm', () => {
  test('empty fields are sent as absent, and the server decides', async () => {
    render(<SignInForm next="/" />);
    await settle(() => signInButton().click());
    expect(hub.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'POST', path: '/auth/signin/', body: {} }]);
    expect(screen.getByRole('alert').textContent).toBe('Invalid username or password');
  });

  test('an empty password alone is left out', async () => {
    render(<SignInForm next="/" />);
    fill('ada', '');
    await settle(() => signInButton().click());
    expect(bodies()).toEqual([{ username: 'ada' }]);
  });

  test("the server's error shows above the Sign In button", async () => {
    render(<SignInForm next="/" />);
    fill('ada', 'wrong');
    await settle(() => signInButton().click());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Invalid username or password');
    expect(alert.compareDocumentPosition(signInButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(signInButton().disabled).toBe(false);
  });

  test('an answer that is not JSON (a proxy page) says Sign-in failed', async () => {
    hub.network.interrupt('POST /auth/signin/', { proxyStatus: 502 });
    render(<SignInForm next="/" />);
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(screen.getByRole('alert').textContent).toBe('Sign-in failed');
  });

  test('a network failure says Connection error. Please try again.', async () => {
    hub.network.interrupt('POST /auth/signin/', { networkError: 'Failed to fetch' });
    render(<SignInForm next="/" />);
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(screen.getByRole('alert').textContent).toBe('Connection error. Please try again.');
  });

  test('signing in goes on to the page the visitor came from', async () => {
    render(<SignInForm next="/user/u1" />);
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(bodies()).toEqual([ACCOUNT]);
    expect(assign.mock.calls).toEqual([['/user/u1']]);
    expect(screen.queryByRole('alert')).toBeNull();
    // The hub set the session cookie: the browser is signed in.
    const me = await fetch('/api/users', { credentials: 'same-origin', headers: { accept: 'application/json' } });
    expect(me.status).toBe(200);
  });

  test('a new attempt clears the previous error', async () => {
    render(<SignInForm next="/" />);
    fill('ada', 'wrong');
    await settle(() => signInButton().click());
    expect(screen.getByRole('alert')).toBeTruthy();
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(assign.mock.calls).toEqual([['/']]);
  });

  test('shows the error and username the server rendered the page with (no-JavaScript path)', () => {
    render(<SignInForm next="/" error="Invalid username or password" username="ada" />);
    expect(screen.getByRole('alert').textContent).toBe('Invalid username or password');
    expect(usernameInput().value).toBe('ada');
  });

  test('the show/hide toggle switches the password between masked and plain', async () => {
    render(<SignInForm next="/" />);
    expect(passwordInput().type).toBe('password');
    await settle(() => screen.getByRole('button', { name: 'Show password' }).click());
    expect(passwordInput().type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
    await settle(() => screen.getByRole('button', { name: 'Hide password' }).click());
    expect(passwordInput().type).toBe('password');
  });
});
