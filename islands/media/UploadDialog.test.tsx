import { afterEach, beforeAll, beforeEach, describe, expect, jest, type Mock, mock, spyOn, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type MediaItem, type MediaPage, UPLOAD_TIMEOUT_MS } from '../../src/shared/media.ts';
import { createIslandApp, type IslandApp, type Scenario } from '../../test/helpers/island-app.ts';
import { mediaSamples, paddedVideo as paddedSample, type Sample, type SampleName, sha256 } from '../../test/helpers/media-samples.ts';
import { encodeMetadata, RETRY_DELAYS_MS, TUS_TEXT, tusUpload } from '../lib/uploads.ts';
import { UploadDialog, type UploadDialogProps } from './UploadDialog.tsx';

// The dialog talks to the real hub (test/helpers/island-app.ts): each file is a tus upload
// (/api/uploads); its chunks go through the XMLHttpRequest stand-in, which streams them to the hub
// and reports progress as the hub reads them, and can break a chunk off as a dropped line does.

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
const MB = 1024 * 1024;
/** The uploads the dialog created (tus POST): the file's length and its metadata, decoded. */
const created = Object.assign(
  () =>
    hub.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/uploads')
      .map((r) => ({ length: Number(r.headers.get('upload-length')), metadata: decodeMetadata(r.headers.get('upload-metadata') ?? '') })),
  {
    paths: () =>
      hub.requests
        .filter((r) => r.method === 'PATCH')
        .map((r) => r.path)
        .filter((p, i, all) => all.indexOf(p) === i),
  },
);
/** The chunks sent (tus PATCH): where each starts and how long it is. */
const patches = () =>
  hub.requests
    .filter((r) => r.method === 'PATCH' && r.path.startsWith('/api/uploads/'))
    .map((r) => ({ offset: Number(r.headers.get('upload-offset')), size: (r.body as Blob).size, type: r.headers.get('content-type') }));
function decodeMetadata(header: string): Record<string, string> {
  return Object.fromEntries(
    header
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [key = '', value = ''] = pair.split(' ');
        return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
      }),
  );
}
/** The bar's value now. */
const shown = () => Number(within(dialog()).getByLabelText('Upload progress').getAttribute('value'));
/** Lets the dialog run (its requests, its pauses between tries) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) {
    await settle();
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
  }
}
const paddedVideo = (size: number) => paddedSample(samples.mp4.bytes(), size);
/** The hash of an item's original as the hub serves it. */
const originalHash = async (item: MediaItem) => sha256(await (await fetch(item.url)).arrayBuffer());
/** Unfinished uploads' files on the hub. */
const partFiles = () => {
  try {
    return readdirSync(path.join(hub.hub.dataDir, 'uploads'));
  } catch {
    return [];
  }
};
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
  test('sends each file as one tus upload with the title, tags and model, shows the real progress, then the spec toast and a cleared list', async () => {
    const { onUploaded, onDone: done, onClose: closed } = renderDialog({ modelId: undefined });
    choose(fileOf('jpeg'), fileOf('mp4'));
    // Tags: one from the vocabulary, one typed.
    await settle();
    fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Amateur' })[0]!);
    fireEvent.change(within(dialog()).getByLabelText('Custom tags'), { target: { value: 'beach, summer' } });

    // The first file stops half-way on the line: the bar shows how far it came.
    const total = samples.jpeg.bytes().length + samples.mp4.bytes().length;
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: Math.floor(samples.jpeg.bytes().length / 2) });
    await settle(() => fireEvent.click(uploadButton()));
    const halfway = shown();
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(Math.ceil((samples.jpeg.bytes().length / total) * 100));
    expect(within(dialog()).getByText(`${halfway}%`, { selector: 'span' })).toBeTruthy();
    expect(uploadButton().textContent).toBe('Uploading…');
    expect(created()).toHaveLength(1);

    hub.network.clear();
    hub.network.release();
    await until(() => done.mock.calls.length > 0);

    const tags = 'Amateur,beach,summer';
    expect(created()).toEqual([
      { length: samples.jpeg.bytes().length, metadata: { filename: 'photo.jpg', filetype: 'image/jpeg', gallery: 'gallery', tags } },
      { length: samples.mp4.bytes().length, metadata: { filename: 'clip.mp4', filetype: 'video/mp4', gallery: 'gallery', tags } },
    ]);
    // Nothing went the old way.
    expect(hub.requests.filter((r) => r.path === '/api/gallery/upload')).toEqual([]);
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

  test('a file larger than a chunk goes in 5 MiB chunks, each from the offset the hub acknowledged, the bar following them', async () => {
    const { onUploaded } = renderDialog();
    const video = paddedVideo(12 * MB);
    choose(new File([video], 'long.mp4', { type: 'video/mp4' }));
    // Each chunk stops on the line after its first MiB, to be looked at.
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: MB });
    await settle(() => fireEvent.click(uploadButton()));
    const seen: number[] = [];
    while (onUploaded.mock.calls.length === 0) {
      seen.push(shown());
      hub.network.release();
      await settle();
    }

    expect(patches().map((p) => [p.offset, p.size])).toEqual([
      [0, 5 * MB],
      [5 * MB, 5 * MB],
      [10 * MB, 2 * MB],
    ]);
    expect(patches().every((p) => p.type === 'application/offset+octet-stream')).toBe(true);
    // The bar follows the bytes, within a chunk too: 1, 6 and 11 MiB of 12.
    expect(seen).toEqual([8, 50, 91]);
    const [item] = onUploaded.mock.calls[0]![0];
    expect([item!.originalName, item!.type, item!.size]).toEqual(['long.mp4', 'video', video.length]);
    expect(await originalHash(item!)).toBe(sha256(video));
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
    await until(() => done.mock.calls.length > 0);
    expect(created()[0]!.metadata).toEqual({ filename: 'image.png', filetype: 'image/png', gallery: 'gallery', title: 'Beach day', modelId: model._id });
    expect(done.mock.calls).toEqual([['1 file(s) uploaded successfully to Gallery!']]);
    const [item] = await stored();
    expect([item!.title, item!.modelId, item!.modelName]).toEqual(['Beach day', model._id, 'Mia Rose']);
  });

  test('the premium dialog sends each file to Premium', async () => {
    const { onDone: done } = renderDialog({ variant: 'premium', toastMs: 4_000 });
    expect(within(dialog()).getByRole('heading').textContent).toBe('Upload Premium Content');
    choose(fileOf('jpeg'), fileOf('webm'));
    await settle(() => fireEvent.click(uploadButton()));
    await until(() => done.mock.calls.length > 0);
    expect(created().map((c) => [c.metadata.filename, c.metadata.gallery])).toEqual([
      ['photo.jpg', 'premium'],
      ['clip.webm', 'premium'],
    ]);
    expect(done.mock.calls).toEqual([['2 file(s) uploaded successfully!']]);
    const premium = ((await (await fetch('/api/premium?limit=100')).json()) as MediaPage).media;
    expect(premium.map((i) => i.originalName).sort()).toEqual(['clip.webm', 'photo.jpg']);
    expect(await stored()).toEqual([]);
  });
});

