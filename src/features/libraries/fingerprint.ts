// Telling a library's files apart, without writing anything anywhere (the walk that finds them is
// the one the import uses too: ../media/ingest/walk.ts). The fingerprint reads at most the first
// and last 64 KB: the size and a SHA-256 of those bytes, enough to know a moved file again.

import { promises as fs } from 'node:fs';
import { SNIFF_BYTES, type SniffedType, sniff } from '../media/ingest/sniff.ts';

/** Bytes read at each end of a file for its fingerprint. */
export const FINGERPRINT_BYTES = 64 * 1024;

export interface ReadFile {
  /** What the bytes say the file is; null: not media. */
  sniffed: SniffedType | null;
  /** `<size>-<hex SHA-256 of the first and last 64 KB>` (the whole file when it is smaller than 128 KB). */
  fingerprint: string;
}

/**
 * Reads the first 64 KB (the type is told from them) and, for media, the last 64 KB. Throws the
 * file system's error (ENOENT when the file went while the scan ran).
 */
export async function readFileIdentity(abs: string, size: number): Promise<ReadFile> {
  const handle = await fs.open(abs, 'r');
  try {
    const headLength = Math.min(size, FINGERPRINT_BYTES);
    const head = Buffer.alloc(headLength);
    const { bytesRead } = headLength > 0 ? await handle.read(head, 0, headLength, 0) : { bytesRead: 0 };
    const sniffed = sniff(head.subarray(0, Math.min(bytesRead, SNIFF_BYTES)));
    const hasher = new Bun.CryptoHasher('sha256');
    hasher.update(head.subarray(0, bytesRead));
    if (sniffed && size > FINGERPRINT_BYTES) {
      const tailStart = Math.max(FINGERPRINT_BYTES, size - FINGERPRINT_BYTES);
      const tail = Buffer.alloc(size - tailStart);
      const read = await handle.read(tail, 0, tail.length, tailStart);
      hasher.update(tail.subarray(0, read.bytesRead));
    }
    return { sniffed, fingerprint: `${size}-${hasher.digest('hex')}` };
  } finally {
    await handle.close();
  }
}
