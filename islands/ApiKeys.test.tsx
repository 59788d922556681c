import { afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createIslandApp, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import ApiKeys, { API_KEYS_TEXT } from './ApiKeys.tsx';

// fetch is answered by the real hub (test/helpers/island-app.ts), Bob signed in on his profile.
// The clipboard is the only browser part stood in for.

let hub: IslandApp;
const SCENARIO: Scenario = { accounts: [{ username: 'bob', name: 'Bob Builder', role: 'user' }], signedInAs: 'bob' };

let clipboard: string[];
let writeText: Mock<(text: string) => Promise<void>>;
let logged: Mock<typeof console.error>;

beforeEach(async () => {
  clipboard = [];
  writeText = spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text: string) => {
    clipboard.push(text);
  });
  logged = spyOn(console, 'error').mockImplementation(() => {});
  hub = await createIslandApp(SCENARIO);
}, 60_000);

afterEach(async () => {
  cleanup();
  writeText.mockRestore();
  logged.mockRestore();
  await hub.close();
});

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 5; i++) await act(() => hub.idle());
}

const form = () => screen.getByRole('form', { name: 'Create an API key' });
const scopeBox = (label: RegExp) => within(form()).getByRole('checkbox', { name: label });

async function createThroughForm(name: string, tick: RegExp[] = []): Promise<string> {
  fireEvent.change(within(form()).getByLabelText(API_KEYS_TEXT.name), { target: { value: name } });
  for (const label of tick) fireEvent.click(scopeBox(label));
  await settle(() => within(form()).getByRole('button', { name: API_KEYS_TEXT.create }).click());
  const shown = (await screen.findByRole('textbox', { name: `New key ${name}` })) as HTMLTextAreaElement;
  return shown.value;
}

/** What a script holding the key gets from the hub. */
const useKey = async (key: string) => (await hub.hub.request('/api/gallery', { headers: { authorization: `Bearer ${key}` } })).status;

