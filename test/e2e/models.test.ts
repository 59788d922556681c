// Models in Chromium: add a model with two links through the dialog, filter by ethnicity with the
// plain GET form, favourite it, edit it and delete it, with the spec's toasts at each step; a
// model's gallery kept in the address (reload and Back), and its photo's details with the camera.
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, admitContext, callApi, hubAndBrowser, submitPlainForm, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const card = (page: Page, name: string) => page.getByRole('article', { name });
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ models$/);

describe.skipIf(Boolean(unavailable))('models in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });

  test('add a model with two links, filter by ethnicity, favourite, edit and delete it', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials = await admitContext(context, started.hub, ADMIN);
    // Another model already there, so the filter has something to leave out.
    await callApi(started.hub, credentials, 'POST', '/api/models', {
      name: 'Soo-ah Park',
      ethnicity: 'Korean',
      breastSize: '32B',
      age: 27,
      height: '165 cm',
      tags: ['kpop'],
      description: 'Seoul',
    });
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/models`);
    await page.getByRole('heading', { name: 'Models', level: 1 }).waitFor();
    await islandsReady(page);
    expect(await showing(page).textContent()).toBe('Showing 1 of 1 models');

    // Add Model: every field, and two links (a third row added and removed again).
    await page.getByRole('button', { name: 'Add Model' }).click();
    const add = page.getByRole('dialog', { name: 'Add Model' });
    await add.waitFor();
    const save = add.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await add.getByLabel('Model Name', { exact: true }).fill('Mia Rose');
    await add.getByLabel('Ethnicity', { exact: true }).selectOption('Japanese');
    await add.getByLabel('Breast Size', { exact: true }).selectOption('34DD');
    await add.getByLabel('Age', { exact: true }).fill('25');
    await add.getByLabel('Height', { exact: true }).fill('5\'4"');
    await add.getByLabel('Description', { exact: true }).fill('Cosplay and gravure, based in Tokyo.');
    await add.getByLabel('Tags', { exact: true }).fill('cosplay, petite, , gravure');
    for (let i = 0; i < 3; i++) await add.getByRole('button', { name: 'Add Link' }).click();
    await add.getByLabel('Link 1 name', { exact: true }).fill('OnlyFans');
    await add.getByLabel('Link 1 URL', { exact: true }).fill('https://onlyfans.com/miarose');
    await add.getByLabel('Link 2 name', { exact: true }).fill('Instagram');
    await add.getByLabel('Link 2 URL', { exact: true }).fill('https://instagram.com/miarose');
    await add.getByRole('button', { name: 'Remove link 3' }).click();
    await screenshotVariants(page, 'models-add-dialog');
    await save.click();
    await add.waitFor({ state: 'hidden' });
    await page.getByText('Model added successfully!', { exact: true }).waitFor();
    const mia = card(page, 'Mia Rose');
    await mia.waitFor();
    expect(await mia.getByRole('link').allTextContents()).toEqual(['OnlyFans', 'Instagram']);
    expect(await mia.getByRole('link', { name: 'OnlyFans' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(await mia.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['cosplay', 'petite', 'gravure']);
    await mia.getByText('34DD', { exact: true }).waitFor();
    await mia.getByText('MR', { exact: true }).waitFor();
    // Japanese comes before Korean in the default order.
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(['Mia Rose', 'Soo-ah Park']);
    expect(await showing(page).textContent()).toBe('Showing 2 of 2 models');
    await screenshotVariants(page, 'models');

    // Filter by ethnicity through the plain form: the address carries it.
    await page.getByRole('search', { name: 'Filter models' }).getByLabel('Ethnicity', { exact: true }).selectOption('Japanese');
    await submitPlainForm(page, page.getByRole('button', { name: 'Apply' }));
    expect(new URL(page.url()).searchParams.get('ethnicity')).toBe('Japanese');
    await islandsReady(page);
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(['Mia Rose']);
    expect(await showing(page).textContent()).toBe('Showing 1 of 2 models');
    await page.getByRole('link', { name: 'Clear' }).waitFor();
    await screenshotVariants(page, 'models-filtered');

    // Favourite: the actions show on hover.
    await mia.hover();
    await mia.getByRole('button', { name: 'Add Mia Rose to favorites' }).click();
    await page.getByText('Added to favorites', { exact: true }).waitFor();
    expect(await mia.getByRole('button', { name: 'Remove Mia Rose from favorites' }).getAttribute('aria-pressed')).toBe('true');

    // Edit: the dialog comes filled in.
    await mia.getByRole('button', { name: 'Edit Mia Rose' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Model' });
    await edit.waitFor();
    expect(await edit.getByLabel('Link 2 URL', { exact: true }).inputValue()).toBe('https://instagram.com/miarose');
    await edit.getByLabel('Age', { exact: true }).fill('26');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Model updated successfully!', { exact: true }).waitFor();
    await mia.getByText('26', { exact: true }).waitFor();

    // The favourite shows on the unfiltered list too, first.
    const fromApi = await callApi<{ name: string; favorite: boolean; age: number }[]>(started.hub, credentials, 'GET', '/api/models?favorite=true');
    expect(fromApi.map((m) => [m.name, m.favorite, m.age])).toEqual([['Mia Rose', true, 26]]);

    // Delete, after the confirmation.
    await mia.hover();
    await mia.getByRole('button', { name: 'Delete Mia Rose' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Model' });
    await confirm.waitFor();
    await screenshotVariants(page, 'models-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Model deleted successfully!', { exact: true }).waitFor();
    await mia.waitFor({ state: 'detached' });
    await page.getByText('No models match these filters.').waitFor();
    expect(await showing(page).textContent()).toBe('Showing 0 of 1 models');

    // Without the filter, the other model is still there.
    await page.getByRole('link', { name: 'Clear' }).click();
    await page.waitForURL(`${started.hub.url}/models`);
    expect(await page.getByRole('article').getByRole('heading').allTextContents()).toEqual(['Soo-ah Park']);

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test("a model's gallery has its own address: reload opens it again, Back closes it; its photo's details name the camera", async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    const credentials = await admitContext(context, started.hub, ADMIN);
    const ren = await callApi<{ _id: string }>(started.hub, credentials, 'POST', '/api/models', { name: 'Ren Sato', ethnicity: 'Japanese', age: 29 });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a4b8c' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 12 mini' }, IFD2: { DateTimeOriginal: '2024:07:14 18:30:00' } })
      .toBuffer();
    await uploadByApi(started.hub, credentials, [{ name: 'IMG_0420.jpg', bytes: photo, type: 'image/jpeg' }], { modelId: ren._id, title: 'Shibuya night' });
    // The camera is read when the photo is processed (a job, moments after the upload): bounded wait.
    for (let i = 0; i < 200; i++) {
      const { media } = await callApi<{ media: { status: string }[] }>(started.hub, credentials, 'GET', `/api/gallery?modelId=${ren._id}`);
      if (media[0]?.status === 'ready') break;
      await Bun.sleep(100);
    }
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/models`);
    await islandsReady(page);
    const entries = await page.evaluate(() => history.length);
    const gallery = page.getByRole('dialog', { name: "Ren Sato's Gallery" });

    await card(page, 'Ren Sato').getByRole('heading').click();
    await gallery.waitFor();
    expect(new URL(page.url()).searchParams.get('gallery')).toBe(ren._id);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await gallery.getByText('1 of 1 items').waitFor();
    await screenshotVariants(page, 'models-gallery');

    // Reload: the same address opens the same gallery.
    await page.reload();
    await islandsReady(page);
    await gallery.waitFor();
    await gallery.getByText('1 of 1 items').waitFor();
    expect(new URL(page.url()).searchParams.get('gallery')).toBe(ren._id);

    // View Details: the camera the photo's EXIF names.
    const tile = gallery.getByRole('article', { name: 'Shibuya night' });
    await tile.hover();
    await tile.getByRole('button', { name: 'Actions for Shibuya night' }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await details.waitFor();
    const rows = await details.locator('dt').evaluateAll((dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])));
    expect(rows).toMatchObject({ Camera: 'Apple iPhone 12 mini', Dimensions: '640 × 480', File: 'IMG_0420.jpg' });
    await screenshotVariants(page, 'models-gallery-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
    expect(await gallery.isVisible()).toBe(true);

    // Back: the gallery closes, the address is the list's again.
    await page.goBack();
    await gallery.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('gallery')).toBe(false);
    await card(page, 'Ren Sato').waitFor();

    // A shared link to a model that is not the viewer's: the page, no dialog, a clear message.
    await page.goto(`${started.hub.url}/models?gallery=00000000-0000-4000-8000-000000000000`);
    await islandsReady(page);
    await page.getByText('That model is not in your models: its gallery cannot be opened').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('gallery')).toBe(false);

    expect(unexpectedProblems(problems, [{ status: 404, path: '/api/models/00000000-0000-4000-8000-000000000000' }])).toEqual([]);
    await context.close();
  });

  test('on a phone the card actions are in sight without hovering', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.phone });
    await admitContext(context, started.hub, ADMIN);
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/models`);
    await islandsReady(page);
    const soo = card(page, 'Soo-ah Park');
    // The buttons fade in as the island goes live; let that finish.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const opacity = await soo.getByRole('button', { name: 'Edit Soo-ah Park' }).evaluate((el) => getComputedStyle(el).opacity);
    expect(opacity).toBe('1');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  test('the card actions never overlap the picture, on a phone and at 1280 px with the pointer on the card', async () => {
    // A second model, so the desktop grid has its narrow four-column cards.
    const admin = await admitContext(await started.browser.newContext(), started.hub, ADMIN);
    await callApi(started.hub, admin, 'POST', '/api/models', { name: 'Jo', ethnicity: 'Japanese', age: 30 });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await started.browser.newContext({ viewport });
      await admitContext(context, started.hub, ADMIN);
      const { page } = await openTracedPage(context);
      await page.goto(`${started.hub.url}/models`);
      await islandsReady(page);
      for (const article of await page.getByRole('article').all()) {
        await article.hover({ position: { x: 10, y: 200 } });
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        const overlaps = await article.evaluate((el) => {
          const picture = el.querySelector('[aria-hidden="true"].rounded-full')!.getBoundingClientRect();
          const card = el.getBoundingClientRect();
          return [...el.querySelectorAll('button')]
            .map((b) => ({ name: b.getAttribute('aria-label'), box: b.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.top < picture.bottom + 40)
            .filter(
              ({ box }) =>
                (box.left < picture.right && box.right > picture.left && box.top < picture.bottom && box.bottom > picture.top) || box.right > card.right,
            )
            .map(({ name }) => name);
        });
        expect({ width: viewport.width, overlaps }).toEqual({ width: viewport.width, overlaps: [] });
      }
      await context.close();
    }
  });
});