describe('a dropped line', () => {
  test('a chunk that breaks off is sent again from the offset the hub has (HEAD), the bar carries on, and the stored file is the same', async () => {
    const { onUploaded, onDone: done } = renderDialog();
    const video = paddedVideo(12 * MB);
    choose(new File([video], 'train.mp4', { type: 'video/mp4' }));
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: MB });
    await settle(() => fireEvent.click(uploadButton()));
    expect(shown()).toBe(8);
    // The second chunk breaks off after 3 MiB of it reached the hub; the HEAD after it waits.
    hub.network.clear();
    hub.network.interrupt('PATCH /api/uploads/', { dropAfter: 3 * MB });
    hub.network.interrupt('HEAD /api/uploads/', { held: true });
    hub.network.release();
    await until(() => hub.requests.some((r) => r.method === 'HEAD'));
    await settle();
    const atBreak = shown();
    expect(atBreak).toBeGreaterThanOrEqual(41);
    // The hub answers the HEAD; the rest goes from its offset, and the bar from there, not from 0.
    hub.network.clear();
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: 64 * 1024 });
    hub.network.release();
    await until(() => patches().length === 3);
    await settle();
    expect(shown()).toBeGreaterThanOrEqual(66);
    hub.network.clear();
    hub.network.release();
    await until(() => done.mock.calls.length > 0);

    const tus = hub.requests.filter((r) => r.path.startsWith('/api/uploads')).map((r) => r.method);
    expect(tus).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'GET']);
    // What the hub kept of the broken chunk counts: the rest starts where it ends.
    expect(patches().map((p) => [p.offset, p.size])).toEqual([
      [0, 5 * MB],
      [5 * MB, 5 * MB],
      [8 * MB, 4 * MB],
    ]);
    const [item] = onUploaded.mock.calls[0]![0];
    expect(await originalHash(item!)).toBe(sha256(video));
    expect(done.mock.calls).toEqual([['1 file(s) uploaded successfully!']]);
  });

  test('while the line stays down the dialog says so and waits; back online, the upload goes on', async () => {
    const { onDone: done } = renderDialog();
    choose(fileOf('mov'));
    hub.network.interrupt('PATCH /api/uploads/', { networkError: 'connection refused' });
    await settle(() => fireEvent.click(uploadButton()));
    await until(() => within(dialog()).queryByText(TUS_TEXT.reconnecting) !== null);
    expect(uploadButton().textContent).toBe('Uploading…');
    expect(rows()[0]!.textContent).toContain('Uploading…');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    hub.network.clear();
    // The browser says it is back: no need to wait out the pause.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await until(() => done.mock.calls.length > 0);
    expect(done.mock.calls).toEqual([['1 file(s) uploaded successfully!']]);
    expect((await stored()).map((i) => i.originalName)).toEqual(['clip.mov']);
  });
});

