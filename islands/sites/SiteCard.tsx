// One streaming site's card: its icon (fetched by the hub), name, category chip, description and
// address, Watch Now, and the favourite, edit and delete buttons.

import { useState } from 'react';
import { streamingSiteCategoryColors, type StreamingSite } from '../../src/shared/streaming-sites.ts';
import { TrashIcon } from '../components/Icons.tsx';
import { GlobeIcon, HeartIcon, PencilIcon, PlayIcon } from './icons.tsx';

/** The address as shown on the card: without the scheme and a lone trailing slash. */
export function shownAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/^([^/?#]+)\/$/, '$1');
}

export function CategoryChip({ category }: { category: string }) {
  const colors = streamingSiteCategoryColors(category);
  return (
    <span className="chip" style={{ backgroundColor: colors.background, color: colors.text }}>
      {category}
    </span>
  );
}

/** The site's icon from the hub (GET /api/favicon); the generic icon if even that fails to load. */
function SiteIcon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span aria-hidden="true" className="inline-flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-raised text-muted">
      {failed ? (
        <GlobeIcon size={22} />
      ) : (
        <img src={`/api/favicon?url=${encodeURIComponent(url)}`} alt="" width={28} height={28} loading="lazy" className="h-7 w-7 object-contain" onError={() => setFailed(true)} />
      )}
    </span>
  );
}

export function SiteCard({
  site,
  busy,
  onToggleFavorite,
  onEdit,
  onDelete,
  onVisit,
}: {
  site: StreamingSite;
  /** A change of this site is on its way: its buttons wait. */
  busy: boolean;
  onToggleFavorite: (site: StreamingSite) => void;
  onEdit: (site: StreamingSite) => void;
  onDelete: (site: StreamingSite) => void;
  onVisit: (site: StreamingSite) => void;
}) {
  const nameId = `site-${site._id}-name`;
  // The site opens in a new tab as a plain link (it works before the island is live); the visit
  // is recorded on the way.
  const external = { href: site.url, target: '_blank', rel: 'noopener noreferrer', onClick: () => onVisit(site) } as const;
  return (
    <article aria-labelledby={nameId} className="card flex w-full min-w-0 flex-col p-4">
      <div className="flex items-start gap-3">
        <SiteIcon url={site.url} />
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="break-words text-base font-semibold leading-snug">
            {site.name}
          </h2>
          <div className="mt-1">
            <CategoryChip category={site.category} />
          </div>
        </div>
        <button
          type="button"
          onClick={() => onToggleFavorite(site)}
          disabled={busy}
          aria-pressed={site.isFavorite}
          aria-label={site.isFavorite ? `Remove ${site.name} from favorites` : `Add ${site.name} to favorites`}
          title={site.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
          className={`-mr-1 -mt-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full hover:bg-raised disabled:opacity-50 ${site.isFavorite ? 'text-accent' : 'text-muted'}`}
        >
          <HeartIcon filled={site.isFavorite} size={20} />
        </button>
      </div>
      {site.description ? <p className="mt-3 line-clamp-3 whitespace-pre-line break-words text-sm text-muted">{site.description}</p> : null}
      <a {...external} className="mt-3 block truncate text-sm text-accent underline-offset-2 hover:underline" title={site.url}>
        {shownAddress(site.url)}
      </a>
      <div className="mt-auto flex items-center gap-1 pt-4">
        <a {...external} className="btn-primary flex-1 px-3 no-underline">
          <PlayIcon size={14} />
          Watch Now
        </a>
        <button type="button" onClick={() => onEdit(site)} disabled={busy} aria-haspopup="dialog" aria-label={`Edit ${site.name}`} title="Edit" className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-raised hover:text-fg disabled:opacity-50">
          <PencilIcon size={18} />
        </button>
        <button type="button" onClick={() => onDelete(site)} disabled={busy} aria-haspopup="dialog" aria-label={`Delete ${site.name}`} title="Delete" className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-raised hover:text-danger disabled:opacity-50">
          <TrashIcon size={18} />
        </button>
      </div>
    </article>
  );
}
