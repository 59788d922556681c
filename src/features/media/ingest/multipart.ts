// A multipart/form-data request body as a sequence of parts, parsed by busboy while it streams in:
// fields as text, each file as a stream the caller reads (or cancels) before the next part is
// parsed. Nothing is buffered beyond a chunk or two, whatever the files' sizes (never formData()).

import busboy from 'busboy';
import type { Readable } from 'node:stream';
import { InvalidError, TooLargeError, UnsupportedMediaTypeError } from '../../../errors.ts';

export type UploadPart =
  | { kind: 'field'; name: string; value: string; truncated: boolean }
  /** `stream` must be read to its end or cancelled (which skips the rest) before the next part comes. */
  | { kind: 'file'; field: string; name: string; stream: ReadableStream<Uint8Array> };

export interface MultipartLimits {
  /** Files in one request. */
  files: number;
  /** Text fields in one request. */
  fields: number;
  /** Bytes of one text field's value. */
  fieldBytes: number;
}

export const MULTIPART_TEXT = {
  notMultipart: 'Send the files as multipart/form-data',
  unreadable: 'The upload could not be read (the multipart body is broken)',
  tooManyParts: (limits: MultipartLimits) => `An upload may carry at most ${limits.files} files and ${limits.fields} other fields`,
} as const;

/** Bytes the parser and each file stream hold before asking the request body to wait. */
const BUFFER_BYTES = 256 * 1024;

/**
 * The parts of `request`'s multipart body, in order. Throws a 415 for another content type, a 400
 * for a broken body (no boundary, malformed part headers, a body that ends mid-part) and a 413
 * past the limits. A body that fails (the client went away) fails the file stream being read and
 * then the iteration. Leaving the loop early stops reading the body.
 */
export async function* multipartParts(request: Request, limits: MultipartLimits): AsyncGenerator<UploadPart> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new UnsupportedMediaTypeError(MULTIPART_TEXT.notMultipart);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      highWaterMark: BUFFER_BYTES,
      fileHwm: BUFFER_BYTES,
      defParamCharset: 'utf8',
      limits: {
        files: limits.files,
        fields: limits.fields,
        parts: limits.files + limits.fields,
        fieldSize: limits.fieldBytes,
        fieldNameSize: 100,
        // Each part has a Content-Disposition and perhaps a Content-Type; more is an attack.
        headerPairs: 16,
      },
    });
  } catch {
    // busboy throws when the boundary is missing or the type is not one it knows.
    throw new InvalidError(MULTIPART_TEXT.unreadable);
  }

  type Event = UploadPart | { kind: 'end' } | { kind: 'error'; error: Error };
  const events: Event[] = [];
  let wake: (() => void) | undefined;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
    wake = undefined;
  };
  let failed = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    push({ kind: 'error', error });
  };

  parser.on('file', (field, stream, info) => push({ kind: 'file', field, name: info.filename ?? '', stream: webStreamOf(stream) }));
  parser.on('field', (name, value, info) => push({ kind: 'field', name, value, truncated: info.nameTruncated || info.valueTruncated }));
  for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
    parser.on(limit, () => fail(new TooLargeError(MULTIPART_TEXT.tooManyParts(limits))));
  }
  parser.on('error', (error: Error) => fail(error instanceof ClientGoneError ? error : new InvalidError(MULTIPART_TEXT.unreadable)));
  parser.on('close', () => push({ kind: 'end' }));

  const body = request.body?.getReader();
  let stopped = false;
  // The body goes into the parser chunk by chunk, as they come: a chunk the parser has not taken
  // yet waits here, not in another buffer. (Readable.fromWeb would copy every chunk into a
  // buffer of its own first.)
  const pump = async () => {
    try {
      while (body && !stopped && !parser.destroyed) {
        const { done, value } = await body.read();
        if (done || stopped || parser.destroyed) break;
        // A Buffer over the same bytes: busboy would copy anything else.
        if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) await drained(parser);
      }
      if (!stopped && !parser.destroyed) parser.end();
    } catch (error) {
      // The client went away or cancelled: the parser (and the file being read) must hear of it.
      if (!stopped) parser.destroy(new ClientGoneError(error));
    }
  };
  void pump();

  try {
    for (;;) {
      if (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const event = events.shift()!;
      if (event.kind === 'end') return;
      if (event.kind === 'error') throw event.error;
      yield event;
    }
  } finally {
    // Done early (a refusal, an error): stop reading. Bun drops the rest of the body with the answer.
    stopped = true;
    void body?.cancel().catch(() => {});
    if (!parser.destroyed) parser.destroy();
  }
}

/** Resolves once `parser` wants more bytes, or can take none any more (it failed or was stopped). */
function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
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
 * A web stream over one of busboy's file streams, with backpressure both ways. Cancelling it
 * reads the rest of the part and drops it, so the parser can move on to the next part.
 */
function webStreamOf(file: Readable): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        file.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) file.pause();
        });
        file.once('end', () => {
          if (open) controller.close();
          open = false;
        });
        file.once('error', (error) => {
          // The parser fails a file that ends mid-way: the client went away, or the body was cut short.
          if (open) controller.error(error instanceof ClientGoneError ? error : new InvalidError(MULTIPART_TEXT.unreadable));
          open = false;
        });
        file.pause();
      },
      pull() {
        file.resume();
      },
      cancel() {
        open = false;
        file.resume();
      },
    },
    { highWaterMark: 4 },
  );
}
