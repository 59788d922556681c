// The icons a page declares (<link rel="icon" | "shortcut icon" | "apple-touch-icon">), best first.

export interface DeclaredIcon {
  url: string;
  rel: string;
  type?: string;
  sizes?: string;
}

/** Cards show icons at 64 px (spec constant); a small raster near that size is best. */
const WANTED_SIZE = 64;

function attributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)));
}

const isSvg = (icon: { url: string; type?: string }) => icon.type?.includes('svg') || /\.svgz?(?:[?#]|$)/i.test(new URL(icon.url).pathname);

/** Lower is better: png/ico before other rasters, then the size nearest 64 px, touch icons last. */
function rank(icon: DeclaredIcon): number {
  const path = new URL(icon.url).pathname.toLowerCase();
  const type = icon.type?.toLowerCase() ?? '';
  const preferredFormat = /png|icon/.test(type) || /\.(png|ico)$/.test(path);
  const sizes = (icon.sizes ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((s) => Number(/^(\d+)x\d+$/.exec(s)?.[1]))
    .filter((n) => Number.isFinite(n) && n > 0);
  const sizePenalty = sizes.length > 0 ? Math.min(...sizes.map((s) => Math.abs(s - WANTED_SIZE))) / 1000 : 0.05;
  const touch = icon.rel.includes('apple-touch-icon') ? 1 : 0;
  return (preferredFormat ? 0 : 2) + touch + sizePenalty;
}

/**
 * Declared icons of an HTML page, resolved against the page's URL (or its <base href>), http(s)
 * only, SVG left out, best first. A regex scan is enough: only <link> and <base> tags matter, and
 * a page that hides them gets the /favicon.ico fallback.
 */
export function declaredIcons(html: string, pageUrl: string): DeclaredIcon[] {
  // Icons are declared in <head>; stop at <body> so a huge page is not scanned to the end.
  const head = html.slice(0, Math.max(0, html.search(/<body[\s>]/i)) || html.length);
  let base = pageUrl;
  const baseTag = /<base\s[^>]*>/i.exec(head);
  if (baseTag) {
    const href = attributes(baseTag[0].slice(5, -1)).href;
    if (href) {
      try {
        base = new URL(href, pageUrl).href;
      } catch {
        // A broken <base> is ignored, as browsers do.
      }
    }
  }
  const icons: DeclaredIcon[] = [];
  for (const tag of head.matchAll(/<link\s[^>]*>/gi)) {
    const attrs = attributes(tag[0].slice(5, -1));
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const isIcon = rel.includes('icon') || rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed');
    if (!isIcon || !attrs.href) continue;
    let url: URL;
    try {
      url = new URL(attrs.href.trim(), base);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const icon: DeclaredIcon = {
      url: url.href,
      rel: rel.join(' '),
      ...(attrs.type ? { type: attrs.type.toLowerCase() } : {}),
      ...(attrs.sizes ? { sizes: attrs.sizes } : {}),
    };
    if (!isSvg(icon)) icons.push(icon);
  }
  return icons.sort((a, b) => rank(a) - rank(b));
}
