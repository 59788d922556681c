// Opens the media store the configuration names: local disk under DATA_DIR/media, or S3.

import type { Config } from '../config.ts';
import { LocalDiskStore } from './local-disk-store.ts';
import { MEDIA_KEY_NAMESPACES, type MediaStore } from './media-store.ts';

export async function openMediaStore(config: Readonly<Config>): Promise<MediaStore> {
  const storage = config.storage;
  if (storage.driver === 's3') {
    // The AWS SDK is large; a hub on local disk never loads it.
    const { S3MediaStore } = await import('./s3-store.ts');
    return new S3MediaStore(storage);
  }
  return new LocalDiskStore(config.mediaDir).init();
}

/**
 * The store for a command run beside a running hub (`media check`): nothing is swept, since the
 * hub's uploads in progress are not leftovers.
 */
export async function openMediaStoreBesideHub(config: Readonly<Config>): Promise<MediaStore> {
  if (config.storage.driver === 's3') {
    const { S3MediaStore } = await import('./s3-store.ts');
    return new S3MediaStore(config.storage);
  }
  return new LocalDiskStore(config.mediaDir);
}

/**
 * The start-up sweep of a store's leftovers from a killed hub: LocalDiskStore.init() has cleared
 * its temporary files; on S3, multipart uploads left open under the hub's folders are aborted.
 */
export async function sweepLeftovers(store: MediaStore): Promise<number> {
  if (store.driver !== 's3') return 0;
  const { S3MediaStore } = await import('./s3-store.ts');
  if (!(store instanceof S3MediaStore)) return 0;
  return store.abortIncompleteUploads(MEDIA_KEY_NAMESPACES.map((namespace) => `${namespace}/`));
}
