import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { LockoutStatus } from '../src/shared/lockout.ts';
import LockoutBadge from './LockoutBadge.tsx';

// Time is bun:test's fake clock: timers and Date.now() move only when a test advances them.

const HOUR = 3_600_000;
const counting = (timeRemaining: number): LockoutStatus => ({ lockoutEnabled: true, isLocked: false, timeRemaining });
const LOCKED: LockoutStatus = { lockoutEnabled: true, isLocked: true, timeRemaining: 0 };
const DISABLED: LockoutStatus = { lockoutEnabled: false, isLocked: false, timeRemaining: 0 };

type Answer = { status: LockoutStatus } | { httpStatus: number } | { badJson: string } | { networkError: string };

/** The server as the badge sees it: answers GET /api/site/lockout-status with `answer`. */
const server = { answer: { status: counting(HOUR) } as Answer };
const realFetch = globalThis.fetch;

function stubFetch(): void {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const accept = new Headers(init?.headers).get('accept');
    if (url !== '/api/site/lockout-status' || (init?.method ?? 'GET') !== 'GET') return { ok: false, status: 404, json: async () => ({}) };
    if (accept !== 'application/json' || init?.credentials !== 'same-origin') return { ok: false, status: 400, json: async () => ({}) };
    const answer = server.answer;
    if ('networkError' in answer) throw new TypeError(answer.networkError);
    if ('httpStatus' in answer) return { ok: false, status: answer.httpStatus, json: async () => ({ error: 'nope' }) };
    if ('badJson' in answer) {
      const message = answer.badJson;
      return { ok: true, status: 200, json: async () => Promise.reject(new SyntaxError(message)) };
    }
    return { ok: true, status: 200, json: async () => answer.status };
  }) as unknown as typeof fetch;
}

/** Moves the fake clock on, then lets any fetch the timers started settle and render. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

const badge = () => document.querySelector<HTMLElement>('[data-lockout-badge]');
/** The text a sighted visitor reads on the badge. */
const shown = () => badge()?.querySelector('[data-lockout-text]')?.textContent ?? null;
/** What the live region holds: assistive technology announces each change of it. */
const announced = () => screen.getByRole('status').textContent;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  server.answer = { status: counting(HOUR) };
  stubFetch();
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  globalThis.fetch = realFetch;
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

  test('at zero it asks the server again and shows its answer', async () => {
    render(<LockoutBadge initial={counting(3_000)} />);
    expect(shown()).toBe('00:00:03');
    server.answer = { status: LOCKED };
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
    render(<LockoutBadge initial={counting(1_000)} />);
    server.answer = { status: counting(24 * HOUR) };
    await advance(1_000);
    expect(shown()).toBe('24:00:00');
    await advance(1_000);
    expect(shown()).toBe('23:59:59');
  });

  test('polls the status every 60 seconds', async () => {
    render(<LockoutBadge initial={counting(2 * HOUR)} />);
    // An admin resets the lockout: the badge learns of it at the next poll, not before.
    server.answer = { status: counting(24 * HOUR) };
    await advance(59_000);
    expect(shown()).toBe('01:59:01');
    await advance(1_000);
    expect(shown()).toBe('24:00:00');
    // And the site locks: seen at the poll after that.
    server.answer = { status: LOCKED };
    await advance(59_000);
    expect(shown()).toBe('23:59:01');
    await advance(1_000);
    expect(shown()).toBe('LOCKED');
  });

  test('a poll can reveal a lockout that was switched on, or hide one switched off', async () => {
    render(<LockoutBadge initial={DISABLED} />);
    server.answer = { status: counting(HOUR * 3) };
    await advance(60_000);
    expect(shown()).toBe('03:00:00');
    server.answer = { status: DISABLED };
    await advance(60_000);
    expect(badge()).toBeNull();
  });

  test('shows Failed to fetch lockout status when the server answers with an error', async () => {
    render(<LockoutBadge initial={counting(2 * HOUR)} />);
    server.answer = { httpStatus: 500 };
    await advance(60_000);
    expect(shown()).toBe('Failed to fetch lockout status');
    expect(announced()).toBe('Site lockout: Failed to fetch lockout status');
  });

  test('shows Error: and the message when the request fails', async () => {
    render(<LockoutBadge initial={counting(2 * HOUR)} />);
    server.answer = { networkError: 'Network request failed' };
    await advance(60_000);
    expect(shown()).toBe('Error: Network request failed');
  });

  test('shows Error: and the message when the answer is not JSON', async () => {
    render(<LockoutBadge initial={LOCKED} />);
    server.answer = { badJson: 'Unexpected token < in JSON' };
    await advance(60_000);
    expect(shown()).toBe('Error: Unexpected token < in JSON');
  });

  test('a failed re-fetch at zero shows the error', async () => {
    render(<LockoutBadge initial={counting(1_000)} />);
    server.answer = { httpStatus: 503 };
    await advance(1_000);
    expect(shown()).toBe('Failed to fetch lockout status');
  });

  test('a later successful poll clears the error', async () => {
    render(<LockoutBadge initial={counting(2 * HOUR)} />);
    server.answer = { networkError: 'offline' };
    await advance(60_000);
    expect(shown()).toBe('Error: offline');
    server.answer = { status: counting(HOUR / 2) };
    await advance(60_000);
    expect(shown()).toBe('00:30:00');
    await advance(1_000);
    expect(shown()).toBe('00:29:59');
  });
});
