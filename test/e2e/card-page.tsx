// A page holding only media cards, for card-previews.test.ts: Premium's and The Red Room's looks
// over the items the page is given (window.cardItems); the cards' own calls do nothing.
import { createRoot } from 'react-dom/client';
import { MediaIconSprite } from '../../islands/media/icon-sprite.tsx';
import { MediaCard } from '../../islands/media/MediaCard.tsx';
import { PREMIUM } from '../../islands/media/premium-config.ts';
import { RED_ROOM } from '../../islands/media/red-room-config.ts';
import type { MediaItem } from '../../src/shared/media.ts';

declare global {
  interface Window {
    cardItems: MediaItem[];
  }
}

function Cards() {
  return (
    <main className="mx-auto max-w-7xl p-4">
      {[
        ['Premium', PREMIUM],
        ['The Red Room', RED_ROOM],
      ].map(([name, config]) => {
        const look = (config as typeof PREMIUM).card;
        const grid = (config as typeof PREMIUM).grid({ compact: false, titles: false });
        return (
          <section key={name as string} aria-label={name as string} className="mb-6">
            <h1 className="mb-2 text-lg font-semibold">{name as string}</h1>
            <ul aria-label="Media" className={grid}>
              {window.cardItems.map((item) => (
                <li key={item._id} className="min-w-0">
                  <MediaCard
                    item={item}
                    look={look}
                    compact={false}
                    live
                    selecting={false}
                    selected={false}
                    busy={false}
                    actions={[]}
                    onOpen={() => {}}
                    onToggleSelect={() => {}}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <>
    <MediaIconSprite />
    <Cards />
  </>,
);
