import { afterEach, beforeAll, beforeEach, describe, expect, jest, type Mock, mock, spyOn, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type MediaItem, type MediaPage, UPLOAD_TIMEOUT_MS } from '../../src/shared/media.ts';
import { createIslandApp, type IslandApp, type Scenario, type SentForm } from '../../test/helpers/island-app.ts';
import { mediaSamples, type Sample, type SampleName } from '../../test/helpers/media-samples.ts';
import { UploadDialog, type UploadDialogProps } from './UploadDialog.tsx';

// The dialog talks to the real hub (test/helpers/island-app.ts): uploads go through its XMLHttpRequest
// stand-in, which streams the multipart body to the hub and reports progress as the hub reads it.

const SCENARIO: Scenario = { accounts: [{ username: 'ann', name: 'Ann Owner', role: 'admin' }], signedInAs: 'ann' };

let hub: IslandApp;
let samples: Record<SampleName, Sample>;
let logged: Mock<typeof console.error>;

beforeAll(async () => {
  samples = await mediaSamples();
});

beforeEach(async () => {
  logged = spyOn(console, 'error').mockImplementation(() => {});
  hub = await createIslandApp(SCENARIO);
});

afterEach(async () => {
  cleanup();
  jest.useRealTimers();
  await hub.close();
  logged.mockRestore();
});

const fileOf = (name: SampleName, as?: string) =>
  new File([samples[name].bytes() as Uint8Array<ArrayBuffer>], as ?? samples[name].name, { type: samples[name].mimeType });

async function settle(action?: () => void): Promise<void> {
  await act(async () => {
    action?.();
  });
  for (let i = 0; i < 8; i++) await act(() => hub.idle());
}

function renderDialog(props: Partial<UploadDialogProps> = {}) {
  const onUploaded = mock((_items: MediaItem[]) => {});
  const onClose = mock(() => {});
  const onDone = mock((_message: string) => {});
  render(<UploadDialog open onClose={onClose} onUploaded={onUploaded} onDone={onDone} {...props} />);
  return { onUploaded, onClose, onDone };
}

const dialog = () => screen.getByRole('dialog');
const choose = (...files: File[]) => fireEvent.change(within(dialog()).getByLabelText('Choose Files'), { target: { files } });
const uploadButton = () => within(dialog()).getByRole('button', { name: /^Upload \d+ File\(s\)$|^Uploading…$/ });
const rows = () =>
  within(dialog())
    .queryAllByRole('listitem')
    .filter((li) => li.closest('ul')?.getAttribute('aria-label') === 'Files to upload');
const toastText = () =>
  (
    within(dialog()).queryByRole('alert') ??
    within(dialog())
      .queryAllByRole('status')
      .find((s) => s.hasAttribute('data-toast'))
  )?.querySelector('span')?.textContent ?? null;
