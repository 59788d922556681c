// The multipart reader on real bytes: every way a body can be cut into chunks, CRLF and
// delimiter look-alikes inside file data, preamble and epilogue, part headers, and broken bodies.
import { describe, expect, test } from 'bun:test';
import { mediaSamples } from '../../../../test/helpers/media-samples.ts';
import { boundaryOf, MultipartFormatError, MultipartReader, parseDisposition } from './multipart-reader.ts';

const LIMITS = { headerBytes: 16 * 1024, headerLines: 16 };
const encoder = new TextEncoder();
const bytesOf = (...pieces: (string | Uint8Array)[]) => Buffer.concat(pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p)));

/** A reader over `chunks`, delivered one read each (as a socket would cut them). */
function readerOf(chunks: Uint8Array[], fail?: Error): ReadableStreamDefaultReader<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else if (fail) controller.error(fail);
      else controller.close();
    },
  }).getReader();
}

/** `body` cut at the given offsets. */
const cut = (body: Uint8Array, at: number[]) => [0, ...at, body.length].slice(1).map((end, i, ends) => body.subarray(i === 0 ? 0 : ends[i - 1]!, end));

interface ReadPart {
  headers: Record<string, string>;
  data: Uint8Array;
}

/** Every part of the body: its headers and all its bytes. */
async function readAll(chunks: Uint8Array[], boundary = 'b0und', limits = LIMITS): Promise<ReadPart[]> {
  const reader = new MultipartReader(readerOf(chunks), boundary, limits);
  const parts: ReadPart[] = [];
  for (let headers = await reader.nextPart(); headers; headers = await reader.nextPart()) {
    const pieces: Uint8Array[] = [];
    for (let bytes = await reader.data(); bytes; bytes = await reader.data()) {
      expect(bytes.byteLength).toBeGreaterThan(0);
      pieces.push(Uint8Array.from(bytes));
    }
    parts.push({ headers: Object.fromEntries(headers), data: Buffer.concat(pieces) });
  }
  return parts;
}

const fail = async (chunks: Uint8Array[], boundary = 'b0und', limits = LIMITS) => {
  try {
    await readAll(chunks, boundary, limits);
  } catch (error) {
    return error;
  }
  return 'no error';
};

/** File data full of near-delimiters: CRs, CRLFs, "--b0un", the boundary without its CRLF, and a CR last. */
const tricky = bytesOf('\r', '\r\n', 'a\r\n-', '\r\n--', '\r\n--b0un', 'x--b0und\r\n', '\n--b0und', '\r\r\n--b0unD', '\r\n---b0und', '\r');

function form(file: Uint8Array, options: { preamble?: string; epilogue?: string } = {}): { body: Buffer; parts: ReadPart[] } {
  const body = bytesOf(
    options.preamble ?? '',
    '--b0und\r\nContent-Disposition: form-data; name="title"\r\n\r\nBeach day\r\n',
    '--b0und\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    file,
    '\r\n--b0und\r\nContent-Disposition: form-data; name="empty"\r\n\r\n',
    '\r\n--b0und--',
    options.epilogue ?? '',
  );
  return {
    body,
    parts: [
      { headers: { 'content-disposition': 'form-data; name="title"' }, data: bytesOf('Beach day') },
      { headers: { 'content-disposition': 'form-data; name="files"; filename="a.jpg"', 'content-type': 'image/jpeg' }, data: Buffer.from(file) },
      { headers: { 'content-disposition': 'form-data; name="empty"' }, data: bytesOf() },
    ],
  };
}

