// MediaStore on an S3-compatible bucket (AWS S3, MinIO, Ceph, OpenStack Swift's s3api, ...).

import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config.ts';
import { RangeNotSatisfiableError } from '../errors.ts';
import {
  assertValidKey,
  assertValidPrefix,
  type ByteRange,
  contentTypeOf,
  type MediaStore,
  meteredStream,
  type PutOptions,
  type PutResult,
  type StoredBody,
  type StoredObject,
} from './media-store.ts';

const PING_TIMEOUT_MS = 5_000;
const PART_SIZE = 16 * 1024 * 1024;

export interface S3StoreOptions extends S3Settings {
  /** Keys per ListObjectsV2 page; the server's default (1000 on S3) when omitted. */
  listPageSize?: number;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum); 16 MiB when omitted. */
  partSize?: number;
}

export class S3MediaStore implements MediaStore {
  readonly driver = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly listPageSize: number | undefined;
  private readonly partSize: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize;
    this.partSize = Math.max(options.partSize ?? PART_SIZE, 5 * 1024 * 1024);
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // The SDK's default CRC32 headers are rejected by several S3-compatible servers; SigV4 still
      // signs each request's payload hash, and put computes its own SHA-256.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: ReadableStream<Uint8Array>, options: PutOptions = {}): Promise<PutResult> {
    assertValidKey(key);
    const meter = meteredStream(options.maxBytes);
    // Upload sends one PutObject for small bodies and a multipart upload otherwise; either way the
    // object only appears once complete. We abort ourselves (leavePartsOnError) so that the error
    // callers see is the stream's (e.g. ObjectTooLargeError), not a failure of the abort.
    const upload = new Upload({
      client: this.client,
      leavePartsOnError: true,
      // Memory held per upload is about partSize x (queueSize + 1), whatever the object's size.
      // 16 MiB parts allow objects up to ~156 GiB on S3 (10,000 parts) and ~15 GiB on Swift (1,000).
      partSize: this.partSize,
      queueSize: 2,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body.pipeThrough(meter.stream),
        ContentType: options.contentType ?? contentTypeOf(key),
      },
    });
    try {
      await upload.done();
    } catch (error) {
      if (upload.uploadId) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.uploadId })).catch((abortError: unknown) => {
          if (error instanceof Error && error.cause === undefined) error.cause = abortError;
        });
      }
      throw error;
    }
    return { key, ...meter.result() };
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    assertValidKey(key);
    if (range && !isAskableRange(range)) {
      const object = await this.head(key);
      if (!object) return null;
      throw new RangeNotSatisfiableError(object.size);
    }
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      if (range && httpStatusOf(error) === 416) {
        // The 416 does not reliably carry the object's size, which the caller needs for Content-Range.
        const object = await this.head(key);
        if (!object) return null;
        throw new RangeNotSatisfiableError(object.size);
      }
      throw error;
    }

    const body = response.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    const object = (size: number): StoredObject => ({
      key,
      size,
      contentType: response.ContentType ?? contentTypeOf(key),
      lastModified: response.LastModified ?? new Date(0),
    });
    if (!range) return { body, object: object(response.ContentLength ?? 0) };

    const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
    if (!served) {
      await body.cancel();
      throw new Error(`S3 server ignored the Range header for ${key} (Content-Range: ${response.ContentRange ?? 'none'})`);
    }
    return { body, object: object(Number(served[3])), range: { start: Number(served[1]), end: Number(served[2]) } };
  }

  async head(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: response.ContentLength ?? 0,
        contentType: response.ContentType ?? contentTypeOf(key),
        lastModified: response.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isNotFound(error)) throw error;
    }
  }

  list(prefix: string): AsyncIterable<StoredObject> {
    assertValidPrefix(prefix);
    return this.listPages(prefix);
  }

  private async *listPages(prefix: string): AsyncIterable<StoredObject> {
    const pages = paginateListObjectsV2({ client: this.client, pageSize: this.listPageSize }, { Bucket: this.bucket, Prefix: prefix });
    for await (const page of pages) {
      for (const item of page.Contents ?? []) {
        if (item.Key === undefined) continue;
        yield {
          key: item.Key,
          size: item.Size ?? 0,
          // Listings carry no Content-Type and a HEAD per object would be slow; put derives the
          // type from the extension the same way unless the caller named another one.
          contentType: contentTypeOf(item.Key),
          lastModified: item.LastModified ?? new Date(0),
        };
      }
    }
  }

  /**
   * Aborts multipart uploads left open under `prefixes` (a hub killed mid-upload leaves its parts
   * behind, invisible but stored and billed). Only for start-up, when this hub has none running.
   * Returns how many were aborted.
   */
  async abortIncompleteUploads(prefixes: readonly string[]): Promise<number> {
    let aborted = 0;
    for (const prefix of prefixes) {
      assertValidPrefix(prefix);
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId) continue;
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
          aborted++;
        }
        if (!page.IsTruncated) break;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    }
    return aborted;
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS) });
  }

  /** Closes the client's pooled connections. */
  destroy(): void {
    this.client.destroy();
  }
}

/** A range S3 can be asked for as `bytes=start-[end]`; anything else is unsatisfiable anyway. */
function isAskableRange(range: ByteRange): boolean {
  const { start, end } = range;
  return Number.isSafeInteger(start) && start >= 0 && (end === undefined || (Number.isSafeInteger(end) && end >= start));
}

function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  // GetObject names a missing key NoSuchKey; HeadObject has no body to name it, so the SDK says NotFound.
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
