import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
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

/** "December 1, 2026 at 2:05 PM" in this machine's zone, worked out apart from the island's helper. */
function atLocalTime(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const h = d.getHours();
  return `${date} at ${h % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

describe('Sessions', () => {
  test('lists every device: this one first and marked, the browser and system read, when and how it signed in, last seen with the time, the address', async () => {
    const initial = await sessions();
    render(<Sessions initial={initial} />);
    const items = rows();
    // This browser (the test's own agent names no known browser), then the laptop, then the session createUser made.
    expect(items.length).toBe(initial.length);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(screen.getAllByText('This device')).toHaveLength(1);
    const firefox = items.find((li) => li.textContent?.includes('Firefox on Windows'));
    expect(firefox).toBeDefined();
    const laptopSession = initial.find((s) => s.userAgent === FIREFOX)!;
    expect(firefox!.textContent).toContain(`Signed in ${atLocalTime(laptopSession.createdAt)} with password`);
    expect(firefox!.textContent).toContain(`Last seen ${atLocalTime(laptopSession.lastSeenAt!)}`);
    // In-process requests have no client address.
    expect(firefox!.textContent).toContain('Unknown address');
    expect(
      within(firefox!).getByRole('button', { name: `Sign out Firefox on Windows, signed in ${atLocalTime(laptopSession.createdAt)} with password` }),
    ).toBeTruthy();
  });

  test('rows of one browser at one address are told apart by when and how each signed in', async () => {
    const base = (await sessions()).find((s) => s.userAgent === FIREFOX)!;
    const at = (minutes: number) => new Date(Date.parse('2026-12-01T09:00:00.000Z') + minutes * 60_000).toISOString();
    const same = { userAgent: FIREFOX, ip: '127.0.0.1', current: false, lastSeenAt: at(90) };
    const initial: SessionInfo[] = [
      { ...base, ...same, _id: 'a', createdAt: at(0), method: 'password' },
      { ...base, ...same, _id: 'b', createdAt: at(5), method: 'password+code' },
      { ...base, ...same, _id: 'c', createdAt: at(10), method: 'password+recovery' },
      { ...base, ...same, _id: 'd', createdAt: at(15), method: 'passkey' },
      { ...base, ...same, _id: 'e', createdAt: at(20), method: 'setup' },
      { ...base, ...same, _id: 'f', createdAt: at(25), method: null },
    ];
    render(<Sessions initial={initial} />);
    const texts = rows().map((li) => li.textContent);
    expect(new Set(texts).size).toBe(initial.length);
    expect(texts).toEqual([
      expect.stringContaining(`Signed in ${atLocalTime(at(0))} with password`),
      expect.stringContaining(`Signed in ${atLocalTime(at(5))} with password + code`),
      expect.stringContaining(`Signed in ${atLocalTime(at(10))} with password + recovery code`),
      expect.stringContaining(`Signed in ${atLocalTime(at(15))} with a passkey`),
      expect.stringContaining(`Signed in ${atLocalTime(at(20))} at the first-run setup`),
      expect.stringContaining(`Signed in ${atLocalTime(at(25))}Last seen`),
    ]);
    // Each Sign out names its own row.
    const names = screen.getAllByRole('button', { name: /^Sign out Firefox on Windows/ }).map((b) => b.getAttribute('aria-label'));
    expect(new Set(names).size).toBe(initial.length);
    expect(names[1]).toBe(`Sign out Firefox on Windows, signed in ${atLocalTime(at(5))} with password + code`);
  });

  test('signed in the same way in the same minute: the seconds tell them apart; in the same second, a number does', async () => {
    const base = (await sessions()).find((s) => s.userAgent === FIREFOX)!;
    const same = { userAgent: FIREFOX, ip: '127.0.0.1', current: false, lastSeenAt: '2026-12-01T10:00:00.000Z', method: 'password' as const };
    const initial: SessionInfo[] = [
      { ...base, ...same, _id: 'a', createdAt: '2026-12-01T09:00:07.000Z' },
      { ...base, ...same, _id: 'b', createdAt: '2026-12-01T09:00:41.000Z' },
      { ...base, ...same, _id: 'c', createdAt: '2026-12-01T09:00:41.000Z' },
      // Another minute reads alike with nothing more.
      { ...base, ...same, _id: 'd', createdAt: '2026-12-01T09:07:00.000Z' },
    ];
    render(<Sessions initial={initial} />);
    const names = screen.getAllByRole('button', { name: /^Sign out / }).map((b) => b.getAttribute('aria-label'));
    const at = (iso: string, seconds: string) => atLocalTime(iso).replace(/ ([AP]M)$/, `:${seconds} $1`);
    expect(names).toEqual([
      `Sign out Firefox on Windows, signed in ${at(initial[0]!.createdAt, '07')} with password`,
      `Sign out Firefox on Windows (1), signed in ${at(initial[1]!.createdAt, '41')} with password`,
      `Sign out Firefox on Windows (2), signed in ${at(initial[2]!.createdAt, '41')} with password`,
      `Sign out Firefox on Windows, signed in ${atLocalTime(initial[3]!.createdAt)} with password`,
    ]);
    expect(new Set(rows().map((li) => li.textContent)).size).toBe(4);
  });

  test('rendered on the server (before it is live), the times are in UTC and say so', () => {
    const html = renderToString(
      <Sessions
        initial={[
          {
            _id: 'x',
            current: true,
            createdAt: '2026-12-01T14:05:00.000Z',
            lastSeenAt: '2026-12-01T21:31:00.000Z',
            userAgent: FIREFOX,
            ip: '192.0.2.1',
            method: 'password+code',
          },
        ]}
      />,
    );
    expect(html).toContain('December 1, 2026 at 2:05 PM UTC');
    expect(html).toContain('December 1, 2026 at 9:31 PM UTC');
  });

  test('Sign out asks first; Cancel ends nothing', async () => {
    render(<Sessions initial={await sessions()} />);
    const before = rows().length;
    await settle(() => screen.getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }).click());
    expect(within(dialog()).getByText(/^Firefox on Windows, signed in .+ with password\. That device will have to sign in again\.$/)).toBeTruthy();
    await settle(() => within(dialog()).getByRole('button', { name: 'Cancel' }).click());
    expect(hub.writes()).toEqual([]);
    expect(rows().length).toBe(before);
    expect(await works(laptop)).toBe(true);
  });

  test('confirming ends that device: it leaves the list and its token no longer signs in; this device stays', async () => {
    render(<Sessions initial={await sessions()} />);
    const before = rows().length;
    await settle(() => screen.getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }).click());
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
    await settle(() => screen.getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }).click());
    await settle(() => within(dialog()).getByRole('button', { name: 'Sign out' }).click());
    expect(within(dialog()).getByRole('alert').textContent).toBe('The session could not be ended.');
    expect(rows().length).toBe(before);
    expect(assign).not.toHaveBeenCalled();
    hub.network.clear();
    expect(await works(laptop)).toBe(true);
  });
});
