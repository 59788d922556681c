// Sends one file to POST /api/gallery/upload with XMLHttpRequest, the one browser API that reports
// upload progress (fetch does not), and turns every outcome into the spec's upload texts.

import { type MediaItem, UPLOAD_TIMEOUT_MS, type UploadResult } from '../../src/shared/media.ts';

export const UPLOAD_PATH = '/api/gallery/upload';

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

export interface UploadFields {
  /** Sent only when set; the hub titles a file by its name otherwise. */
  title?: string;
  tags: readonly string[];
  modelId?: string | null;
}

export type UploadOutcome =
  /** The hub stored the file (media holds its item) or refused it by name (errors). */
  { ok: true; result: UploadResult } | { ok: false; message: string; status: number; cancelled?: true };

export interface UploadHandle {
  done: Promise<UploadOutcome>;
  /** Stops the request in flight; the hub drops what it had received. */
  abort(): void;
}

export interface UploadOptions {
  /** Bytes of the request body sent so far, and its total (the file plus the form's few fields). */
  onProgress?: (loaded: number, total: number) => void;
  timeoutMs?: number;
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

/**
 * The form of an upload: the text fields first, so the hub knows the title, tags and model before
 * the bytes arrive and can stream them straight to the store; then the files under `field`.
 */
export function uploadForm(fields: UploadFields, files: readonly File[], field: 'media' | 'files'): FormData {
  const form = new FormData();
  if (fields.title !== undefined && fields.title.trim() !== '') form.append('title', fields.title.trim());
  if (fields.tags.length > 0) form.append('tags', fields.tags.join(','));
  if (fields.modelId) form.append('modelId', fields.modelId);
  for (const file of files) form.append(field, file, file.name);
  return form;
}

/** Posts an upload's form with XMLHttpRequest (for its progress) and reads the hub's answer. */
export function sendUpload(path: string, form: FormData, options: UploadOptions = {}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, status: 0, message: UPLOAD_TEXT.network });
    xhr.ontimeout = () => resolve({ ok: false, status: 0, message: UPLOAD_TEXT.timeout });
    xhr.onabort = () => resolve({ ok: false, status: 0, message: UPLOAD_TEXT.cancelled, cancelled: true });
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** Uploads one file as the spec's free gallery does (one request per file, the file in `media`). */
export function uploadFile(file: File, fields: UploadFields, options: UploadOptions = {}): UploadHandle {
  return sendUpload(UPLOAD_PATH, uploadForm(fields, [file], 'media'), options);
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
