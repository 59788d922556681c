// Site icons without telling anyone: the hub fetches a site's icon itself (through the safe
// fetcher), keeps it per origin, and answers every later request from the store.

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { SafeFetchError, type SafeFetcher } from '../../security/safe-fetch.ts';
import { deleteExpiredFavicons, failedFaviconKeys, findFavicon, saveFavicon } from './favicons.repo.ts';
import { GENERIC_ICON } from './generic-icon.ts';
import { sniffIconType } from './icon-bytes.ts';
import { declaredIcons } from './icon-links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const FAVICON_LIMITS = {
  /** An icon larger than this is no icon worth keeping. */
  maxIconBytes: 100 * 1024,
  keepFoundMs: 30 * DAY_MS,
  keepFailedMs: 3 * DAY_MS,
  /** Declared icons tried before /favicon.ico, so one lookup stays a handful of requests. */
  maxDeclaredTried: 3,
  /** One lookup in all (home page, icons, /favicon.ico), so a slow site cannot hold a request long. */
  lookupTimeoutMs: 20_000,
} as const;

export interface SiteIcon {
  bytes: Uint8Array;
  contentType: string;
  /** True when this is the hub's own generic icon. */
  generic: boolean;
  /** When the stored answer was fetched (epoch ms); undefined for the generic icon of a refusal. */
  fetchedAt?: number;
}

const genericIcon = (fetchedAt?: number): SiteIcon => ({ ...GENERIC_ICON, generic: true, ...(fetchedAt !== undefined ? { fetchedAt } : {}) });

export interface FaviconsDeps {
  db: Kysely<Database>;
  clock: () => Date;
  fetcher: SafeFetcher;
}

export function createFaviconsService({ db, clock, fetcher }: FaviconsDeps) {
  /** Lookups under way, by origin: concurrent requests for one site share a single fetch. */
  const inFlight = new Map<string, Promise<SiteIcon>>();

  async function fetchIcon(url: string, signal: AbortSignal): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    try {
      // Some servers label icons application/octet-stream; the bytes decide either way.
      const got = await fetcher.fetch(url, { accept: ['image/*', 'application/octet-stream'], maxBytes: FAVICON_LIMITS.maxIconBytes, signal });
      const contentType = sniffIconType(got.body);
      return contentType ? { bytes: got.body, contentType } : null;
    } catch (error) {
      if (error instanceof SafeFetchError) return null;
      throw error;
    }
  }

  /**
   * Only the site's home page and icon files are fetched, never the page the user stored: the
   * site learns that someone wants its icon, not which of its pages they keep.
   */
  async function lookUp(origin: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const signal = AbortSignal.timeout(FAVICON_LIMITS.lookupTimeoutMs);
    const candidates: string[] = [];
    try {
      const page = await fetcher.fetch(`${origin}/`, { accept: ['text/html', 'application/xhtml+xml'], signal });
      const html = new TextDecoder().decode(page.body);
      candidates.push(
        ...declaredIcons(html, page.url)
          .slice(0, FAVICON_LIMITS.maxDeclaredTried)
          .map((icon) => icon.url),
      );
    } catch (error) {
      // A refused origin gets no second try at /favicon.ico; any other failure still does.
      if (!(error instanceof SafeFetchError) || error.problem === 'refused') throw error;
    }
    candidates.push(`${origin}/favicon.ico`);
    for (const url of new Set(candidates)) {
      if (signal.aborted) break;
      const icon = await fetchIcon(url, signal);
      if (icon) return icon;
    }
    return null;
  }

  /** Fetches what `key` names (an origin's icon, or an icon's own URL) and stores the answer under it. */
  async function refresh(key: string, find: () => Promise<{ bytes: Uint8Array; contentType: string } | null>): Promise<SiteIcon> {
    let found: { bytes: Uint8Array; contentType: string } | null;
    try {
      found = await find();
    } catch (error) {
      // A refused address is policy, not a site's failure: nothing is stored, so a change of
      // FETCH_ALLOW_HOSTS applies at once.
      if (error instanceof SafeFetchError && error.problem === 'refused') return genericIcon();
      throw error;
    }
    const now = clock().getTime();
    await deleteExpiredFavicons(db, now);
    if (!found) {
      await saveFavicon(db, { origin: key, bytes: null, content_type: null, fetched_at: now, expires_at: now + FAVICON_LIMITS.keepFailedMs, failed: 1 });
      return genericIcon(now);
    }
    await saveFavicon(db, {
      origin: key,
      bytes: found.bytes,
      content_type: found.contentType,
      fetched_at: now,
      expires_at: now + FAVICON_LIMITS.keepFoundMs,
      failed: 0,
    });
    return { ...found, generic: false, fetchedAt: now };
  }

  /** The stored answer for `key` while it is fresh, else `find` run once however many ask at the same time. */
  async function remembered(key: string, find: () => Promise<{ bytes: Uint8Array; contentType: string } | null>): Promise<SiteIcon> {
    const stored = await findFavicon(db, key);
    if (stored && stored.expires_at > clock().getTime()) {
      if (stored.failed || !stored.bytes || !stored.content_type) return genericIcon(stored.fetched_at);
      return { bytes: new Uint8Array(stored.bytes), contentType: stored.content_type, generic: false, fetchedAt: stored.fetched_at };
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = refresh(key, find).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    /** The icon of the site `url` belongs to (its origin), from the store or fetched now. */
    async iconFor(url: URL): Promise<SiteIcon> {
      const origin = url.origin.toLowerCase();
      return remembered(origin, () => lookUp(origin));
    },

    /**
     * The icon at `url` itself (a custom icon address, such as a vault account's), kept like an
     * origin's icon under the full URL (an origin has no path, so the two never share a row).
     */
    async iconAt(url: URL): Promise<SiteIcon> {
      return remembered(url.href, () => fetchIcon(url.href, AbortSignal.timeout(FAVICON_LIMITS.lookupTimeoutMs)));
    },

    /**
     * For each set of places an icon may come from (an icon's own URL, a site's), whether the hub
     * already knows that none of them gives one: every place has a remembered failure. A place
     * never asked yet counts as possible, so the browser asks once and the answer is kept.
     */
    async knownWithoutIcon(sets: readonly { at?: URL | undefined; site?: URL | undefined }[]): Promise<boolean[]> {
      const keysOf = (set: { at?: URL | undefined; site?: URL | undefined }) => [
        ...(set.at ? [set.at.href] : []),
        ...(set.site ? [set.site.origin.toLowerCase()] : []),
      ];
      const failed = await failedFaviconKeys(db, sets.flatMap(keysOf), clock().getTime());
      return sets.map((set) => {
        const keys = keysOf(set);
        return keys.length > 0 && keys.every((key) => failed.has(key));
      });
    },
  };
}

export type FaviconsService = ReturnType<typeof createFaviconsService>;
