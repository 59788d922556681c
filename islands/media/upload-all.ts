// Sends every chosen file in ONE multipart request (the premium upload, and a model's upload into
// premium) with XMLHttpRequest for its progress; the answer is read as the single-file upload's is.

import { sendUpload, type UploadHandle, type UploadOptions, uploadForm } from '../lib/upload.ts';

export const PREMIUM_UPLOAD_PATH = '/api/premium/upload';

export interface UploadAllFields {
  tags: readonly string[];
  modelId?: string | null;
  /** Only for a single file; the hub titles files by their names otherwise. */
  title?: string;
}

/** Every file in one request (field `files`); a title names the file only when there is one. */
export function uploadAll(path: string, files: readonly File[], fields: UploadAllFields, options: UploadOptions = {}): UploadHandle {
  const { title, ...rest } = fields;
  return sendUpload(path, uploadForm(files.length === 1 && title !== undefined ? { ...rest, title } : rest, files, 'files'), options);
}
