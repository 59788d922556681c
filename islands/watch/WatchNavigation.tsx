// The Watch screen's navigation as plain HTML: tabs and pages are links, the search is a GET form,
// so the state lives in the query string and the list works without JavaScript.

import { WATCH_PAGE_SIZE, WATCH_TABS, type WatchFilter, type WatchTab, watchEmptyText, watchTabLabel } from '../../src/shared/watch.ts';
import { PlusIcon } from '../components/Icons.tsx';
import { Pager } from '../components/Pager.tsx';
import { SearchIcon } from './icons.tsx';

/** The /watch address of a tab, search and page (defaults left out). */
export function watchHref({ tab, search, page }: WatchFilter): string {
  const query = new URLSearchParams();
  if (tab !== 'all') query.set('tab', tab);
  if (search) query.set('search', search);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/watch?${text}` : '/watch';
}

export function WatchTabs({ filter }: { filter: WatchFilter }) {
  return (
    <nav aria-label="Streaming site categories" className="-mx-4 mb-3 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {WATCH_TABS.map((tab: WatchTab) => {
          const current = tab === filter.tab;
          return (
            <li key={tab}>
              <a
                href={watchHref({ tab, search: filter.search, page: 1 })}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px block border-b-2 px-3 py-2 text-sm font-semibold no-underline ${current ? 'border-accent text-accent' : 'border-transparent text-muted hover:text-fg'}`}
              >
                {watchTabLabel(tab)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function SearchForm({ filter }: { filter: WatchFilter }) {
  return (
    <form method="get" action="/watch" role="search" className="flex w-full gap-2 sm:max-w-md">
      {filter.tab !== 'all' ? <input type="hidden" name="tab" value={filter.tab} /> : null}
      <div className="relative flex-1">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
          <SearchIcon size={16} />
        </span>
        <input
          type="search"
          name="search"
          defaultValue={filter.search}
          maxLength={200}
          aria-label="Search streaming sites"
          placeholder="Search streaming sites"
          className="field pl-9"
        />
      </div>
      <button type="submit" className="btn-outline">
        Search
      </button>
    </form>
  );
}

export function EmptyState({ filter, onAdd }: { filter: WatchFilter; onAdd: () => void }) {
  const { title, hint } = watchEmptyText(filter);
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">{hint}</p>
      {filter.search ? (
        <a href={watchHref({ ...filter, search: '', page: 1 })} className="btn-outline mt-5 no-underline">
          Clear search
        </a>
      ) : filter.tab === 'all' ? (
        <button type="button" className="btn-primary mt-5" onClick={onAdd} aria-haspopup="dialog">
          <PlusIcon />
          Add Your First Streaming Site
        </button>
      ) : null}
    </div>
  );
}

export function WatchPager({ filter, total }: { filter: WatchFilter; total: number }) {
  return <Pager page={filter.page} pages={Math.max(1, Math.ceil(total / WATCH_PAGE_SIZE))} hrefFor={(page) => watchHref({ ...filter, page })} />;
}
