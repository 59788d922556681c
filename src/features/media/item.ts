// A media row as the API answers with it (both galleries): byte URLs through the hub, ISO dates.
// Every field read from a column as it is comes from the fields' definition (shared/media-fields.ts:
// `column`, read by its kind); the fields the hub works out (addresses, the model's name, the
// library) are written here.

import type { MediaItem } from '../../shared/media.ts';
import { fieldSpec, MEDIA_FIELDS, type MediaFieldName } from '../../shared/media-fields.ts';
import type { MediaRow } from './media.table.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The fields read from a column, with how their kind reads it. */
const COLUMN_FIELDS = (Object.keys(MEDIA_FIELDS) as MediaFieldName[]).flatMap((name) => {
  const spec = fieldSpec(name);
  if (spec.column === undefined) return [];
  const column = spec.column as keyof MediaRow;
  const read =
    spec.kind === 'date'
      ? (row: MediaRow) => iso(row[column] as number | null)
      : spec.kind === 'bool'
        ? (row: MediaRow) => row[column] === 1
        : spec.kind === 'tags'
          ? (row: MediaRow) => JSON.parse(row[column] as string) as string[]
          : spec.nullable
            ? (row: MediaRow) => row[column] ?? null
            : (row: MediaRow) => row[column];
  return [[name, read] as const];
});

export function toMediaItem(row: MediaRow, modelName: string | null = null): MediaItem {
  const url = `/media/${row.id}`;
  const item: Record<string, unknown> = {};
  for (const [name, read] of COLUMN_FIELDS) item[name] = read(row);
  item.url = url;
  item.thumbnail = row.thumbnail_key ? `${url}/thumbnail` : null;
  item.display = `${url}/display`;
  item.modelName = modelName;
  item.preview = row.preview_key ? `${url}/preview` : null;
  item.scrubber = row.scrubber_key ? `${url}/scrubber.vtt` : null;
  // The path as the disk spells it is kept for reading the file; the API's is NFC.
  item.library = row.library_id ? { _id: row.library_id, name: row.library_name ?? '', path: (row.library_path ?? '').normalize('NFC') } : null;
  item.offline = row.offline_at !== null && row.offline_at !== undefined;
  return item as MediaItem;
}

/** The lower-case text search runs over: title and tags. */
export function searchTextOf(title: string, tags: readonly string[]): string {
  return [title, ...tags].join('\n').toLowerCase();
}
