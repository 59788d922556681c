// Row types of the models table: one performer profile of one owner. Tags and links are JSON text.

import type { Insertable, Selectable, Updateable } from 'kysely';

export interface ModelsTable {
  id: string;
  owner_id: string;
  name: string;
  /** One of the spec's ethnicities, or '' (N/A). */
  ethnicity: string;
  /** '' or band and cup, such as '34DD'. */
  breast_size: string;
  age: number | null;
  height: string;
  image: string;
  /** profilePicture.url of the API; '' when none. */
  profile_picture_url: string;
  description: string;
  /** JSON array of strings. */
  tags: string;
  /** JSON array of {name, url}. */
  links: string;
  /** 1 for a favourite. */
  favorite: number;
  /** Epoch milliseconds. */
  created_at: number;
  updated_at: number | null;
}
export type ModelRow = Selectable<ModelsTable>;
export type NewModelRow = Insertable<ModelsTable>;
export type ModelUpdate = Updateable<ModelsTable>;
