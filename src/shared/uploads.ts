// Resumable uploads (tus 1.0 at /api/uploads, decision 0047): what the server and its clients share.

import type { MediaItem } from './media.ts';

export const TUS_VERSION = '1.0.0';
export const UPLOADS_PATH = '/api/uploads';

/** `GET /api/uploads/{id}`: where an upload stands. */
export type UploadView = { state: 'uploading'; offset: number; length: number } | { state: 'done'; media: MediaItem } | { state: 'failed'; error: string };
