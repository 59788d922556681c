// The Models page: the filters as a GET form (search, ethnicity, breast size, sort, Favs, Clear),
// so the list works without JavaScript, then the Models island with the cards, and a pager.

import { Pager } from '../../../../islands/components/Pager.tsx';
import { MediaIconSprite } from '../../../../islands/media/icon-sprite.tsx';
import { Island } from '../../../http/island.tsx';
import { Page } from '../../../http/ui.tsx';
import { BANDS, CUPS, ETHNICITIES, MODEL_SORT_LABELS, MODEL_SORTS, type Model, type ModelSort } from '../../../shared/models.ts';

export interface ModelsView {
  search: string;
  ethnicity: string;
  breastSize: string;
  sort: ModelSort;
  favorite: boolean;
  page: number;
  pages: number;
}

/** The page's address for a view (the state of the list lives in the query string). */
export function modelsHref(view: ModelsView, page = view.page): string {
  const params = new URLSearchParams();
  if (view.search) params.set('search', view.search);
  if (view.ethnicity) params.set('ethnicity', view.ethnicity);
  if (view.breastSize) params.set('breastSize', view.breastSize);
  if (view.sort !== 'default') params.set('sort', view.sort);
  if (view.favorite) params.set('favorite', 'true');
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `/models?${text}` : '/models';
}

const LABEL = 'mb-1 block text-xs font-semibold uppercase tracking-wide text-muted';

function Filters({ view }: { view: ModelsView }) {
  const filtered = view.search !== '' || view.ethnicity !== '' || view.breastSize !== '' || view.favorite || view.sort !== 'default';
  return (
    <form
      method="get"
      action="/models"
      role="search"
      aria-label="Filter models"
      className="card mb-5 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <div>
        <label htmlFor="models-search" className={LABEL}>
          Search
        </label>
        <input
          id="models-search"
          name="search"
          type="search"
          maxLength={200}
          defaultValue={view.search}
          placeholder="Name, tags or description"
          className="field"
        />
      </div>
      <div>
        <label htmlFor="models-ethnicity" className={LABEL}>
          Ethnicity
        </label>
        <select id="models-ethnicity" name="ethnicity" defaultValue={view.ethnicity} className="field">
          <option value="">All</option>
          {ETHNICITIES.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
          <option value="N/A">N/A</option>
        </select>
      </div>
      <div>
        <label htmlFor="models-size" className={LABEL}>
          Breast Size
        </label>
        <select id="models-size" name="breastSize" defaultValue={view.breastSize} className="field">
          <option value="">All</option>
          <optgroup label="Cup">
            {CUPS.map((cup) => (
              <option key={cup} value={cup}>
                {`${cup} cup`}
              </option>
            ))}
          </optgroup>
          <optgroup label="Size">
            {BANDS.flatMap((band) => CUPS.map((cup) => `${band}${cup}`)).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div>
        <label htmlFor="models-sort" className={LABEL}>
          Sort
        </label>
        <select id="models-sort" name="sort" defaultValue={view.sort} className="field">
          {MODEL_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {MODEL_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-1">
        <label className="btn-outline cursor-pointer has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:checked]:text-accent">
          <input type="checkbox" name="favorite" value="true" defaultChecked={view.favorite} className="accent-[rgb(var(--c-accent))]" />
          Favs
        </label>
        <button type="submit" className="btn-primary">
          Apply
        </button>
        {filtered ? (
          <a href="/models" className="btn-ghost">
            Clear
          </a>
        ) : null}
      </div>
    </form>
  );
}

export function ModelsPage({
  view,
  models,
  shown,
  total,
  query,
  isAdmin = false,
}: {
  view: ModelsView;
  models: Model[];
  shown: number;
  total: number;
  query: string;
  isAdmin?: boolean;
}) {
  const filtered = view.search !== '' || view.ethnicity !== '' || view.breastSize !== '' || view.favorite;
  return (
    <Page title="Models">
      <Filters view={view} />
      {/* The media icons the island draws (its cards, the model gallery dialog; decision record 0041). */}
      <MediaIconSprite />
      <Island name="Models" props={{ models, shown, total, query, filtered, isAdmin }} />
      <Pager page={view.page} pages={view.pages} hrefFor={(page) => modelsHref(view, page)} />
    </Page>
  );
}