describe('ApiKeys', () => {
  test('no keys yet: the heading, the empty note, and the form with Read ticked', () => {
    render(<ApiKeys keys={[]} />);
    expect(screen.getByRole('heading', { name: API_KEYS_TEXT.heading })).toBeTruthy();
    expect(screen.getByText(API_KEYS_TEXT.empty)).toBeTruthy();
    expect((scopeBox(/^Read/) as HTMLInputElement).checked).toBe(true);
    expect((scopeBox(/^Write/) as HTMLInputElement).checked).toBe(false);
    expect((scopeBox(/^Upload/) as HTMLInputElement).checked).toBe(false);
  });

  test('creating shows the key once with a copy button; the key works; Done hides it for good', async () => {
    render(<ApiKeys keys={[]} />);
    const key = await createThroughForm('Backup script', [/^Write/]);
    expect(key).toMatch(/^hub_[a-z2-7]{52}$/);
    expect(screen.getByText(API_KEYS_TEXT.shownOnce)).toBeTruthy();
    expect(hub.writes().map((r) => ({ method: r.method, path: r.path, body: r.body }))).toEqual([
      { method: 'POST', path: '/api/keys', body: { name: 'Backup script', scopes: ['read', 'write'] } },
    ]);
    // Listed with its scopes, its last four characters, and never used.
    const list = screen.getByRole('list', { name: 'Your API keys' });
    const item = within(list).getByText('Backup script').closest('li')!;
    expect(within(item).getByText('Read')).toBeTruthy();
    expect(within(item).getByText('Write')).toBeTruthy();
    expect(within(item).queryByText('Upload')).toBeNull();
    expect(item.textContent).toContain(`…${key.slice(-4)}`);
    expect(item.textContent).toContain(`Last used ${API_KEYS_TEXT.never}`);
    // The form is ready for another.
    expect((within(form()).getByLabelText(API_KEYS_TEXT.name) as HTMLInputElement).value).toBe('');

    await settle(() => screen.getByRole('button', { name: API_KEYS_TEXT.copy }).click());
    expect(clipboard).toEqual([key]);
    expect(screen.getByRole('button', { name: API_KEYS_TEXT.copied })).toBeTruthy();

    expect(await useKey(key)).toBe(200);
    await settle(() => screen.getByRole('button', { name: API_KEYS_TEXT.done }).click());
    expect(screen.queryByRole('textbox', { name: /^New key/ })).toBeNull();
    expect(document.body.textContent).not.toContain(key);
  });

  test('each new key starts from Read only: the scopes ticked for the last key are not carried over', async () => {
    render(<ApiKeys keys={[]} />);
    await createThroughForm('Uploader', [/^Write/, /^Upload/]);
    expect((scopeBox(/^Read/) as HTMLInputElement).checked).toBe(true);
    expect((scopeBox(/^Write/) as HTMLInputElement).checked).toBe(false);
    expect((scopeBox(/^Upload/) as HTMLInputElement).checked).toBe(false);
    await settle(() => screen.getByRole('button', { name: API_KEYS_TEXT.done }).click());
    await createThroughForm('Reader');
    expect(hub.writes().map((r) => r.body)).toEqual([
      { name: 'Uploader', scopes: ['read', 'write', 'upload'] },
      { name: 'Reader', scopes: ['read'] },
    ]);
    const list = screen.getByRole('list', { name: 'Your API keys' });
    const reader = within(list).getByText('Reader').closest('li')!;
    expect(within(reader).queryByText('Write')).toBeNull();
    expect(within(reader).queryByText('Upload')).toBeNull();
  });

  test('a clipboard that refuses: the key stays shown, with a note to copy it by hand', async () => {
    writeText.mockImplementation(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    render(<ApiKeys keys={[]} />);
    const key = await createThroughForm('Phone');
    await settle(() => screen.getByRole('button', { name: API_KEYS_TEXT.copy }).click());
    expect(screen.getByText(API_KEYS_TEXT.copyFailed)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'New key Phone' }) as HTMLTextAreaElement).value).toBe(key);
  });

  test('no scope ticked: told so, nothing sent', async () => {
    render(<ApiKeys keys={[]} />);
    fireEvent.change(within(form()).getByLabelText(API_KEYS_TEXT.name), { target: { value: 'Nothing' } });
    fireEvent.click(scopeBox(/^Read/));
    await settle(() => within(form()).getByRole('button', { name: API_KEYS_TEXT.create }).click());
    expect(screen.getByRole('alert').textContent).toBe(API_KEYS_TEXT.noScope);
    expect(hub.writes()).toEqual([]);
  });

  test('the hub’s refusal is shown in its words (a blank name)', async () => {
    render(<ApiKeys keys={[]} />);
    fireEvent.change(within(form()).getByLabelText(API_KEYS_TEXT.name), { target: { value: '   ' } });
    await settle(() => fireEvent.submit(form()));
    expect(screen.getByRole('alert').textContent).toBe('Key name is required');
    expect(screen.getByText(API_KEYS_TEXT.empty)).toBeTruthy();
  });

  test('a dropped connection: the network error, and no key listed', async () => {
    render(<ApiKeys keys={[]} />);
    hub.network.interrupt('POST /api/keys', { networkError: 'Failed to fetch' });
    fireEvent.change(within(form()).getByLabelText(API_KEYS_TEXT.name), { target: { value: 'Train' } });
    await settle(() => within(form()).getByRole('button', { name: API_KEYS_TEXT.create }).click());
    expect(screen.getByRole('alert').textContent).toBe('Network error: Failed to fetch');
    expect(screen.getByText(API_KEYS_TEXT.empty)).toBeTruthy();
  });

  test('revoking asks first: Cancel keeps the key, Revoke removes it and the key stops working', async () => {
    render(<ApiKeys keys={[]} />);
    const key = await createThroughForm('Old laptop');
    await settle(() => screen.getByRole('button', { name: API_KEYS_TEXT.done }).click());

    await settle(() => screen.getByRole('button', { name: 'Revoke Old laptop' }).click());
    const dialog = screen.getByRole('dialog', { name: API_KEYS_TEXT.revokeTitle });
    expect(dialog.textContent).toContain(API_KEYS_TEXT.revokeBody('Old laptop'));
    await settle(() => within(dialog).getByRole('button', { name: API_KEYS_TEXT.cancel }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await useKey(key)).toBe(200);
    expect(hub.writes().filter((r) => r.method === 'DELETE')).toEqual([]);

    await settle(() => screen.getByRole('button', { name: 'Revoke Old laptop' }).click());
    await settle(() =>
      within(screen.getByRole('dialog', { name: API_KEYS_TEXT.revokeTitle }))
        .getByRole('button', { name: API_KEYS_TEXT.revoke })
        .click(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Old laptop')).toBeNull();
    expect(screen.getByText(API_KEYS_TEXT.empty)).toBeTruthy();
    expect(await useKey(key)).toBe(401);
  });

  test('keys given by the page are listed with their dates', () => {
    render(
      <ApiKeys
        keys={[
          {
            _id: 'k1',
            name: 'NAS sync',
            scopes: ['read', 'upload'],
            hint: 'x7q2',
            createdAt: '2026-11-21T10:00:00.000Z',
            lastUsedAt: '2026-11-25T12:00:00.000Z',
          },
        ]}
      />,
    );
    const item = screen.getByText('NAS sync').closest('li')!;
    expect(item.textContent).toContain('…x7q2');
    expect(item.textContent).toContain('Created November 21, 2026');
    expect(item.textContent).toContain('Last used November 25, 2026');
    expect(within(item).getByText('Upload')).toBeTruthy();
  });
});
