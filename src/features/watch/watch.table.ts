// The streaming_sites table: one user's streaming sites (the Watch screen).

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StreamingSiteCategory } from '../../shared/watch.ts';

export interface StreamingSitesTable {
  id: string;
  owner_id: string;
  name: string;
  /** Absolute http(s) only. */
  url: string;
  /** Empty when none was given. */
  description: string;
  category: StreamingSiteCategory;
  /** 0 or 1. */
  is_favorite: number;
  /** Epoch ms of the last Watch Now; null until then. */
  last_visited_at: number | null;
  created_at: number;
  updated_at: number | null;
}
export type StreamingSiteRow = Selectable<StreamingSitesTable>;
export type NewStreamingSiteRow = Insertable<StreamingSitesTable>;
export type StreamingSiteUpdate = Updateable<StreamingSitesTable>;
