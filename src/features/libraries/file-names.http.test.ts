// File and folder names that are not UTF-8 (bytes a file system takes, written by an old camera or
// another operating system): read as text each bad byte becomes U+FFFD, a path that leads nowhere,
// so they used to vanish from the scan (neither indexed nor told). They are told now, as failed with
// their reason and their bytes escaped, in the scan and in the import; the rest is scanned.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../../../test/helpers/answers.ts';
import { jpegBytes, type LibraryHub, libraryHub, put } from '../../../test/helpers/library-trees.ts';
import type { Credentials } from '../../../test/helpers/test-app.ts';
import { runCli } from '../../cli.ts';
import type { Library } from '../../shared/libraries.ts';
import type { MediaPage } from '../../shared/media.ts';
import { escapedName, NOT_UTF8_FOLDER, NOT_UTF8_NAME } from '../media/ingest/walk.ts';

let hub: LibraryHub;
let folder: string;
/** `folder/<bytes>` as a path the file system takes as it is. */
const raw = (...parts: (string | number[])[]) =>
  Buffer.concat([Buffer.from(`${folder}/`), ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))]);

beforeAll(async () => {
  hub = await libraryHub('hub-names');
  folder = path.join(hub.root, 'names');
  put(folder, 'fine.jpg', await jpegBytes(1));
  // A valid name that holds U+FFFD itself is a name like any other.
  put(folder, 'odd\uFFFD.jpg', await jpegBytes(4));
  writeFileSync(raw([0xff, 0xfe, 0x41], '.jpg'), await jpegBytes(2));
  mkdirSync(raw('caf', [0xe9]));
  writeFileSync(raw('caf', [0xe9], '/inside.jpg'), await jpegBytes(3));
}, 60_000);
afterAll(() => hub.close());

const call = (url: string, as: Credentials, method = 'GET', json?: unknown) => hub.t.request(url, { method, as, ...(json === undefined ? {} : { json }) });

describe('names that are not UTF-8', () => {
  test('escapedName shows valid characters as they read and every other byte as \\xNN', () => {
    expect(escapedName(Buffer.from([0xff, 0xfe, 0x41, 0x2e, 0x6a]))).toBe('\\xff\\xfeA.j');
    expect(escapedName(Buffer.concat([Buffer.from('Café '), Buffer.from([0xe9, 0x80])]))).toBe('Café \\xe9\\x80');
  });

  test('a scan counts them as failed, with the reason and the name escaped; the other files are items', async () => {
    const lib = await ok<Library>(call('/api/libraries', hub.admin, 'POST', { path: folder, ownerId: hub.ann.user._id, scan: false }), 201);
    await ok(call(`/api/libraries/${lib._id}/scan`, hub.ann, 'POST'), 202);
    await hub.t.services.libraries.idle();
    const scan = (await ok<Library>(call(`/api/libraries/${lib._id}`, hub.ann))).lastScan!;
    expect(scan).toMatchObject({ state: 'done', found: 2, added: 2, failed: 2, missing: 0 });
    expect(scan.errors).toEqual([
      { path: '\\xff\\xfeA.jpg', error: `${NOT_UTF8_NAME.charAt(0).toUpperCase()}${NOT_UTF8_NAME.slice(1)}` },
      { path: 'caf\\xe9', error: `${NOT_UTF8_FOLDER.charAt(0).toUpperCase()}${NOT_UTF8_FOLDER.slice(1)}` },
    ]);
    const items = (await ok<MediaPage>(call('/api/gallery?limit=100', hub.ann))).media;
    expect(items.map((m) => m.library?.path).sort()).toEqual(['fine.jpg', 'odd\uFFFD.jpg']);
  });

  test('the import tells them as failed too, and exits 1', async () => {
    const out: string[] = [];
    const none = async () => {
      throw new Error('No input');
    };
    const { username } = await hub.t.database.db.selectFrom('users').select('username').where('id', '=', hub.ann.user._id).executeTakeFirstOrThrow();
    const code = await runCli(['import', folder, '--owner', username], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      env: { DATA_DIR: hub.t.dataDir, LOG_LEVEL: 'silent' },
      readLine: none,
      readSecret: none,
      interactive: false,
    });
    expect(code).toBe(1);
    expect(out).toContain(`  ${folder}/\\xff\\xfeA.jpg: ${NOT_UTF8_NAME}`);
    expect(out).toContain(`  ${folder}/caf\\xe9: ${NOT_UTF8_FOLDER}`);
  });
});
