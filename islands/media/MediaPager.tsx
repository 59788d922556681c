// A gallery's pager (both galleries): first, previous, next and last (links carrying the view), "Page X of Y",
// the items-per-page select (a GET form without JavaScript) and the total.

import { type MouseEvent, type ReactNode, useId } from 'react';
import { itemsText, pageSizeOptions } from '../../src/shared/gallery-view.ts';
import { changeMediaView, type MediaView, type ViewRules, viewHref } from '../../src/shared/media-view.ts';
import { ChevronIcon } from './icons.tsx';

const STEP = 'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line text-fg no-underline hover:bg-raised';

export function MediaPager<V extends MediaView>({
  rules,
  view,
  totalPages,
  totalItems,
  showTotal = true,
  live,
  onView,
}: {
  rules: ViewRules;
  view: V;
  totalPages: number;
  totalItems: number /** False where the toolbar counts the items already. */;
  showTotal?: boolean;
  live: boolean;
  onView: (view: V) => void;
}) {
  const sizeId = useId();
  const last = Math.max(1, totalPages);
  const step = (page: number, label: string, icon: ReactNode) => {
    const target = { ...view, page };
    const off = page < 1 || page > last || page === view.page;
    if (off) {
      return (
        <span aria-hidden="true" className={`${STEP} opacity-40`}>
          {icon}
        </span>
      );
    }
    return (
      <a
        href={viewHref(rules, target)}
        aria-label={label}
        title={label}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (!live || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onView(target);
        }}
        className={STEP}
      >
        {icon}
      </a>
    );
  };
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-col items-center justify-between gap-3 text-sm sm:flex-row">
      <p className={showTotal ? 'text-muted' : 'invisible'} aria-live={showTotal ? 'polite' : undefined} aria-hidden={showTotal ? undefined : true}>
        {showTotal ? itemsText(totalItems) : ''}
      </p>
      <div className="flex items-center gap-1.5">
        {step(1, 'First page', <ChevronIcon direction="left" double />)}
        {step(view.page - 1, 'Previous page', <ChevronIcon direction="left" />)}
        <span className="px-2 tabular-nums">{`Page ${Math.min(view.page, last)} of ${last}`}</span>
        {step(view.page + 1, 'Next page', <ChevronIcon direction="right" />)}
        {step(last, 'Last page', <ChevronIcon direction="right" double />)}
      </div>
      <form method="get" action={rules.path} className="flex items-center gap-2">
        {view.filter !== 'all' ? <input type="hidden" name="filter" value={view.filter} /> : null}
        {view.search ? <input type="hidden" name="search" value={view.search} /> : null}
        {view.library ? <input type="hidden" name="library" value={view.library} /> : null}
        {view.sortBy !== 'createdAt' ? <input type="hidden" name="sortBy" value={view.sortBy} /> : null}
        {view.sortOrder !== 'desc' ? <input type="hidden" name="sortOrder" value={view.sortOrder} /> : null}
        <label htmlFor={sizeId} className="text-muted">
          Items per page
        </label>
        <select
          id={sizeId}
          name="limit"
          value={view.limit}
          onChange={(event) => {
            const limit = Number(event.currentTarget.value);
            if (live) onView(changeMediaView(view, { limit } as Partial<V>));
          }}
          className="field w-auto py-1.5"
        >
          {pageSizeOptions(view.limit).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {live ? null : (
          <button type="submit" className="btn-outline py-1.5">
            Apply
          </button>
        )}
      </form>
    </nav>
  );
}
