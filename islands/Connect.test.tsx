import { afterEach, beforeAll, beforeEach, describe, expect, jest, type Mock, spyOn, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { VaultAccount, VaultAccountWithPassword } from '../src/shared/connect.ts';
import type { ConnectView } from '../src/shared/connect-view.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../test/helpers/island-app.ts';
import Connect, { type ConnectProps } from './Connect.tsx';

// The dialogs load when first opened (a chunk of their own in the browser); here their modules
// are compiled once up front, so a test's first open takes no longer than the others.
beforeAll(() => import('./connect/dialogs.ts'));

// fetch is answered by the real hub (test/helpers/island-app.ts) with Ada signed in; her accounts
// are made through the API before each render. Time is bun:test's fake clock (toasts close after
// 3 s). The clipboard is the only browser part stood in for.

const SCENARIO: Scenario = { accounts: [{ username: 'ada', name: 'Ada Owner', role: 'admin' }], signedInAs: 'ada' };
const ALL: ConnectView = { category: null, search: '' };

let hub: IslandApp;
let logged: Mock<typeof console.error>;
let clipboard: string[];
let clipboardRefuses: boolean;
let writeText: Mock<(text: string) => Promise<void>>;
const stayHere = (event: Event) => {
  if ((event.target as Element | null)?.closest?.('a[target="_blank"]')) event.preventDefault();
};

async function browserCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const GMAIL = {
  name: 'Gmail',
  username: 'ada.l',
  email: 'ada@example.test',
  password: 'Sw0rdf!sh-gmail',
  website: 'https://mail.example.test',
  category: 'email',
};
const BANK = { name: 'Bank', username: 'ada', password: 'b4nk&Vault', category: 'finance' };
const FORUM = { name: 'Forum', email: 'ada@example.test', category: 'social' };

/** Accounts made through the API, then the island as the page renders it from the hub. */
async function renderConnect(accounts: Record<string, unknown>[] = [], view: ConnectView = ALL) {
  for (const account of accounts) await browserCall('POST', '/api/accounts', account);
  const list = await browserCall<VaultAccount[]>('GET', '/api/accounts');
  hub.requests.length = 0;
  return render(<Connect accounts={list} view={view} />);
}

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 6; i++) await act(() => hub.idle());
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

const cardOf = (name: string) => screen.getByRole('article', { name });
const cardNames = () => screen.queryAllByRole('article').map((c) => within(c).getByRole('heading').textContent);
const dialog = (name: string) => screen.getByRole('dialog', { name });
const toastText = () => (screen.queryByRole('alert') ?? screen.queryByRole('status'))?.querySelector('span')?.textContent ?? null;
const writes = () => hub.writes().map(({ method, path, body }) => ({ method, path, body }));
const reads = () => hub.requests.filter((r) => r.method === 'GET').map((r) => r.path);
const stored = () => browserCall<VaultAccount[]>('GET', '/api/accounts');
const withPassword = (id: string) => browserCall<VaultAccountWithPassword>('GET', `/api/accounts/${id}`);
const chip = (name: string) => within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
const fieldOf = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label, { exact: true }) as HTMLInputElement;

function fill(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(fieldOf(scope, label), { target: { value } });
}

beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  jest.useFakeTimers();
  document.addEventListener('click', stayHere, true);
  clipboard = [];
  clipboardRefuses = false;
  writeText = spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text: string) => {
    if (clipboardRefuses) throw new DOMException('Write permission denied.', 'NotAllowedError');
    clipboard.push(text);
  });
  window.history.replaceState(null, '', '/connect');
  hub = await createIslandApp(SCENARIO);
}, 60_000);

afterEach(async () => {
  cleanup();
  document.removeEventListener('click', stayHere, true);
  jest.useRealTimers();
  writeText.mockRestore();
  await hub.close();
  logged.mockRestore();
});

