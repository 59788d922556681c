import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from 'bun:test';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { LOCKOUT_STATUS_PATH, type LockoutStatus } from '../src/shared/lockout.ts';
import { createIslandApp, type IslandApp } from '../test/helpers/island-app.ts';
import LockoutBadge from './LockoutBadge.tsx';
import { loadServerParts } from './media/lazily.ts';

// Time is bun:test's fake clock: timers and Date.now() move only when a test advances them. The
// badge's requests are answered by the real hub (test/helpers/island-app.ts), whose clock is the
// same fake Date, so its lockout runs out exactly when the test says. Only what lies between the
// browser and the hub (a proxy's error page, a dropped connection) is simulated.

const HOUR = 3_600_000;
const counting = (timeRemaining: number): LockoutStatus => ({ lockoutEnabled: true, isLocked: false, timeRemaining });
const LOCKED: LockoutStatus = { lockoutEnabled: true, isLocked: true, timeRemaining: 0 };
const DISABLED: LockoutStatus = { lockoutEnabled: false, isLocked: false, timeRemaining: 0 };
const STATUS = `GET ${LOCKOUT_STATUS_PATH}` as const;

let hub: IslandApp;
/** Other hubs a test started (one restarted with another setting); closed after it. */
const others: IslandApp[] = [];

/** The real hub, with the dead-man's switch set to `hours`. */
async function startHub(hours: string): Promise<IslandApp> {
  return createIslandApp({ env: { SITE_LOCKOUT_HOURS: hours } });
}

/** What the hub says now (and, on first use, the moment its switch is armed from). */
async function hubStatus(app: IslandApp = hub): Promise<LockoutStatus> {
  return (await app.hub.app.request(LOCKOUT_STATUS_PATH)).json() as Promise<LockoutStatus>;
}

/** Moves the hub's expiry, as a reset by an administrator (with another period) would. */
async function expireIn(ms: number): Promise<void> {
  await hub.hub.database.db
    .updateTable('site_state')
    .set({ lockout_expires_at: Date.now() + ms })
    .execute();
}

/** Moves the fake clock on, then lets any request the timers started reach the hub and render. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await hub.idle();
      for (const other of others) await other.idle();
    });
  }
}

const badge = () => document.querySelector<HTMLElement>('[data-lockout-badge]');
/** The text a sighted visitor reads on the badge. */
const shown = () => badge()?.querySelector('[data-lockout-text]')?.textContent ?? null;
/** What the live region holds: assistive technology announces each change of it. */
const announced = () => screen.getByRole('status').textContent;

// The banner is a part of its own, loaded when due; the server loads it at start, as here.
beforeAll(loadServerParts);

beforeEach(async () => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  hub = await startHub('2');
});

afterEach(async () => {
  cleanup();
  for (const other of others.splice(0)) await other.close();
  await hub.close();
  jest.useRealTimers();
});

