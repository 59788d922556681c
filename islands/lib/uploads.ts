// Uploads from the browser: every file goes to the hub over tus 1.0 (/api/uploads) in chunks of a
// few megabytes, so that no request body is larger than a reverse proxy lets through (nginx's
// client_max_body_size, a tunnel's 100 MB), and an upload survives a dropped connection: after a
// failed chunk it waits (longer each time, cut short when the browser comes back online), asks the
// hub how far it got (HEAD) and sends the rest from there. The browser remembers an unfinished
// upload (a hash of the file and its fields, and the upload's address), so the same file picked
// again after a reload or a closed tab goes on from there too. A few hundred lines of our own
// rather than tus-js-client: decision record 0049. Every outcome reads as the spec's upload texts.
//
// POST creates the upload (its metadata: file name and type, gallery, title, tags, model), PATCH
// appends a chunk (XMLHttpRequest, the one browser API that reports upload progress), GET tells
// what became of the file once its last byte is in (the item, or the hub's refusal), DELETE drops
// it (Cancel).

import { type MediaItem, UPLOAD_TIMEOUT_MS, type UploadResult } from '../../src/shared/media.ts';
import { TUS_VERSION, UPLOADS_PATH, type UploadView } from '../../src/shared/uploads.ts';

/** The spec's upload texts (section 8), verbatim. */
export const UPLOAD_TEXT = {
  failed: 'Upload failed',
  invalidResponse: 'Invalid response format',
  network: 'Network error during upload',
  timeout: 'Upload timeout - file may be too large',
  cancelled: 'Upload cancelled',
  failedWith: (status: number, body: string) => `Upload failed: ${status} - ${body}`,
  uploaded: (n: number) => `${n} file(s) uploaded successfully!`,
  uploadedTo: (n: number, destination: string) => `${n} file(s) uploaded successfully to ${destination}!`,
} as const;

/** How much of an error page goes into 'Upload failed: {status} - {body}' (a proxy's page can be long). */
const BODY_EXCERPT = 200;

export type UploadOutcome =
  /** The hub stored the file (media holds its item) or refused it by name (errors). */
  { ok: true; result: UploadResult } | { ok: false; message: string; status: number; cancelled?: true };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  /** Stops the request in flight; the hub drops what it had received. */
  abort(): void;
}

function isItem(value: unknown): value is MediaItem {
  return typeof value === 'object' && value !== null && typeof (value as MediaItem)._id === 'string';
}

function isUploadResult(value: unknown): value is UploadResult {
  if (typeof value !== 'object' || value === null) return false;
  const { media, errors } = value as Partial<UploadResult>;
  return Array.isArray(media) && media.every(isItem) && (errors === undefined || Array.isArray(errors));
}

function errorField(value: unknown): string | null {
  const error = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

function parse(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** What an answer comes to: the server's `error` as-is, else the spec's texts by status and body. */
export function readUploadAnswer(status: number, text: string): UploadOutcome {
  const parsed = parse(text);
  const error = parsed ? errorField(parsed.json) : null;
  if (status >= 200 && status < 300) {
    if (!parsed || !isUploadResult(parsed.json)) return { ok: false, status, message: error ?? UPLOAD_TEXT.invalidResponse };
    const { media, errors = [] } = parsed.json;
    if (media.length === 0 && errors.length === 0) return { ok: false, status, message: UPLOAD_TEXT.failed };
    return { ok: true, result: { media, errors } };
  }
  if (error) return { ok: false, status, message: error };
  const body = text.replace(/\s+/g, ' ').trim();
  if (!body) return { ok: false, status, message: UPLOAD_TEXT.failed };
  return { ok: false, status, message: UPLOAD_TEXT.failedWith(status, body.length > BODY_EXCERPT ? `${body.slice(0, BODY_EXCERPT)}…` : body) };
}

/** 5 MiB: well under nginx's common 10 MB and far under a tunnel's 100 MB; a chunk takes seconds on a slow line. */
export const CHUNK_BYTES = 5 * 1024 * 1024;
/**
 * The waits before each new try after a failure in a row (a chunk that gets through starts the
 * count again): about three minutes in all, for a phone that loses its line for a while.
 */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000] as const;
/** What the upload dialog says while an upload waits for its line. */
export const TUS_TEXT = {
  reconnecting: 'Connection lost - the upload goes on when it is back',
} as const;
/** Between two looks at a file the hub is still checking after its last byte. */
const POLL_MS = 250;

export interface UploadFields {
  gallery: 'gallery' | 'premium';
  /** Sent only when set; the hub titles a file by its name otherwise. */
  title?: string;
  tags: readonly string[];
  modelId?: string | null;
}

export interface UploadOptions {
  /** Bytes the hub has (acknowledged) plus those of the chunk on its way, and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  /** The line dropped and the upload waits to try again (true), or it goes on (false). */
  onRetrying?: (waiting: boolean) => void;
  /** The upload's address once the hub created it, to resume it later. */
  onCreated?: (url: string) => void;
  /** An upload created before (its address): it goes on from what the hub has. */
  resumeFrom?: string;
  /**
   * Remember the upload in this browser until it ends (`savedUploads`): the same file picked
   * again with the same fields, after a reload or a closed tab, goes on from what the hub has.
   */
  remember?: boolean;
  chunkBytes?: number;
  retryDelaysMs?: readonly number[];
}

/** The Upload-Metadata header: `key base64(value)` pairs, the values as UTF-8. */
export function encodeMetadata(pairs: Record<string, string | undefined>): string {
  return Object.entries(pairs)
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => {
      let binary = '';
      for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
      return `${key} ${btoa(binary)}`;
    })
    .join(',');
}