describe('Connect: the page and its cards', () => {
  test('header, tagline and Add Account; each card: icon, name, category chip, username, email, the password masked', async () => {
    await renderConnect([GMAIL, BANK]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connect');
    expect(screen.getByText('Secure Account Management Hub')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Account' })).toBeTruthy();
    expect(cardNames()).toEqual(['Bank', 'Gmail']);
    const gmail = cardOf('Gmail');
    expect(within(gmail).getByText('Email', { selector: '.chip' })).toBeTruthy();
    expect(within(gmail).getByText('ada.l')).toBeTruthy();
    expect(within(gmail).getByText('ada@example.test')).toBeTruthy();
    expect(within(gmail).getByText('Password hidden')).toBeTruthy();
    expect(gmail.textContent).not.toContain(GMAIL.password);
    expect(document.body.innerHTML).not.toContain(BANK.password);
    expect(within(cardOf('Bank')).getByText('Finance', { selector: '.chip' })).toBeTruthy();
  });

  test("the hub's favicon when there is a website, else (or when it fails) the initial in the category's colour", async () => {
    await renderConnect([GMAIL, BANK]);
    const gmail = cardOf('Gmail');
    const id = gmail.getAttribute('data-account-id')!;
    expect(gmail.querySelector('img')?.getAttribute('src')).toBe(`/api/accounts/${id}/favicon`);
    const bank = cardOf('Bank');
    expect(bank.querySelector('img')).toBeNull();
    expect(bank.querySelector('[data-initial]')?.textContent).toBe('B');
    expect(bank.querySelector('[data-initial]')?.className).toContain('bg-[#F9A825]');
    await act(async () => fireEvent.error(gmail.querySelector('img')!));
    expect(gmail.querySelector('img')).toBeNull();
    expect(gmail.querySelector('[data-initial]')?.textContent).toBe('G');
  });

  test('the initial shows until the icon has loaded: never an empty frame or a broken picture', async () => {
    // An icon still on its way: decode() waits for it.
    const decode = spyOn(HTMLImageElement.prototype, 'decode').mockImplementation(() => new Promise(() => {}));
    await renderConnect([GMAIL]);
    await settle();
    const gmail = cardOf('Gmail');
    const img = gmail.querySelector('img')!;
    expect(gmail.querySelector('[data-initial]')?.textContent).toBe('G');
    expect(img.className).toContain('opacity-0');
    await act(async () => fireEvent.load(img));
    expect(gmail.querySelector('[data-initial]')).toBeNull();
    expect(gmail.querySelector('img')?.className).not.toContain('opacity-0');
    decode.mockRestore();
  });

  test('an icon that broke before the island hydrated (a 404 before React listened) gives way to the initial', async () => {
    await browserCall('POST', '/api/accounts', GMAIL);
    const list = await browserCall<VaultAccount[]>('GET', '/api/accounts');
    const props: ConnectProps = { accounts: list, view: ALL };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Connect {...props} />);
    document.body.append(container);
    // What a browser has for a 404 that came before hydration: a finished image without a width whose decode() rejects.
    const img = container.querySelector('img')!;
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 0 });
    img.decode = () => Promise.reject(new DOMException('broken', 'EncodingError'));
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, <Connect {...props} />);
      });
      await act(async () => {});
      const card = within(container).getByRole('article', { name: 'Gmail' });
      expect(card.querySelector('img')).toBeNull();
      expect(card.querySelector('[data-initial]')?.textContent).toBe('G');
    } finally {
      await act(async () => root?.unmount());
      container.remove();
    }
  });

  test('no icon is asked for where the hub knows there is none', async () => {
    const list = [{ ...(await browserCall<VaultAccount>('POST', '/api/accounts', GMAIL)), hasIcon: false }];
    render(<Connect accounts={list} view={ALL} />);
    const gmail = cardOf('Gmail');
    expect(gmail.querySelector('img')).toBeNull();
    expect(gmail.querySelector('[data-initial]')?.textContent).toBe('G');
  });

  test("'Visit Site' opens the website in a new tab without a way back; none without a website", async () => {
    await renderConnect([GMAIL, BANK]);
    const visit = within(cardOf('Gmail')).getByRole('link', { name: 'Visit Site' });
    expect([visit.getAttribute('href'), visit.getAttribute('target'), visit.getAttribute('rel')]).toEqual([
      'https://mail.example.test',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(within(cardOf('Bank')).queryByRole('link', { name: 'Visit Site' })).toBeNull();
  });

  test('names with HTML are text', async () => {
    await renderConnect([{ name: '<img src=x onerror=alert(1)>' }]);
    expect(cardNames()).toEqual(['<img src=x onerror=alert(1)>']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  test('an empty vault says so and offers Add Account', async () => {
    await renderConnect([]);
    expect(screen.getByRole('heading', { name: 'No accounts yet' })).toBeTruthy();
    const adds = screen.getAllByRole('button', { name: 'Add Account' });
    expect(adds).toHaveLength(2);
    await settle(() => adds[1]!.click());
    expect(dialog('Add New Account')).toBeTruthy();
  });

  test('hydrates the server-rendered page without a mismatch', async () => {
    await browserCall('POST', '/api/accounts', GMAIL);
    const list = await browserCall<VaultAccount[]>('GET', '/api/accounts');
    const props: ConnectProps = { accounts: list, view: { category: 'email', search: 'gm' } };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Connect {...props} />);
    document.body.append(container);
    let root: Root | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, <Connect {...props} />);
      });
      expect(logged).not.toHaveBeenCalled();
      expect((within(container).getByRole('button', { name: 'Edit Gmail' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      await act(async () => root?.unmount());
      container.remove();
    }
  });
});

describe('Connect: import', () => {
  test('the summary tells entries already in the vault from entries repeated in the file, and points to the notes', async () => {
    await renderConnect([GMAIL]);
    const csv = [
      'name,url,username,password,note',
      // The same as Gmail in the vault (name ignoring case, username, site).
      'gmail,https://mail.example.test/inbox,ada.l,other,',
      'Shop,https://shop.example/,ada,one,',
      'Shop,https://shop.example/cart,ada,two,',
      'Forum,https://forum.example/,ada,three,kept a note',
      '',
    ].join('\n');
    const input = screen.getByLabelText('Import') as HTMLInputElement;
    await settle(() => fireEvent.change(input, { target: { files: [new File([csv], 'Chrome Passwords.csv', { type: 'text/csv' })] } }));
    expect(toastText()).toBe('Imported 2 accounts; left out: 1 already in the vault, 1 repeated in the file. See the note at the top of the page');
    const report = screen.getByRole('region', { name: 'Import report' });
    expect(within(report).getByText(/notes, one-time-password secrets or custom fields/)).toBeTruthy();
    // The report sits above the search and the cards: where the toast says.
    expect(report.compareDocumentPosition(screen.getByRole('search')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('Connect: reveal and copy', () => {
  test('Show password fetches that one account and shows it; Hide masks it again and drops it', async () => {
    await renderConnect([GMAIL, BANK]);
    const gmail = cardOf('Gmail');
    const id = gmail.getAttribute('data-account-id')!;
    await settle(() => within(gmail).getByRole('button', { name: 'Show password of Gmail' }).click());
    expect(reads()).toEqual([`/api/accounts/${encodeURIComponent(id)}`]);
    expect(gmail.querySelector('[data-password]')?.textContent).toBe(GMAIL.password);
    expect(within(gmail).getByRole('button', { name: 'Hide password of Gmail' }).getAttribute('aria-pressed')).toBe('true');
    // The other card stays masked.
    expect(cardOf('Bank').textContent).not.toContain(BANK.password);
    await settle(() => within(gmail).getByRole('button', { name: 'Hide password of Gmail' }).click());
    expect(document.body.innerHTML).not.toContain(GMAIL.password);
    expect(within(gmail).getByText('Password hidden')).toBeTruthy();
  });

  test("copy buttons put the username, the email and the password on the clipboard: 'Copied to clipboard!' for 3 s", async () => {
    await renderConnect([GMAIL]);
    const gmail = cardOf('Gmail');
    await settle(() => within(gmail).getByRole('button', { name: 'Copy username of Gmail' }).click());
    expect(toastText()).toBe('Copied to clipboard!');
    await settle(() => within(gmail).getByRole('button', { name: 'Copy email of Gmail' }).click());
    // The password is read from the hub for the copy, and not shown.
    await settle(() => within(gmail).getByRole('button', { name: 'Copy password of Gmail' }).click());
    expect(clipboard).toEqual(['ada.l', 'ada@example.test', GMAIL.password]);
    expect(gmail.textContent).not.toContain(GMAIL.password);
    expect(toastText()).toBe('Copied to clipboard!');
    await advance(2900);
    expect(toastText()).toBe('Copied to clipboard!');
    await advance(200);
    expect(toastText()).toBeNull();
  });

  test("a refused clipboard: 'Failed to copy to clipboard'", async () => {
    await renderConnect([GMAIL]);
    clipboardRefuses = true;
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Copy password of Gmail' }).click());
    expect(toastText()).toBe('Failed to copy to clipboard');
  });

  test('no copy button for an empty field, no reveal for an account without a password', async () => {
    await renderConnect([FORUM]);
    const forum = cardOf('Forum');
    expect(within(forum).queryByRole('button', { name: 'Copy username of Forum' })).toBeNull();
    expect(within(forum).getByRole('button', { name: 'Copy email of Forum' })).toBeTruthy();
    expect(within(forum).queryByRole('button', { name: 'Show password of Forum' })).toBeNull();
    expect(within(forum).queryByRole('button', { name: 'Copy password of Forum' })).toBeNull();
  });

  test("a reveal after the session ended shows the server's message as-is", async () => {
    await renderConnect([GMAIL]);
    hub.cookies.delete('hub_session');
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Show password of Gmail' }).click());
    expect(toastText()).toBe('You must be logged in to perform this action');
    expect(document.body.innerHTML).not.toContain(GMAIL.password);
  });
});

describe('Connect: category chips and the search by name', () => {
  test('All and the six categories with their counts; a chip shows its accounts; the address keeps it', async () => {
    await renderConnect([GMAIL, BANK, FORUM]);
    const labels = within(screen.getByRole('group', { name: 'Filter by category' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['All3', 'Social1', 'Email1', 'Development0', 'Entertainment0', 'Finance1', 'Other0']);
    expect(chip('All').getAttribute('aria-pressed')).toBe('true');
    await settle(() => chip('Finance').click());
    expect(cardNames()).toEqual(['Bank']);
    expect(chip('Finance').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Showing 1 of 3 accounts')).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/connect?category=finance');
    await settle(() => chip('Development').click());
    expect(screen.getByRole('heading', { name: 'No accounts match' })).toBeTruthy();
    expect(screen.getByText('No Development accounts yet.')).toBeTruthy();
    await settle(() => chip('All').click());
    expect(cardNames()).toEqual(['Bank', 'Forum', 'Gmail']);
    expect(window.location.search).toBe('');
    // Nothing was asked of the hub: the filter is the page's.
    expect(hub.requests).toEqual([]);
  });

  test('the search matches names in any case, within the chosen category; Clear filters shows all', async () => {
    await renderConnect([GMAIL, BANK, FORUM, { name: 'Gitlab', category: 'development' }]);
    const search = screen.getByLabelText('Search accounts by name');
    fireEvent.change(search, { target: { value: 'G' } });
    expect(cardNames()).toEqual(['Gitlab', 'Gmail']);
    fireEvent.change(search, { target: { value: 'gMa' } });
    expect(cardNames()).toEqual(['Gmail']);
    expect(window.location.search).toBe('?search=gMa');
    await settle(() => chip('Finance').click());
    expect(screen.getByText('Nothing in Finance has "gMa" in its name.')).toBeTruthy();
    await settle(() => screen.getByRole('button', { name: 'Clear filters' }).click());
    expect(cardNames()).toEqual(['Bank', 'Forum', 'Gitlab', 'Gmail']);
    expect((search as HTMLInputElement).value).toBe('');
  });

  test('the view from the address applies at once', async () => {
    await renderConnect([GMAIL, BANK, FORUM], { category: 'social', search: 'for' });
    expect(cardNames()).toEqual(['Forum']);
    expect((screen.getByLabelText('Search accounts by name') as HTMLInputElement).value).toBe('for');
  });
});

describe('Connect: adding, editing and deleting', () => {
  test("'Add New Account': fields, the category starts at Social, checks before sending, then the card appears", async () => {
    await renderConnect([]);
    await settle(() => screen.getAllByRole('button', { name: 'Add Account' })[0]!.click());
    const add = dialog('Add New Account');
    for (const label of ['Account Name', 'Username', 'Email', 'Password', 'Website URL', 'Custom Favicon URL (optional)', 'Category'])
      expect(fieldOf(add, label)).toBeTruthy();
    expect(fieldOf(add, 'Email').type).toBe('email');
    expect(fieldOf(add, 'Password').type).toBe('password');
    expect(fieldOf(add, 'Category').value).toBe('social');
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByText('Account name is required')).toBeTruthy();
    fill(add, { 'Account Name': 'Gmail', Email: 'not-an-email', 'Website URL': 'javascript:alert(1)', 'Custom Favicon URL (optional)': 'ftp://x' });
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(add).getByText('Please enter a valid URL')).toBeTruthy();
    expect(within(add).getByText('Please enter a valid favicon URL')).toBeTruthy();
    expect(writes()).toEqual([]);
    fill(add, {
      Username: ' ada.l ',
      Email: 'ada@example.test',
      Password: ' spaced pass ',
      'Website URL': 'https://mail.example.test',
      'Custom Favicon URL (optional)': '',
      Category: 'email',
    });
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/accounts',
        body: {
          name: 'Gmail',
          username: 'ada.l',
          email: 'ada@example.test',
          website: 'https://mail.example.test',
          favicon: '',
          category: 'email',
          password: ' spaced pass ',
        },
      },
    ]);
    expect((add as HTMLDialogElement).open).toBe(false);
    expect(toastText()).toBe('Account added successfully!');
    expect(cardNames()).toEqual(['Gmail']);
    const [saved] = await stored();
    expect((await withPassword(saved!._id)).password).toBe(' spaced pass ');
  });

  test('the generator fills the password: 20 characters of every class by default; the length and classes change it', async () => {
    await renderConnect([]);
    await settle(() => screen.getAllByRole('button', { name: 'Add Account' })[0]!.click());
    const add = dialog('Add New Account');
    await settle(() => within(add).getByRole('button', { name: 'Generate Password' }).click());
    const first = fieldOf(add, 'Password').value;
    expect(first).toHaveLength(20);
    expect(first).toMatch(/[A-Z]/);
    expect(first).toMatch(/[a-z]/);
    expect(first).toMatch(/[0-9]/);
    expect(first).toMatch(/[^A-Za-z0-9]/);
    fireEvent.change(within(add).getByLabelText('Length'), { target: { value: '40' } });
    expect(fieldOf(add, 'Password length').value).toBe('40');
    for (const label of ['Uppercase A-Z', 'Lowercase a-z', 'Symbols !#$%']) await settle(() => within(add).getByLabelText(label).click());
    await settle(() => within(add).getByRole('button', { name: 'Generate Password' }).click());
    expect(fieldOf(add, 'Password').value).toMatch(/^[0-9]{40}$/);
    // No class at all: Generate waits and says why.
    await settle(() => within(add).getByLabelText('Digits 0-9').click());
    expect((within(add).getByRole('button', { name: 'Generate Password' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(add).getByText('Choose at least one kind of character')).toBeTruthy();
    // A typed length out of range is brought back within 8 to 128.
    fireEvent.change(fieldOf(add, 'Password length'), { target: { value: '500' } });
    fireEvent.blur(fieldOf(add, 'Password length'));
    expect(fieldOf(add, 'Password length').value).toBe('128');
    // The show/hide toggle shows the generated password as text.
    await settle(() => within(add).getByRole('button', { name: 'Show password' }).click());
    expect(fieldOf(add, 'Password').type).toBe('text');
  });

  test("'Edit Account' reads the password once open; an untouched password is not sent (and kept), a changed one is", async () => {
    await renderConnect([GMAIL]);
    const id = cardOf('Gmail').getAttribute('data-account-id')!;
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Edit Gmail' }).click());
    const edit = dialog('Edit Account');
    expect(reads()).toEqual([`/api/accounts/${encodeURIComponent(id)}`]);
    expect(fieldOf(edit, 'Account Name').value).toBe('Gmail');
    expect(fieldOf(edit, 'Category').value).toBe('email');
    expect(fieldOf(edit, 'Password').value).toBe(GMAIL.password);
    fill(edit, { 'Account Name': 'Gmail (work)' });
    await settle(() => within(edit).getByRole('button', { name: 'Update' }).click());
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: `/api/accounts/${encodeURIComponent(id)}`,
        body: { name: 'Gmail (work)', username: 'ada.l', email: 'ada@example.test', website: 'https://mail.example.test', favicon: '', category: 'email' },
      },
    ]);
    expect(toastText()).toBe('Account updated successfully!');
    expect(cardNames()).toEqual(['Gmail (work)']);
    expect((await withPassword(id)).password).toBe(GMAIL.password);
    // The closed dialog keeps nothing of the password.
    expect(document.body.innerHTML).not.toContain(GMAIL.password);

    hub.requests.length = 0;
    await settle(() => within(cardOf('Gmail (work)')).getByRole('button', { name: 'Edit Gmail (work)' }).click());
    fill(dialog('Edit Account'), { Password: 'n3w-Secret' });
    await settle(() => within(dialog('Edit Account')).getByRole('button', { name: 'Update' }).click());
    expect(writes()[0]!.body).toMatchObject({ password: 'n3w-Secret' });
    expect((await withPassword(id)).password).toBe('n3w-Secret');
  });

  test("a save the server refuses shows its message in the dialog; a dropped one: 'Network error: ...'; a proxy page: 'Failed to save account'", async () => {
    await renderConnect([]);
    await settle(() => screen.getAllByRole('button', { name: 'Add Account' })[0]!.click());
    const add = dialog('Add New Account');
    fill(add, { 'Account Name': 'x'.repeat(201) });
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('Account name must be at most 200 characters');
    fill(add, { 'Account Name': 'Gmail' });
    hub.network.interrupt('POST /api/accounts', { networkError: 'Failed to fetch' });
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('Network error: Failed to fetch');
    hub.network.clear();
    hub.network.interrupt('POST /api/accounts', { proxyStatus: 502 });
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('Failed to save account');
    hub.network.clear();
    hub.cookies.delete('hub_session');
    await settle(() => within(add).getByRole('button', { name: 'Add' }).click());
    expect(within(add).getByRole('alert').textContent).toContain('You must be logged in to perform this action');
    expect((add as HTMLDialogElement).open).toBe(true);
  });

  test("Delete asks first; Cancel keeps it; Delete removes it: 'Account deleted successfully!'", async () => {
    await renderConnect([GMAIL, BANK]);
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Delete Gmail' }).click());
    const confirm = dialog('Delete Account');
    expect(confirm.textContent).toContain('Gmail');
    await settle(() => within(confirm).getByRole('button', { name: 'Cancel' }).click());
    expect(writes()).toEqual([]);
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Delete Gmail' }).click());
    await settle(() => within(dialog('Delete Account')).getByRole('button', { name: 'Delete' }).click());
    expect(writes()).toEqual([{ method: 'DELETE', path: expect.stringMatching(/^\/api\/accounts\/[^/]+$/), body: undefined }]);
    expect(toastText()).toBe('Account deleted successfully!');
    expect(cardNames()).toEqual(['Bank']);
    expect((await stored()).map((a) => a.name)).toEqual(['Bank']);
  });

  test("a delete that fails: 'Failed to delete account', the card stays", async () => {
    await renderConnect([GMAIL]);
    hub.network.interrupt('DELETE /api/accounts/', { proxyStatus: 502 });
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Delete Gmail' }).click());
    await settle(() => within(dialog('Delete Account')).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('Failed to delete account');
    expect(cardNames()).toEqual(['Gmail']);
  });

  test("the list read after a change fails: 'Failed to load accounts'", async () => {
    await renderConnect([GMAIL]);
    hub.network.interrupt('GET /api/accounts?', { proxyStatus: 503 });
    await settle(() => within(cardOf('Gmail')).getByRole('button', { name: 'Delete Gmail' }).click());
    await settle(() => within(dialog('Delete Account')).getByRole('button', { name: 'Delete' }).click());
    expect(toastText()).toBe('Failed to load accounts');
    expect(cardNames()).toEqual([]);
  });
});