const uploads = () => hub.requests.filter((r) => r.method === 'POST' && r.path === '/api/gallery/upload').map((r) => r.body as SentForm);
const stored = async () => ((await (await fetch('/api/gallery?limit=100')).json()) as MediaPage).media;
/** Every file in the hub's media folder (originals, renditions and temporary files alike). */
const filesOnDisk = () =>
  readdirSync(path.join(hub.hub.dataDir, 'media'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('the file list', () => {
  test('shows each file with its name, type, size and Image/Video chip; a title field for one file; files can be removed', async () => {
    renderDialog();
    expect(within(dialog()).getByText('No files chosen yet.')).toBeTruthy();
    choose(fileOf('jpeg'), fileOf('mp4'), new File([samples.heic.bytes() as Uint8Array<ArrayBuffer>], 'IMG_0002.heic'));
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['photo.jpg', 'clip.mp4', 'IMG_0002.heic']);
    const [photo, clip, heic] = rows();
    expect(within(photo!).getByText('Image')).toBeTruthy();
    expect(within(photo!).getByText('image/jpeg')).toBeTruthy();
    expect(within(photo!).getByText(/^\d+(\.\d+)? KB$/)).toBeTruthy();
    expect(within(clip!).getByText('Video')).toBeTruthy();
    // No type from the browser (HEIC on most systems): the extension, and Image.
    expect(within(heic!).getByText('HEIC')).toBeTruthy();
    expect(within(heic!).getByText('Image')).toBeTruthy();
    expect(uploadButton().textContent).toBe('Upload 3 File(s)');
    expect(within(dialog()).queryByLabelText('Title')).toBeNull();

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove clip.mp4' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove IMG_0002.heic' }));
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['photo.jpg']);
    const title = within(dialog()).getByLabelText('Title') as HTMLInputElement;
    expect(title.placeholder).toBe('photo');
    expect(uploadButton().textContent).toBe('Upload 1 File(s)');
  });

  test('names every format the hub takes, the picker accepts their extensions, and a video the browser gives no type is a Video', async () => {
    renderDialog();
    const input = within(dialog()).getByLabelText('Choose Files') as HTMLInputElement;
    const line = document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(line).toBe('JPG, PNG, GIF, WebP, AVIF, HEIC/HEIF, MP4, MOV, M4V, WebM, MKV, AVI, WMV, FLV, MPEG-TS, MPEG-PS, 3GP, OGV');
    const accepted = input.accept.split(',');
    for (const taken of [
      'image/*',
      'video/*',
      '.heic',
      '.mov',
      '.m4v',
      '.mkv',
      '.avi',
      '.wmv',
      '.flv',
      '.ts',
      '.m2ts',
      '.mts',
      '.mpg',
      '.vob',
      '.3gp',
      '.3g2',
      '.ogv',
    ]) {
      expect(accepted).toContain(taken);
    }
    // Many systems give these files no type: the name tells the chip.
    const untyped = ['holiday.mkv', 'VTS_01_1.VOB', 'recording.ts', 'phone.3gp', 'clip.ogv', 'old.wmv', 'show.flv'].map(
      (name) => new File([new Uint8Array(16)], name),
    );
    choose(...untyped);
    expect(rows().map((r) => within(r).getByText(/^(Image|Video)$/).textContent)).toEqual(untyped.map(() => 'Video'));
  });

  test('files dropped on the dialog join the list', async () => {
    renderDialog();
    const zone = within(dialog()).getByText('Drag and drop files here').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('png'), fileOf('webm')] } });
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['image.png', 'clip.webm']);
  });
});

