// Select mode's bar: 'N selected' with All (every item on the page), Album (Move to Album for the
// selection; not in the recycling bin, whose items cannot join albums), Delete and Clear.

export function BulkBar({ count, onAll, onAlbum, onDelete, onClear, inBin }: { count: number; onAll: () => void; onAlbum: () => void; onDelete: () => void; onClear: () => void; inBin: boolean }) {
  return (
    <div role="region" aria-label="Selection" className="sticky top-16 z-30 mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-accent/40 bg-surface px-4 py-2 shadow-lg">
      <p className="mr-auto text-sm font-semibold" aria-live="polite">{`${count} selected`}</p>
      <button type="button" className="btn-ghost py-1.5" onClick={onAll}>
        All
      </button>
      {inBin ? null : (
        <button type="button" className="btn-outline py-1.5" onClick={onAlbum} disabled={count === 0} aria-haspopup="dialog">
          Album
        </button>
      )}
      <button type="button" className="btn-danger py-1.5" onClick={onDelete} disabled={count === 0}>
        {inBin ? 'Delete Forever' : 'Delete'}
      </button>
      <button type="button" className="btn-outline py-1.5" onClick={onClear} disabled={count === 0}>
        Clear
      </button>
    </div>
  );
}
