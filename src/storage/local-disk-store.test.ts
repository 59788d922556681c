import { afterAll, describe, expect, spyOn, test } from 'bun:test';
import { existsSync, promises as fs, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStore } from './local-disk-store.ts';
import { describeMediaStoreContract, streamOf } from './media-store.contract.ts';

const roots: string[] = [];
function tempRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hub-store-'));
  roots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describeMediaStoreContract('local disk', async () => ({ store: await new LocalDiskStore(path.join(tempRoot(), 'media')).init() }));

describe('LocalDiskStore specifics', () => {
  test('an object is invisible while it is still arriving, then appears whole', async () => {
    const store = await new LocalDiskStore(tempRoot()).init();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let step = 0;
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step++;
        if (step === 1) controller.enqueue(new TextEncoder().encode('first half, '));
        else if (step === 2) {
          await gate;
          controller.enqueue(new TextEncoder().encode('second half'));
        } else controller.close();
      },
    });
    const putting = store.put('u1/2026/11/slow.txt', slow);
    await Bun.sleep(50);
    expect(await store.head('u1/2026/11/slow.txt')).toBeNull();
    release();
    await putting;
    expect(await new Response((await store.get('u1/2026/11/slow.txt'))!.body).text()).toBe('first half, second half');
  });

  test('writes files readable only by the hub (mode 0600)', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    await store.put('u1/secret.jpg', streamOf('x'));
    const mode = (await fs.stat(path.join(root, 'u1/secret.jpg'))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  test('a failed put leaves no temp file behind, and init clears leftovers of a crash', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error('disconnected'));
      },
    });
    await expect(store.put('u1/x.bin', failing)).rejects.toThrow('disconnected');
    expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);

    await fs.writeFile(path.join(root, '.incoming', 'stale.part'), 'half a file');
    await new LocalDiskStore(root).init();
    expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);
  });

  test('syncs the complete temp file to disk before renaming it into place, then syncs the folder', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    const events: string[] = [];
    const realOpen = fs.open.bind(fs);
    const realRename = fs.rename.bind(fs);
    const opened = spyOn(fs, 'open').mockImplementation((async (file: string, flags?: string) => {
      const handle = await realOpen(file, flags);
      const realSync = handle.sync.bind(handle);
      handle.sync = async () => {
        const stat = await handle.stat();
        events.push(`sync ${path.relative(root, file).split(path.sep)[0]}${stat.isFile() ? ` ${stat.size} bytes` : ''}`);
        return realSync();
      };
      return handle;
    }) as never);
    const renamed = spyOn(fs, 'rename').mockImplementation((async (from: string, to: string) => {
      events.push(`rename to ${path.relative(root, to)}`);
      return realRename(from, to);
    }) as never);
    try {
      await store.put('u1/2026/11/synced.bin', streamOf('twelve bytes'));
      expect(events).toEqual(['sync .incoming 12 bytes', 'rename to u1/2026/11/synced.bin', 'sync u1']);
      // A rendition (durable: false) is renamed into place whole, without the two disk flushes.
      events.length = 0;
      await store.put('u1/2026/11/rendition.webp', streamOf('remade at will'), { durable: false });
      expect(events).toEqual(['rename to u1/2026/11/rendition.webp']);
      expect(await new Response((await store.get('u1/2026/11/rendition.webp'))!.body).text()).toBe('remade at will');
    } finally {
      opened.mockRestore();
      renamed.mockRestore();
    }
  });

  test('never lists its temp folder', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    await fs.writeFile(path.join(root, '.incoming', 'x.part'), 'x');
    const keys: string[] = [];
    for await (const o of store.list('')) keys.push(o.key);
    expect(keys).toEqual([]);
  });

  test('cannot be steered outside its folder, even through a symlink planted inside it', async () => {
    const parent = tempRoot();
    const root = path.join(parent, 'media');
    const store = await new LocalDiskStore(root).init();
    await fs.writeFile(path.join(parent, 'outside.txt'), 'private');
    await expect(store.get('../outside.txt')).rejects.toThrow();
    await expect(store.put('../outside.txt', streamOf('overwritten'))).rejects.toThrow();
    expect(await fs.readFile(path.join(parent, 'outside.txt'), 'utf8')).toBe('private');
    // A symlink planted inside still only resolves keys inside the root path.
    symlinkSync(parent, path.join(root, 'link'));
    expect(existsSync(path.join(root, 'link', 'outside.txt'))).toBe(true);
    await expect(store.get('link/../outside.txt')).rejects.toThrow();
    await expect(store.get('link/outside.txt')).rejects.toThrow('Invalid media key');
    await expect(store.head('link/outside.txt')).rejects.toThrow('Invalid media key');
    await expect(store.put('link/outside.txt', streamOf('overwritten'))).rejects.toThrow('Invalid media key');
    await expect(store.delete('link/outside.txt')).rejects.toThrow('Invalid media key');
    expect(await fs.readFile(path.join(parent, 'outside.txt'), 'utf8')).toBe('private');
  });

  test('given the chunks (releaseChunks), it frees each buffer once all of it is written, never a buffer still partly unread', async () => {
    const store = await new LocalDiskStore(tempRoot()).init();
    const whole = new Uint8Array(8).fill(1);
    const shared = new Uint8Array(10).fill(2, 0, 5).fill(3, 5);
    // Like a request body chunk whose last bytes belong to the next part of the form.
    const partly = new Uint8Array(6).fill(4);
    const chunks = [whole, shared.subarray(0, 5), shared.subarray(5), partly.subarray(0, 4)];
    const sent = Buffer.concat(chunks);
    const put = await store.put('originals/released.bin', streamOf(...chunks), { releaseChunks: true });

    expect(await Bun.file(path.join(store.root, 'originals/released.bin')).bytes()).toEqual(new Uint8Array(sent));
    expect(put).toEqual({ key: 'originals/released.bin', size: sent.byteLength, sha256: new Bun.CryptoHasher('sha256').update(sent).digest('hex') });
    expect([whole.buffer.detached, shared.buffer.detached, partly.buffer.detached]).toEqual([true, true, false]);
    expect(partly).toEqual(new Uint8Array(6).fill(4));

    const kept = new Uint8Array(8).fill(5);
    await store.put('originals/kept.bin', streamOf(kept));
    expect(kept.buffer.detached).toBe(false);
  });

  test('ping fails when the folder is gone', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    await store.ping();
    rmSync(root, { recursive: true, force: true });
    await expect(store.ping()).rejects.toThrow();
  });

  test('adopts a file written in its folder by renaming it: no copy, the file gone from where it was', async () => {
    const root = tempRoot();
    const store = await new LocalDiskStore(root).init();
    const file = store.incomingPath('mp4');
    expect(path.dirname(file)).toBe(path.join(root, '.incoming'));
    await fs.writeFile(file, 'a remux, as ffmpeg wrote it');
    const { ino } = await fs.stat(file);
    expect(await store.adopt('display/2026/11/film.mp4', file, { durable: false })).toEqual({ key: 'display/2026/11/film.mp4', size: 27 });
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(path.join(root, '.incoming'))).toEqual([]);
    // The same file, renamed: its bytes were not read and written again.
    expect((await fs.stat(path.join(root, 'display/2026/11/film.mp4'))).ino).toBe(ino);
    const got = (await store.get('display/2026/11/film.mp4'))!;
    expect(got.object).toMatchObject({ size: 27, contentType: 'video/mp4' });
    expect(await new Response(got.body).text()).toBe('a remux, as ffmpeg wrote it');
    // Never outside its folder.
    const other = store.incomingPath();
    await fs.writeFile(other, 'x');
    await expect(store.adopt('../outside.mp4', other)).rejects.toThrow('Invalid media key');
    expect(existsSync(path.join(root, '..', 'outside.mp4'))).toBe(false);
  });
});
