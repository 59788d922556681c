// View Details: what the hub knows of one item (type, size, dimensions, duration, dates, camera, model,
// tags, the file's original name) and, for an item of a library folder, the library and the
// file's path in it, and whether the file is missing (offline).

import type { ReactNode } from 'react';
import { formatDuration, formatSize, type MediaItem } from '../../src/shared/media.ts';
import { Dialog, DialogActions, type DialogControl } from '../components/Dialog.tsx';
import { titleOf } from './MediaCard.tsx';

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null);

export function DetailsDialog({ control, item, children }: { control: DialogControl; item: MediaItem | null; children?: ReactNode }) {
  const rows: [string, string | null][] = item
    ? [
        ['Title', titleOf(item)],
        ['Type', item.type === 'video' ? 'Video' : 'Image'],
        ['Size', formatSize(item.size)],
        ['Dimensions', item.width && item.height ? `${item.width} × ${item.height}` : null],
        ['Duration', item.type === 'video' && item.duration !== null ? formatDuration(item.duration) : null],
        ['Model', item.modelName],
        ['Tags', item.tags.length > 0 ? item.tags.join(', ') : 'None'],
        ['Added', dateText(item.createdAt)],
        ['Taken', dateText(item.takenAt)],
        ['Camera', item.camera],
        ['File', item.originalName],
        ['Library', item.library?.name ?? null],
        ['Path in library', item.library?.path ?? null],
        ['State', item.offline ? 'Offline: the file is missing from its library folder; the item comes back when the file does' : null],
      ]
    : [];
  return (
    <Dialog control={control} title="Details">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 px-6 text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-muted">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {children}
      <DialogActions>
        <button type="button" className="btn-ghost" onClick={control.close}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}
