// The walk shared by library scans and the import, on a real tree made here: what each command is
// told of hidden files, hard links, links to files and folders inside, broken links, links out and
// pipes, and in what order.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '../../../../test/helpers/test-app.ts';
import { resolveRoots, type WalkEntry, type WalkEvent, walkFiles, walkFolder } from './walk.ts';

const root = tempDir('hub-walk-');
const outside = tempDir('hub-walk-outside-');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});
const at = (rel: string) => path.join(root, rel);
let fifo = false;
beforeAll(() => {
  mkdirSync(at('a/b'), { recursive: true });
  mkdirSync(at('.hidden/x'), { recursive: true });
  mkdirSync(at('z'));
  writeFileSync(at('one.jpg'), '1');
  writeFileSync(at('.dot.jpg'), '2');
  writeFileSync(at('a/b/two.jpg'), '3');
  writeFileSync(at('.hidden/x/three.jpg'), '4');
  writeFileSync(at('z/four.jpg'), '5');
  writeFileSync(path.join(outside, 'away.jpg'), '6');
  linkSync(at('one.jpg'), at('z/hard.jpg'));
  symlinkSync(at('.hidden/x'), at('a/to-hidden'));
  symlinkSync(at('z'), at('a/to-z'));
  symlinkSync(at('one.jpg'), at('a/to-one.jpg'));
  symlinkSync(at('nowhere.jpg'), at('broken.jpg'));
  symlinkSync(outside, at('out'));
  symlinkSync(root, at('z/loop'));
  fifo = spawnSync('mkfifo', [at('pipe')]).status === 0;
});

const strip = (text: string) => text.replaceAll(root, 'R');

describe('the walk', () => {
  test('a library is told every file outside dot-folders (dot-files too), each folder once, the real folders first', async () => {
    const events: WalkEvent[] = [];
    for await (const batch of walkFolder(root)) events.push(...batch);
    expect(events.map((e) => `${e.kind} ${e.path}${e.kind === 'skip' ? ` ${e.why}` : ''}`)).toEqual([
      'file .dot.jpg',
      'skip broken.jpg link-broken',
      'file one.jpg',
      'skip out link-out',
      ...(fifo ? ['skip pipe not-a-file'] : []),
      'skip a/to-one.jpg link-to-file',
      'file a/b/two.jpg',
      'file z/four.jpg',
      'file z/hard.jpg',
      // The link into the dot-folder, after the real folders; a/to-z and z/loop lead to folders walked already.
      'file a/to-hidden/three.jpg',
    ]);
  });

  test('the import leaves hidden files out unread, fails a broken link, takes a file reached twice once', async () => {
    const entries: WalkEntry[] = [];
    for await (const entry of walkFiles(await resolveRoots([root, at('a'), at('one.jpg')]))) entries.push(entry);
    expect(entries.map((e) => strip(JSON.stringify(e)))).toEqual([
      '{"kind":"skipped","path":"R/.dot.jpg","why":"hidden"}',
      '{"kind":"failed","path":"R/broken.jpg","error":"the link leads nowhere (it is gone)"}',
      '{"kind":"file","path":"R/one.jpg","size":1}',
      '{"kind":"skipped","path":"R/out","why":"link-out"}',
      ...(fifo ? ['{"kind":"skipped","path":"R/pipe","why":"not-a-file"}'] : []),
      '{"kind":"file","path":"R/a/b/two.jpg","size":1}',
      '{"kind":"file","path":"R/z/four.jpg","size":1}',
      '{"kind":"file","path":"R/a/to-hidden/three.jpg","size":1}',
    ]);
  });

  test('a hidden file given by name is taken', async () => {
    const entries: WalkEntry[] = [];
    for await (const entry of walkFiles(await resolveRoots([at('.dot.jpg')]))) entries.push(entry);
    expect(entries).toEqual([{ kind: 'file', path: at('.dot.jpg'), size: 1 }]);
  });
});
