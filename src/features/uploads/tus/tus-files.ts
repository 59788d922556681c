// The bytes of unfinished tus uploads on the disk (decision 0047): one file per upload under
// DATA_DIR/uploads, named by its row's id. A PATCH body is appended at the recorded offset, in
// writes of up to 1 MiB; bytes past the offset (a write a crash cut short) are cut first. A body
// longer than the upload, or one whose Upload-Checksum does not match, is not kept.

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidError } from '../../../errors.ts';
import { chunkReleaser } from '../../../storage/media-store.ts';
import { SNIFF_BYTES, sniff } from '../../media/ingest/sniff.ts';
import { UPLOADS_TEXT, UploadAnswerError } from './tus.text.ts';

/** Bytes gathered from a PATCH body before they are written (one system call). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** Upload-Checksum: `sha1 <base64 digest>`. */
function parseChecksum(header: string | undefined): Buffer | null {
  if (header === undefined) return null;
  const [algorithm, digest = ''] = header.trim().split(' ');
  const bytes = Buffer.from(digest, 'base64');
  if (algorithm !== 'sha1' || bytes.length !== 20) throw new UploadAnswerError(460, UPLOADS_TEXT.checksumAlgorithm);
  return bytes;
}

/** What a PATCH brings: its body, to go at `offset`. */
export interface AppendInput {
  offset: number;
  body: ReadableStream<Uint8Array> | null;
  /** Content-Length, when the client said it. */
  contentLength?: number | undefined;
  /** Upload-Checksum header. */
  checksum?: string | undefined;
}

/** Where an append ended: the bytes now held, why the body stopped early (the client went), and whether it went past the upload's length. */
export interface Appended {
  position: number;
  failure: unknown;
  past: boolean;
}

/** The part of an upload a body is written into: its id, its length and the bytes it holds. */
export interface UploadExtent {
  id: string;
  length: number;
  offset: number;
}

export type UploadFiles = ReturnType<typeof createUploadFiles>;

export function createUploadFiles(dir: string) {
  const fileOf = (id: string) => path.join(dir, `${id}.part`);
  let made = false;

  /** Writes the body's chunks from `position`, gathered into writes of up to WRITE_BATCH_BYTES. */
  async function pour(
    handle: fs.FileHandle,
    upload: UploadExtent,
    body: ReadableStream<Uint8Array>,
    hash: ReturnType<typeof createHash> | null,
  ): Promise<Appended> {
    const reader = body.getReader();
    const release = chunkReleaser();
    let position = upload.offset;
    let past = false;
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    const flush = async () => {
      let at = 0;
      while (at < batchBytes) {
        const pending = at === 0 ? batch : [Buffer.concat(batch).subarray(at)];
        const { bytesWritten } = await handle.writev(pending, position + at);
        at += bytesWritten;
      }
      position += batchBytes;
      for (const chunk of batch) release(chunk);
      batch = [];
      batchBytes = 0;
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const take = Math.min(value.byteLength, upload.length - position - batchBytes);
        if (take < value.byteLength) past = true;
        const bytes = take === value.byteLength ? value : value.subarray(0, take);
        hash?.update(bytes);
        batch.push(bytes);
        batchBytes += take;
        if (past) {
          await reader.cancel().catch(() => {});
          break;
        }
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
      return { position, failure: undefined, past };
    } catch (error) {
      // What came before the client went is kept.
      await flush();
      return { position, failure: error, past };
    }
  }

  return {
    /** Makes the uploads folder (owner only) the first time an upload is created. */
    ensureDir(): void {
      if (made) return;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      made = true;
    },
    /** The upload's (empty) file, before its creation is answered. */
    create: (id: string) => fs.writeFile(fileOf(id), new Uint8Array(0), { mode: 0o600, flag: 'w' }),
    path: fileOf,
    remove: (id: string) => fs.rm(fileOf(id), { force: true }),
    /** Bytes the file holds (0 when it is gone). */
    size: (id: string) =>
      fs
        .stat(fileOf(id))
        .then((stat) => stat.size)
        .catch(() => 0),
    truncate: (id: string, size: number) => fs.truncate(fileOf(id), size).catch(() => {}),
    /** The ids of the files in the folder, with their times (files of rows gone are removed by the sweep). */
    async listed(): Promise<string[]> {
      try {
        return (await fs.readdir(dir)).filter((name) => name.endsWith('.part')).map((name) => name.slice(0, -'.part'.length));
      } catch {
        // No uploads yet: no folder.
        return [];
      }
    },
    modifiedAt: (id: string) =>
      fs
        .stat(fileOf(id))
        .then((stat) => stat.mtimeMs)
        .catch(() => null),
    /** Whether the file's first bytes are of a type the hub takes (true while fewer than needed are there). */
    async headAccepted(upload: UploadExtent, before: number, after: number): Promise<boolean> {
      const needed = Math.min(SNIFF_BYTES, upload.length);
      if (before >= needed || after < needed) return true;
      const handle = await fs.open(fileOf(upload.id), 'r');
      try {
        const head = new Uint8Array(needed);
        await handle.read(head, 0, needed, 0);
        return sniff(head) !== null;
      } finally {
        await handle.close();
      }
    },
    /** Appends the body at the upload's offset; a body past its length, or not as its checksum says, leaves the file as it was. */
    async append(upload: UploadExtent, input: AppendInput): Promise<Appended> {
      const expected = parseChecksum(input.checksum);
      const room = upload.length - upload.offset;
      if (input.contentLength !== undefined && input.contentLength > room) throw new InvalidError(UPLOADS_TEXT.pastLength);
      const hash = expected ? createHash('sha1') : null;
      const handle = await fs.open(fileOf(upload.id), 'r+');
      try {
        // Bytes past the recorded offset (a write a crash cut short) are not the upload's.
        await handle.truncate(upload.offset);
        const result: Appended = input.body ? await pour(handle, upload, input.body, hash) : { position: upload.offset, failure: undefined, past: false };
        // A body longer than the upload, a chunk that came only in part, or not as its checksum says, is not kept.
        if (result.past || (expected && (result.failure !== undefined || !hash!.digest().equals(expected)))) {
          await handle.truncate(upload.offset);
          result.position = upload.offset;
          if (result.failure === undefined && !result.past) {
            await handle.sync();
            throw new UploadAnswerError(460, UPLOADS_TEXT.checksumMismatch);
          }
        }
        return result;
      } finally {
        await handle.close();
      }
    },
  };
}