describe('LockoutBadge', () => {
  test('shows nothing when the lockout is not enabled', async () => {
    render(<LockoutBadge initial={DISABLED} />);
    expect(badge()).toBeNull();
    expect(document.body.textContent).toBe('');
  });

  test('takes over the server-rendered badge as it is, then counts down', async () => {
    const initial = counting(2 * HOUR + 5_000);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LockoutBadge initial={initial} />);
    document.body.append(container);
    expect(shown()).toBe('02:00:05');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <LockoutBadge initial={initial} />);
    });
    expect(shown()).toBe('02:00:05');
    await advance(1_000);
    expect(shown()).toBe('02:00:04');
    await act(async () => root?.unmount());
    container.remove();
  });

  test('shows LOCKED when the site is locked', () => {
    render(<LockoutBadge initial={LOCKED} />);
    expect(shown()).toBe('LOCKED');
    expect(announced()).toBe('Site locked');
  });

  test('counts down from the rendered time, one second per tick', async () => {
    render(<LockoutBadge initial={counting(24 * HOUR - 2_000)} />);
    expect(shown()).toBe('23:59:58');
    // Read as a whole, never announced by itself: a timer, with the live region empty.
    expect(screen.getByRole('timer').textContent).toBe('23:59:58');
    expect(badge()?.textContent).toBe('Site locks in 23:59:58');
    expect(announced()).toBe('');
    await advance(1_000);
    expect(shown()).toBe('23:59:57');
    await advance(1_000);
    expect(shown()).toBe('23:59:56');
    await advance(57_000);
    expect(shown()).toBe('23:58:59');
  });

  test('a part second left shows as the next whole second, and ticks as each second passes', async () => {
    render(<LockoutBadge initial={counting(5_500)} />);
    expect(shown()).toBe('00:00:06');
    await advance(499);
    expect(shown()).toBe('00:00:06');
    await advance(1);
    expect(shown()).toBe('00:00:05');
    await advance(1_000);
    expect(shown()).toBe('00:00:04');
  });

  test('keeps to the deadline when the tab was asleep and timers ran late', async () => {
    render(<LockoutBadge initial={counting(HOUR + 10_000)} />);
    expect(shown()).toBe('01:00:10');
    // The clock jumps ahead without the timers firing, as in a throttled background tab.
    await act(async () => {
      jest.setSystemTime(Date.now() + 30_000);
    });
    await advance(1_000);
    expect(shown()).toBe('00:59:39');
  });

  test('at zero it asks the hub again and shows its answer', async () => {
    await hubStatus();
    await expireIn(3_000);
    render(<LockoutBadge initial={counting(3_000)} />);
    expect(shown()).toBe('00:00:03');
    const region = screen.getByRole('status');
    await advance(2_000);
    expect(shown()).toBe('00:00:01');
    expect(announced()).toBe('');
    await advance(1_000);
    expect(shown()).toBe('LOCKED');
    // The same live region, which was in the page all along, now says so: that is announced.
    expect(screen.getByRole('status')).toBe(region);
    expect(announced()).toBe('Site locked');
  });

  test('at zero a renewed lockout starts a new countdown', async () => {
    // The page was rendered a while ago; meanwhile an administrator reset the switch.
    await hubStatus();
    await expireIn(24 * HOUR + 1_000);
    render(<LockoutBadge initial={counting(1_000)} />);
    await advance(1_000);
    expect(shown()).toBe('24:00:00');
    await advance(1_000);
    expect(shown()).toBe('23:59:59');
  });

  test('polls the status every 60 seconds', async () => {
    render(<LockoutBadge initial={await hubStatus()} />);
    expect(shown()).toBe('02:00:00');
    // An admin resets the lockout: the badge learns of it at the next poll, not before.
    await expireIn(24 * HOUR + 60_000);
    await advance(59_000);
    expect(shown()).toBe('01:59:01');
    await advance(1_000);
    expect(shown()).toBe('24:00:00');
    // And the site locks: seen at the poll after that.
    await expireIn(30_000);
    await advance(59_000);
    expect(shown()).toBe('23:59:01');
    await advance(1_000);
    expect(shown()).toBe('LOCKED');
  });

  test('a poll can reveal a lockout that was switched on, or hide one switched off', async () => {
    // The hub runs with the switch off; the page shows no badge.
    const off = await startHub('0');
    others.push(off);
    render(<LockoutBadge initial={await hubStatus(off)} />);
    expect(badge()).toBeNull();
    // The hub restarts with SITE_LOCKOUT_HOURS=3 while the tab stays open.
    const on = await startHub('3');
    others.push(on);
    // Its switch is armed when first asked: at the badge's next poll.
    await advance(60_000);
    expect(shown()).toBe('03:00:00');
    // And back to the one with the switch off.
    others.splice(others.indexOf(on), 1);
    await on.close();
    await advance(60_000);
    expect(badge()).toBeNull();
  });

  test('shows Failed to fetch lockout status when the answer is an error page (a proxy in front of a hub that is down)', async () => {
    render(<LockoutBadge initial={await hubStatus()} />);
    hub.network.interrupt(STATUS, { proxyStatus: 502 });
    await advance(60_000);
    expect(shown()).toBe('Failed to fetch lockout status');
    expect(announced()).toBe('Site lockout: Failed to fetch lockout status');
  });

  test('shows Error: and the message when the request fails', async () => {
    render(<LockoutBadge initial={await hubStatus()} />);
    hub.network.interrupt(STATUS, { networkError: 'Network request failed' });
    await advance(60_000);
    expect(shown()).toBe('Error: Network request failed');
  });

  test("shows Error: and the message when the answer is not JSON (a proxy's page with status 200)", async () => {
    render(<LockoutBadge initial={LOCKED} />);
    hub.network.interrupt(STATUS, { proxyStatus: 200 });
    await advance(60_000);
    expect(shown()).toMatch(/^Error: .*JSON/);
  });

  test('a failed re-fetch at zero shows the error', async () => {
    render(<LockoutBadge initial={counting(1_000)} />);
    hub.network.interrupt(STATUS, { proxyStatus: 503 });
    await advance(1_000);
    expect(shown()).toBe('Failed to fetch lockout status');
  });

  test('a later successful poll clears the error', async () => {
    render(<LockoutBadge initial={await hubStatus()} />);
    hub.network.interrupt(STATUS, { networkError: 'offline' });
    await advance(60_000);
    expect(shown()).toBe('Error: offline');
    hub.network.clear();
    await expireIn(HOUR / 2 + 60_000);
    await advance(60_000);
    expect(shown()).toBe('00:30:00');
    await advance(1_000);
    expect(shown()).toBe('00:29:59');
  });
});

