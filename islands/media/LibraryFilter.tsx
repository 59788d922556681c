// The galleries' library filter: Everything, or one of the viewer's library folders. Shown only to
// members who have libraries (its script loads then); the choice lives in the address (?library=).
// The select belongs to the toolbar's GET form (its `form` attribute): without JavaScript a search
// sends the library chosen, and the Show button (there until the island is live) sends the choice
// with the search; once live, a choice applies at once.

import type { LibraryChoice } from '../../src/shared/libraries.ts';
import { changeMediaView, MEDIA_VIEW_FORM_ID, type MediaView } from '../../src/shared/media-view.ts';

export function LibraryFilter({
  libraries,
  view,
  live,
  onView,
}: {
  libraries: LibraryChoice[];
  view: MediaView;
  /** Whether the island is live (without it, the Show button submits the choice). */
  live: boolean;
  onView: (view: MediaView) => void;
}) {
  return (
    <div className="mb-4 flex max-w-sm items-center gap-2">
      <label className="flex min-w-0 flex-1 items-center gap-2 text-sm font-semibold">
        <span className="shrink-0 text-xs uppercase tracking-wide text-muted">Library</span>
        <select
          name="library"
          form={MEDIA_VIEW_FORM_ID}
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
      {live ? null : (
        <button type="submit" form={MEDIA_VIEW_FORM_ID} className="btn-outline shrink-0 py-1.5">
          Show
        </button>
      )}
    </div>
  );
}
