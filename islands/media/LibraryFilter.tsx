// The galleries' library filter: Everything, or one of the viewer's library folders. Shown only to
// members who have libraries (its script loads then); the choice lives in the address (?library=).

import type { LibraryChoice } from '../../src/shared/libraries.ts';
import { changeMediaView, type MediaView } from '../../src/shared/media-view.ts';

export function LibraryFilter({ libraries, view, onView }: { libraries: LibraryChoice[]; view: MediaView; onView: (view: MediaView) => void }) {
  return (
    <label className="mb-4 flex max-w-sm items-center gap-2 text-sm font-semibold">
      <span className="shrink-0 text-xs uppercase tracking-wide text-muted">Library</span>
      <select
        value={view.library ?? ''}
        onChange={(event) => {
          const library = event.currentTarget.value;
          const next = changeMediaView(view, {});
          if (library) next.library = library;
          else delete next.library;
          onView(next);
        }}
        className="field py-1.5"
      >
        <option value="">Everything</option>
        {libraries.map((l) => (
          <option key={l._id} value={l._id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
