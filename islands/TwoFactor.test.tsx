import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createIslandApp, DEFAULT_PASSWORD, type IslandApp } from '../test/helpers/island-app.ts';
import SignInForm from './SignInForm.tsx';
import TwoFactor from './TwoFactor.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts). Codes are computed here from the
// secret, for the hub's real clock: a code one step ahead is within the allowed drift.

const codeFor = (secret: string, ahead = 0) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + ahead), 6);

let hub: IslandApp;

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

let assign: Mock<(url: string | URL) => void>;
afterEach(async () => {
  cleanup();
  assign?.mockRestore();
  await hub.close();
});

describe('SignInForm: the code step of two-factor sign-in', () => {
  let secret: string;
  let recoveryCodes: string[];
  beforeEach(async () => {
    // The guessing limit is raised: one test makes more wrong guesses than it allows.
    hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], siteEntered: true, env: { LOGIN_MAX_ATTEMPTS: '100' } });
    assign = spyOn(location, 'assign').mockImplementation(() => {});
    const { twoFactor } = hub.hub.services;
    ({ secret } = await twoFactor.setup(hub.ids.ada!, 'ada'));
    ({ recoveryCodes } = await twoFactor.enable(hub.ids.ada!, codeFor(secret)));
  });

  async function passwordStep() {
    render(<SignInForm next="/links" />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: DEFAULT_PASSWORD } });
    await settle(() => screen.getByRole('button', { name: 'Sign In' }).click());
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  }

  test('after the password, a 6-digit code field for the app; no cookie until the right code', async () => {
    await passwordStep();
    expect(hub.cookies.has('hub_session')).toBe(false);
    const input = screen.getByLabelText('Authentication code') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(input);

    fireEvent.change(input, { target: { value: '000000' === codeFor(secret, 1) ? '111111' : '000000' } });
    await settle(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right');
    expect(assign).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: codeFor(secret, 1) } });
    await settle(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect(assign).toHaveBeenCalledWith('/links');
    expect(hub.cookies.has('hub_session')).toBe(true);
    const last = hub.requests.at(-1)!;
    expect({ path: last.path, body: last.body }).toEqual({ path: '/auth/signin/2fa', body: { challenge: expect.any(String), code: codeFor(secret, 1) } });
  });

  test('"Use a recovery code" switches the field; a recovery code signs in', async () => {
    await passwordStep();
    await settle(() => screen.getByRole('button', { name: 'Use a recovery code' }).click());
    const input = (await screen.findByLabelText('Recovery code')) as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a code from the app' })).toBeTruthy();
    fireEvent.change(input, { target: { value: recoveryCodes[3] } });
    await settle(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect(assign).toHaveBeenCalledWith('/links');
  });

  test('an ended challenge goes back to the password step with the reason', async () => {
    await passwordStep();
    for (let i = 0; i < 5; i++) {
      fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: 'abcdef' } });
      await settle(() => screen.getByRole('button', { name: 'Verify' }).click());
    }
    // The fifth wrong code ended it; the next try is told so and shown the password form again.
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: codeFor(secret, 1) } });
    await settle(() => screen.getByRole('button', { name: 'Verify' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in has expired. Enter your password again.');
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});

describe('TwoFactor: the profile section', () => {
  beforeEach(async () => {
    hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], signedInAs: 'ada' });
  });

  test('set up (QR and key), turn on with a code, recovery codes with copy and download, the count left, turn off with the password', async () => {
    render(<TwoFactor />);
    expect(await screen.findByText('Off: your password alone signs you in.')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Set up two-factor sign-in' }).click());

    // The setup part is loaded when asked for.
    const qr = await screen.findByRole('img', { name: 'QR code for an authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const secret = (await screen.findByTestId('totp-secret')).textContent!.replaceAll(' ', '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    fireEvent.change(screen.getByLabelText('6-digit code from the app'), { target: { value: '12' } });
    await settle(() => screen.getByRole('button', { name: 'Turn on' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the 6-digit code from your authenticator app');

    fireEvent.change(screen.getByLabelText('6-digit code from the app'), { target: { value: codeFor(secret) } });
    await settle(() => screen.getByRole('button', { name: 'Turn on' }).click());
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    const codes = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent!);
    expect(codes).toHaveLength(10);
    const download = screen.getByRole('link', { name: 'Download (.txt)' });
    expect(download.getAttribute('download')).toBe('hub-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href')!.split(',')[1]!)).toContain(codes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeTruthy();

    await settle(() => screen.getByRole('button', { name: 'Done' }).click());
    expect(await screen.findByText('10 recovery codes left.')).toBeTruthy();
    expect(await hub.hub.services.twoFactor.isEnabled(hub.ids.ada!)).toBe(true);

    await settle(() => screen.getByRole('button', { name: 'Turn off' }).click());
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'not my password' } });
    await settle(() => screen.getByRole('button', { name: 'Turn off two-factor sign-in' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('The password is not right');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: DEFAULT_PASSWORD } });
    await settle(() => screen.getByRole('button', { name: 'Turn off two-factor sign-in' }).click());
    expect(await screen.findByText('Off: your password alone signs you in.')).toBeTruthy();
    expect(await hub.hub.services.twoFactor.isEnabled(hub.ids.ada!)).toBe(false);
  });
});
