import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PASSKEY_TEXT } from '../src/shared/passkeys.ts';
import { createIslandApp, type IslandApp } from '../test/helpers/island-app.ts';
import { SoftPasskey } from '../test/helpers/soft-authenticator.ts';
import Passkeys, { PASSKEYS_TEXT } from './Passkeys.tsx';
import SignInForm from './SignInForm.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts) at http://localhost:3000, so the
// relying party is "localhost". happy-dom has no WebAuthn: the tests without it show what such a
// browser gets; the others put a software authenticator (test/helpers/soft-authenticator.ts)
// behind navigator.credentials, without the JSON helpers, as in Safari before 18.4.

let hub: IslandApp;
let assign: Mock<(url: string | URL) => void>;
const ORIGIN = 'http://localhost:3000';

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const b64url = (buffer: BufferSource) => Buffer.from(buffer instanceof ArrayBuffer ? buffer : (buffer as Uint8Array).buffer).toString('base64url');

/** Installs WebAuthn backed by `passkey`; returns what the prompts were asked. */
function installWebAuthn(passkey: SoftPasskey, behaviour: { cancel?: boolean } = {}) {
  const asked: string[] = [];
  const asJson = (value: object) => ({ ...value, getClientExtensionResults: () => ({}), toJSON: () => value });
  (window as unknown as { PublicKeyCredential: unknown }).PublicKeyCredential = class {};
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
        asked.push('create');
        if (behaviour.cancel) throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
        const json = await passkey.register(
          { challenge: b64url(publicKey.challenge), rp: { name: publicKey.rp.name }, user: { ...publicKey.user, id: b64url(publicKey.user.id) } },
          { origin: ORIGIN },
        );
        return asJson(json);
      },
      async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
        asked.push('get');
        if (behaviour.cancel) throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
        return asJson(await passkey.assert({ challenge: b64url(publicKey.challenge) }, { origin: ORIGIN }));
      },
    },
  });
  return asked;
}

function removeWebAuthn() {
  delete (window as unknown as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: undefined });
}

beforeEach(async () => {
  hub = await createIslandApp({ accounts: [{ username: 'ada', name: 'Ada Admin', role: 'admin' }], signedInAs: 'ada' });
  assign = spyOn(location, 'assign').mockImplementation(() => {});
});

afterEach(async () => {
  cleanup();
  removeWebAuthn();
  assign.mockRestore();
  await hub.close();
});

describe('without WebAuthn in the browser', () => {
  test('the sign-in form has no passkey button, and the profile says this browser cannot make passkeys', async () => {
    render(<SignInForm next="/" />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    cleanup();
    render(<Passkeys />);
    await screen.findByText(PASSKEYS_TEXT.none);
    expect(screen.getByText(PASSKEYS_TEXT.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PASSKEYS_TEXT.add })).toBeNull();
  });
});

describe('with WebAuthn', () => {
  test('add a named passkey, see it listed; remove it after the confirmation', async () => {
    installWebAuthn(await SoftPasskey.create('localhost'));
    render(<Passkeys />);
    await screen.findByText(PASSKEYS_TEXT.none);
    const add = await screen.findByRole('button', { name: PASSKEYS_TEXT.add });
    // A name first.
    await settle(() => add.click());
    expect(screen.getByRole('alert').textContent).toBe(PASSKEY_TEXT.nameRequired);
    fireEvent.change(screen.getByLabelText(PASSKEYS_TEXT.nameLabel), { target: { value: 'Phone' } });
    await settle(() => add.click());
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('Phone');
    expect(item.textContent).toContain('Last used Never');
    expect((screen.getByLabelText(PASSKEYS_TEXT.nameLabel) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();

    // Cancelling the confirmation keeps it; confirming removes it.
    await settle(() => within(item).getByRole('button', { name: 'Remove Phone' }).click());
    const dialog = screen.getByRole('dialog', { name: PASSKEYS_TEXT.removeTitle });
    expect(dialog.textContent).toContain('“Phone”');
    await settle(() => within(dialog).getByRole('button', { name: 'Cancel' }).click());
    expect(screen.getByRole('listitem').textContent).toContain('Phone');
    await settle(() => within(item).getByRole('button', { name: 'Remove Phone' }).click());
    await settle(() =>
      within(screen.getByRole('dialog', { name: PASSKEYS_TEXT.removeTitle }))
        .getByRole('button', { name: 'Remove' })
        .click(),
    );
    await screen.findByText(PASSKEYS_TEXT.none);
    expect(await (await hub.hub.request('/api/me/passkeys', { headers: { cookie: [...hub.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })).json()).toEqual(
      [],
    );
  });

  test('a cancelled prompt says nothing and leaves the button ready', async () => {
    const asked = installWebAuthn(await SoftPasskey.create('localhost'), { cancel: true });
    render(<Passkeys />);
    fireEvent.change(await screen.findByLabelText(PASSKEYS_TEXT.nameLabel), { target: { value: 'Phone' } });
    await settle(() => screen.getByRole('button', { name: PASSKEYS_TEXT.add }).click());
    expect(asked).toEqual(['create']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: PASSKEYS_TEXT.add }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('“Sign in with a passkey” signs in with no username typed and goes on to the page asked for', async () => {
    const passkey = await SoftPasskey.create('localhost');
    installWebAuthn(passkey);
    render(<Passkeys />);
    fireEvent.change(await screen.findByLabelText(PASSKEYS_TEXT.nameLabel), { target: { value: 'Phone' } });
    await settle(() => screen.getByRole('button', { name: PASSKEYS_TEXT.add }).click());
    await screen.findByRole('listitem');
    cleanup();
    // Signed out, on the sign-in page.
    hub.cookies.delete('hub_session');
    render(<SignInForm next="/links" />);
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await settle(() => button.click());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/links'));
    expect(hub.cookies.get('hub_session')).toBeTruthy();
    const verify = hub.requests.find((r) => r.path === '/auth/passkey/verify');
    expect(verify?.body).toMatchObject({ challenge: expect.any(String), response: { id: passkey.id, type: 'public-key' } });
  });

  test('a passkey the hub does not know: its message under the button', async () => {
    installWebAuthn(await SoftPasskey.create('localhost'));
    render(<SignInForm next="/" />);
    const button = await screen.findByRole('button', { name: 'Sign in with a passkey' });
    await settle(() => button.click());
    expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_TEXT.signInFailed);
    expect(assign).not.toHaveBeenCalled();
  });
});
