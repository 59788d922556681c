import { afterEach, beforeEach, describe, expect, spyOn, test, type Mock } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import SignInForm from './SignInForm.tsx';

// fetch stands in for POST /auth/signin/, checking the request as the real server does.

type Answer = { status: number; body?: unknown } | { networkError: string };
const ACCOUNT = { username: 'ada', password: 'correct horse battery' };
const server = {
  override: null as Answer | null,
  requests: [] as { method: string; path: string; body: unknown }[],
};

const respond = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => {
    if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
    return body;
  },
});

const realFetch = globalThis.fetch;
function stubFetch(): void {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.requests.push({ method, path, body });
    if (method !== 'POST' || path !== '/auth/signin/') return respond(404, { error: 'Not found' });
    if (init?.credentials !== 'same-origin' || headers.get('content-type') !== 'application/json') return respond(400, { error: 'Bad request' });
    const a = server.override;
    if (a && 'networkError' in a) throw new TypeError(a.networkError);
    if (a) return respond(a.status, a.body);
    const { username, password } = body as { username?: unknown; password?: unknown };
    if (username !== ACCOUNT.username || password !== ACCOUNT.password) return respond(401, { error: 'Invalid username or password' });
    return respond(200, { token: 'session-token', user: { _id: 'u1', name: 'Ada', role: 'admin', admin: true } });
  }) as unknown as typeof fetch;
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

const usernameInput = () => screen.getByLabelText('Username') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
const fill = (username: string, password: string) => {
  fireEvent.change(usernameInput(), { target: { value: username } });
  fireEvent.change(passwordInput(), { target: { value: password } });
};

let assign: Mock<(url: string | URL) => void>;

beforeEach(() => {
  server.override = null;
  server.requests = [];
  assign = spyOn(location, 'assign').mockImplementation(() => {});
  stubFetch();
});

afterEach(() => {
  cleanup();
  assign.mockRestore();
  globalThis.fetch = realFetch;
});

describe('SignInForm', () => {
  test('empty fields are sent as absent, and the server decides', async () => {
    render(<SignInForm next="/" />);
    await settle(() => signInButton().click());
    expect(server.requests).toEqual([{ method: 'POST', path: '/auth/signin/', body: {} }]);
    expect(screen.getByRole('alert').textContent).toBe('Invalid username or password');
  });

  test('an empty password alone is left out', async () => {
    render(<SignInForm next="/" />);
    fill('ada', '');
    await settle(() => signInButton().click());
    expect(server.requests.map((r) => r.body)).toEqual([{ username: 'ada' }]);
  });

  test("the server's error shows above the Sign In button", async () => {
    server.override = { status: 429, body: { error: 'Too many attempts. Try again in 5 minutes.' } };
    render(<SignInForm next="/" />);
    fill('ada', 'wrong');
    await settle(() => signInButton().click());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Try again in 5 minutes.');
    expect(alert.compareDocumentPosition(signInButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(signInButton().disabled).toBe(false);
  });

  test('a network failure says Connection error. Please try again.', async () => {
    server.override = { networkError: 'Failed to fetch' };
    render(<SignInForm next="/" />);
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(screen.getByRole('alert').textContent).toBe('Connection error. Please try again.');
  });

  test('signing in goes on to the page the visitor came from', async () => {
    render(<SignInForm next="/user/u1" />);
    fill(ACCOUNT.username, ACCOUNT.password);
    await settle(() => signInButton().click());
    expect(server.requests.map((r) => r.body)).toEqual([ACCOUNT]);
    expect(assign.mock.calls).toEqual([['/user/u1']]);
    expect(screen.queryByRole('alert')).toBeNull();
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
