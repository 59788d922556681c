import { afterEach, beforeEach, describe, expect, jest, spyOn, test, type Mock } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import SiteGateForm from './SiteGateForm.tsx';

// fetch is a stand-in for the gate's two endpoints that checks requests as the real server does.

const SITE_PASSWORD = 'open sesame';
type Answer = { status: number; body?: unknown } | { networkError: string } | { pending: true };

const server = {
  /** Overrides the answer to POST /api/site/verify-password. */
  passwordAnswer: null as Answer | null,
  /** How GET /api/site/verify-token answers for a token. */
  tokenAnswer: (token: string): Answer => ({ status: 200, body: { valid: token === 'good-token' } }),
  requests: [] as { method: string; path: string; headers: Headers; body: unknown }[],
  release: [] as (() => void)[],
};

const respond = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => {
    if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
    return body;
  },
});

async function answer(a: Answer, otherwise: () => ReturnType<typeof respond>) {
  if ('networkError' in a) throw new TypeError(a.networkError);
  if ('pending' in a) {
    await new Promise<void>((resolve) => server.release.push(resolve));
    return otherwise();
  }
  return respond(a.status, a.body);
}

const realFetch = globalThis.fetch;
function stubFetch(): void {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    server.requests.push({ method, path, headers, body });
    if (init?.credentials !== 'same-origin') return respond(400, { error: 'cookies expected' });

    if (method === 'POST' && path === '/api/site/verify-password') {
      if (headers.get('content-type') !== 'application/json') return respond(415, { success: false, error: 'Send JSON' });
      const real = () => {
        const password = (body as { password?: unknown }).password;
        if (typeof password !== 'string' || password.trim() === '') return respond(400, { success: false, error: 'Please enter the site password' });
        if (password !== SITE_PASSWORD) return respond(401, { success: false, error: 'Incorrect site password. Please try again.' });
        return respond(200, { success: true, siteToken: 'fresh-token' });
      };
      return server.passwordAnswer ? answer(server.passwordAnswer, real) : real();
    }

    if (method === 'GET' && path === '/api/site/verify-token') {
      const token = headers.get('x-site-token') ?? '';
      return answer(server.tokenAnswer(token), () => respond(200, { valid: token === 'good-token' }));
    }
    return respond(404, { error: 'Not found' });
  }) as unknown as typeof fetch;
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

const passwordInput = () => screen.getByLabelText('Site password') as HTMLInputElement;
const enterButton = () => screen.getByRole('button', { name: 'Enter Site' }) as HTMLButtonElement;
const snackbar = () => screen.queryByRole('alert')?.querySelector('span')?.textContent ?? null;
const type = (value: string) => fireEvent.change(passwordInput(), { target: { value } });

let replace: Mock<(url: string | URL) => void>;

beforeEach(() => {
  sessionStorage.clear();
  server.passwordAnswer = null;
  server.tokenAnswer = (token) => ({ status: 200, body: { valid: token === 'good-token' } });
  server.requests = [];
  server.release = [];
  replace = spyOn(location, 'replace').mockImplementation(() => {});
  stubFetch();
});

afterEach(() => {
  cleanup();
  replace.mockRestore();
  globalThis.fetch = realFetch;
});

