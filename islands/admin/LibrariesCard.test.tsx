import { afterAll, afterEach, beforeEach, describe, expect, type Mock, spyOn, test } from 'bun:test';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '../../src/shared/contracts/users.ts';
import type { Library } from '../../src/shared/libraries.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../../test/helpers/island-app.ts';
import { jpegBytes, put, snapshot } from '../../test/helpers/library-trees.ts';
import { tempDir } from '../../test/helpers/test-app.ts';
import AdminPanel from '../Admin.tsx';
import { LIBRARY_POLL_MS, ScanState } from './LibrariesCard.tsx';

// The Libraries card against the real hub (test/helpers/island-app.ts), with LIBRARY_ROOTS a temp
// folder of real pictures: Ada is the administrator, Bob a member. Time is the real clock (a
// scan's file work and its yields to requests are real).

const root = tempDir('hub-islands-libraries-');
const photos = path.join(root, 'photos');
const SCENARIO: Scenario = {
  accounts: [
    { username: 'ada', name: 'Ada Admin', role: 'admin' },
    { username: 'bob', name: 'Bob Builder', role: 'user' },
  ],
  signedInAs: 'ada',
  env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' },
};

let hub: IslandApp;
let logged: Mock<typeof console.error>;

beforeEach(async () => {
  rmSync(photos, { recursive: true, force: true });
  put(photos, '2024/rome.jpg', await jpegBytes(1));
  put(photos, '2024/oslo.jpg', await jpegBytes(2));
  put(photos, 'notes.txt', 'not a picture');
  mkdirSync(path.join(root, 'music'), { recursive: true });
  logged = spyOn(console, 'error').mockImplementation(() => {});
  hub = await createIslandApp(SCENARIO);
});
afterEach(async () => {
  cleanup();
  await hub.close();
  logged.mockRestore();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Lets the requests an action started (and a library's scan) settle and render. */
async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 8; i++) await act(() => hub.idle());
}
/** Waits for every library's scan to end. */
async function scansDone(): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    let list: Library[] = [];
    await act(async () => {
      list = await libraries();
    });
    const states = list.map((l) => l.lastScan?.state);
    if (states.every((state) => state !== 'queued' && state !== 'running')) break;
    await act(() => Bun.sleep(5));
  }
  hub.requests.length = 0;
}
/** Lets `ms` go by (the real clock: a scan's file work and its yields are real). */
async function advance(ms: number): Promise<void> {
  await act(() => Bun.sleep(ms));
  for (let i = 0; i < 4; i++) await act(() => hub.idle());
}

async function users(): Promise<PublicUser[]> {
  const response = await fetch('/api/users', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return (await response.json()) as PublicUser[];
}
/** The panel as the admin page renders it from the hub: its users and libraries. */
async function renderPanel() {
  const list = await users();
  const folders = await libraries();
  hub.requests.length = 0;
  render(
    <AdminPanel
      users={list}
      libraries={folders}
      lockout={{ lockoutEnabled: false, isLocked: false, timeRemaining: 0 }}
      lockoutHours={0}
      viewerId={hub.ids.ada!}
    />,
  );
  await settle();
}
const card = () => screen.getByRole('region', { name: 'Libraries' });
/** A dialog of the card: its code loads when first opened, so this waits for it (a busy machine takes a while). */
const dialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 15_000 });
const folderButtons = (d: HTMLElement) =>
  within(within(d).getByRole('list', { name: 'Folders' }))
    .getAllByRole('button')
    .map((b) => b.textContent);
/** Waits for the picker to list `expected` (each folder is asked of the hub; a busy machine takes a while). */
const foldersListed = (d: HTMLElement, expected: string[]) => waitFor(() => expect(folderButtons(d)).toEqual(expected), { timeout: 15_000 });

