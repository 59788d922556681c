// The items of a gallery's page past its first screen, for a browser without JavaScript: each
// picture as a link to the file, inside the grid's <noscript> (written as one string: React neither
// renders nor hydrates it element by element). The server sets it at start (MediaGrid's
// setNoScriptRest, from islands/server.ts); no island imports this file, so no script carries it.

import type { MediaItem } from '../../src/shared/media.ts';
import { titleOf } from './MediaCard.tsx';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/;
const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!) : text);

/** The <noscript>'s content for these items in a grid with these classes. */
export function noScriptRest(items: MediaItem[], grid: string): string {
  let cards = '';
  for (const item of items) {
    const picture = item.thumbnail ? `<img src="${escapeHtml(item.thumbnail)}" alt="" loading="lazy" class="media-fill">` : '';
    cards += `<li class="min-w-0"><a href="${escapeHtml(item.display)}" class="media-card no-underline"><span class="relative aspect-square overflow-hidden rounded-t-xl bg-raised">${picture}</span><span class="truncate px-3 py-2 text-sm font-semibold text-fg">${escapeHtml(titleOf(item))}</span></a></li>`;
  }
  return `<ul aria-label="More media" class="${grid} mt-4 min-w-0">${cards}</ul>`;
}
