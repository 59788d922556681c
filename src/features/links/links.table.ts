// Row types of the links table: one saved page of one owner.

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { LinkCategory } from '../../shared/links.ts';

export interface LinksTable {
  id: string;
  owner_id: string;
  name: string;
  url: string;
  description: string;
  category: LinkCategory;
  /** 0 or 1. */
  is_favorite: number;
  /** Epoch ms of the last visit through the hub, or null. */
  last_visited: number | null;
  /** 1 when Sync from models made it. */
  auto_imported: number;
  source_model: string | null;
  created_at: number;
}
export type LinkRow = Selectable<LinksTable>;
export type NewLinkRow = Insertable<LinksTable>;
export type LinkUpdate = Updateable<LinksTable>;
