// A multipart/form-data body (RFC 7578, RFC 2046) read part by part straight from the request's
// reader: the boundary search runs in native code (Buffer.indexOf), and a part's bytes come out as
// views of the body's own chunks, so a file of any size streams through without a copy.

const CR = 13;
const LF = 10;
const DASH = 45;
const SPACE = 32;
const TAB = 9;
const EMPTY = Buffer.alloc(0);

/** The body is not well-formed multipart (a broken delimiter or header, or it ends mid-part). */
export class MultipartFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartFormatError';
  }
}

export interface ReaderLimits {
  /** Bytes of one part's header block. */
  headerBytes: number;
  /** Header lines of one part. */
  headerLines: number;
}

/** A part's headers, names lower-cased, values trimmed (each name once: the first wins). */
export type PartHeaders = Map<string, string>;

/**
 * The boundary of a `multipart/form-data; boundary=...` content type, or null when there is none
 * usable. Only printable ASCII is allowed (RFC 2046 allows less), which guarantees the delimiter
 * "\r\n--boundary" holds one CR: the one it starts with (the search below relies on it).
 */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;"]+))/i.exec(contentType);
  const boundary = match ? (match[1]?.replace(/\\(.)/g, '$1') ?? match[2]!) : '';
  return /^[\x20-\x7e]{1,200}$/.test(boundary) ? boundary : null;
}

/**
 * Reads a multipart body: `nextPart()` gives each part's headers, then `data()` its bytes piece by
 * piece until null. Bytes before the first delimiter and after the last are ignored. Throws
 * MultipartFormatError for a malformed body; a failing `body` fails with the body's own error.
 * Not for concurrent calls: one read at a time.
 */
export class MultipartReader {
  /** The delimiter: CRLF, two dashes, the boundary (the CRLF belongs to it, not to the part). */
  private readonly delimiter: Buffer;
  /** Bytes read and not yet handed out: a view of a body chunk, or a copy joining two. */
  private buffered: Buffer = EMPTY;
  /**
   * How many of the delimiter's first bytes ended what came before `buffered`: held back, since
   * they are the delimiter if the body goes on with the rest of it, or else part data. Their
   * value is known (the delimiter's), so nothing is kept but the count. The body starts with two:
   * the first delimiter may come without a CRLF before it.
   */
  private held = 2;
  private state: 'preamble' | 'headers' | 'data' | 'delimiter' | 'end' = 'preamble';

  constructor(
    private readonly body: ReadableStreamDefaultReader<Uint8Array>,
    boundary: string,
    private readonly limits: ReaderLimits,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  /** The next part's headers; null once the closing delimiter came. */
  async nextPart(): Promise<PartHeaders | null> {
    // Whatever is left of the current part (or the preamble) is skipped.
    while (this.state === 'preamble' || this.state === 'data' || this.state === 'delimiter') await this.data();
    if (this.state === 'end') return null;
    return this.headers();
  }

  /** The next bytes of the current part (never empty), or null at its end. */
  async data(): Promise<Uint8Array | null> {
    for (;;) {
      if (this.state === 'delimiter') {
        await this.afterDelimiter();
        return null;
      }
      if (this.state !== 'data' && this.state !== 'preamble') return null;
      if (this.buffered.length === 0 && !(await this.read())) throw new MultipartFormatError('The body ends inside a part');
      const bytes = this.held > 0 ? this.resumeDelimiter() : this.scan();
      if (bytes && this.state !== 'preamble') return bytes;
    }
  }

  /** After held delimiter bytes: do the buffered bytes go on with the rest of it? */
  private resumeDelimiter(): Uint8Array | null {
    const held = this.held;
    const wanted = this.delimiter.length - held;
    const n = Math.min(wanted, this.buffered.length);
    if (this.buffered.compare(this.delimiter, held, held + n, 0, n) === 0) {
      this.buffered = this.buffered.subarray(n);
      this.held = n === wanted ? 0 : held + n;
      if (this.held === 0) this.state = 'delimiter';
      return null;
    }
    // Not the delimiter: the held bytes were data after all. (None of them but the first is a CR,
    // so no delimiter can start inside them.) A buffer of their own: the store may free it.
    this.held = 0;
    const bytes = new Uint8Array(held);
    bytes.set(this.delimiter.subarray(0, held));
    return bytes;
  }

  /** Data up to the delimiter, or up to the bytes at the end that may begin one (held back). */
  private scan(): Uint8Array | null {
    const buffered = this.buffered;
    const at = buffered.indexOf(this.delimiter);
    if (at !== -1) {
      this.buffered = buffered.subarray(at + this.delimiter.length);
      this.state = 'delimiter';
      return at > 0 ? buffered.subarray(0, at) : null;
    }
    // The delimiter's only CR is its first byte: only the last CR can begin a delimiter cut short.
    const cr = buffered.lastIndexOf(CR);
    const tail = buffered.length - cr;
    this.buffered = EMPTY;
    if (cr !== -1 && tail < this.delimiter.length && buffered.compare(this.delimiter, 0, tail, cr) === 0) {
      this.held = tail;
      return cr > 0 ? buffered.subarray(0, cr) : null;
    }
    // The whole chunk, as it came: a store that frees written buffers can free this one.
    return buffered;
  }

  /** After a delimiter: "--" closes the body, optional blanks and CRLF open the next part. */
  private async afterDelimiter(): Promise<void> {
    for (;;) {
      while (this.buffered.length < 2) {
        if (!(await this.read())) throw new MultipartFormatError('The body ends after a delimiter');
      }
      const [a, b] = [this.buffered[0], this.buffered[1]];
      if (a === DASH && b === DASH) {
        // The epilogue is ignored, and not read.
        this.buffered = EMPTY;
        this.state = 'end';
        return;
      }
      if (a === CR && b === LF) {
        this.buffered = this.buffered.subarray(2);
        this.state = 'headers';
        return;
      }
      if (a !== SPACE && a !== TAB) throw new MultipartFormatError('A delimiter is followed by something else than a line end');
      this.buffered = this.buffered.subarray(1);
    }
  }

  /** The header block up to its empty line (a part may have none). */
  private async headers(): Promise<PartHeaders> {
    for (;;) {
      const buffered = this.buffered;
      const end = buffered[0] === CR && buffered[1] === LF ? -2 : buffered.indexOf('\r\n\r\n');
      if (end > this.limits.headerBytes || (end === -1 && buffered.length > this.limits.headerBytes + 3)) {
        throw new MultipartFormatError('A part header is too large');
      }
      if (end !== -1) {
        this.buffered = buffered.subarray(end + 4);
        this.state = 'data';
        return end === -2 ? new Map() : parseHeaders(buffered.subarray(0, end).toString('utf8'), this.limits.headerLines);
      }
      if (!(await this.read())) throw new MultipartFormatError('The body ends inside a part header');
    }
  }

  /** Reads the next body chunk into `buffered`; false at the body's end. */
  private async read(): Promise<boolean> {
    const { done, value } = await this.body.read();
    if (done) return false;
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    if (this.buffered.length === 0) {
      this.buffered = chunk;
    } else {
      // Only between parts (a header or delimiter cut by a chunk's end): small, and rare.
      const joined = Buffer.from(new ArrayBuffer(this.buffered.length + chunk.length));
      joined.set(this.buffered);
      joined.set(chunk, this.buffered.length);
      this.buffered = joined;
    }
    return true;
  }
}

/** Header lines ("Name: value", folded lines joined) into a map. */
function parseHeaders(text: string, maxLines: number): PartHeaders {
  const headers: PartHeaders = new Map();
  const lines: string[] = [];
  for (const line of text.split('\r\n')) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line);
  }
  if (lines.length > maxLines) throw new MultipartFormatError('A part has too many header lines');
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartFormatError('A part header line is malformed');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

