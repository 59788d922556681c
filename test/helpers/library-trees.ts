// Real folder trees for the library tests: small real pictures (each different, so each has its own
// fingerprint), and a snapshot of a tree (names, sizes, times and bytes) to show a scan left it as
// it was; and a test hub with a library root.

import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signedInUser } from './factories.ts';
import { createTestApp, type SignedIn, type TestApp, tempDir } from './test-app.ts';

/** A small JPEG of its own colour: `seed` tells it from every other. */
export async function jpegBytes(seed: number, size = 16): Promise<Buffer> {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (seed * 37 + i * (seed % 7) + Math.floor(i / 3) * 13) & 0xff;
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Writes `bytes` at `rel` under `root`, making its folders. */
export function put(root: string, rel: string, bytes: Uint8Array | string): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

/** Every entry under `root` (links not followed): its kind, size, time, mode, and bytes' hash or link target. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (dir: string, rel: string) => {
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      const stat = lstatSync(abs);
      const common = `${stat.size} ${stat.mtimeMs} ${stat.mode.toString(8)}`;
      if (stat.isSymbolicLink()) out[r] = `link ${readlinkSync(abs)} ${common}`;
      else if (stat.isDirectory()) {
        out[r] = `dir ${stat.mode.toString(8)} ${stat.mtimeMs}`;
        visit(abs, r);
      } else if (stat.isFile()) {
        let hash = 'unreadable';
        try {
          hash = createHash('sha256').update(readFileSync(abs)).digest('hex');
        } catch {}
        out[r] = `file ${common} ${hash}`;
      } else out[r] = `other ${common}`;
    }
  };
  visit(root, '');
  return out;
}

/** A test hub with LIBRARY_ROOTS set to a folder of its own (no timed rescans), a folder outside it, an administrator and a member. */
export interface LibraryHub {
  t: TestApp;
  /** The one library root. */
  root: string;
  /** A folder outside every root. */
  outside: string;
  admin: SignedIn;
  ann: SignedIn;
  /** Closes the hub and removes both folders. */
  close: () => Promise<void>;
}

export async function libraryHub(prefix: string): Promise<LibraryHub> {
  const root = tempDir(`${prefix}-root-`);
  const outside = tempDir(`${prefix}-outside-`);
  const t = await createTestApp({ env: { SITE_LOCKOUT_HOURS: '0', LIBRARY_ROOTS: root, LIBRARY_SCAN_MINUTES: '0' } });
  const admin = await signedInUser(t.database.db, { role: 'admin' });
  const ann = await signedInUser(t.database.db);
  const close = async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  };
  return { t, root, outside, admin, ann, close };
}