describe("LockoutBadge: the administrators' banner in the last two hours", () => {
  const MINUTE = 60_000;
  const banner = () => screen.queryByRole('region', { name: 'Site lockout warning' });

  async function adminHub(): Promise<void> {
    await hub.close();
    hub = await createIslandApp({ accounts: [{ username: 'root', name: 'Root', role: 'admin' }], signedInAs: 'root', env: { SITE_LOCKOUT_HOURS: '2' } });
  }

  test('shows with less than two hours left, with the reset; the reset moves the expiry and the banner goes', async () => {
    await adminHub();
    await hubStatus();
    await expireIn(90 * MINUTE);
    render(<LockoutBadge initial={counting(90 * MINUTE)} admin />);
    expect(banner()?.textContent).toContain('The site locks for everyone in 01:30:00 unless an administrator resets the lockout timer.');
    await act(async () => screen.getByRole('button', { name: 'Reset Lockout Timer' }).click());
    await advance(0);
    expect(hub.writes().map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/reset-lockout']);
    expect((await hubStatus()).timeRemaining).toBeWithin(2 * HOUR - 1_000, 2 * HOUR + 1);
    expect(banner()).toBeNull();
    expect(shown()).toBe('02:00:00');
  });

  test('the server-rendered banner is taken over as it is, and its reset works', async () => {
    await adminHub();
    await hubStatus();
    await expireIn(90 * MINUTE);
    const initial = counting(90 * MINUTE);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LockoutBadge initial={initial} admin />);
    document.body.append(container);
    expect(banner()?.textContent).toContain('The site locks for everyone in 01:30:00');
    const mismatches: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <LockoutBadge initial={initial} admin />, { onRecoverableError: (err) => mismatches.push(err) });
    });
    expect(mismatches).toEqual([]);
    await act(async () => screen.getByRole('button', { name: 'Reset Lockout Timer' }).click());
    await advance(0);
    expect(banner()).toBeNull();
    expect(shown()).toBe('02:00:00');
    await act(async () => root?.unmount());
    container.remove();
  });

  test('comes when the countdown passes two hours, and not for members, nor with more time, nor once locked', async () => {
    const { unmount } = render(<LockoutBadge initial={counting(2 * HOUR + 2_000)} admin />);
    expect(banner()).toBeNull();
    await advance(2_000);
    expect(banner()).toBeNull();
    await advance(1_000);
    expect(banner()).not.toBeNull();
    unmount();
    render(<LockoutBadge initial={counting(30 * MINUTE)} />);
    expect(banner()).toBeNull();
    cleanup();
    render(<LockoutBadge initial={LOCKED} admin />);
    expect(banner()).toBeNull();
  });

  test('a reset that fails says so in the banner, which stays', async () => {
    await hubStatus();
    await expireIn(30 * MINUTE);
    render(<LockoutBadge initial={counting(30 * MINUTE)} admin />);
    // This hub's visitor is not signed in: the hub refuses the reset.
    await act(async () => screen.getByRole('button', { name: 'Reset Lockout Timer' }).click());
    await advance(0);
    expect(within(banner()!).getByRole('alert').textContent).not.toBe('');
    expect(banner()).not.toBeNull();
  });
});
