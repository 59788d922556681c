// One link as a card: the category's colour, the site's icon (fetched by the hub), name, category,
// description, the shortened URL, and Visit Site, favourite, edit and delete.

import { useId, useState } from 'react';
import { localDate } from '../../src/shared/dates.ts';
import { LINK_CATEGORY_COLORS, type Link, shortUrl } from '../../src/shared/links.ts';
import { FavoriteIcon, TrashIcon } from '../components/Icons.tsx';
import { ExternalIcon, GlobeIcon, PencilIcon } from './icons.tsx';

export interface LinkCardActions {
  onVisit(link: Link): void;
  onFavorite(link: Link): void;
  onEdit(link: Link): void;
  onDelete(link: Link): void;
}

function Favicon({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <GlobeIcon />;
  return (
    <img
      src={`/api/favicon?url=${encodeURIComponent(url)}`}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      className="h-8 w-8 shrink-0 rounded-md"
      onError={() => setFailed(true)}
    />
  );
}

export function LinkCard({ link, live, actions }: { link: Link; live: boolean; actions: LinkCardActions }) {
  const colors = LINK_CATEGORY_COLORS[link.category] ?? LINK_CATEGORY_COLORS.Other;
  const titleId = useId();
  const iconButton = 'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-raised hover:text-fg disabled:opacity-50';
  return (
    <article aria-labelledby={titleId} className={`card flex flex-col border-t-4 ${colors.stripe} p-4`} data-link-id={link._id}>
      <div className="flex items-start gap-3">
        <Favicon url={link.url} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="break-words text-base font-semibold leading-snug">
            {link.name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1">
            <span className={`chip ${colors.chip}`}>{link.category}</span>
            {link.autoImported && link.sourceModel ? <span className="chip bg-raised text-muted">From {link.sourceModel}</span> : null}
          </div>
        </div>
      </div>
      {link.description ? <p className="mt-3 line-clamp-3 break-words text-sm text-fg/90">{link.description}</p> : null}
      <p className="mt-2 break-all text-xs text-muted" title={link.url}>
        {shortUrl(link.url)}
      </p>
      {link.lastVisited ? (
        <p className="mt-1 text-xs text-muted">
          Visited: <time dateTime={link.lastVisited}>{localDate(link.lastVisited, live)}</time>
        </p>
      ) : null}
      <div className="mt-auto flex items-center gap-1 pt-4">
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-primary mr-auto whitespace-nowrap px-3 py-1.5"
          onClick={() => actions.onVisit(link)}
        >
          <ExternalIcon />
          Visit Site
        </a>
        <button
          type="button"
          className={`${iconButton} ${link.isFavorite ? 'text-accent' : ''}`}
          aria-label={link.isFavorite ? `Remove ${link.name} from favorites` : `Add ${link.name} to favorites`}
          aria-pressed={link.isFavorite}
          disabled={!live}
          onClick={() => actions.onFavorite(link)}
        >
          <FavoriteIcon filled={link.isFavorite} />
        </button>
        <button type="button" className={iconButton} aria-label={`Edit ${link.name}`} disabled={!live} onClick={() => actions.onEdit(link)}>
          <PencilIcon />
        </button>
        <button
          type="button"
          className={`${iconButton} hover:text-danger`}
          aria-label={`Delete ${link.name}`}
          disabled={!live}
          onClick={() => actions.onDelete(link)}
        >
          <TrashIcon size={18} />
        </button>
      </div>
    </article>
  );
}
