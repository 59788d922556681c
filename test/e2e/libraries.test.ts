// Library folders in Chromium: an administrator adds a folder on the server through the Admin
// Panel's folder picker (LIBRARY_ROOTS a temp folder of real pictures), its scan ends with its
// counts, and the owner finds the pictures in her gallery, filters by the library, and reads in the
// details where each comes from. The folder is left exactly as it was. Without JavaScript the
// library filter works too: a search keeps it, and a library chosen is shown with Show.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Library } from '../../src/shared/libraries.ts';
import { axeEverywhere } from '../helpers/axe.ts';
import { browserUnavailableReason, islandsReady, launchChromium, openTracedPage, SCREENSHOT_DIR, screenshotVariants, VIEWPORTS } from '../helpers/browser.ts';
import { jpegBytes, put, snapshot } from '../helpers/library-trees.ts';
import type { SpawnedHub } from '../helpers/spawn-hub.ts';
import { tempDir } from '../helpers/test-app.ts';
import { ADMIN, admitContext, callApi, createUserByApi, credentialsByApi, mediaCards, spawnGatedHub } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const MIA = { name: 'Mia Member', username: 'mia', email: 'mia@example.test', password: 'mia password' };
const NOA = { name: 'Noa Member', username: 'noa', email: 'noa@example.test', password: 'noa password' };