describe('uploading', () => {
  test('sends the files one after another with the title, tags and model, shows the real progress, then the spec toast and a cleared list', async () => {
    const { onUploaded, onDone: done, onClose: closed } = renderDialog({ modelId: undefined });
    choose(fileOf('jpeg'), fileOf('mp4'));
    // Tags: one from the vocabulary, one typed.
    await settle();
    fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Amateur' })[0]!);
    fireEvent.change(within(dialog()).getByLabelText('Custom tags'), { target: { value: 'beach, summer' } });

    // The first file stops half-way on the line: the bar shows how far it came.
    const total = samples.jpeg.bytes().length + samples.mp4.bytes().length;
    hub.network.interrupt('POST /api/gallery/upload', { pauseAfter: Math.floor(samples.jpeg.bytes().length / 2) });
    await settle(() => fireEvent.click(uploadButton()));
    const bar = within(dialog()).getByLabelText('Upload progress') as HTMLProgressElement;
    const halfway = Number(bar.getAttribute('value'));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(Math.ceil((samples.jpeg.bytes().length / total) * 100));
    expect(within(dialog()).getByText(`${halfway}%`, { selector: 'span' })).toBeTruthy();
    expect(uploadButton().textContent).toBe('Uploading…');
    expect(uploads()).toHaveLength(1);

    hub.network.clear();
    hub.network.release();
    await settle();

    expect(uploads()).toEqual([
      { fields: { tags: 'Amateur,beach,summer' }, files: [{ field: 'media', name: 'photo.jpg', size: samples.jpeg.bytes().length, type: 'image/jpeg' }] },
      { fields: { tags: 'Amateur,beach,summer' }, files: [{ field: 'media', name: 'clip.mp4', size: samples.mp4.bytes().length, type: 'video/mp4' }] },
    ]);
    // Success clears the files and tags (spec) and closes the dialog; the page shows the spec toast.
    expect(done.mock.calls).toEqual([['2 file(s) uploaded successfully!']]);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')!.open).toBe(false);
    const shut = within(document.querySelector('dialog')!);
    expect(shut.queryAllByRole('listitem', { hidden: true }).filter((li) => li.closest('ul')?.getAttribute('aria-label') === 'Files to upload')).toHaveLength(
      0,
    );
    expect(shut.queryByRole('list', { name: 'Selected tags', hidden: true })).toBeNull();
    expect((shut.getByLabelText('Custom tags') as HTMLInputElement).value).toBe('');
    expect(onUploaded).toHaveBeenCalledTimes(1);
    const items = onUploaded.mock.calls[0]![0];
    expect(items.map((i) => [i.title, i.type, i.tags])).toEqual([
      ['photo', 'image', ['Amateur', 'beach', 'summer']],
      ['clip', 'video', ['Amateur', 'beach', 'summer']],
    ]);
    expect((await stored()).map((i) => i.originalName).sort()).toEqual(['clip.mp4', 'photo.jpg']);
  });

  test('one file takes the typed title; a model card uploads with its model and names the destination', async () => {
    const model = (await (
      await fetch('/api/models', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Mia Rose' }) })
    ).json()) as { _id: string };
    const { onDone: done } = renderDialog({ modelId: model._id, models: [{ id: model._id, name: 'Mia Rose' }], destination: 'gallery' });
    expect(within(dialog()).getByRole('heading').textContent).toBe('Upload Content for Mia Rose');
    // Both destinations are offered; the model card's choice starts on Gallery (free).
    expect((within(dialog()).getByRole('radio', { name: 'Gallery (free)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog()).getByRole('radio', { name: 'Premium' }) as HTMLInputElement).checked).toBe(false);
    choose(fileOf('png'));
    fireEvent.change(within(dialog()).getByLabelText('Title'), { target: { value: 'Beach day' } });
    await settle(() => fireEvent.click(uploadButton()));
    expect(uploads()[0]!.fields).toEqual({ title: 'Beach day', modelId: model._id });
    expect(done.mock.calls).toEqual([['1 file(s) uploaded successfully to Gallery!']]);
    const [item] = await stored();
    expect([item!.title, item!.modelId, item!.modelName]).toEqual(['Beach day', model._id, 'Mia Rose']);
  });
});

describe('cancel', () => {
  test('while uploading the dialog cannot be closed; Cancel aborts the request and the hub keeps nothing', async () => {
    const { onClose, onUploaded } = renderDialog();
    choose(fileOf('mov'));
    hub.network.interrupt('POST /api/gallery/upload', { pauseAfter: Math.floor(samples.mov.bytes().length / 3) });
    await settle(() => fireEvent.click(uploadButton()));
    expect(Number(within(dialog()).getByLabelText('Upload progress').getAttribute('value'))).toBeGreaterThan(0);

    // Escape, and the browser's own close request: the dialog stays.
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    const request = new Event('cancel', { cancelable: true });
    dialog().dispatchEvent(request);
    expect(request.defaultPrevented).toBe(true);
    expect((dialog() as HTMLDialogElement).open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    await settle(() => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })));
    expect(within(dialog()).getByText('Upload cancelled')).toBeTruthy();
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['clip.mov']);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(await stored()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);

    // Now it closes.
    await settle(() => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('refusals and failures', () => {
  test('a file the hub refuses keeps its place with the hub words; the others upload', async () => {
    const { onUploaded } = renderDialog();
    choose(new File(['just some text, not a picture'], 'notes.jpg', { type: 'image/jpeg' }), fileOf('gif'));
    await settle(() => fireEvent.click(uploadButton()));
    const [refused] = rows();
    expect(refused!.getAttribute('aria-label')).toBe('notes.jpg');
    const words = within(refused!).getByText(/notes\.jpg/, { selector: 'p.text-danger' }).textContent!;
    expect(toastText()).toBe(words);
    expect(rows()).toHaveLength(1);
    expect(onUploaded.mock.calls[0]![0].map((i) => i.originalName)).toEqual(['animation.gif']);
    expect(within(dialog()).getByText('1 file(s) uploaded successfully!')).toBeTruthy();
  });

  test('a proxy error page, a dropped connection and a timeout give the spec texts', async () => {
    renderDialog();
    choose(fileOf('webp'));
    hub.network.interrupt('POST /api/gallery/upload', { proxyStatus: 502 });
    await settle(() => fireEvent.click(uploadButton()));
    expect(toastText()).toBe('Upload failed: 502 - <html><body><h1>502</h1></body></html>');
    expect(within(rows()[0]!).getByText('Upload failed: 502 - <html><body><h1>502</h1></body></html>')).toBeTruthy();

    hub.network.clear();
    hub.network.interrupt('POST /api/gallery/upload', { networkError: 'connection reset' });
    await settle(() => fireEvent.click(uploadButton()));
    expect(toastText()).toBe('Network error during upload');

    hub.network.clear();
    jest.useFakeTimers();
    hub.network.interrupt('POST /api/gallery/upload', { pauseAfter: 100 });
    await settle(() => fireEvent.click(uploadButton()));
    await act(async () => {
      jest.advanceTimersByTime(UPLOAD_TIMEOUT_MS);
    });
    await settle();
    expect(toastText()).toBe('Upload timeout - file may be too large');
    expect(await stored()).toEqual([]);
  });
});
