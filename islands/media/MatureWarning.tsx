// The mature-content warning in front of The Red Room: a modal that only 'I am 18+ and Accept'
// closes (not Escape, not a click beside it). Rendered by the server until the visitor accepts, so
// nothing of the gallery shows before it; without JavaScript its form posts the acceptance.

import { type FormEvent, useEffect, useId, useRef } from 'react';
import { ADULT_NOTICE, DISCREET_MATURE } from '../../src/shared/brand.ts';
import { GALLERY_TEXT } from '../../src/shared/gallery-view.ts';
import { WarningIcon } from '../components/Icons.tsx';
import { isDiscreet } from '../lib/discreet-mode.ts';

export function MatureWarning({ returnTo, onAccept }: { returnTo: string; onAccept: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  // Discreet mode: the same confirmation of age, in words that name nothing of what the gallery is.
  const discreet = isDiscreet();

  useEffect(() => {
    const dialog = ref.current;
    // Accepted in this browser before (static/mature-content.js): hidden, and it stays non-modal
    // until the page replaces it with the gallery.
    if (!dialog || document.documentElement.hasAttribute('data-mature-accepted')) return;
    // The server renders it open (non-modal); as a modal the page behind is inert as well.
    if (typeof dialog.showModal === 'function' && !dialog.matches(':modal')) {
      dialog.close();
      dialog.showModal();
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAccept();
  };

  return (
    <dialog
      ref={ref}
      open
      data-mature-warning=""
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape may not close it; a browser that closes it anyway (repeated Escape) gets it back.
      onCancel={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.preventDefault();
      }}
      onClose={(e) => {
        const dialog = e.currentTarget;
        if (dialog.isConnected && !dialog.open && !document.documentElement.hasAttribute('data-mature-accepted')) dialog.showModal();
      }}
      className="fixed inset-0 z-[60] m-auto w-[min(92vw,30rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl"
    >
      <form method="post" action="/gallery/mature-content" onSubmit={submit} className="p-6 sm:p-8">
        <input type="hidden" name="returnTo" value={returnTo} />
        <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-wide text-warn">
          <WarningIcon />
          {discreet ? DISCREET_MATURE.badge : '18+ only'}
        </p>
        <h2 id={titleId} className="mt-2 font-display text-2xl font-bold">
          {discreet ? DISCREET_MATURE.title : GALLERY_TEXT.matureTitle}
        </h2>
        <div id={textId} className="mt-3 space-y-2 text-sm text-muted">
          {discreet ? (
            <p>{DISCREET_MATURE.body}</p>
          ) : (
            <>
              <p>The Red Room holds explicit images and videos meant for adults only.</p>
              <p>{ADULT_NOTICE}</p>
            </>
          )}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <a href="/" className="btn-outline no-underline">
            Leave
          </a>
          {/** biome-ignore lint/a11y/noAutofocus: kept from before the linter; fix when this code is next touched */}
          <button type="submit" autoFocus className="btn-primary">
            {discreet ? DISCREET_MATURE.accept : GALLERY_TEXT.matureAccept}
          </button>
        </div>
      </form>
    </dialog>
  );
}
