// The rules of links: the owner's list, saving and visiting, Link Dump (details read by the hub
// itself through the safe fetcher), Sync from models, and bookmark files in and out.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { foundOr, type Page } from '../../db/owned.ts';
import { InvalidError, NotFoundError } from '../../errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { SafeFetchError, type SafeFetcher } from '../../security/safe-fetch.ts';
import {
  categoryNamed,
  categoryOfUrl,
  DEFAULT_LINK_CATEGORY,
  type DetectedLink,
  type ImportResult,
  isWebUrl,
  LINK_LIMITS,
  LINK_TEXT,
  type Link,
  type LinkCategory,
  type SyncResult,
} from '../../shared/links.ts';
import { readBookmarks, writeBookmarks } from './bookmarks.ts';
import { cleanText, nameFromUrl, readPageDetails } from './detect.ts';
import {
  allLinks,
  countFavoriteLinks,
  deleteLink,
  favoriteLinks,
  findLink,
  insertLinks,
  knownUrls,
  type LinkFilter,
  type LinkSort,
  listLinks,
  recentlyVisitedLinks,
  updateLink,
} from './links.repo.ts';
import type { CreateLinkInput, UpdateLinkInput } from './links.schema.ts';
import type { LinkRow, NewLinkRow } from './links.table.ts';

/** One link of a model, as the models service hands them out. */
export interface ModelLink {
  modelName: string;
  name: string;
  url: string;
}

export interface LinksDeps {
  db: Kysely<Database>;
  clock: Clock;
  fetcher: SafeFetcher;
  /** How long Link Dump waits for a page before it settles for the URL alone. */
  detectTimeoutMs?: number;
}

/** Link Dump answers within this, page or no page. */
export const DETECT_TIMEOUT_MS = 8000;

