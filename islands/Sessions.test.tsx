import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { SessionInfo } from '../src/shared/contracts/sessions.ts';
import { createIslandApp, DEFAULT_PASSWORD, type IslandApp } from '../test/helpers/island-app.ts';
import Sessions from './Sessions.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts): Bob, signed in in this browser,
// and on a laptop with Firefox.

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let hub: IslandApp;
let laptop: string;
let assign: Mock<(url: string | URL) => void>;

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

/** Bob's sessions as the profile page gets them (the browser's own session marked current). */
async function sessions(): Promise<SessionInfo[]> {
  const res = await fetch('/api/me/sessions', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return (await res.json()) as SessionInfo[];
}

/** Whether a session token still signs Bob in. */
const works = async (token: string) => (await hub.hub.request('/api/me/sessions', { as: { siteToken: await hub.hub.enterSite(), token } })).status === 200;

beforeEach(async () => {
  hub = await createIslandApp({ accounts: [{ username: 'bob', name: 'Bob Builder', role: 'user' }], signedInAs: 'bob' });
  const siteToken = await hub.hub.enterSite();
  const res = await hub.hub.request('/auth/signin/', {
    method: 'POST',
    json: { username: 'bob', password: DEFAULT_PASSWORD },
    as: { siteToken },
    headers: { 'user-agent': FIREFOX },
  });
  laptop = ((await res.json()) as { token: string }).token;
  assign = spyOn(location, 'assign').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  assign.mockRestore();
  await hub.close();
});

const rows = () => within(screen.getByRole('region', { name: 'Sessions' })).getAllByRole('listitem');
const dialog = () => screen.getByRole('dialog', { name: 'Sign out this session?' });

describe('Sessions', () => {
  test('lists every device: this one first and marked, the browser and system read, last seen as a date, the address', async () => {
    const initial = await sessions();
    render(<Sessions initial={initial} />);
    const items = rows();
    // This browser (the test's own agent names no known browser), then the laptop, then the session createUser made.
    expect(items.length).toBe(initial.length);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(screen.getAllByText('This device')).toHaveLength(1);
    const firefox = items.find((li) => li.textContent?.includes('Firefox on Windows'));
    expect(firefox).toBeDefined();
    const seen = new Date(initial.find((s) => s.userAgent === FIREFOX)!.lastSeenAt!).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(firefox!.textContent).toContain(`Last seen ${seen}`);
    // In-process requests have no client address.
    expect(firefox!.textContent).toContain('Unknown address');
    expect(within(firefox!).getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeTruthy();
  });

  test('Sign out asks first; Cancel ends nothing', async () => {
    render(<Sessions initial={await sessions()} />);
    const before = rows().length;
    await settle(() => screen.getByRole('button', { name: 'Sign out Firefox on Windows' }).click());
    expect(within(dialog()).getByText(/Firefox on Windows\. That device will have to sign in again\./)).toBeTruthy();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    expect(hub.writes()).toEqual([]);
    expect(rows().length).toBe(before);
    expect(await works(laptop)).toBe(true);
  });

  test('confirming ends that device: it leaves the list and its token no longer signs in; this device stays', async () => {
    render(<Sessions initial={await sessions()} />);
    const before = rows().length;
    await settle(() => screen.getByRole('button', { name: 'Sign out Firefox on Windows' }).click());
    await settle(() => within(dialog()).getByRole('button', { name: 'Sign out' }).click());
    expect(hub.writes().map((r) => r.method)).toEqual(['DELETE']);
    expect(rows().length).toBe(before - 1);
    expect(screen.queryByText('Firefox on Windows')).toBeNull();
    expect(await works(laptop)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect((await fetch('/api/me/sessions', { credentials: 'same-origin' })).status).toBe(200);
  });

  test('ending this device signs it out and goes to the sign-in page', async () => {
    render(<Sessions initial={await sessions()} />);
    await settle(() => screen.getByRole('button', { name: 'Sign out this device' }).click());
    expect(within(dialog()).getByText(/you will be signed out here/)).toBeTruthy();
    await settle(() => within(dialog()).getByRole('button', { name: 'Sign out' }).click());
    expect(assign.mock.calls).toEqual([['/signin']]);
    expect((await fetch('/api/me/sessions', { credentials: 'same-origin' })).status).toBe(401);
    expect(await works(laptop)).toBe(true);
  });

  test('a refusal is shown in the dialog and the session stays listed', async () => {
    hub.network.interrupt('DELETE /api/me/sessions/', { proxyStatus: 502 });
    render(<Sessions initial={await sessions()} />);
    const before = rows().length;
    await settle(() => screen.getByRole('button', { name: 'Sign out Firefox on Windows' }).click());
    await settle(() => within(dialog()).getByRole('button', { name: 'Sign out' }).click());
    expect(within(dialog()).getByRole('alert').textContent).toBe('The session could not be ended.');
    expect(rows().length).toBe(before);
    expect(assign).not.toHaveBeenCalled();
    hub.network.clear();
    expect(await works(laptop)).toBe(true);
  });
});
