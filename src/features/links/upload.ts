// Reading an uploaded bookmark file: the request body streamed and counted (the small-body default
// does not apply to the import route), then the file taken from a multipart field or the raw body.

import type { Context } from 'hono';
import { readUploadedFile } from '../../http/uploaded-file.ts';

export const IMPORT_TEXT = {
  tooLarge: (bytes: number) => `The bookmarks file is larger than ${Math.round(bytes / (1024 * 1024))} MB`,
  noFile: 'Choose a bookmarks file to import',
  notBookmarks: 'This is not a bookmarks file (the HTML file a browser exports)',
} as const;

/** The uploaded file's text: multipart field `file`, or the whole body (any other type). */
export async function readBookmarkUpload(c: Context, maxBytes: number): Promise<string> {
  const bytes = await readUploadedFile(c, { maxBytes, tooLarge: IMPORT_TEXT.tooLarge(maxBytes), noFile: IMPORT_TEXT.noFile });
  return new TextDecoder().decode(bytes);
}
