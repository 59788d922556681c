import { describe, expect, test } from 'bun:test';
import { formatCountdown, LOCKOUT_POLL_MS, LOCKOUT_STATUS_PATH, LOCKOUT_TICK_MS, parseLockoutStatus } from './lockout.ts';

describe('formatCountdown', () => {
  test('formats whole seconds as HH:MM:SS', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(1_000)).toBe('00:00:01');
    expect(formatCountdown(59_000)).toBe('00:00:59');
    expect(formatCountdown(60_000)).toBe('00:01:00');
    expect(formatCountdown(3_599_000)).toBe('00:59:59');
    expect(formatCountdown(3_600_000)).toBe('01:00:00');
    expect(formatCountdown(24 * 3_600_000 - 2_000)).toBe('23:59:58');
  });

  test('hours go past 24 and past two digits', () => {
    expect(formatCountdown(24 * 3_600_000)).toBe('24:00:00');
    expect(formatCountdown(90_061_000)).toBe('25:01:01');
    expect(formatCountdown(100 * 3_600_000)).toBe('100:00:00');
  });

  test('rounds up to the next whole second, so time left never shows as zero', () => {
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(999)).toBe('00:00:01');
    expect(formatCountdown(1_001)).toBe('00:00:02');
    expect(formatCountdown(59_999)).toBe('00:01:00');
    expect(formatCountdown(3_599_500)).toBe('01:00:00');
  });

  test('negative, NaN and infinite input show zero', () => {
    expect(formatCountdown(-1)).toBe('00:00:00');
    expect(formatCountdown(-90_000)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
    expect(formatCountdown(Number.POSITIVE_INFINITY)).toBe('00:00:00');
  });
});

describe('parseLockoutStatus', () => {
  test('accepts a status answer and keeps only its three fields', () => {
    expect(parseLockoutStatus({ lockoutEnabled: true, isLocked: false, timeRemaining: 5_000, extra: 1 })).toEqual({
      lockoutEnabled: true,
      isLocked: false,
      timeRemaining: 5_000,
    });
  });

  test('rejects anything else', () => {
    expect(parseLockoutStatus(null)).toBeNull();
    expect(parseLockoutStatus('locked')).toBeNull();
    expect(parseLockoutStatus({ lockoutEnabled: true, isLocked: false })).toBeNull();
    expect(parseLockoutStatus({ lockoutEnabled: 'yes', isLocked: false, timeRemaining: 1 })).toBeNull();
    expect(parseLockoutStatus({ lockoutEnabled: true, isLocked: false, timeRemaining: '5000' })).toBeNull();
    expect(parseLockoutStatus({ lockoutEnabled: true, isLocked: false, timeRemaining: Number.NaN })).toBeNull();
  });
});

test('business constants of the spec', () => {
  expect(LOCKOUT_POLL_MS).toBe(60_000);
  expect(LOCKOUT_TICK_MS).toBe(1_000);
  expect(LOCKOUT_STATUS_PATH).toBe('/api/site/lockout-status');
});