async function addThroughAPI(body: Record<string, unknown>): Promise<Library> {
  const response = await fetch('/api/libraries', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const library = (await response.json()) as Library;
  await scansDone();
  hub.requests.length = 0;
  return library;
}

describe('the Libraries card', () => {
  test('an administrator adds a folder through the picker (roots, then folders inside): its scan shows a progress bar, then its counts, and the card stops asking', async () => {
    await renderPanel();
    expect(within(card()).getByText(/No libraries yet/)).toBeTruthy();
    await settle(() => within(card()).getByRole('button', { name: 'Add Library' }).click());
    const d = await dialog('Add Library');
    // The picker starts at the roots and offers nothing outside them.
    await foldersListed(d, [root]);
    expect((within(d).getByRole('button', { name: 'Add and Scan' }) as HTMLButtonElement).disabled).toBe(true);
    await settle(() => within(d).getByRole('button', { name: root }).click());
    await foldersListed(d, ['↑ All roots', 'music', 'photos']);
    await settle(() => within(d).getByRole('button', { name: 'photos' }).click());
    await foldersListed(d, ['↑ Up one folder', '2024']);
    expect(within(d).getByRole('group', { name: 'Folder' }).textContent).toContain(photos);
    fireEvent.change(within(d).getByLabelText('Owner'), { target: { value: hub.ids.bob } });
    fireEvent.change(within(d).getByLabelText('Gallery'), { target: { value: 'premium' } });
    fireEvent.change(within(d).getByLabelText('Tags'), { target: { value: 'Trips, 2024' } });
    // The scan waits before it reads its files, until the test lets it go on.
    let goOn = () => {};
    const held = new Promise<void>((resolve) => {
      goOn = resolve;
    });
    hub.hub.services.libraries.hooks.beforeRead = () => held;
    await settle(() => within(d).getByRole('button', { name: 'Add and Scan' }).click());

    expect(hub.writes().map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/libraries', { path: photos, ownerId: hub.ids.bob, gallery: 'premium', tags: 'Trips, 2024' }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Library photos added: its first scan has started')).toBeTruthy();
    const item = within(card()).getByRole('listitem', { name: 'photos' });
    // The POST answers with the scan queued: a bar without a value (no total is known yet).
    const bar = within(item).getByRole('progressbar', { name: 'Scan of photos' }) as HTMLProgressElement;
    expect(bar.hasAttribute('value')).toBe(false);
    expect(within(item).getByText(/Scan queued|Scanning/)).toBeTruthy();
    expect((within(item).getByRole('button', { name: 'Scan now: photos' }) as HTMLButtonElement).disabled).toBe(true);
    // Asked again while it runs: still the bar, with the figures so far.
    await advance(LIBRARY_POLL_MS);
    expect(within(item).getByText('Scanning…')).toBeTruthy();
    expect(within(item).getByRole('progressbar')).toBeTruthy();
    expect(item.textContent).toContain('So far: ');

    goOn();
    delete hub.hub.services.libraries.hooks.beforeRead;
    await scansDone();
    await advance(LIBRARY_POLL_MS);
    expect(within(item).queryByRole('progressbar')).toBeNull();
    expect(item.textContent).toContain('3 files found · 2 added · 0 updated · 0 missing · 1 skipped · 0 failed');
    expect(item.textContent).toContain('Owner Bob Builder · 2 items');
    expect(within(item).getByText('Premium')).toBeTruthy();
    expect(
      within(item)
        .getAllByText(/^(Trips|2024)$/)
        .map((t) => t.textContent),
    ).toEqual(['Trips', '2024']);
    expect((within(item).getByRole('button', { name: 'Scan now: photos' }) as HTMLButtonElement).disabled).toBe(false);
    // Done: no more asking.
    hub.requests.length = 0;
    await advance(LIBRARY_POLL_MS * 2);
    expect(hub.requests).toEqual([]);
  });

  test('Scan now starts a scan and shows its progress until it ends', async () => {
    await addThroughAPI({ path: photos, ownerId: hub.ids.bob });
    await renderPanel();
    const item = within(card()).getByRole('listitem', { name: 'photos' });
    expect(within(item).queryByRole('progressbar')).toBeNull();
    put(photos, 'new/bergen.jpg', await jpegBytes(3));
    await settle(() => within(item).getByRole('button', { name: 'Scan now: photos' }).click());
    expect(hub.writes().map((r) => [r.method, r.path])).toEqual([['POST', `/api/libraries/${(await libraries())[0]!._id}/scan`]]);
    expect(screen.getByText('Scan of photos started')).toBeTruthy();
    expect(within(item).getByRole('progressbar')).toBeTruthy();
    await scansDone();
    await advance(LIBRARY_POLL_MS);
    expect(within(item).queryByRole('progressbar')).toBeNull();
    expect(item.textContent).toContain('4 files found · 1 added · 0 updated');
    expect(item.textContent).toContain('3 items');
  });

  test('Edit changes the name, gallery and tags; the owner cannot change', async () => {
    const library = await addThroughAPI({ path: photos, ownerId: hub.ids.bob });
    await renderPanel();
    await settle(() => within(card()).getByRole('button', { name: 'Edit photos' }).click());
    const d = await dialog('Edit Library');
    expect((within(d).getByLabelText('Owner') as HTMLSelectElement).disabled).toBe(true);
    expect((within(d).getByLabelText('Owner') as HTMLSelectElement).value).toBe(hub.ids.bob!);
    expect(within(d).getByRole('group', { name: 'Folder' }).textContent).toContain(photos);
    fireEvent.change(within(d).getByLabelText('Name'), { target: { value: 'Holiday pictures' } });
    fireEvent.change(within(d).getByLabelText('Tags'), { target: { value: 'holiday' } });
    await settle(() => within(d).getByRole('button', { name: 'Save' }).click());
    expect(hub.writes().map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', `/api/libraries/${library._id}`, { name: 'Holiday pictures', path: photos, gallery: 'gallery', tags: 'holiday' }],
    ]);
    expect(screen.getByText('Library Holiday pictures updated')).toBeTruthy();
    expect(within(card()).getByRole('listitem', { name: 'Holiday pictures' }).textContent).toContain('holiday');
  });

  test('Remove asks first, says the files are never touched, and leaves them as they were', async () => {
    await addThroughAPI({ path: photos, ownerId: hub.ids.bob });
    const before = snapshot(photos);
    await renderPanel();
    await settle(() => within(card()).getByRole('button', { name: 'Remove photos' }).click());
    const d = await dialog('Remove Library');
    expect(d.textContent).toContain('Its 2 items leave the hub');
    expect(d.textContent).toContain(`The files are never touched: nothing in ${photos} is changed, moved or deleted.`);
    expect(hub.writes()).toEqual([]);
    await settle(() => within(d).getByRole('button', { name: 'Remove' }).click());
    expect(screen.getByText('Library removed; its files were not touched')).toBeTruthy();
    expect(within(card()).getByText(/No libraries yet/)).toBeTruthy();
    expect(snapshot(photos)).toEqual(before);
    expect(existsSync(path.join(photos, '2024/rome.jpg'))).toBe(true);
  });
});

