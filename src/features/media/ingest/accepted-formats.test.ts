// The formats the upload takes, said in three places: what the server's sniffer accepts, what the
// upload dialog offers (src/shared/upload-formats.ts) and the uploads guide's "Accepted files"
// (docs/guide/uploads.md). They must name the same formats.

import { describe, expect, test } from 'bun:test';
import path from 'node:path';
import { UPLOAD_FORMATS } from '../../../shared/upload-formats.ts';
import { ACCEPTED_TYPES } from './sniff.ts';

const guide = await Bun.file(path.join(import.meta.dir, '..', '..', '..', '..', 'docs', 'guide', 'uploads.md')).text();

/** The guide's "Accepted files" section, up to the next heading. */
function acceptedFilesSection(): string {
  const start = guide.indexOf('\n## Accepted files\n');
  expect(start).toBeGreaterThan(-1);
  const end = guide.indexOf('\n#', start + 1);
  return guide.slice(start, end < 0 ? undefined : end).replace(/\s+/g, ' ');
}

describe('accepted formats', () => {
  test('the uploads guide names every format the upload dialog offers', () => {
    const section = acceptedFilesSection();
    const missing = UPLOAD_FORMATS.map((format) => format.label).filter(
      (label) => !new RegExp(`(^|[^\\w-])${label.replace('/', '\\/')}([^\\w-]|$)`).test(section),
    );
    expect(missing).toEqual([]);
  });

  test('the upload dialog offers the extension of every type the server accepts', () => {
    const offered = new Set(UPLOAD_FORMATS.flatMap((format) => format.extensions));
    const kinds = new Map(UPLOAD_FORMATS.flatMap((format) => format.extensions.map((extension) => [extension, format.kind] as const)));
    expect(ACCEPTED_TYPES.filter((type) => !offered.has(`.${type.extension}`)).map((type) => type.extension)).toEqual([]);
    expect(ACCEPTED_TYPES.filter((type) => kinds.get(`.${type.extension}`) !== type.type).map((type) => type.extension)).toEqual([]);
  });
});