describe('MultipartReader', () => {
  test('the same parts whatever position the body is cut at, into two chunks or three', async () => {
    const { body, parts } = form(tricky, { preamble: 'This is the preamble.\r\n', epilogue: '\r\nThe epilogue.\r\n' });
    for (let i = 1; i < body.length; i++) expect(await readAll(cut(body, [i]))).toEqual(parts);
    for (let i = 1; i < body.length; i += 3) {
      for (let j = i + 1; j < body.length; j += 2) expect(await readAll(cut(body, [i, j]))).toEqual(parts);
    }
  });

  test('one byte at a time', async () => {
    const { body, parts } = form(tricky);
    expect(
      await readAll(
        cut(
          body,
          Array.from({ length: body.length - 1 }, (_, i) => i + 1),
        ),
      ),
    ).toEqual(parts);
  });

  test('a real JPEG and a real video come out byte for byte, with file data ending in CR, CRLF or a delimiter start', async () => {
    const samples = await mediaSamples();
    for (const file of [
      samples.jpeg.bytes(),
      samples.mp4.bytes(),
      bytesOf(samples.png.bytes(), '\r'),
      bytesOf(samples.png.bytes(), '\r\n'),
      bytesOf(samples.png.bytes(), '\r\n--b0un'),
    ]) {
      const { body, parts } = form(file);
      for (const size of [5, 64, 1000, 65536]) {
        const chunks = Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));
        expect(await readAll(chunks)).toEqual(parts);
      }
    }
    // Making the samples runs ffmpeg: seconds on a busy machine.
  }, 60_000);

  test('a file chunk with no delimiter in it comes out as the same bytes, not a copy', async () => {
    const head = bytesOf('--b0und\r\nContent-Disposition: form-data; name="files"; filename="a.bin"\r\n\r\n');
    const middle = new Uint8Array(65536).fill(0x42);
    const reader = new MultipartReader(readerOf([head, middle, bytesOf('\r\n--b0und--\r\n')]), 'b0und', LIMITS);
    await reader.nextPart();
    const piece = await reader.data();
    expect(piece!.buffer).toBe(middle.buffer);
    expect(piece!.byteLength).toBe(middle.byteLength);
    expect(await reader.data()).toBeNull();
    expect(await reader.nextPart()).toBeNull();
  });

  test('no preamble CRLF needed; a CRLF before the first delimiter, blanks after a delimiter and an empty form are fine', async () => {
    const expected = [{ headers: { 'content-disposition': 'form-data; name="a"' }, data: bytesOf('1') }];
    expect(await readAll([bytesOf('--b0und\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b0und--')])).toEqual(expected);
    expect(await readAll([bytesOf('\r\n--b0und \t\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b0und--\r\n')])).toEqual(expected);
    expect(await readAll([bytesOf('--b0und--\r\n')])).toEqual([]);
  });

  test('a part with no headers, folded header lines, and header names in any case', async () => {
    const body = bytesOf(
      '--b0und\r\n\r\nno headers\r\n--b0und\r\nCONTENT-disposition: form-data;\r\n name="folded"\r\nContent-Type:text/plain\r\n\r\nx\r\n--b0und--',
    );
    expect(await readAll([body])).toEqual([
      { headers: {}, data: bytesOf('no headers') },
      { headers: { 'content-disposition': 'form-data; name="folded"', 'content-type': 'text/plain' }, data: bytesOf('x') },
    ]);
  });

  test('a part not read to its end is skipped by nextPart', async () => {
    const { body } = form(new Uint8Array(100_000).fill(13));
    const reader = new MultipartReader(readerOf(cut(body, [500, 40_000, 90_000])), 'b0und', LIMITS);
    expect(Object.fromEntries((await reader.nextPart())!)).toEqual({ 'content-disposition': 'form-data; name="title"' });
    expect(Object.fromEntries((await reader.nextPart())!)).toMatchObject({ 'content-type': 'image/jpeg' });
    await reader.data();
    expect(Object.fromEntries((await reader.nextPart())!)).toEqual({ 'content-disposition': 'form-data; name="empty"' });
    expect(await reader.nextPart()).toBeNull();
  });

  test('broken bodies are MultipartFormatErrors', async () => {
    const start = '--b0und\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\n';
    for (const body of [
      '',
      'no delimiter at all',
      '--other\r\n\r\nx\r\n--other--',
      `${start}cut off mid-part`,
      `${start}cut off in a delimiter\r\n--b0u`,
      `${start}data\r\n--b0und`,
      `${start}data\r\n--b0undX\r\n`,
      `${start}data\r\n--b0und-\r\n`,
      '--b0und\r\nContent-Disposition: form-data; name="a"',
      '--b0und\r\nno colon here\r\n\r\nx\r\n--b0und--',
      `--b0und\r\nContent-Disposition: form-data; name="a"; filename="${'a'.repeat(20_000)}"\r\n\r\nx\r\n--b0und--`,
      `--b0und\r\n${Array.from({ length: 17 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\nx\r\n--b0und--`,
      `--b0und\r\nContent-Disposition: form-data; name="a"${'x'.repeat(100_000)}`,
    ]) {
      expect(await fail([bytesOf(body)])).toBeInstanceOf(MultipartFormatError);
    }
  });

  test("a body that fails fails the read with the body's own error", async () => {
    const gone = new Error('connection reset');
    const reader = new MultipartReader(
      readerOf([bytesOf('--b0und\r\nContent-Disposition: form-data; name="files"; filename="a"\r\n\r\nabc')], gone),
      'b0und',
      LIMITS,
    );
    await reader.nextPart();
    expect(await reader.data()).toEqual(bytesOf('abc'));
    await expect(reader.data()).rejects.toBe(gone);
  });
});

describe('boundaryOf', () => {
  test('plain and quoted boundaries, any parameter case; none, empty, too long or with a line break is null', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryx7MA4YWxk')).toBe('----WebKitFormBoundaryx7MA4YWxk');
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b:c\\"d"')).toBe('a b:c"d');
    expect(boundaryOf('multipart/form-data;boundary=zz;charset=utf-8')).toBe('zz');
    for (const type of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'a'.repeat(201)}`,
      'multipart/form-data; boundary="a\r\nb"',
    ]) {
      expect(boundaryOf(type)).toBeNull();
    }
  });
});

describe('parseDisposition', () => {
  test('name and filename, quoted with escapes or bare; filename* in UTF-8 or Latin-1', () => {
    const params = (value: string) => Object.fromEntries(parseDisposition(value)?.params ?? []);
    expect(parseDisposition('Form-Data; name="files"; filename="a \\"b\\".jpg"')).toEqual({
      type: 'form-data',
      params: new Map([
        ['name', 'files'],
        ['filename', 'a "b".jpg'],
      ]),
    });
    expect(params('form-data; name=files; filename=a.jpg')).toEqual({ name: 'files', filename: 'a.jpg' });
    expect(params(`form-data; name="files"; filename="Ete.jpg"; filename*=UTF-8''%C3%89t%C3%A9%20%E2%82%AC.jpg`)).toEqual({
      name: 'files',
      filename: 'Ete.jpg',
      'filename*': 'Été €.jpg',
    });
    expect(params(`form-data; filename*=iso-8859-1'fr'%C9t%E9.jpg`)).toEqual({ 'filename*': 'Été.jpg' });
    expect(params('form-data; name="見.mp4"')).toEqual({ name: '見.mp4' });
  });

  test('malformed values are null', () => {
    for (const value of [
      '',
      '; name="a"',
      'form-data; name',
      'form-data; name="a',
      'form-data name="a"',
      `form-data; filename*=UTF-8''%ZZ`,
      `form-data; filename*=koi8-r''abc`,
      `form-data; filename*=abc`,
    ]) {
      expect(parseDisposition(value)).toBeNull();
    }
  });
});
