// The upload's parts from a real multipart Request: fields and files, names as form parsers give
// them, limits, skipped parts, and the errors a broken or failing body becomes.
import { describe, expect, test } from 'bun:test';
import { ClientGoneError, MULTIPART_TEXT, type MultipartLimits, multipartParts, type UploadPart } from './multipart.ts';

const LIMITS: MultipartLimits = { files: 3, fields: 2, fieldBytes: 10 };

function request(body: BodyInit, type = 'multipart/form-data; boundary=b'): Request {
  return new Request('http://127.0.0.1/upload', { method: 'POST', headers: { 'content-type': type }, body });
}

const part = (headers: string, content = '') => `--b\r\n${headers}\r\n\r\n${content}\r\n`;

type Seen = { kind: 'field'; name: string; value: string; truncated: boolean } | { kind: 'file'; field: string; name: string; text: string };

/** Every part, each file read whole (or cancelled when its field is "skip"). */
async function partsOf(req: Request, limits = LIMITS): Promise<Seen[]> {
  const seen: Seen[] = [];
  for await (const p of multipartParts(req, limits) as AsyncIterable<UploadPart>) {
    if (p.kind === 'field') seen.push(p);
    else if (p.field === 'skip') await p.stream.cancel();
    else seen.push({ kind: 'file', field: p.field, name: p.name, text: await new Response(p.stream).text() });
  }
  return seen;
}

async function failure(req: Request, limits = LIMITS): Promise<unknown> {
  try {
    await partsOf(req, limits);
  } catch (error) {
    return error;
  }
  return 'no error';
}

describe('multipartParts', () => {
  test('fields and files in order; file names without folders, filename* first; a cancelled file is skipped', async () => {
    const body = [
      part('Content-Disposition: form-data; name="title"', 'Beach'),
      part('Content-Disposition: form-data; name="files"; filename="C:\\\\photos\\\\a.jpg"\r\nContent-Type: image/jpeg', 'AAA'),
      part('Content-Disposition: form-data; name="skip"; filename="b.jpg"', 'x'.repeat(100_000)),
      part(`Content-Disposition: form-data; name="media"; filename="plain.mp4"; filename*=UTF-8''%C3%A9t%C3%A9.mp4`, 'BBB'),
      '--b--\r\n',
    ].join('');
    expect(await partsOf(request(body))).toEqual([
      { kind: 'field', name: 'title', value: 'Beach', truncated: false },
      { kind: 'file', field: 'files', name: 'a.jpg', text: 'AAA' },
      { kind: 'file', field: 'media', name: 'été.mp4', text: 'BBB' },
    ]);
  });

  test('a part without a filename is a field, unless it is application/octet-stream; parts without a form-data disposition are skipped', async () => {
    const body = [
      part('Content-Disposition: form-data; name="files"', 'not a file'),
      part('Content-Disposition: form-data; name="files"\r\nContent-Type: application/octet-stream', 'bytes'),
      part('Content-Type: image/jpeg', 'no disposition'),
      part('Content-Disposition: attachment; filename="a.jpg"', 'not form-data'),
      '--b--',
    ].join('');
    expect(await partsOf(request(body))).toEqual([
      { kind: 'field', name: 'files', value: 'not a file', truncated: false },
      { kind: 'file', field: 'files', name: '', text: 'bytes' },
    ]);
  });

  test('a field over its size is cut and marked truncated; its charset is honoured', async () => {
    const body = [
      part('Content-Disposition: form-data; name="tags"', 'a,b,c,d,e,f,g'),
      part('Content-Disposition: form-data; name="title"\r\nContent-Type: text/plain; charset=iso-8859-1'),
      '--b--',
    ].join('');
    const latin1 = Buffer.concat([Buffer.from(body.slice(0, body.lastIndexOf('\r\n--b--'))), Buffer.from([0xe9]), Buffer.from('\r\n--b--')]);
    expect(await partsOf(request(latin1))).toEqual([
      { kind: 'field', name: 'tags', value: 'a,b,c,d,e,', truncated: true },
      { kind: 'field', name: 'title', value: 'é', truncated: false },
    ]);
  });

  test('more files or fields than the limits is 413', async () => {
    const files = Array.from({ length: 4 }, (_, i) => part(`Content-Disposition: form-data; name="files"; filename="${i}.jpg"`, 'x')).join('');
    const fields = Array.from({ length: 3 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'x')).join('');
    for (const body of [files, fields]) {
      const error = (await failure(request(`${body}--b--`))) as { status: number; message: string };
      expect([error.status, error.message]).toEqual([413, MULTIPART_TEXT.tooManyParts(LIMITS)]);
    }
  });

  test('another type is 415; no usable boundary or a broken body is 400', async () => {
    expect(await failure(request('x', 'application/json'))).toMatchObject({ status: 415, message: MULTIPART_TEXT.notMultipart });
    for (const [body, type] of [
      ['x', 'multipart/form-data; charset=utf-8'],
      [`${part('Content-Disposition: form-data; name="files"; filename="a.jpg"', 'x')}`, undefined],
      [`--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\ncut off`, undefined],
      [`--b\r\nContent-Disposition: form-data; name="a"; filename="${'a'.repeat(20_000)}"\r\n\r\nx\r\n--b--`, undefined],
    ] as const) {
      expect(await failure(request(body, type))).toMatchObject({ status: 400, message: MULTIPART_TEXT.unreadable });
    }
  });

  test('a body that fails mid-file fails the file stream and the parts with ClientGoneError', async () => {
    const chunks = [new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\nsome bytes')];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.error(new Error('connection reset'));
      },
    });
    const parts = multipartParts(request(body), LIMITS);
    const first = (await parts.next()).value as Extract<UploadPart, { kind: 'file' }>;
    await expect(new Response(first.stream).text()).rejects.toBeInstanceOf(ClientGoneError);
    await expect(parts.next()).rejects.toBeInstanceOf(ClientGoneError);
  });
});