describe('SiteGateForm', () => {
  test('a password typed before the island went live is kept and sent', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SiteGateForm next="/watch" locked={false} />);
    document.body.append(container);
    (container.querySelector('input[name=password]') as HTMLInputElement).value = SITE_PASSWORD;
    const root = await act(async () => hydrateRoot(container, <SiteGateForm next="/watch" locked={false} />));
    expect((container.querySelector('input[name=password]') as HTMLInputElement).value).toBe(SITE_PASSWORD);
    await settle(() => (container.querySelector('button[type=submit]') as HTMLButtonElement).click());
    expect(server.requests.map((r) => r.body)).toEqual([{ password: SITE_PASSWORD }]);
    expect(replace).toHaveBeenCalledWith('/watch');
    await act(async () => root.unmount());
    container.remove();
  });

  test('a blank password says Please enter the site password and sends nothing', async () => {
    render(<SiteGateForm next="/watch" locked={false} />);
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Please enter the site password');
    expect(server.requests).toEqual([]);
  });

  test('a password of spaces only counts as blank', async () => {
    render(<SiteGateForm next="/watch" locked={false} />);
    type('   ');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Please enter the site password');
    expect(server.requests).toEqual([]);
  });

  test("a refused password shows the server's message as-is and clears the field", async () => {
    server.passwordAnswer = { status: 429, body: { success: false, error: 'Too many attempts. Try again in 5 minutes.' } };
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/api/site/verify-password', { password: 'guess' }]]);
    expect(snackbar()).toBe('Too many attempts. Try again in 5 minutes.');
    expect(passwordInput().value).toBe('');
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('siteToken')).toBeNull();
  });

  test('a refusal without a message says Incorrect site password. Please try again.', async () => {
    server.passwordAnswer = { status: 401, body: { success: false } };
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
  });

  test('an answer that is not JSON also says Incorrect site password. Please try again.', async () => {
    server.passwordAnswer = { status: 502 };
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
  });

  test('a network failure says Connection error. Please try again.', async () => {
    server.passwordAnswer = { networkError: 'Failed to fetch' };
    render(<SiteGateForm next="/watch" locked={false} />);
    type(SITE_PASSWORD);
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Connection error. Please try again.');
    // The button works again for another try.
    expect(enterButton().disabled).toBe(false);
  });

  test('the right password stores the site token and goes on to the page asked for', async () => {
    render(<SiteGateForm next="/models?page=2" locked={false} />);
    type(SITE_PASSWORD);
    await settle(() => enterButton().click());
    expect(sessionStorage.getItem('siteToken')).toBe('fresh-token');
    expect(replace.mock.calls).toEqual([['/models?page=2']]);
    expect(snackbar()).toBeNull();
  });

  test('the message closes after 6 seconds', async () => {
    jest.useFakeTimers();
    try {
      render(<SiteGateForm next="/" locked={false} />);
      await settle(() => enterButton().click());
      await act(async () => {
        jest.advanceTimersByTime(5_999);
      });
      expect(snackbar()).toBe('Please enter the site password');
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(snackbar()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  test('shows a message the server gave with the page (no-JavaScript path)', () => {
    render(<SiteGateForm next="/" locked={false} error="Incorrect site password. Please try again." />);
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
  });

  test('the show/hide toggle switches the password between masked and plain', async () => {
    render(<SiteGateForm next="/" locked={false} />);
    expect(passwordInput().type).toBe('password');
    await settle(() => screen.getByRole('button', { name: 'Show password' }).click());
    expect(passwordInput().type).toBe('text');
    await settle(() => screen.getByRole('button', { name: 'Hide password' }).click());
    expect(passwordInput().type).toBe('password');
  });

  test('while the site is locked the field and the button are disabled', async () => {
    sessionStorage.setItem('siteToken', 'good-token');
    render(<SiteGateForm next="/" locked />);
    await settle();
    expect(passwordInput().disabled).toBe(true);
    expect(enterButton().disabled).toBe(true);
    // A stored token is not worth checking while the site is locked.
    expect(server.requests).toEqual([]);
  });

  describe('with a site token stored in this tab', () => {
    test('shows the plain text Loading while the token is checked, then goes on if it is valid', async () => {
      sessionStorage.setItem('siteToken', 'good-token');
      server.tokenAnswer = () => ({ pending: true });
      render(<SiteGateForm next="/links" locked={false} />);
      await settle();
      expect(document.body.textContent).toBe('Loading');
      expect(screen.queryByLabelText('Site password')).toBeNull();
      expect(server.requests.map((r) => [r.method, r.path, r.headers.get('x-site-token')])).toEqual([['GET', '/api/site/verify-token', 'good-token']]);
      await settle(() => server.release.forEach((go) => go()));
      expect(replace.mock.calls).toEqual([['/links']]);
      expect(sessionStorage.getItem('siteToken')).toBe('good-token');
    });

    test('an invalid token is removed and the form comes back', async () => {
      sessionStorage.setItem('siteToken', 'stale-token');
      render(<SiteGateForm next="/links" locked={false} />);
      await settle();
      expect(sessionStorage.getItem('siteToken')).toBeNull();
      expect(replace).not.toHaveBeenCalled();
      expect(passwordInput()).toBeTruthy();
      expect(screen.queryByText('Loading')).toBeNull();
    });

    test('a network failure during the check shows the form', async () => {
      sessionStorage.setItem('siteToken', 'good-token');
      server.tokenAnswer = () => ({ networkError: 'Failed to fetch' });
      render(<SiteGateForm next="/links" locked={false} />);
      await settle();
      expect(replace).not.toHaveBeenCalled();
      expect(passwordInput()).toBeTruthy();
    });
  });
});