export function toLink(row: LinkRow): Link {
  return {
    _id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    category: row.category,
    isFavorite: row.is_favorite === 1,
    lastVisited: row.last_visited === null ? null : new Date(row.last_visited).toISOString(),
    autoImported: row.auto_imported === 1,
    sourceModel: row.source_model,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const capped = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function createLinksService({ db, clock, fetcher, detectTimeoutMs = DETECT_TIMEOUT_MS }: LinksDeps) {
  const now = () => clock().getTime();

  async function get(ownerId: string, id: string): Promise<Link> {
    return toLink(foundOr(await findLink(db, ownerId, id), LINK_TEXT.notFound));
  }

  function newRow(ownerId: string, fields: Partial<NewLinkRow> & Pick<NewLinkRow, 'name' | 'url'>): NewLinkRow {
    return {
      id: crypto.randomUUID(),
      owner_id: ownerId,
      description: '',
      category: categoryOfUrl(fields.url),
      is_favorite: 0,
      last_visited: null,
      auto_imported: 0,
      source_model: null,
      created_at: now(),
      ...fields,
    };
  }

  return {
    async list(ownerId: string, query: ListQuery<LinkSort>, filter: Omit<LinkFilter, 'search'>): Promise<Page<Link>> {
      const page = await listLinks(db, ownerId, { ...filter, search: query.search }, query, query);
      return { items: page.items.map(toLink), total: page.total };
    },

    get,

    async create(ownerId: string, input: CreateLinkInput): Promise<Link> {
      const row = newRow(ownerId, {
        name: input.name,
        url: input.url,
        description: input.description ?? '',
        category: input.category ?? DEFAULT_LINK_CATEGORY,
        is_favorite: input.isFavorite ? 1 : 0,
      });
      await insertLinks(db, [row]);
      return get(ownerId, row.id);
    },

    async update(ownerId: string, id: string, input: UpdateLinkInput): Promise<Link> {
      foundOr(await findLink(db, ownerId, id), LINK_TEXT.notFound);
      const changes: Parameters<typeof updateLink>[3] = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.url !== undefined) changes.url = input.url;
      if (input.description !== undefined) changes.description = input.description;
      if (input.category !== undefined) changes.category = input.category;
      if (input.isFavorite !== undefined) changes.is_favorite = input.isFavorite ? 1 : 0;
      if (Object.keys(changes).length > 0) await updateLink(db, ownerId, id, changes);
      return get(ownerId, id);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await deleteLink(db, ownerId, id))) throw new NotFoundError(LINK_TEXT.notFound);
    },

    /** The spec's "lastVisited is set to now when its URL is opened". */
    async visit(ownerId: string, id: string): Promise<Link> {
      foundOr(await findLink(db, ownerId, id), LINK_TEXT.notFound);
      await updateLink(db, ownerId, id, { last_visited: now() });
      return get(ownerId, id);
    },

    /**
     * Link Dump: the page's own title and description when the hub can fetch it; otherwise what
     * the URL says, with the spec's warning. The category always comes from the domain.
     */
    async detect(url: string): Promise<DetectedLink> {
      if (!isWebUrl(url)) throw new InvalidError(LINK_TEXT.invalidUrl);
      const category = categoryOfUrl(url);
      const basic = { name: nameFromUrl(url), description: '', category, url };
      try {
        const page = await fetcher.fetch(url, { accept: ['text/html', 'application/xhtml+xml'], signal: AbortSignal.timeout(detectTimeoutMs) });
        const details = readPageDetails(new TextDecoder().decode(page.body));
        return { ...basic, name: details.title || basic.name, description: details.description, enhanced: true };
      } catch (error) {
        if (!(error instanceof SafeFetchError)) throw error;
        return { ...basic, enhanced: false, warning: LINK_TEXT.basicDetection };
      }
    },

    /**
     * Every model link with a URL that is not yet a link (ignoring case) becomes one. `modelLinks`
     * is the models service's list of the owner's model links.
     */
    async syncFromModels(ownerId: string, modelLinks: (ownerId: string) => Promise<ModelLink[]>): Promise<SyncResult> {
      const known = await knownUrls(db, ownerId);
      const rows: NewLinkRow[] = [];
      for (const source of await modelLinks(ownerId)) {
        const url = source.url.trim();
        if (!url || !isWebUrl(url) || url.length > LINK_LIMITS.url || known.has(url.toLowerCase())) continue;
        known.add(url.toLowerCase());
        const modelName = cleanText(source.modelName, LINK_LIMITS.name);
        const linkName = cleanText(source.name, LINK_LIMITS.name);
        const name = cleanText(modelName ? `${modelName} - ${linkName || categoryOfUrl(url)}` : linkName || nameFromUrl(url), LINK_LIMITS.name);
        rows.push(
          newRow(ownerId, { name, url, auto_imported: 1, source_model: modelName || null, description: modelName ? `Imported from ${modelName}` : '' }),
        );
      }
      await db.transaction().execute((trx) => insertLinks(trx, rows));
      return { imported: rows.length, links: rows.map((row) => toLink(row as LinkRow)) };
    },

    async exportBookmarks(ownerId: string): Promise<string> {
      const rows = await allLinks(db, ownerId);
      return writeBookmarks(
        rows.map((r) => ({ name: r.name, url: r.url, description: r.description, category: r.category, createdAt: r.created_at, lastVisited: r.last_visited })),
      );
    },

    /**
     * A bookmark file's http(s) links that are not yet links (ignoring case). The innermost folder
     * named like a category decides the category; otherwise the domain does.
     */
    async importBookmarks(ownerId: string, html: string): Promise<ImportResult> {
      const known = await knownUrls(db, ownerId);
      const rows: NewLinkRow[] = [];
      let skipped = 0;
      for (const mark of readBookmarks(html)) {
        const url = mark.url;
        if (!isWebUrl(url) || url.length > LINK_LIMITS.url || known.has(url.toLowerCase())) {
          skipped++;
          continue;
        }
        known.add(url.toLowerCase());
        const folderCategory = [...mark.folders]
          .reverse()
          .map(categoryNamed)
          .find((c): c is LinkCategory => c !== null);
        rows.push(
          newRow(ownerId, {
            name: cleanText(mark.name, LINK_LIMITS.name) || nameFromUrl(url),
            url,
            description: capped(mark.description, LINK_LIMITS.description),
            category: folderCategory ?? categoryOfUrl(url),
            created_at: mark.addDate ?? now(),
            last_visited: mark.lastVisit,
          }),
        );
      }
      await db.transaction().execute((trx) => insertLinks(trx, rows));
      return { imported: rows.length, skipped };
    },

    /** Home: links visited through the hub, newest visit first. */
    async recentlyVisited(ownerId: string, limit: number): Promise<Link[]> {
      return (await recentlyVisitedLinks(db, ownerId, limit)).map(toLink);
    },

    /** Home and profile: the owner's favourite links, newest first. */
    async favorites(ownerId: string, limit: number): Promise<Link[]> {
      return (await favoriteLinks(db, ownerId, limit)).map(toLink);
    },

    async countFavorites(ownerId: string): Promise<number> {
      return countFavoriteLinks(db, ownerId);
    },
  };
}

export type LinksService = ReturnType<typeof createLinksService>;
