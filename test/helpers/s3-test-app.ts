// A test hub whose media store is a bucket on this test process's Swift (OpenStack's s3api): the
// hooks that start the bucket and the hub before a describe block's tests and take them down after.

import { afterAll, beforeAll } from 'bun:test';
import type { S3MediaStore, S3StoreOptions } from '../../src/storage/s3-store.ts';
import { signedInUser } from './factories.ts';
import { SWIFT_HOOK_TIMEOUT_MS, type SwiftS3, s3StoreOn, startSwiftS3 } from './swift-s3.ts';
import { createTestApp, type SignedIn, type TestApp } from './test-app.ts';

export interface S3TestApp {
  swift: SwiftS3;
  store: S3MediaStore;
  t: TestApp;
  /** A signed-in member of the hub. */
  owner: SignedIn;
}

/**
 * Call inside a describe block: its beforeAll starts the bucket, the store and the hub (lockout off)
 * with one signed-in member; its afterAll closes them. The fields are there once the tests run.
 */
export function s3TestApp(store: Partial<Pick<S3StoreOptions, 'partSize'>> = {}): S3TestApp {
  const made = {} as S3TestApp;
  beforeAll(async () => {
    made.swift = await startSwiftS3();
    made.store = s3StoreOn(made.swift, store);
    made.t = await createTestApp({ store: made.store, env: { SITE_LOCKOUT_HOURS: '0' } });
    made.owner = await signedInUser(made.t.database.db);
  }, SWIFT_HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await made.t?.close();
    made.store?.destroy();
    await made.swift?.stop();
  }, 15_000);
  return made;
}