/** localStorage: unfinished uploads by fingerprint, `{[fingerprint]: {url, at}}`. */
const SAVED_KEY = 'hub:unfinished-uploads';
/** Past the hub's longest sensible expiry; an older entry is dropped unasked. */
const SAVED_TTL_MS = 7 * 24 * 3_600_000;
const SAVED_MAX = 50;

interface SavedUpload {
  url: string;
  at: number;
}

function readSaved(): Record<string, SavedUpload> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(SAVED_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SavedUpload>) : {};
  } catch {
    return {};
  }
}

function writeSaved(saved: Record<string, SavedUpload>): void {
  const now = Date.now();
  const kept = Object.entries(saved)
    .filter(([, entry]) => typeof entry?.url === 'string' && typeof entry.at === 'number' && now - entry.at < SAVED_TTL_MS)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, SAVED_MAX);
  try {
    if (kept.length === 0) globalThis.localStorage?.removeItem(SAVED_KEY);
    else globalThis.localStorage?.setItem(SAVED_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or turned off: the upload still resumes within this page.
  }
}

/**
 * The unfinished uploads this browser began, by fingerprint. Only a hash of the file's name,
 * size, date and fields is kept, never the name itself, and an upload's address, which is no use
 * to anyone but its member.
 */
export const savedUploads = {
  get(fingerprint: string): string | undefined {
    const entry = readSaved()[fingerprint];
    return entry && Date.now() - entry.at < SAVED_TTL_MS ? entry.url : undefined;
  },
  set(fingerprint: string, url: string): void {
    writeSaved({ ...readSaved(), [fingerprint]: { url, at: Date.now() } });
  },
  delete(fingerprint: string): void {
    const saved = readSaved();
    delete saved[fingerprint];
    writeSaved(saved);
  },
  /** Forgets every entry naming this upload (it ended, or was dropped). */
  forgetUrl(url: string): void {
    writeSaved(Object.fromEntries(Object.entries(readSaved()).filter(([, entry]) => entry.url !== url)));
  },
};

/** FNV-1a, 53 bits: a short, stable name for a file and its fields that does not spell the file name out. */
function hash53(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return ((h2 >>> 0) * 0x200000 + ((h1 >>> 0) & 0x1fffff)).toString(36);
}

/** The same file (name, size, date, type) sent with the same fields has the same fingerprint. */
export function uploadFingerprint(file: File, fields: UploadFields): string {
  return hash53(
    [file.name, file.size, file.lastModified, file.type, fields.gallery, fields.modelId ?? '', fields.title?.trim() ?? '', fields.tags.join(',')].join(
      '\u0000',
    ),
  );
}

/** What the hub's answer says: a step to take again later (the line, the proxy, the hub restarting) or an end. */
class Failure extends Error {
  constructor(
    readonly outcome: Extract<UploadOutcome, { ok: false }>,
    readonly retry: boolean,
  ) {
    super(outcome.message);
  }
}

const cancelled = (): Failure => new Failure({ ok: false, status: 0, message: UPLOAD_TEXT.cancelled, cancelled: true }, false);
const dropped = (message: string = UPLOAD_TEXT.network): Failure => new Failure({ ok: false, status: 0, message }, true);

