// One streaming site's card: its icon (fetched by the hub), name, category chip, description and
// address, Watch Now, and the favourite, edit and delete buttons.

import { useState } from 'react';
import { type StreamingSite, streamingSiteCategoryColors } from '../../src/shared/watch.ts';
import { FavoriteIcon, TrashIcon } from '../components/Icons.tsx';
import { GlobeIcon, PencilIcon, PlayIcon } from './icons.tsx';

/** The address as shown on the card: without the scheme and a lone trailing slash. */
export function shownAddress(url: string): string {
  let text = url;
  try {
    text = decodeURI(url);
  } catch {
    // A malformed escape: shown as stored.
  }
  return text.replace(/^https?:\/\//i, '').replace(/^([^/?#]+)\/$/, '$1');
}

export function CategoryChip({ category }: { category: string }) {
  return <span className={`chip ${streamingSiteCategoryColors(category).className}`}>{category}</span>;
}

/** The site's icon from the hub (GET /api/favicon); the generic icon if even that fails to load. */
function SiteIcon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-raised text-muted"
    >
      {failed ? (
        <GlobeIcon size={22} />
      ) : (
        <img
          src={`/api/favicon?url=${encodeURIComponent(url)}`}
          alt=""
          width={28}
          height={28}
          loading="lazy"
          className="h-7 w-7 object-contain"
          onError={() => setFailed(true)}
        />
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
  const iconButton = 'inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-raised disabled:opacity-50';
  const plain = `${iconButton} text-muted hover:text-fg`;
  return (
    <article aria-labelledby={nameId} className="card flex w-full min-w-0 flex-col p-4">
      <div className="flex items-start justify-between gap-2">
        <SiteIcon url={site.url} />
        <div className="-mr-1 -mt-1 flex items-center">
          <button
            type="button"
            onClick={() => onToggleFavorite(site)}
            disabled={busy}
            aria-pressed={site.isFavorite}
            aria-label={site.isFavorite ? `Remove ${site.name} from favorites` : `Add ${site.name} to favorites`}
            title={site.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
            className={site.isFavorite ? `${iconButton} text-accent` : plain}
          >
            <FavoriteIcon filled={site.isFavorite} size={18} />
          </button>
          <button
            type="button"
            onClick={() => onEdit(site)}
            disabled={busy}
            aria-haspopup="dialog"
            aria-label={`Edit ${site.name}`}
            title="Edit"
            className={plain}
          >
            <PencilIcon size={17} />
          </button>
          <button
            type="button"
            onClick={() => onDelete(site)}
            disabled={busy}
            aria-haspopup="dialog"
            aria-label={`Delete ${site.name}`}
            title="Delete"
            className={`${iconButton} text-muted hover:text-danger`}
          >
            <TrashIcon size={17} />
          </button>
        </div>
      </div>
      <h2 id={nameId} className="mt-3 break-words text-base font-semibold leading-snug">
        {site.name}
      </h2>
      <div className="mt-1.5">
        <CategoryChip category={site.category} />
      </div>
      {site.description ? <p className="mt-3 line-clamp-3 whitespace-pre-line break-words text-sm text-muted">{site.description}</p> : null}
      <a {...external} className="mt-2 block truncate text-sm text-accent underline-offset-2 hover:underline" title={site.url}>
        {shownAddress(site.url)}
      </a>
      <div className="mt-auto pt-4">
        <a {...external} className="btn-primary w-full whitespace-nowrap no-underline">
          <PlayIcon size={14} />
          Watch Now
        </a>
      </div>
    </article>
  );
}