async function libraries(): Promise<Library[]> {
  const response = await fetch('/api/libraries', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return ((await response.json()) as { libraries: Library[] }).libraries;
}

describe('a scan state', () => {
  const base: Library = {
    _id: 'l1',
    name: 'Photos',
    path: '/library/photos',
    ownerId: 'u',
    gallery: 'gallery',
    tags: [],
    itemCount: 0,
    offlineCount: 0,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: null,
    lastScan: null,
  };
  const scan = {
    found: 12,
    added: 3,
    updated: 1,
    missing: 0,
    skipped: 2,
    failed: 5,
    startedAt: '2030-01-01T00:00:00.000Z',
    finishedAt: '2030-01-01T00:01:00.000Z',
  };

  test('a running scan shows its figures so far under the bar', () => {
    render(<ScanState library={{ ...base, lastScan: { ...scan, state: 'running', finishedAt: null, errors: [] } }} />);
    expect(screen.getByText('Scanning…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Scan of Photos' })).toBeTruthy();
    expect(screen.getByText('So far: 12 files found · 3 added · 1 updated · 0 missing · 2 skipped · 5 failed')).toBeTruthy();
  });

  test('a finished scan lists its first three errors and how many more there are', () => {
    const errors = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'].map((p) => ({ path: p, error: 'permission denied' }));
    render(<ScanState library={{ ...base, lastScan: { ...scan, state: 'done', errors } }} />);
    const list = screen.getByRole('list', { name: 'Errors of the last scan of Photos' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.jpg: permission denied', 'b.jpg: permission denied', 'c.jpg: permission denied', 'and 2 more errors']);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('a failed scan says so', () => {
    render(<ScanState library={{ ...base, lastScan: { ...scan, state: 'failed', errors: [{ path: '', error: 'The hub stopped during the scan' }] } }} />);
    expect(screen.getByText('Last scan failed')).toBeTruthy();
    expect(screen.getByText('The hub stopped during the scan')).toBeTruthy();
  });
});