/** Proxies and a hub that restarts answer these for a while; the rest are the hub's last word. */
const TEMPORARY = new Set([408, 423, 429, 500, 502, 503, 504]);

function refusal(status: number, text: string): Failure {
  const outcome = readUploadAnswer(status, text);
  return new Failure(outcome.ok ? { ok: false, status, message: UPLOAD_TEXT.failed } : outcome, TEMPORARY.has(status));
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Uploads `file` over tus; the outcome reads as a multipart upload's does (the item, or the hub's words). */
export function tusUpload(file: File, fields: UploadFields, options: UploadOptions = {}): UploadHandle {
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const stop = new AbortController();
  let xhr: XMLHttpRequest | null = null;
  const fingerprint = options.remember ? uploadFingerprint(file, fields) : null;
  let url = options.resumeFrom ?? (fingerprint ? savedUploads.get(fingerprint) : undefined) ?? null;
  /** The upload may still be resumed later (the line stayed down): the browser keeps its address. */
  let resumableLater = false;

  async function call(method: string, to: string, headers: Record<string, string> = {}): Promise<Answer> {
    if (stop.signal.aborted) throw cancelled();
    const request = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      request.abort();
    }, UPLOAD_TIMEOUT_MS);
    const cancel = () => request.abort();
    stop.signal.addEventListener('abort', cancel);
    try {
      const response = await fetch(to, {
        method,
        credentials: 'same-origin',
        headers: { 'tus-resumable': TUS_VERSION, accept: 'application/json', ...headers },
        signal: request.signal,
      });
      const text = method === 'HEAD' ? '' : await response.text();
      return { status: response.status, headers: response.headers, text };
    } catch {
      if (stop.signal.aborted) throw cancelled();
      throw dropped(timedOut ? UPLOAD_TEXT.timeout : UPLOAD_TEXT.network);
    } finally {
      clearTimeout(timer);
      stop.signal.removeEventListener('abort', cancel);
    }
  }

  async function create(): Promise<string> {
    const answer = await call('POST', UPLOADS_PATH, {
      'upload-length': String(file.size),
      'upload-metadata': encodeMetadata({
        filename: file.name,
        filetype: file.type,
        gallery: fields.gallery,
        title: fields.title?.trim(),
        tags: fields.tags.join(','),
        modelId: fields.modelId ?? undefined,
      }),
    });
    const location = answer.headers.get('location');
    if (answer.status !== 201 || !location) throw refusal(answer.status, answer.text);
    return new URL(location, globalThis.location?.href ?? 'http://localhost').pathname;
  }

  /** What the hub has of the file; null when it no longer knows the upload (expired, or never there). */
  async function offsetAt(at: string): Promise<number | null> {
    const answer = await call('HEAD', at);
    if (answer.status === 404 || answer.status === 410) return null;
    const offset = Number(answer.headers.get('upload-offset'));
    if (answer.status >= 300 || !Number.isInteger(offset)) throw refusal(answer.status, answer.text);
    return offset;
  }

  /** One chunk from `offset`; resolves with the hub's new offset. */
  function patch(at: string, offset: number): Promise<number> {
    const end = Math.min(file.size, offset + chunkBytes);
    return new Promise<number>((resolve, reject) => {
      if (stop.signal.aborted) return reject(cancelled());
      const request = new XMLHttpRequest();
      xhr = request;
      request.open('PATCH', at);
      request.setRequestHeader('tus-resumable', TUS_VERSION);
      request.setRequestHeader('upload-offset', String(offset));
      request.setRequestHeader('content-type', 'application/offset+octet-stream');
      request.setRequestHeader('accept', 'application/json');
      request.timeout = UPLOAD_TIMEOUT_MS;
      request.upload.onprogress = (event) => options.onProgress?.(offset + Math.min(event.loaded, end - offset), file.size);
      request.onload = () => {
        const next = Number(request.getResponseHeader('upload-offset'));
        if (request.status >= 200 && request.status < 300 && Number.isInteger(next)) return resolve(next);
        // 409: the hub has another offset than we thought (a chunk it kept part of): ask it again.
        if (request.status === 409) return reject(new Failure({ ok: false, status: 409, message: UPLOAD_TEXT.failed }, true));
        reject(refusal(request.status, request.responseText));
      };
      request.onerror = () => reject(dropped());
      request.ontimeout = () => reject(dropped(UPLOAD_TEXT.timeout));
      request.onabort = () => reject(cancelled());
      request.send(file.slice(offset, end));
    }).finally(() => {
      xhr = null;
    });
  }

  /**
   * The file's fate once its last byte is in: the item, or the hub's refusal (the same words as a
   * multipart upload's); null when the hub has less than the whole file after all.
   */
  async function outcome(at: string): Promise<UploadOutcome | null> {
    for (;;) {
      const answer = await call('GET', at);
      if (answer.status !== 200) throw refusal(answer.status, answer.text);
      let status: UploadView;
      try {
        status = JSON.parse(answer.text) as UploadView;
      } catch {
        return { ok: false, status: answer.status, message: UPLOAD_TEXT.invalidResponse };
      }
      if (status.state === 'done') return readUploadAnswer(200, JSON.stringify({ media: [status.media], errors: [] }));
      if (status.state === 'failed') return { ok: false, status: 200, message: status.error || UPLOAD_TEXT.failed };
      if (status.state !== 'uploading') return { ok: false, status: 200, message: UPLOAD_TEXT.invalidResponse };
      // Every byte in, still being checked: look again shortly; bytes missing: send them.
      if (status.offset < status.length) return null;
      await wait(POLL_MS);
    }
  }

  /** Waits `ms`, or less when the browser says it is back online; a cancel ends it at once. */
  function wait(ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (stop.signal.aborted) return reject(cancelled());
      const done = () => {
        clearTimeout(timer);
        globalThis.removeEventListener?.('online', done);
        stop.signal.removeEventListener('abort', aborted);
        resolve();
      };
      const aborted = () => {
        done();
        reject(cancelled());
      };
      const timer = setTimeout(done, ms);
      globalThis.addEventListener?.('online', done);
      stop.signal.addEventListener('abort', aborted);
    });
  }

  async function run(): Promise<UploadOutcome> {
    let failures = 0;
    let offset: number | null = null;
    for (;;) {
      try {
        if (url && offset === null) offset = await offsetAt(url);
        if (!url || offset === null) {
          url = await create();
          if (fingerprint) savedUploads.set(fingerprint, url);
          options.onCreated?.(url);
          offset = 0;
        }
        options.onProgress?.(offset, file.size);
        while (offset < file.size) {
          const before = offset;
          offset = await patch(url, offset);
          if (offset > before) failures = 0;
          options.onRetrying?.(false);
          options.onProgress?.(offset, file.size);
        }
        const result = await outcome(url);
        if (result) return result;
        // The hub has less than the whole file after all: ask it how much and send the rest.
        offset = null;
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        if (!error.retry) return error.outcome;
        if (failures >= delays.length) {
          resumableLater = url !== null;
          return error.outcome;
        }
        options.onRetrying?.(true);
        try {
          await wait(delays[failures++] ?? 0);
        } catch (stopped) {
          if (stopped instanceof Failure) return stopped.outcome;
          throw stopped;
        }
        // Whatever the hub kept of the chunk that broke off counts: go on from its offset.
        offset = null;
      }
    }
  }

  const done = run().then(async (result) => {
    // Cancelled: the hub drops what it had of the file.
    if (!result.ok && result.cancelled && url) await dropUpload(url);
    // Ended (stored, refused or cancelled): nothing is left to resume.
    else if (fingerprint && !resumableLater) savedUploads.delete(fingerprint);
    return result;
  });
  return {
    done,
    abort() {
      stop.abort();
      xhr?.abort();
    },
  };
}

/** Ends an unfinished upload (tus termination): the hub removes what it had of the file. */
export async function dropUpload(url: string): Promise<void> {
  savedUploads.forgetUrl(url);
  await fetch(url, { method: 'DELETE', credentials: 'same-origin', headers: { 'tus-resumable': TUS_VERSION } }).catch(() => {});
}

/** Overall progress of files sent one after another, in whole percent of all their bytes. */
export function overallPercent(sizes: readonly number[], index: number, fraction: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (sizes.length === 0) return 0;
  // Empty files still count as a step each, so the bar moves for them too.
  const weight = (i: number) => (total > 0 ? (sizes[i] ?? 0) / total : 1 / sizes.length);
  let done = 0;
  for (let i = 0; i < index; i++) done += weight(i);
  done += weight(index) * Math.min(1, Math.max(0, fraction));
  return Math.min(100, Math.floor(done * 100));
}
