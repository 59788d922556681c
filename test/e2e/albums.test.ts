// Albums in The Red Room, in Chromium: three cards picked in select mode go into an album created
// inline from Add to Album; the Albums chip shows it with 3 items, the album says '3 of 3 items';
// Set as Album Thumbnail changes the picture on the album's card; deleting the album leaves its
// media in the gallery. Screenshots of the bulk bar, Add to Album, the panel and an album in light
// and dark at 390 and 1280 px (artifacts/screenshots/albums-*).
import { beforeAll, describe, expect, test } from 'bun:test';
import sharp from 'sharp';
import type { Album } from '../../src/shared/albums.ts';
import type { MediaPage } from '../../src/shared/media.ts';
import { browserUnavailableReason, islandsReady, openTracedPage, screenshotVariants, unexpectedProblems, VIEWPORTS } from '../helpers/browser.ts';
import { ADMIN, type ApiCredentials, admitContext, callApi, credentialsByApi, hubAndBrowser, mediaCards, uploadByApi } from './flows.ts';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[e2e] skipped: ${unavailable}`);

const COLOURS: Record<string, string> = { 'Crimson Hall': '#8e1538', 'Amber Lights': '#b86b00', 'Teal Pool': '#0f6b6b', 'Violet Hour': '#4b2a7a' };

/** A JPEG of its own colour with a light square. */
const picture = (colour: string) =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 160, height: 120, channels: 3, background: '#f4efe6' } }, left: 120, top: 90 }])
    .jpeg({ quality: 85 })
    .toBuffer();

describe.skipIf(Boolean(unavailable))('Albums in The Red Room, in Chromium', () => {
  const started = hubAndBrowser({ SITE_LOCKOUT_HOURS: '0' });
  let admin: ApiCredentials;
  const list = () => callApi<MediaPage>(started.hub, admin, 'GET', '/api/gallery?limit=100');

  beforeAll(async () => {
    admin = await credentialsByApi(started.hub, ADMIN);
    for (const [title, colour] of Object.entries(COLOURS))
      await uploadByApi(started.hub, admin, [{ name: `${title}.jpg`, bytes: await picture(colour), type: 'image/jpeg' }]);
    for (let tries = 0; ; tries++) {
      const page = await list();
      if (page.media.length === 4 && page.media.every((m) => m.status === 'ready')) break;
      if (tries > 600) throw new Error('the pictures were not processed');
      await Bun.sleep(100);
    }
    // An album made earlier, with a description, so the panel shows more than one card.
    const evenings = await callApi<Album>(started.hub, admin, 'POST', '/api/albums', {
      name: 'Evenings',
      description: 'Warm light after sunset, the long dinners and the walks home along the water, kept together in one place.',
      isPublic: true,
    });
    const violet = (await list()).media.find((m) => m.title === 'Violet Hour')!;
    await callApi(started.hub, admin, 'POST', `/api/albums/${evenings._id}/media`, { mediaIds: [violet._id] });
  }, 120_000);

  test('three cards into a new album created inline; 3 of 3; Set as Album Thumbnail on the card; the album deleted, its media kept', async () => {
    const context = await started.browser.newContext({ viewport: VIEWPORTS.desktop });
    await admitContext(context, started.hub, ADMIN);
    await context.addInitScript(() => localStorage.setItem('matureContentAccepted', 'true'));
    const { page, problems } = await openTracedPage(context);
    await page.goto(`${started.hub.url}/gallery`);
    await islandsReady(page);
    await mediaCards(page).first().waitFor();

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const title of ['Crimson Hall', 'Amber Lights', 'Teal Pool']) await page.getByRole('checkbox', { name: `Select ${title}` }).click();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await bar.getByText('3 selected').waitFor();
    await screenshotVariants(page, 'albums-bulk-bar');

    await bar.getByRole('button', { name: 'Add to Album' }).click();
    const move = page.getByRole('dialog', { name: 'Add to Album' });
    await move.getByRole('button', { name: /Evenings/ }).waitFor();
    expect(await move.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await move.getByRole('button', { name: 'Create New Album' }).click();
    const create = move.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await move.getByLabel('Album Name').fill('Road Trip');
    await create.click();
    await move.getByRole('button', { name: /Road Trip/, pressed: true }).waitFor();
    await screenshotVariants(page, 'albums-move-dialog');
    await move.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Added 3 item(s) to album: Road Trip', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Albums', exact: true }).click();
    await page.waitForURL(/\/gallery\?filter=albums$/);
    const roadTrip = page.getByRole('article', { name: 'Road Trip' });
    await roadTrip.getByText('3 items').waitFor();
    await page.getByRole('article', { name: 'Evenings' }).getByText('1 item').waitFor();
    await screenshotVariants(page, 'albums-panel');

    await page.getByRole('button', { name: 'Open album Road Trip' }).click();
    await page.getByText('3 of 3 items', { exact: true }).waitFor();
    const album = (await callApi<{ albums: Album[] }>(started.hub, admin, 'GET', '/api/albums')).albums.find((a) => a.name === 'Road Trip')!;
    const teal = (await list()).media.find((m) => m.title === 'Teal Pool')!;
    const amber = (await list()).media.find((m) => m.title === 'Amber Lights')!;
    // The newest added item is the cover until one is chosen; choose another.
    const chosen = album.coverImage?._id === amber._id ? teal : amber;
    const albumMedia = page.getByRole('list', { name: 'Album media' });
    await albumMedia
      .getByRole('article', { name: chosen.title })
      .getByRole('button', { name: `Actions for ${chosen.title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Set as Album Thumbnail' }).click();
    await page.getByText('Album thumbnail updated successfully', { exact: true }).waitFor();
    await screenshotVariants(page, 'albums-detail');

    await page.getByRole('button', { name: 'Back to Albums' }).click();
    await roadTrip.locator(`img[src="${chosen.thumbnail}"]`).waitFor();
    // The picture really loaded (not a broken image).
    expect(await roadTrip.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await roadTrip.getByRole('button', { name: 'Actions for album Road Trip' }).click();
    await page.getByRole('menuitem', { name: 'Delete Album' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Album' });
    await confirm.getByRole('button', { name: 'Delete Album' }).click();
    await page.getByText('Album deleted successfully', { exact: true }).waitFor();
    await roadTrip.waitFor({ state: 'detached' });
    expect((await list()).totalItems).toBe(4);

    // Back: the media grid, with every item still there.
    await page.goBack();
    await page.waitForURL(/\/gallery$/);
    await mediaCards(page).nth(3).waitFor();
    expect(await mediaCards(page).count()).toBe(4);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
