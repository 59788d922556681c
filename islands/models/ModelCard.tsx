// One model's card: picture (or initials), name, ethnicity and size chips, age, height, tags,
// description and links; favourite, upload content, edit and delete show on hover or focus (always
// on phones). A click on the card (not on one of its links or buttons) opens the model's gallery.

import { ethnicityChipClass, MODEL_TEXT, type Model } from '../../src/shared/models.ts';
import { Avatar } from '../components/Avatar.tsx';
import { FavoriteIcon, TrashIcon } from '../components/Icons.tsx';
import { ImagesIcon, UploadIcon } from '../media/icons.tsx';
import { LinkIcon, PencilIcon } from './icons.tsx';

const ACTION =
  'inline-flex h-8 w-8 items-center justify-center rounded-full bg-surface/90 text-fg shadow-sm ring-1 ring-line hover:bg-raised disabled:opacity-50';

export function ModelCard({
  model,
  live,
  busy,
  onFavorite,
  onEdit,
  onDelete,
  onUpload,
  onOpenGallery,
}: {
  model: Model;
  /** Whether the island is live (buttons work). */
  live: boolean;
  /** A favourite change of this model is on its way. */
  busy: boolean;
  onFavorite: (model: Model) => void;
  onEdit: (model: Model) => void;
  onDelete: (model: Model) => void;
  /** Upload content for this model (destination Gallery). */
  onUpload: (model: Model) => void;
  /** Opens the model's gallery dialog. */
  onOpenGallery: (model: Model) => void;
}) {
  const titleId = `model-${model._id}-name`;
  // The whole card opens the gallery for a mouse; keyboards and screen readers use its button.
  const openFromCard = (event: React.MouseEvent<HTMLElement>) => {
    if (!live || (event.target as Element).closest('a, button, input, select, textarea')) return;
    onOpenGallery(model);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: kept from before the linter; fix when this code is next touched
    <article
      aria-labelledby={titleId}
      className={`card group relative flex h-full flex-col gap-3 p-4 ${live ? 'cursor-pointer hover:border-accent/50' : ''}`}
      onClick={openFromCard}
    >
      <div className="flex items-start justify-between gap-2">
        <Avatar name={model.name} src={model.picture} size="lg" />
        <Actions
          model={model}
          live={live}
          busy={busy}
          onFavorite={onFavorite}
          onEdit={onEdit}
          onDelete={onDelete}
          onUpload={onUpload}
          onOpenGallery={onOpenGallery}
        />
      </div>
      <div>
        <h2 id={titleId} className="break-words text-base font-bold leading-snug">
          {model.name}
        </h2>
        <div className="mt-1 flex flex-wrap gap-1">
          <span className={`chip ${ethnicityChipClass(model.ethnicity)}`}>{model.ethnicity || 'N/A'}</span>
          {model.breastSize ? <span className="chip border border-line bg-raised text-fg">{model.breastSize}</span> : null}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-3 text-sm">
        <div>
          <dt className="text-xs text-muted">Age</dt>
          <dd className="font-medium">{model.age ?? MODEL_TEXT.unknownAge}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Height</dt>
          <dd className="break-words font-medium">{model.height || '—'}</dd>
        </div>
      </dl>

      {model.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {model.tags.map((tag) => (
            <li key={tag} className="chip bg-accent/10 text-accent">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      {model.description ? <p className="line-clamp-4 break-words text-sm text-muted">{model.description}</p> : null}

      {model.links.length > 0 ? (
        <ul aria-label="Links" className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {model.links.map((link, i) => (
            <li
              key={`${
                // biome-ignore lint/suspicious/noArrayIndexKey: kept from before the linter; fix when this code is next touched
                i
              }-${link.url}`}
              className="min-w-0"
            >
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex max-w-full items-center gap-1 font-medium text-accent underline-offset-2 hover:underline"
              >
                <LinkIcon />
                <span className="truncate">{link.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

type CardProps = Parameters<typeof ModelCard>[0];

/** Favourite, gallery, upload content, edit and delete. On wider screens they wait for hover or focus; a favourite's heart stays in sight. */
function Actions({ model, live, busy, onFavorite, onEdit, onDelete, onUpload, onOpenGallery }: CardProps) {
  const reveal = 'sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100 transition-opacity';
  return (
    // Beside the picture, in the room left of it: a narrow card wraps them onto a second row rather
    // than letting them run over the picture or out of the card.
    <div className="flex min-w-0 flex-wrap justify-end gap-1">
      <button
        type="button"
        className={`${ACTION} ${model.favorite ? 'text-accent' : reveal}`}
        aria-label={model.favorite ? `Remove ${model.name} from favorites` : `Add ${model.name} to favorites`}
        aria-pressed={model.favorite}
        disabled={!live || busy}
        onClick={() => onFavorite(model)}
      >
        <FavoriteIcon filled={model.favorite} />
      </button>
      <button
        type="button"
        className={`${ACTION} ${reveal}`}
        aria-label={`Open ${model.name}'s gallery`}
        aria-haspopup="dialog"
        disabled={!live}
        onClick={() => onOpenGallery(model)}
      >
        <ImagesIcon size={18} />
      </button>
      <button
        type="button"
        className={`${ACTION} ${reveal}`}
        aria-label={`Upload content for ${model.name}`}
        aria-haspopup="dialog"
        disabled={!live}
        onClick={() => onUpload(model)}
      >
        <UploadIcon size={18} />
      </button>
      <button
        type="button"
        className={`${ACTION} ${reveal}`}
        aria-label={`Edit ${model.name}`}
        aria-haspopup="dialog"
        disabled={!live}
        onClick={() => onEdit(model)}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className={`${ACTION} ${reveal} text-danger`}
        aria-label={`Delete ${model.name}`}
        aria-haspopup="dialog"
        disabled={!live}
        onClick={() => onDelete(model)}
      >
        <TrashIcon size={18} />
      </button>
    </div>
  );
}
