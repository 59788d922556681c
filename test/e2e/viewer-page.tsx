// A page holding only the media viewer, for viewer-playback.test.ts: the items come from the
// page (window.viewerItems), the page's own calls (favourite, delete) do nothing, and closing
// leaves a "Closed" line behind.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MediaIconSprite } from '../../islands/media/icon-sprite.tsx';
import { Viewer } from '../../islands/media/Viewer.tsx';
import type { MediaItem } from '../../src/shared/media.ts';

declare global {
  interface Window {
    viewerItems: MediaItem[];
  }
}

function ViewerPage() {
  const [index, setIndex] = useState<number | null>(0);
  if (index === null) return <p>Closed</p>;
  return (
    <Viewer
      items={window.viewerItems}
      index={index}
      isAdmin
      onClose={() => setIndex(null)}
      onIndexChange={setIndex}
      onFavorite={() => undefined}
      onDelete={() => undefined}
    />
  );
}

createRoot(document.getElementById('root')!).render(
  <>
    <MediaIconSprite />
    <ViewerPage />
  </>,
);