describe('cancel', () => {
  test('while uploading the dialog cannot be closed; Cancel ends the upload and the hub keeps nothing', async () => {
    const { onClose, onUploaded } = renderDialog();
    choose(fileOf('mov'));
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: Math.floor(samples.mov.bytes().length / 3) });
    await settle(() => fireEvent.click(uploadButton()));
    expect(shown()).toBeGreaterThan(0);

    // Escape, and the browser's own close request: the dialog stays.
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    const request = new Event('cancel', { cancelable: true });
    dialog().dispatchEvent(request);
    expect(request.defaultPrevented).toBe(true);
    expect((dialog() as HTMLDialogElement).open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    await settle(() => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })));
    await until(() => within(dialog()).queryByText('Upload cancelled') !== null);
    await settle();
    expect(rows().map((r) => r.getAttribute('aria-label'))).toEqual(['clip.mov']);
    expect(onUploaded).not.toHaveBeenCalled();
    // The upload is ended (tus termination): no item, and no bytes left on the hub.
    expect(hub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(created.paths());
    expect(await stored()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
    expect(partFiles()).toEqual([]);

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
    await until(() => onUploaded.mock.calls.length > 0);
    const [refused] = rows();
    expect(refused!.getAttribute('aria-label')).toBe('notes.jpg');
    const words = within(refused!).getByText(/notes\.jpg/, { selector: 'p.text-danger' }).textContent!;
    // The same words as the hub gives for the same file sent on its own.
    const alone = await tusUpload(new File(['just some text, not a picture'], 'notes.jpg', { type: 'image/jpeg' }), { gallery: 'gallery', tags: [] }).done;
    expect(alone.ok ? alone.result.errors[0]?.error : alone.message).toBe(words);
    expect(toastText()).toBe(words);
    expect(rows()).toHaveLength(1);
    expect(onUploaded.mock.calls[0]![0].map((i) => i.originalName)).toEqual(['animation.gif']);
    expect(within(dialog()).getByText('1 file(s) uploaded successfully!')).toBeTruthy();
  });

  test('a file over the hub’s size limit is refused at creation with the hub’s words, before any byte is sent', async () => {
    await hub.close();
    hub = await createIslandApp({ ...SCENARIO, env: { MAX_UPLOAD_BYTES: '1000' } });
    renderDialog();
    choose(fileOf('jpeg'));
    await settle(() => fireEvent.click(uploadButton()));
    await until(() => toastText() !== null);
    const creation = await fetch('/api/uploads', {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(samples.jpeg.bytes().length), 'upload-metadata': encodeMetadata({ filename: 'photo.jpg' }) },
    });
    expect(creation.status).toBe(413);
    const words = ((await creation.json()) as { error: string }).error;
    expect(toastText()).toBe(words);
    expect(within(rows()[0]!).getByText(words)).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  test('a proxy error page, a dropped connection and a timeout give the spec texts once the tries run out', async () => {
    renderDialog();
    choose(fileOf('webp'));
    jest.useFakeTimers();
    const outlast = async (step: number) => {
      for (let i = 0; toastText() === null; i++) {
        if (i > 3 * RETRY_DELAYS_MS.length) throw new Error('the upload never gave up');
        await act(async () => {
          jest.advanceTimersByTime(step);
        });
        await settle();
      }
    };
    hub.network.interrupt('POST /api/uploads', { proxyStatus: 502 });
    await settle(() => fireEvent.click(uploadButton()));
    await outlast(Math.max(...RETRY_DELAYS_MS));
    expect(toastText()).toBe('Upload failed: 502 - <html><body><h1>502</h1></body></html>');
    expect(within(rows()[0]!).getByText('Upload failed: 502 - <html><body><h1>502</h1></body></html>')).toBeTruthy();
    // Tried again and again, then given up.
    expect(hub.requests.filter((r) => r.method === 'POST' && r.path === '/api/uploads')).toHaveLength(RETRY_DELAYS_MS.length + 1);

    hub.network.clear();
    hub.network.interrupt('PATCH /api/uploads/', { networkError: 'connection reset' });
    await settle(() => fireEvent.click(uploadButton()));
    await outlast(Math.max(...RETRY_DELAYS_MS));
    expect(toastText()).toBe('Network error during upload');

    hub.network.clear();
    hub.network.interrupt('PATCH /api/uploads/', { pauseAfter: 100 });
    await settle(() => fireEvent.click(uploadButton()));
    await outlast(UPLOAD_TIMEOUT_MS);
    expect(toastText()).toBe('Upload timeout - file may be too large');
    expect(await stored()).toEqual([]);
    // Eleven tries of each failure, each one a few hub requests: more than the usual time for a test.
  }, 120_000);
});
