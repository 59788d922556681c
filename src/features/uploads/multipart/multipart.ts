// A multipart/form-data request body as a sequence of parts, read while it streams in: fields as
// text, each file as a stream the caller reads (or cancels) before the next part is read. Nothing
// is buffered beyond the body's current chunk, whatever the files' sizes (never formData()).

import { AppError, InvalidError, TooLargeError, UnsupportedMediaTypeError } from '../../../errors.ts';
import type { MultipartLimits, UploadPart } from '../../media/ingest/upload-part.ts';
import { boundaryOf, MultipartFormatError, MultipartReader, parseDisposition } from './multipart-reader.ts';

export type { MultipartLimits, UploadPart };

export const MULTIPART_TEXT = {
  notMultipart: 'Send the files as multipart/form-data',
  unreadable: 'The upload could not be read (the multipart body is broken)',
  tooManyParts: (limits: MultipartLimits) => `An upload may carry at most ${limits.files} files and ${limits.fields} other fields`,
} as const;

/**
 * Each part has a Content-Disposition and perhaps a Content-Type: a few lines of a few hundred
 * bytes (a long file name in UTF-8 is about 1 KB). Anything near these bounds is an attack.
 */
const PART_HEADER_LIMITS = { headerBytes: 16 * 1024, headerLines: 16 };
/** Longest field name kept (a longer one is marked truncated). */
const FIELD_NAME_LENGTH = 100;

/**
 * The parts of `request`'s multipart body, in order. Throws a 415 for another content type, a 400
 * for a broken body (no boundary, malformed part headers, a body that ends mid-part) and a 413
 * past the limits. A body that fails (the client went away) fails the file stream being read and
 * then the iteration. Leaving the loop early stops reading the body.
 */
export async function* multipartParts(request: Request, limits: MultipartLimits): AsyncGenerator<UploadPart> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new UnsupportedMediaTypeError(MULTIPART_TEXT.notMultipart);
  const boundary = boundaryOf(type);
  if (!boundary || !request.body) throw new InvalidError(MULTIPART_TEXT.unreadable);
  const body = request.body.getReader();
  const reader = new MultipartReader(body, boundary, PART_HEADER_LIMITS);
  const tooMany = () => new TooLargeError(MULTIPART_TEXT.tooManyParts(limits));
  let files = 0;
  let fields = 0;
  let parts = 0;
  try {
    for (;;) {
      const headers = await read(reader.nextPart());
      if (!headers) return;
      if (++parts > limits.files + limits.fields) throw tooMany();
      const disposition = parseDisposition(headers.get('content-disposition') ?? '');
      // Not a form field (no or another disposition): skipped, as a form parser does.
      // biome-ignore lint/complexity/useOptionalChain: kept from before the linter; fix when this code is next touched
      if (!disposition || disposition.type !== 'form-data') continue;
      let name = disposition.params.get('name') ?? '';
      const fileName = disposition.params.get('filename*') || disposition.params.get('filename') || undefined;
      const [contentType = '', ...params] = (headers.get('content-type') ?? '').split(';').map((s) => s.trim());
      if (fileName !== undefined || contentType.toLowerCase() === 'application/octet-stream') {
        if (++files > limits.files) throw tooMany();
        const file = fileStream(reader);
        yield { kind: 'file', field: name, name: baseName(fileName ?? ''), stream: file.stream };
        await file.finish();
        continue;
      }
      if (++fields > limits.fields) throw tooMany();
      let truncated = name.length > FIELD_NAME_LENGTH;
      name = name.slice(0, FIELD_NAME_LENGTH);
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (let bytes = await read(reader.data()); bytes; bytes = await read(reader.data())) {
        // Past the limit the value is read on and dropped: the caller refuses it by its flag.
        const room = limits.fieldBytes - size;
        if (bytes.byteLength > room) truncated = true;
        if (room <= 0) continue;
        chunks.push(Uint8Array.prototype.slice.call(bytes, 0, room));
        size += Math.min(room, bytes.byteLength);
      }
      const charset = params
        .find((p) => /^charset=/i.test(p))
        ?.slice(8)
        .replace(/"/g, '');
      yield { kind: 'field', name, value: decodeText(Buffer.concat(chunks, size), charset), truncated };
    }
  } finally {
    // Done early (a refusal, an error): stop reading. Bun drops the rest of the body with the answer.
    void body.cancel().catch(() => {});
  }
}

/** A reader call whose failure becomes the answer's: a broken body is a 400, a failed one the client's going. */
async function read<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw partError(error);
  }
}

function partError(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (error instanceof MultipartFormatError) return new InvalidError(MULTIPART_TEXT.unreadable);
  // Anything else came from the request body itself: the client disconnected or cancelled.
  return new ClientGoneError(error);
}

/** The request body failed before its end: the client disconnected or cancelled. */
export class ClientGoneError extends InvalidError {
  constructor(cause: unknown) {
    // A 400 nobody reads (the client is gone), and no error in the log: nothing went wrong here.
    super('The upload was interrupted');
    this.cause = cause;
  }
}

/**
 * The current part's bytes as a web stream, read from the body only when its reader asks (no
 * read-ahead: backpressure is the consumer's pace). Cancelling it just stops it: `finish()`, which
 * the parts loop awaits before the next part, skips whatever was left unread.
 */
function fileStream(reader: MultipartReader): { stream: ReadableStream<Uint8Array>; finish(): Promise<void> } {
  let reading: Promise<void> = Promise.resolve();
  let ended = false;
  let failure: Error | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reading = reader.data().then(
          (bytes) => {
            if (bytes === null) ended = true;
            try {
              if (bytes === null) controller.close();
              else controller.enqueue(bytes);
            } catch {
              // Cancelled meanwhile: finish() skips the rest.
            }
          },
          (error: unknown) => {
            ended = true;
            failure = partError(error);
            try {
              controller.error(failure);
            } catch {
              // Cancelled meanwhile: finish() reports the failure.
            }
          },
        );
        return reading;
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    async finish() {
      await reading;
      if (failure) throw failure;
      if (ended) return;
      while ((await read(reader.data())) !== null);
    },
  };
}

/** The file name without any folders a browser or tool sent with it (as form parsers do). */
function baseName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  return base === '.' || base === '..' ? '' : base;
}

/** A field's bytes as text in the part's charset (UTF-8 unless it names one Bun knows). */
function decodeText(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}
