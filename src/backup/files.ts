// File work of backup and restore: SHA-256 of a file, a copy hashed as it is read, a hard link with a copy as its fallback.

import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';

/** Bytes read and written at a time while copying. */
const COPY_CHUNK_BYTES = 1024 * 1024;

export interface HashedFile {
  size: number;
  sha256: string;
}

/** Streams the file through SHA-256 (media files may be many GB; never read whole). */
export async function sha256File(file: string): Promise<HashedFile> {
  const hasher = new Bun.CryptoHasher('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hasher.update(chunk);
    size += chunk.byteLength;
  }
  return { size, sha256: hasher.digest('hex') };
}

/**
 * Copies `from` to `to` (a new file, `mode`), hashing the bytes as they pass, so each byte is read
 * once; the copy keeps the source's modification time. Null when the source is gone (the hub
 * deleted it meanwhile).
 */
export async function copyHashed(from: string, to: string, mode = 0o600): Promise<(HashedFile & { mtimeMs: number }) | null> {
  let source: fs.FileHandle;
  try {
    source = await fs.open(from, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const stat = await source.stat();
    await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    const target = await fs.open(to, 'wx', mode);
    const hasher = new Bun.CryptoHasher('sha256');
    let size = 0;
    try {
      // Read through the open handle: its bytes stay readable even if the hub unlinks the file meanwhile.
      const buffer = new Uint8Array(COPY_CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.byteLength, size);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        hasher.update(chunk);
        size += bytesRead;
        for (let offset = 0; offset < bytesRead; ) offset += (await target.write(chunk, offset, bytesRead - offset)).bytesWritten;
      }
      await target.sync();
    } finally {
      await target.close();
    }
    await fs.utimes(to, stat.atime, stat.mtime);
    return { size, sha256: hasher.digest('hex'), mtimeMs: stat.mtimeMs };
  } finally {
    await source.close();
  }
}

/**
 * A hard link at `to` to the previous backup's `from` (no bytes copied; deleting either folder
 * leaves the other whole). False when the filesystem refuses (another device, no hard links, too
 * many links): the caller copies instead.
 */
export async function linkFile(from: string, to: string): Promise<boolean> {
  await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  try {
    await fs.link(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOENT') return false;
    throw error;
  }
}

/** Every regular file under `root`, as forward-slash paths relative to it, skipping the named top-level folders. */
export async function listFiles(root: string, skip: readonly string[] = []): Promise<string[]> {
  const files: string[] = [];
  const visit = async (dir: string, rel: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const key = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!rel && skip.includes(entry.name)) continue;
        await visit(path.join(dir, entry.name), key);
      } else if (entry.isFile()) files.push(key);
    }
  };
  await visit(root, '');
  return files.sort();
}

/** Writes `data` to a new file with mode 0600 (a key, whatever the umask). */
export async function writeSecretFile(file: string, data: Uint8Array): Promise<void> {
  await fs.writeFile(file, data, { mode: 0o600, flag: 'wx' });
  await fs.chmod(file, 0o600);
}
