// One behavioural contract every MediaStore must meet; each implementation's test file runs it.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RangeNotSatisfiableError } from '../errors.ts';
import { InvalidKeyError, type MediaStore, ObjectTooLargeError } from './media-store.ts';

export interface ContractSubject {
  store: MediaStore;
  cleanup?: () => Promise<void>;
}

/** A stream of the given chunks with no declared length, as an upload arrives. */
export function streamOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
  });
}

/** A stream that yields some bytes, then fails, like a client that disconnects mid-upload. */
function failingStream(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new Uint8Array(64 * 1024).fill(7));
      } else {
        controller.error(new Error('client went away'));
      }
    },
  });
}

/** Deterministic pseudo-random bytes, so large objects are not trivially compressible. */
function pseudoRandomBytes(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >>> 16;
  }
  return out;
}

function sha256(bytes: Uint8Array | string): string {
  return new Bun.CryptoHasher('sha256').update(bytes).digest('hex');
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function collect(iterable: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of iterable) keys.push(o.key);
  return keys;
}

/**
 * Runs the contract against the store `open` makes. `unavailableReason`, when given, skips the
 * suite with that reason printed (a developer machine without the S3 test server); callers must
 * not pass one under CI.
 */
export function describeMediaStoreContract(name: string, open: () => Promise<ContractSubject>, unavailableReason?: string) {
  if (unavailableReason) console.warn(`[storage contract] ${name} skipped: ${unavailableReason}`);
  describe.skipIf(Boolean(unavailableReason))(`MediaStore contract: ${name}`, () => {
    let subject: ContractSubject | undefined;
    let store: MediaStore;
    // Each run works under its own prefix so a shared bucket never mixes runs.
    const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    }, 60_000);
    afterAll(async () => {
      await subject?.cleanup?.();
    });

    const it = (title: string, fn: () => Promise<void>, timeout?: number) => test(title, fn, timeout);

    it('answers ping', async () => {
      await store.ping();
    });

    it('stores a stream of unknown length and reads the same bytes back', async () => {
      const key = `${run}/a/hello.txt`;
      const put = await store.put(key, streamOf('hello, ', 'world'), { contentType: 'text/plain' });
      expect(put).toEqual({ key, size: 12, sha256: sha256('hello, world') });
      const got = await store.get(key);
      expect(got).not.toBeNull();
      expect(await text(got!.body)).toBe('hello, world');
      expect(got!.object.size).toBe(12);
      expect(got!.range).toBeUndefined();
    });

    it('reports size, content type and modification time in head', async () => {
      const key = `${run}/a/pic.jpg`;
      const before = Date.now();
      await store.put(key, streamOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])), { contentType: 'image/jpeg' });
      const head = await store.head(key);
      expect(head).not.toBeNull();
      expect(head!.key).toBe(key);
      expect(head!.size).toBe(7);
      expect(head!.contentType).toBe('image/jpeg');
      // Stores keep whole seconds; allow a little clock skew between this process and the server.
      expect(head!.lastModified.getTime()).toBeGreaterThan(before - 5_000);
      expect(head!.lastModified.getTime()).toBeLessThan(Date.now() + 5_000);
    });

    it('returns null for a missing key in get and head', async () => {
      expect(await store.get(`${run}/missing/nothing.bin`)).toBeNull();
      expect(await store.head(`${run}/missing/nothing.bin`)).toBeNull();
    });

    it('serves byte ranges: closed, open-ended and clamped past the end', async () => {
      const key = `${run}/r/digits.txt`;
      await store.put(key, streamOf('0123456789'));
      const closed = await store.get(key, { start: 2, end: 5 });
      expect(await text(closed!.body)).toBe('2345');
      expect(closed!.range).toEqual({ start: 2, end: 5 });
      expect(closed!.object.size).toBe(10);

      const open = await store.get(key, { start: 7 });
      expect(await text(open!.body)).toBe('789');
      expect(open!.range).toEqual({ start: 7, end: 9 });

      const clamped = await store.get(key, { start: 8, end: 500 });
      expect(await text(clamped!.body)).toBe('89');
      expect(clamped!.range).toEqual({ start: 8, end: 9 });
    });

    it('refuses a range that starts at or past the end', async () => {
      const key = `${run}/r/short.txt`;
      await store.put(key, streamOf('abc'));
      await expect(store.get(key, { start: 3 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it('replaces an object put again under the same key', async () => {
      const key = `${run}/o/note.txt`;
      await store.put(key, streamOf('first version'));
      await store.put(key, streamOf('second'));
      expect(await text((await store.get(key))!.body)).toBe('second');
      expect((await store.head(key))!.size).toBe(6);
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      const key = `${run}/d/gone.txt`;
      await store.put(key, streamOf('bye'));
      await store.delete(key);
      expect(await store.head(key)).toBeNull();
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
    });

    it('lists by prefix, in key order, and only under that prefix', async () => {
      const keys = [`${run}/l/u1/b.txt`, `${run}/l/u1/a.txt`, `${run}/l/u1/sub/c.txt`, `${run}/l/u10/x.txt`, `${run}/l/u2/y.txt`];
      for (const key of keys) await store.put(key, streamOf(key));
      expect(await collect(store.list(`${run}/l/u1/`))).toEqual([`${run}/l/u1/a.txt`, `${run}/l/u1/b.txt`, `${run}/l/u1/sub/c.txt`]);
      expect(await collect(store.list(`${run}/l/u1`))).toEqual([`${run}/l/u1/a.txt`, `${run}/l/u1/b.txt`, `${run}/l/u1/sub/c.txt`, `${run}/l/u10/x.txt`]);
      expect(await collect(store.list(`${run}/l/none/`))).toEqual([]);
      const listed: { key: string; size: number }[] = [];
      for await (const o of store.list(`${run}/l/u2/`)) listed.push({ key: o.key, size: o.size });
      expect(listed).toEqual([{ key: `${run}/l/u2/y.txt`, size: `${run}/l/u2/y.txt`.length }]);
    });

    it('leaves nothing behind when the incoming stream fails', async () => {
      const key = `${run}/f/broken.bin`;
      await expect(store.put(key, failingStream())).rejects.toThrow('client went away');
      expect(await store.head(key)).toBeNull();
      expect(await collect(store.list(`${run}/f/`))).toEqual([]);
    });

    it('keeps the previous version when a replacing put fails', async () => {
      const key = `${run}/f/kept.txt`;
      await store.put(key, streamOf('original'));
      await store.put(key, failingStream()).catch(() => {});
      expect(await text((await store.get(key))!.body)).toBe('original');
    });

    it('refuses an object over maxBytes and stores nothing', async () => {
      const key = `${run}/m/big.bin`;
      await expect(store.put(key, streamOf(new Uint8Array(1000), new Uint8Array(1000)), { maxBytes: 1500 })).rejects.toBeInstanceOf(ObjectTooLargeError);
      expect(await store.head(key)).toBeNull();
    });

    it('rejects keys that could escape or are not server-made', async () => {
      for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b', 'a/./b', 'A/Upper', 'a/b/', '', 'a\\b', 'a/b\0c']) {
        await expect(store.put(bad, streamOf('x'))).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.get(bad)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.head(bad)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(store.delete(bad)).rejects.toBeInstanceOf(InvalidKeyError);
      }
      expect(() => store.list('../')).toThrow(InvalidKeyError);
    });

    it('streams a multi-part-sized object (12 MiB in 64 KiB chunks) intact', async () => {
      const key = `${run}/big/video.mp4`;
      const bytes = pseudoRandomBytes(12 * 1024 * 1024, 42);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += 64 * 1024) chunks.push(bytes.subarray(i, i + 64 * 1024));
      const put = await store.put(key, streamOf(...chunks), { contentType: 'video/mp4' });
      expect(put.size).toBe(bytes.length);
      expect(put.sha256).toBe(sha256(bytes));
      const got = await store.get(key);
      const back = new Uint8Array(await new Response(got!.body).arrayBuffer());
      expect(back.length).toBe(bytes.length);
      expect(sha256(back)).toBe(put.sha256);
      const tail = await store.get(key, { start: bytes.length - 10 });
      expect(new Uint8Array(await new Response(tail!.body).arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    }, 60_000);
  });
}
