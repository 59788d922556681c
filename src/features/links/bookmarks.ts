// The Netscape bookmark file (what Chrome, Firefox, Safari and Edge export and import): writing a
// user's links as one folder per category, and reading such a file, folders and all.

import { LINK_CATEGORIES, type LinkCategory } from '../../shared/links.ts';
import { decodeEntities } from './detect.ts';

/** What a bookmark file needs of a link. */
export interface BookmarkLink {
  name: string;
  url: string;
  description: string;
  category: LinkCategory;
  createdAt: number;
  lastVisited: number | null;
}

/** Text and attribute values escaped for HTML: nothing a user stored can open a tag. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const seconds = (ms: number) => String(Math.floor(ms / 1000));

export function writeBookmarks(links: BookmarkLink[]): string {
  const lines = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<!-- This is an automatically generated file.',
    '     It will be read and overwritten.',
    '     DO NOT EDIT! -->',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  for (const category of LINK_CATEGORIES) {
    const inFolder = links.filter((l) => l.category === category);
    if (inFolder.length === 0) continue;
    lines.push(`    <DT><H3>${escapeHtml(category)}</H3>`, '    <DL><p>');
    for (const link of inFolder) {
      const visit = link.lastVisited !== null ? ` LAST_VISIT="${seconds(link.lastVisited)}"` : '';
      lines.push(`        <DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${seconds(link.createdAt)}"${visit}>${escapeHtml(link.name)}</A>`);
      if (link.description) lines.push(`        <DD>${escapeHtml(link.description.replace(/\s*\n\s*/g, ' '))}`);
    }
    lines.push('    </DL><p>');
  }
  lines.push('</DL><p>', '');
  return lines.join('\n');
}

/** One bookmark read from a file, with the folders it sits in (outermost first). */
export interface ReadBookmark {
  url: string;
  name: string;
  description: string;
  folders: string[];
  /** Epoch ms, when the file says. */
  addDate: number | null;
  lastVisit: number | null;
}

function attributesOf(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) found[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return found;
}

/** Seconds since 1970 (Chrome and Firefox both write them) as epoch ms; anything odd is null. */
function epochMs(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const ms = Number(value) * 1000;
  return ms > 0 && ms < 8.64e15 ? ms : null;
}

const plainText = (html: string) =>
  decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Every <A> of the file, in order. Folders are <H3> headings followed by a <DL> list; the file's
 * HTML is loose (unclosed <DT>, <p> everywhere), so it is read as a stream of the tags that matter.
 */
export function readBookmarks(html: string): ReadBookmark[] {
  const found: ReadBookmark[] = [];
  const stack: string[] = [];
  /** The heading seen last, waiting for its <DL>. */
  let pendingFolder: string | null = null;
  let last: ReadBookmark | null = null;
  const token = /<h3\b[^>]*>([\s\S]*?)<\/h3>|<a\b([^>]*)>([\s\S]*?)<\/a>|<dl\b[^>]*>|<\/dl\s*>|<dd\b[^>]*>([^<]*)/gi;
  for (const m of html.matchAll(token)) {
    const tag = m[0].slice(0, 4).toLowerCase();
    if (m[1] !== undefined) {
      pendingFolder = plainText(m[1]);
      last = null;
    } else if (m[2] !== undefined) {
      const attrs = attributesOf(m[2]);
      last = {
        url: decodeEntities(attrs.href ?? '').trim(),
        name: plainText(m[3] ?? ''),
        description: '',
        folders: [...stack],
        addDate: epochMs(attrs.add_date),
        lastVisit: epochMs(attrs.last_visit),
      };
      found.push(last);
    } else if (tag.startsWith('<dl')) {
      stack.push(pendingFolder ?? '');
      pendingFolder = null;
    } else if (tag.startsWith('</dl')) {
      stack.pop();
      last = null;
    } else if (m[4] !== undefined && last) {
      last.description = decodeEntities(m[4]).replace(/\s+/g, ' ').trim();
      last = null;
    }
  }
  return found;
}

/** Whether the text looks like a bookmark file at all. */
export function isBookmarkFile(html: string): boolean {
  return /<!DOCTYPE\s+NETSCAPE-Bookmark-file-1>/i.test(html.slice(0, 4096)) || /<a\b[^>]*\bhref\s*=/i.test(html);
}
