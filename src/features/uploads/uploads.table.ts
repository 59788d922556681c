// Row type of resumable uploads (tus 1.0, migration 0035, decision 0047).

import type { Insertable, Selectable } from 'kysely';
import type { GalleryName } from '../media/media.table.ts';

export type UploadState = 'uploading' | 'processing' | 'done' | 'failed';

export interface UploadsTable {
  id: string;
  owner_id: string;
  /** The gallery the finished file goes to. */
  gallery: GalleryName;
  /** Upload-Metadata's filename, as the client sent it (cleaned when the item is made). */
  file_name: string;
  file_type: string | null;
  title: string | null;
  /** Upload-Metadata's tags, comma-joined as sent. */
  tags: string | null;
  model_id: string | null;
  /** Upload-Length: the file's size in bytes. */
  length: number;
  /** Bytes received and on the disk (flushed) so far. */
  offset: number;
  state: UploadState;
  /** The item the finished upload became. */
  media_id: string | null;
  /** Why a finished upload became no item. */
  error: string | null;
  /** Epoch milliseconds: an upload not finished by then is swept away (UPLOAD_EXPIRY_HOURS). */
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export type UploadRow = Selectable<UploadsTable>;
export type NewUploadRow = Insertable<UploadsTable>;