describe.skipIf(Boolean(unavailable))('library folders in Chromium', () => {
  let hub: SpawnedHub;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let root: string;

  beforeAll(async () => {
    root = tempDir('hub-e2e-libraries-');
    put(root, 'photos/2024/rome.jpg', await jpegBytes(1, 96));
    put(root, 'photos/2024/oslo.jpg', await jpegBytes(2, 96));
    put(root, 'photos/bergen.jpg', await jpegBytes(3, 96));
    put(root, 'photos/notes.txt', 'not a picture');
    put(root, 'music/readme.txt', 'nothing here');
    put(root, 'pets/cat.jpg', await jpegBytes(4, 96));
    put(root, 'pets/dog.jpg', await jpegBytes(5, 96));
    put(root, 'trips/cat island.jpg', await jpegBytes(6, 96));
    hub = await spawnGatedHub({ SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' });
    ({ browser, close: closeBrowser } = await launchChromium());
  });
  afterAll(async () => {
    await closeBrowser?.();
    await hub?.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  test('an administrator adds a library through the picker and scans it; its owner filters her gallery by it and reads where each item comes from', async () => {
    const before = snapshot(path.join(root, 'photos'));
    await createUserByApi(hub, await credentialsByApi(hub, ADMIN), MIA);

    // The administrator: Add Library, the picker from the roots down to photos, Mia as the owner.
    const adminContext = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(adminContext, hub, ADMIN);
    const { page, problems } = await openTracedPage(adminContext);
    await page.goto(`${hub.url}/admin`);
    await islandsReady(page);
    const card = page.getByRole('region', { name: 'Libraries' });
    await card.getByText('No libraries yet.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Add Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Library' });
    const folders = dialog.getByRole('list', { name: 'Folders' });
    await folders.getByRole('button', { name: root }).click();
    await folders.getByRole('button', { name: 'photos' }).click();
    await folders.getByRole('button', { name: '2024' }).waitFor();
    expect(await dialog.getByRole('group', { name: 'Folder' }).textContent()).toContain(path.join(root, 'photos'));
    await dialog.getByLabel('Owner').selectOption({ label: `${MIA.name} (${MIA.username})` });
    await dialog.getByLabel('Tags').fill('Trips');
    await screenshotVariants(page, 'admin-library-picker');
    // Accessibility (axe, WCAG 2.1 AA) of the picker and, below, of the card with a library.
    const found = await axeEverywhere(page, 'a11y-admin-library-picker');
    await dialog.getByRole('button', { name: 'Add and Scan' }).click();
    await page.getByText('Library photos added: its first scan has started').waitFor();

    // The scan's state shows until it ends with its counts (the card asks again while it runs).
    const item = card.getByRole('listitem', { name: 'photos' });
    await item.getByText('4 files found · 3 added · 0 updated · 0 missing · 1 skipped · 0 failed').waitFor();
    expect(await item.getByRole('progressbar').count()).toBe(0);
    expect(await item.textContent()).toContain(`Owner ${MIA.name} · 3 items`);
    await screenshotVariants(page, 'admin-libraries');
    found.push(...(await axeEverywhere(page, 'a11y-admin-libraries')));
    expect(found).toEqual([]);
    expect(problems).toEqual([]);

    // Mia: the pictures are in her gallery; the library filter shows them, the details name it.
    const miaContext = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await miaContext.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    await admitContext(miaContext, hub, MIA);
    const mia = await openTracedPage(miaContext);
    await mia.page.goto(`${hub.url}/gallery`);
    await islandsReady(mia.page);
    const filter = mia.page.getByRole('combobox', { name: 'Library' });
    await filter.waitFor();
    expect(await filter.locator('option').allTextContents()).toEqual(['Everything', 'photos']);
    await mia.page.waitForFunction(() => document.querySelectorAll('[aria-label="Media"] article').length === 3);
    await filter.selectOption({ label: 'photos' });
    await mia.page.waitForURL(/\?library=/);
    expect(await mediaCards(mia.page).count()).toBe(3);
    await screenshotVariants(mia.page, 'gallery-library-filter');
    await mia.page.getByRole('button', { name: 'Actions for rome' }).click();
    await mia.page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = mia.page.getByRole('dialog', { name: 'Details' });
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain('Libraryphotos');
    expect(text).toContain('Path in library2024/rome.jpg');
    await details.getByRole('button', { name: 'Close' }).click();
    // The address keeps the filter: a reload shows the same.
    await mia.page.reload();
    await islandsReady(mia.page);
    expect(await mia.page.getByRole('combobox', { name: 'Library' }).inputValue()).not.toBe('');
    expect(await mediaCards(mia.page).count()).toBe(3);
    expect(mia.problems).toEqual([]);

    // The folder is exactly as it was.
    expect(snapshot(path.join(root, 'photos'))).toEqual(before);
    await adminContext.close();
    await miaContext.close();
  });

  test('without JavaScript the library filter is part of the gallery form: a search keeps it, Show applies a library chosen', async () => {
    const admin = await credentialsByApi(hub, ADMIN);
    const noa = await createUserByApi(hub, admin, NOA);
    const added: Record<string, Library> = {};
    for (const folder of ['pets', 'trips']) {
      added[folder] = await callApi<Library>(hub, admin, 'POST', '/api/libraries', { path: path.join(root, folder), ownerId: noa._id });
    }
    for (const lib of Object.values(added)) {
      for (let scan = lib.lastScan; scan?.state !== 'done'; scan = (await callApi<Library>(hub, admin, 'GET', `/api/libraries/${lib._id}`)).lastScan) {
        expect(scan?.state).not.toBe('failed');
        await Bun.sleep(100);
      }
    }
    const pets = added.pets!._id;
    const trips = added.trips!._id;

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light', javaScriptEnabled: false });
    await admitContext(context, hub, NOA);
    // The Red Room's warning, accepted before (the cookie the server reads).
    await context.addCookies([{ name: 'matureContentAccepted', value: 'true', url: hub.url }]);
    const page = await context.newPage();
    const titles = async () => (await mediaCards(page).getByRole('heading').allTextContents()).sort();

    await page.goto(`${hub.url}/gallery?library=${pets}`);
    const filter = page.getByRole('combobox', { name: 'Library' });
    expect(await filter.inputValue()).toBe(pets);
    expect(await mediaCards(page).count()).toBe(2);

    // A search submitted (Enter, no script): the library stays, in the address and in the list.
    const search = page.getByRole('textbox', { name: 'Search by title or tags...' });
    await search.fill('cat');
    await Promise.all([page.waitForURL(/search=cat/), search.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('library')).toBe(pets);
    expect(await page.getByRole('combobox', { name: 'Library' }).inputValue()).toBe(pets);
    expect(await titles()).toEqual(['cat']);

    // Another library chosen and shown: the search stays.
    await page.getByRole('combobox', { name: 'Library' }).selectOption({ label: 'trips' });
    await Promise.all([page.waitForURL(new RegExp(`library=${trips}`)), page.getByRole('button', { name: 'Show' }).click()]);
    expect(new URL(page.url()).searchParams.get('search')).toBe('cat');
    expect(await titles()).toEqual(['cat island']);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-library-filter-no-script-${size}-${colorScheme}.png`), fullPage: true });
      }
    }

    // Another page size applied: the library and the search stay.
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('20');
    await Promise.all([page.waitForURL(/limit=20/), page.getByRole('button', { name: 'Apply' }).click()]);
    expect(new URL(page.url()).searchParams.get('library')).toBe(trips);
    expect(new URL(page.url()).searchParams.get('search')).toBe('cat');
    expect(await titles()).toEqual(['cat island']);

    // Everything: both libraries' cats.
    await page.getByRole('combobox', { name: 'Library' }).selectOption({ label: 'Everything' });
    await Promise.all([page.waitForURL((url) => !url.searchParams.get('library')), page.getByRole('button', { name: 'Show' }).click()]);
    expect(await titles()).toEqual(['cat', 'cat island']);
    await context.close();
  });
});
