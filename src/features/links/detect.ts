// Link Dump's reading of a page: its title and description from the HTML (Open Graph first), and a
// readable name from the URL alone when the page cannot be had.

import { categoryOfUrl, LINK_LIMITS, type LinkCategory } from '../../shared/links.ts';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Decodes the entities page titles use (named basics and numeric ones); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+|#39);/gi, (whole, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[lower] ?? whole;
  });
}

/** Entities decoded, control characters and runs of white space made single spaces, trimmed, capped. */
export function cleanText(text: string, max: number): string {
  const clean = decodeEntities(text)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: kept from before the linter; fix when this code is next touched
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 3).trimEnd()}...` : clean;
}

/** The attributes of one start tag, names lower-cased. */
function attributesOf(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    found[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return found;
}

export interface PageDetails {
  title: string;
  description: string;
}

/** Title from og:title or <title>, description from og:description or the meta description. */
export function readPageDetails(html: string): PageDetails {
  // The head is where these live; a huge body need not be searched.
  const head = html.slice(0, 256 * 1024);
  const meta: Record<string, string> = {};
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributesOf(m[0]);
    const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? '';
  return {
    title: cleanText(meta['og:title'] || titleTag, LINK_LIMITS.name),
    description: cleanText(meta['og:description'] || meta.description || '', LINK_LIMITS.description),
  };
}

const SITE_NAMES: Partial<Record<LinkCategory, string>> = {
  PornHub: 'PornHub',
  X: 'X',
  OnlyFans: 'OnlyFans',
  Fansly: 'Fansly',
  Erome: 'Erome',
  KBJFan: 'KBJFan',
  Reddit: 'Reddit',
};

/**
 * A readable name from the URL alone: the last meaningful path segment and the site, as in
 * "jane doe - OnlyFans" or "example" for https://www.example.test/.
 */
export function nameFromUrl(text: string): string {
  const url = new URL(text);
  const category = categoryOfUrl(text);
  const host = url.hostname.replace(/^www\./, '').replace(/\.$/, '');
  const labels = host.split('.');
  // An address (127.0.0.1, [::1]) is its own name; otherwise the domain without its ending.
  const isAddress = /^[\d.]+$/.test(host) || host.startsWith('[');
  const site = SITE_NAMES[category] ?? (isAddress || labels.length < 2 ? host : labels[labels.length - 2]!);
  const segment = url.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .filter(
      (part) => !/^(r|u|user|users|model|models|channel|channels|pornstar|profile|a|album|video|videos|status|watch|view_video\.php|index\.\w+)$/i.test(part),
    )
    .pop();
  const readable = (segment ?? '')
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[-_+.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const siteName = site.charAt(0).toUpperCase() + site.slice(1);
  const name = readable ? `${readable} - ${siteName}` : siteName;
  return cleanText(name, LINK_LIMITS.name);
}
