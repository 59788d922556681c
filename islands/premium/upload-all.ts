// Sends every chosen file in ONE multipart request (the premium upload, and a model's upload into
// premium) with XMLHttpRequest for its progress; the answer is read as the single-file upload's is.

import { UPLOAD_TIMEOUT_MS } from '../../src/shared/media.ts';
import { UPLOAD_TEXT, readUploadAnswer, type UploadHandle, type UploadOptions } from '../lib/upload.ts';

export const PREMIUM_UPLOAD_PATH = '/api/premium/upload';

export interface UploadAllFields {
  tags: readonly string[];
  modelId?: string | null;
  /** Only for a single file; the hub titles files by their names otherwise. */
  title?: string;
}

/** The text fields go first, so the hub knows tags and model before the bytes arrive. */
export function uploadAll(path: string, files: readonly File[], fields: UploadAllFields, options: UploadOptions = {}): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  if (fields.title !== undefined && fields.title.trim() !== '' && files.length === 1) form.append('title', fields.title.trim());
  if (fields.tags.length > 0) form.append('tags', fields.tags.join(','));
  if (fields.modelId) form.append('modelId', fields.modelId);
  for (const file of files) form.append('files', file, file.name);
  const done = new Promise<Awaited<UploadHandle['done']>>((resolve) => {
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
