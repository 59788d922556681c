// The Links page: tabs and search as links and a GET form (so they work without JavaScript), and
// the Links island with the first page of cards rendered on the server.

import { Island } from '../../../http/island.tsx';
import { Page } from '../../../http/ui.tsx';
import { LINK_TABS, type Link, type LinksView, linksHref } from '../../../shared/links.ts';

export function LinksPage({ links, total, view }: { links: Link[]; total: number; view: LinksView }) {
  const current = (tab: (typeof LINK_TABS)[number]) =>
    tab.favorite ? view.favorite === true : tab.category ? view.category === tab.category : !view.favorite && !view.category;
  return (
    <Page title="Links">
      <nav aria-label="Link categories" className="-mx-1 mb-4 overflow-x-auto">
        <ul className="flex gap-1 px-1 pb-1">
          {LINK_TABS.map((tab) => (
            <li key={tab.label}>
              <a
                href={linksHref({
                  ...(tab.category ? { category: tab.category } : {}),
                  ...(tab.favorite ? { favorite: true } : {}),
                  search: view.search,
                  page: 1,
                })}
                aria-current={current(tab) ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${current(tab) ? 'bg-accent text-accent-fg' : 'text-fg hover:bg-raised'}`}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/links" role="search" className="mb-4 flex gap-2">
        {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
        {view.favorite ? <input type="hidden" name="favorite" value="true" /> : null}
        <label htmlFor="links-search" className="sr-only">
          Search links
        </label>
        <input
          id="links-search"
          type="search"
          name="search"
          defaultValue={view.search}
          placeholder="Search name, description, URL or category"
          maxLength={200}
          className="field max-w-md"
        />
        <button type="submit" className="btn-outline">
          Search
        </button>
      </form>
      <Island name="Links" props={{ links, total, view }} />
    </Page>
  );
}