/** Characters of an RFC 7230 token. */
const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * A Content-Disposition value: its type (lower-cased) and parameters (names lower-cased; an
 * RFC 5987 extended value `name*=charset'lang'%xx` decoded, kept under `name*`). Null when it is
 * malformed.
 */
export function parseDisposition(value: string): { type: string; params: Map<string, string> } | null {
  let i = 0;
  while (i < value.length && TOKEN.test(value[i]!)) i++;
  const type = value.slice(0, i).toLowerCase();
  if (!type) return null;
  const params = new Map<string, string>();
  const skipBlanks = () => {
    while (value[i] === ' ' || value[i] === '\t') i++;
  };
  for (;;) {
    skipBlanks();
    if (i === value.length) return { type, params };
    if (value[i++] !== ';') return null;
    skipBlanks();
    const nameStart = i;
    while (i < value.length && TOKEN.test(value[i]!)) i++;
    const name = value.slice(nameStart, i).toLowerCase();
    skipBlanks();
    if (!name || value[i++] !== '=') return null;
    skipBlanks();
    let text: string | null;
    if (name.endsWith('*')) {
      const start = i;
      while (i < value.length && TOKEN.test(value[i]!)) i++;
      text = decodeExtended(value.slice(start, i));
    } else if (value[i] === '"') {
      text = '';
      for (i++; ; i++) {
        if (i >= value.length) return null;
        const c = value[i]!;
        if (c === '"') break;
        if (c === '\\' && i + 1 < value.length) text += value[++i];
        else text += c;
      }
      i++;
    } else {
      const start = i;
      while (i < value.length && TOKEN.test(value[i]!)) i++;
      text = value.slice(start, i);
    }
    if (text === null) return null;
    if (!params.has(name)) params.set(name, text);
  }
}

/** An RFC 5987 value (`utf-8'en'%E2%82%AC`): UTF-8 or ISO-8859-1; null for anything else. */
function decodeExtended(raw: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(raw);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  if (charset !== 'utf-8' && charset !== 'utf8' && charset !== 'iso-8859-1' && charset !== 'latin1') return null;
  const bytes: number[] = [];
  const encoded = match[2]!;
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] !== '%') {
      bytes.push(encoded.charCodeAt(i));
      continue;
    }
    const byte = /^[0-9a-f]{2}$/i.test(encoded.slice(i + 1, i + 3)) ? Number.parseInt(encoded.slice(i + 1, i + 3), 16) : NaN;
    if (Number.isNaN(byte)) return null;
    bytes.push(byte);
    i += 2;
  }
  return Buffer.from(bytes).toString(charset.startsWith('utf') ? 'utf8' : 'latin1');
}
