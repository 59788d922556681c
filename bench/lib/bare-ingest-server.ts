// The upload's reference for bench/processing-e2e.ts: what a bare Bun server spends to take the
// same requests and do what the hub must do with each file's bytes: receive them, SHA-256 them,
// write them to a file of their own (a megabyte a write) and flush it (fsync), and the folder once,
// before answering. No multipart parsing: the client names the files' sizes (`x-file-sizes`, in
// order) and the body, framing and all, is cut at the chunk that ends each; no store keys, rows,
// jobs, sniffing or limits either. Files go to DATA_DIR.

import { promises as fs } from 'node:fs';
import path from 'node:path';

const folder = path.join(process.env.DATA_DIR ?? '.', 'bare-ingest');
await fs.mkdir(folder, { recursive: true });

Bun.serve({
  port: Number(process.env.PORT),
  hostname: process.env.HOST,
  maxRequestBodySize: 1024 * 1024 * 1024,
  async fetch(request) {
    if (new URL(request.url).pathname === '/healthz') return new Response('ok');
    const sizes = (request.headers.get('x-file-sizes') ?? '').split(',').map(Number);
    const reader = request.body!.getReader();
    let file = await fs.open(path.join(folder, crypto.randomUUID()), 'wx', 0o600);
    let hasher = new Bun.CryptoHasher('sha256');
    let left = sizes.shift() ?? Number.POSITIVE_INFINITY;
    const digests: string[] = [];
    // Written a megabyte at a time, one system call each.
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length > 0) await file.writev(batch);
      batch = [];
      batchBytes = 0;
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hasher.update(value);
      batch.push(value);
      batchBytes += value.byteLength;
      left -= value.byteLength;
      if (batchBytes >= 1024 * 1024 || left <= 0) await flush();
      if (left <= 0 && sizes.length > 0) {
        await file.sync();
        await file.close();
        digests.push(hasher.digest('hex'));
        file = await fs.open(path.join(folder, crypto.randomUUID()), 'wx', 0o600);
        hasher = new Bun.CryptoHasher('sha256');
        left += sizes.shift()!;
      }
    }
    await flush();
    await file.sync();
    await file.close();
    digests.push(hasher.digest('hex'));
    const handle = await fs.open(folder, 'r');
    await handle.sync();
    await handle.close();
    return Response.json({ files: digests.length }, { status: 201 });
  },
});
