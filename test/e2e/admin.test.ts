// The Admin Panel in Chromium: an administrator creates an account, promotes it, signs out, and the
// new administrator signs in and finds the Admin Panel in the menu; the lockout timer is reset.
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, countdownSeconds, hubAndBrowser, openUserMenu, signInThroughForm, submitPlainForm } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const NEW = { name: 'Robin Newcomer', username: 'robin', email: 'robin@example.test', password: 'robin password' };

/** The table row of the user with this name. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

describe.skipIf(Boolean(unavailable))('admin panel in Chromium', () => {
  // 30 hours: the countdowns are far from the warning hour, and a reset visibly adds time.
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '30' });

  test('create a user, promote them, sign out, and sign in as the new administrator', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/`);

    // The menu leads to the panel.
    await openUserMenu(page, ADMIN.username);
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.waitForURL(`${started.hub.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel - User Management' }).waitFor();
    await islandsReady(page);
    const headers = (await page.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    expect(headers).toEqual(['Name', 'Username', 'Email', 'Role', 'Created', 'Actions']);
    expect(await page.getByRole('row').count()).toBe(2); // header and root
    await rowOf(page, ADMIN.username).getByText('You', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Site Lockout Administration' }).waitFor();
    await screenshotVariants(page, 'admin');

    // Create New Admin: Create stays off until name, username, email and password are filled.
    await page.getByRole('button', { name: 'Create New Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Admin' });
    await dialog.waitFor();
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Full Name', { exact: true }).fill(NEW.name);
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Username', { exact: true }).fill(ADMIN.username);
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill(NEW.email);
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill(NEW.password);
    expect(await create.isDisabled()).toBe(false);
    expect(await dialog.getByLabel('Role', { exact: true }).inputValue()).toBe('admin');
    await dialog.getByLabel('Role', { exact: true }).selectOption('user');
    await screenshotVariants(page, 'admin-create-dialog');

    // A taken username: the server's message, inside the dialog, which stays open.
    await create.click();
    const taken = dialog.getByRole('alert');
    await taken.waitFor();
    expect((await taken.textContent())?.toLowerCase()).toContain('username');
    await screenshotVariants(page, 'admin-create-dialog-error');
    await dialog.getByLabel('Username', { exact: true }).fill(NEW.username);
    await create.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Success: New user account created successfully!', { exact: true }).waitFor();
    const row = rowOf(page, NEW.name);
    await row.waitFor();
    // The Role column (its chip also shows in the Name cell, for phones).
    const roleCell = row.getByRole('cell').nth(3);
    await roleCell.getByText('User', { exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(NEW.username);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(NEW.email);
    await screenshotVariants(page, 'admin-created');

    // Promote User: choose the account; the dialog shows name and email and warns.
    await page.getByRole('button', { name: 'Promote User', exact: true }).click();
    const promote = page.getByRole('dialog', { name: 'Promote User to Admin' });
    await promote.waitFor();
    const confirm = promote.getByRole('button', { name: 'Promote', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await promote.getByLabel('User', { exact: true }).selectOption({ label: `${NEW.name} (${NEW.username})` });
    await promote.getByText(NEW.email, { exact: true }).waitFor();
    await expect(promote.getByRole('note').textContent()).resolves.toContain(`This will grant ${NEW.name} full administrative privileges`);
    await screenshotVariants(page, 'admin-promote-dialog');
    await confirm.click();
    await promote.waitFor({ state: 'hidden' });
    await page.getByText(`${NEW.name} has been promoted to admin!`, { exact: true }).waitFor();
    await roleCell.getByText('Administrator', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Promote ${NEW.name}` }).count()).toBe(0);
    await screenshotVariants(page, 'admin-promoted');

    // Sign out through the menu, and in again as the new administrator.
    await openUserMenu(page, ADMIN.username);
    await submitPlainForm(page, page.getByRole('button', { name: 'Sign Out' }));
    await page.waitForURL((url) => url.pathname === '/signin');
    await signInThroughForm(page, NEW.username, NEW.password);
    await openUserMenu(page, NEW.name);
    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.waitForURL(`${started.hub.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel - User Management' }).waitFor();
    await rowOf(page, NEW.name).getByText('You', { exact: true }).waitFor();

    expect(unexpectedProblems(problems, [{ status: 409, path: '/api/users' }])).toEqual([]);
    await context.close();
  });

  test('Reset Lockout Timer grants another full period, says so, and reloads the page', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone, colorScheme: 'dark' });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/admin`);
    await islandsReady(page);
    const timer = page.getByRole('timer', { name: 'Time left' });
    // Let a couple of seconds pass, so the reset visibly adds time.
    const start = countdownSeconds((await timer.textContent()) ?? '');
    await page.waitForFunction((before) => {
      const el = document.querySelector('[role="timer"]');
      const m = /^(\d{2,}):(\d{2}):(\d{2})$/.exec(el?.textContent?.trim() ?? '');
      return m !== null && Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) <= before - 2;
    }, start);
    const before = countdownSeconds((await timer.textContent()) ?? '');

    const marker = await page.evaluate(() => {
      (window as unknown as { beforeReset: boolean }).beforeReset = true;
      return true;
    });
    expect(marker).toBe(true);
    await page.getByRole('button', { name: 'Reset Lockout Timer' }).click();
    await page.getByText('Site lockout reset: access granted for another 30 hours. Reloading…', { exact: true }).waitFor();
    await screenshotVariants(page, 'admin-lockout-reset');
    // The page reloads by itself (a new document has no marker).
    await page.waitForFunction(() => !(window as unknown as { beforeReset?: boolean }).beforeReset);
    await page.getByRole('heading', { name: 'Site Lockout Administration' }).waitFor();
    await islandsReady(page);
    const after = countdownSeconds((await page.getByRole('timer', { name: 'Time left' }).textContent()) ?? '');
    expect(after).toBeGreaterThan(before);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
