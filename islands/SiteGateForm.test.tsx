import { afterEach, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createIslandApp, type IslandApp } from '../test/helpers/island-app.ts';
import { TEST_SITE_PASSWORD } from '../test/helpers/test-app.ts';
import SiteGateForm from './SiteGateForm.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts), its site password the test one.

const SITE_PASSWORD = TEST_SITE_PASSWORD;
let hub: IslandApp;
const sent = () => hub.requests.map((r) => [r.method, r.path, r.body]);

/** A site token the hub issued, kept in this tab; the browser's cookie is gone (as after clearing cookies). */
async function storeIssuedToken(): Promise<string> {
  const response = await fetch('/api/site/verify-password', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ password: SITE_PASSWORD }),
  });
  const { siteToken } = (await response.json()) as { siteToken: string };
  sessionStorage.setItem('siteToken', siteToken);
  hub.cookies.clear();
  hub.requests.length = 0;
  return siteToken;
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const passwordInput = () => screen.getByLabelText('Site password') as HTMLInputElement;
const enterButton = () => screen.getByRole('button', { name: 'Enter Site' }) as HTMLButtonElement;
const snackbar = () => screen.queryByRole('alert')?.querySelector('span')?.textContent ?? null;
const type = (value: string) => fireEvent.change(passwordInput(), { target: { value } });

let replace: Mock<(url: string | URL) => void>;

beforeEach(async () => {
  sessionStorage.clear();
  hub = await createIslandApp();
  replace = spyOn(location, 'replace').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  replace.mockRestore();
  await hub.close();
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
    expect(hub.requests.map((r) => r.body)).toEqual([{ password: SITE_PASSWORD }]);
    expect(replace).toHaveBeenCalledWith('/watch');
    await act(async () => root.unmount());
    container.remove();
  });

  test('a blank password says Please enter the site password and sends nothing', async () => {
    render(<SiteGateForm next="/watch" locked={false} />);
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Please enter the site password');
    expect(hub.requests).toEqual([]);
  });

  test('a password of spaces only counts as blank', async () => {
    render(<SiteGateForm next="/watch" locked={false} />);
    type('   ');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Please enter the site password');
    expect(hub.requests).toEqual([]);
  });

  test("a refused password shows the server's message as-is and clears the field", async () => {
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(sent()).toEqual([['POST', '/api/site/verify-password', { password: 'guess' }]]);
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
    expect(passwordInput().value).toBe('');
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('siteToken')).toBeNull();
  });

  test('a refusal without a message (a proxy page) says Incorrect site password. Please try again.', async () => {
    hub.network.interrupt('POST /api/site/verify-password', { proxyStatus: 401 });
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
  });

  test('an answer that is not JSON also says Incorrect site password. Please try again.', async () => {
    hub.network.interrupt('POST /api/site/verify-password', { proxyStatus: 502 });
    render(<SiteGateForm next="/watch" locked={false} />);
    type('guess');
    await settle(() => enterButton().click());
    expect(snackbar()).toBe('Incorrect site password. Please try again.');
  });

  test('a network failure says Connection error. Please try again.', async () => {
    hub.network.interrupt('POST /api/site/verify-password', { networkError: 'Failed to fetch' });
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
    // The hub's token is kept in the tab, and its cookie is in the browser.
    expect(sessionStorage.getItem('siteToken')).toMatch(/.{16,}/);
    expect([...hub.cookies.values()]).toContain(sessionStorage.getItem('siteToken')!);
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
    expect(hub.requests).toEqual([]);
  });

  describe('with a site token stored in this tab', () => {
    test('shows the plain text Loading while the token is checked, then goes on if it is valid', async () => {
      const token = await storeIssuedToken();
      hub.network.interrupt('GET /api/site/verify-token', { held: true });
      render(<SiteGateForm next="/links" locked={false} />);
      await settle();
      expect(document.body.textContent).toBe('Loading');
      expect(screen.queryByLabelText('Site password')).toBeNull();
      expect(hub.requests.map((r) => [r.method, r.path, r.headers.get('x-site-token')])).toEqual([['GET', '/api/site/verify-token', token]]);
      await settle(() => hub.network.release());
      expect(replace.mock.calls).toEqual([['/links']]);
      expect(sessionStorage.getItem('siteToken')).toBe(token);
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
      await storeIssuedToken();
      hub.network.interrupt('GET /api/site/verify-token', { networkError: 'Failed to fetch' });
      render(<SiteGateForm next="/links" locked={false} />);
      await settle();
      expect(replace).not.toHaveBeenCalled();
      expect(passwordInput()).toBeTruthy();
    });
  });
});
