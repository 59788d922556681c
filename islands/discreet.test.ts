import { afterEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { followVisibility, HIDDEN_CLASS, lockNow, PANIC_CLASS, panicKey } from './discreet.ts';

// Discreet mode's script: the panic key, the hidden-tab blur and the lock call.

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { key: 'Escape', ...init });

describe('the panic key', () => {
  function pressing() {
    let at = 0;
    const panics: number[] = [];
    const handler = panicKey(
      () => panics.push(at),
      () => at,
    );
    const press = (ms: number, init: KeyboardEventInit = {}) => {
      at = ms;
      handler(key(init));
    };
    return { press, panics };
  }

  test('one Escape (closing a dialog or the viewer) does nothing', () => {
    const { press, panics } = pressing();
    press(0);
    expect(panics).toEqual([]);
  });

  test('Escape twice within a second locks; further apart it does not', () => {
    const { press, panics } = pressing();
    press(0);
    press(1500);
    expect(panics).toEqual([]);
    press(2400);
    expect(panics).toEqual([2400]);
    // The pair is spent: the next Escape starts a new one.
    press(2600);
    expect(panics).toEqual([2400]);
  });

  test('Shift+Escape locks at once', () => {
    const { press, panics } = pressing();
    press(10, { shiftKey: true });
    expect(panics).toEqual([10]);
  });

  test('a held Escape (key repeats), other keys and an input method composing do not count', () => {
    const { press, panics } = pressing();
    press(0);
    press(30, { repeat: true });
    press(60, { repeat: true });
    press(90, { key: 'Enter' });
    press(120, { isComposing: true });
    expect(panics).toEqual([]);
    press(1500);
    press(1600, { key: 'a', shiftKey: true });
    expect(panics).toEqual([]);
  });
});

describe('the page while the tab is hidden', () => {
  afterEach(() => {
    document.documentElement.classList.remove(HIDDEN_CLASS);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  test('is blurred while hidden and clear again when shown', () => {
    let state: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    followVisibility(document);
    expect(document.documentElement.classList.contains(HIDDEN_CLASS)).toBe(false);
    state = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.documentElement.classList.contains(HIDDEN_CLASS)).toBe(true);
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.documentElement.classList.contains(HIDDEN_CLASS)).toBe(false);
  });
});

describe('locking', () => {
  let fetched: Mock<typeof fetch>;
  let replaced: Mock<(url: string | URL) => void>;
  afterEach(() => {
    fetched.mockRestore();
    replaced.mockRestore();
    document.documentElement.classList.remove(PANIC_CLASS);
  });

  test("hides the page at once, makes Lock Site's call and goes to the gate at /", async () => {
    let answer: (r: Response) => void = () => {};
    fetched = spyOn(globalThis, 'fetch').mockImplementation((() => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch);
    replaced = spyOn(location, 'replace').mockImplementation(() => {});
    const done = lockNow(document);
    expect(document.documentElement.classList.contains(PANIC_CLASS)).toBe(true);
    expect(fetched.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([['/api/site/lock', 'POST']]);
    expect(replaced).not.toHaveBeenCalled();
    answer(Response.json({ success: true }));
    await done;
    expect(replaced.mock.calls).toEqual([['/']]);
  });

  test('goes to / even when the call fails', async () => {
    fetched = spyOn(globalThis, 'fetch').mockImplementation((() => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch);
    replaced = spyOn(location, 'replace').mockImplementation(() => {});
    await lockNow(document);
    expect(replaced.mock.calls).toEqual([['/']]);
  });
});
