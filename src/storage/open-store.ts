// Opens the media store the configuration names: local disk under DATA_DIR/media, or S3.

import type { Config } from '../config.ts';
import { LocalDiskStore } from './local-disk-store.ts';
import type { MediaStore } from './media-store.ts';

export async function openMediaStore(config: Readonly<Config>): Promise<MediaStore> {
  const storage = config.storage;
  if (storage.driver === 's3') {
    // The AWS SDK is large; a hub on local disk never loads it.
    const { S3MediaStore } = await import('./s3-store.ts');
    return new S3MediaStore(storage);
  }
  return new LocalDiskStore(config.mediaDir).init();
}
