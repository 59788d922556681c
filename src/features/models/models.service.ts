// The rules of models: one owner's performer profiles, listed, filtered and ordered on the server;
// another owner's model is simply not found. Also what Home, the profile and the links sync read.

import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { foundOr, type Page } from '../../db/owned.ts';
import { NotFoundError } from '../../errors.ts';
import { type Ethnicity, MODEL_TEXT, type Model, type ModelLink, type ModelSort } from '../../shared/models.ts';
import * as repo from './models.repo.ts';
import type { ModelInput } from './models.schema.ts';
import type { ModelRow } from './models.table.ts';
import { failedPictureKeys } from './pictures/pictures.repo.ts';
import { isHubMediaPicture, pictureAddress, pictureSource, sourceKey } from './pictures/source.ts';

export type { ModelFilters } from './models.repo.ts';

export interface ModelListQuery {
  filters: repo.ModelFilters;
  sort: ModelSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export type ModelsService = ReturnType<typeof createModelsService>;

export function createModelsService({ db, clock, avatarServiceUrl }: { db: Kysely<Database>; clock: Clock; avatarServiceUrl?: string | undefined }) {
  function toModel(row: ModelRow): Model {
    const links = parseJson<ModelLink[]>(row.links, []);
    const favorite = row.favorite === 1;
    const source = pictureSource(row, avatarServiceUrl);
    return {
      _id: row.id,
      name: row.name,
      ethnicity: row.ethnicity as Ethnicity | '',
      breastSize: row.breast_size,
      age: row.age,
      height: row.height,
      image: row.image,
      profilePicture: row.profile_picture_url ? { url: row.profile_picture_url } : null,
      // The hub serves the picture itself (GET /api/models/{id}/picture): the browser never asks
      // the other host, and the Content-Security-Policy allows images from the hub only.
      // A picture from the owner's own gallery is served by the hub already: its own address.
      picture: source ? (isHubMediaPicture(source) ? source : pictureAddress(row.id, source)) : null,
      description: row.description,
      tags: parseJson<string[]>(row.tags, []),
      links,
      favorite,
      isFavorite: favorite,
      created: new Date(row.created_at).toISOString(),
      updated: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
    };
  }

  /** The columns an input sets (only the fields it carries). */
  /**
   * The models of `rows`, with no picture where the hub already knows its source gave none (a
   * remembered failure): the card shows the initials without asking for a picture that would be
   * a 404.
   */
  async function toModels(rows: readonly ModelRow[]): Promise<Model[]> {
    const keys = new Map<string, string>();
    for (const row of rows) {
      const source = pictureSource(row, avatarServiceUrl);
      if (source && !isHubMediaPicture(source)) keys.set(row.id, sourceKey(source));
    }
    const failed = await failedPictureKeys(db, [...keys.values()], clock().getTime());
    return rows.map((row) => {
      const model = toModel(row);
      const key = keys.get(row.id);
      return key !== undefined && failed.has(key) ? { ...model, picture: null } : model;
    });
  }

  function columnsOf(input: ModelInput) {
    const columns: Partial<Omit<ModelRow, 'id' | 'owner_id' | 'created_at'>> = {};
    if (input.name !== undefined) columns.name = input.name;
    if (input.ethnicity !== undefined) columns.ethnicity = input.ethnicity;
    if (input.breastSize !== undefined) columns.breast_size = input.breastSize;
    if (input.age !== undefined) columns.age = input.age;
    if (input.height !== undefined) columns.height = input.height;
    if (input.image !== undefined) columns.image = input.image;
    if (input.profilePictureUrl !== undefined) columns.profile_picture_url = input.profilePictureUrl;
    if (input.description !== undefined) columns.description = input.description;
    if (input.tags !== undefined) columns.tags = JSON.stringify(input.tags);
    if (input.links !== undefined) columns.links = JSON.stringify(input.links);
    if (input.favorite !== undefined) columns.favorite = input.favorite ? 1 : 0;
    return columns;
  }

  return {
    async list(ownerId: string, query: ModelListQuery): Promise<Page<Model>> {
      const page = await repo.listModels(db, ownerId, query.filters, query.sort, query.order, query);
      return { items: await toModels(page.items), total: page.total };
    },

    /** How many models the owner keeps in all (the Y of 'Showing X of Y models'). */
    /** The owner's model by id, or by name ignoring case (the oldest of that name), or undefined: what an upload's model field names. */
    async lookup(ownerId: string, by: { id: string } | { name: string }): Promise<{ id: string; name: string } | undefined> {
      const row = 'id' in by ? await repo.findModel(db, ownerId, by.id) : await repo.findModelByName(db, ownerId, by.name);
      return row ? { id: row.id, name: row.name } : undefined;
    },

    count(ownerId: string): Promise<number> {
      return repo.countModels(db, ownerId);
    },

    async get(ownerId: string, id: string): Promise<Model> {
      const [model] = await toModels([foundOr(await repo.findModel(db, ownerId, id), MODEL_TEXT.notFound)]);
      return model!;
    },

    async create(ownerId: string, input: ModelInput & { name: string }): Promise<Model> {
      const row: ModelRow = {
        id: crypto.randomUUID(),
        owner_id: ownerId,
        name: input.name,
        ethnicity: '',
        breast_size: '',
        age: null,
        height: '',
        image: '',
        profile_picture_url: '',
        description: '',
        tags: '[]',
        links: '[]',
        favorite: 0,
        ...columnsOf(input),
        created_at: clock().getTime(),
        updated_at: null,
      };
      await repo.insertModel(db, row);
      return toModel(row);
    },

    /** Changes only the fields sent. */
    async update(ownerId: string, id: string, input: ModelInput): Promise<Model> {
      return db.transaction().execute(async (trx) => {
        const row = foundOr(await repo.findModel(trx, ownerId, id), MODEL_TEXT.notFound);
        const changes = columnsOf(input);
        if (Object.keys(changes).length === 0) return toModel(row);
        const updated = { ...changes, updated_at: clock().getTime() };
        await repo.updateModel(trx, ownerId, id, updated);
        return toModel({ ...row, ...updated });
      });
    },

    /** Set as Profile Picture: `url` is the hub's address of one of the owner's images. */
    async setProfilePicture(ownerId: string, id: string, url: string): Promise<Model> {
      return db.transaction().execute(async (trx) => {
        const row = foundOr(await repo.findModel(trx, ownerId, id), MODEL_TEXT.notFound);
        const updated = { profile_picture_url: url, updated_at: clock().getTime() };
        await repo.updateModel(trx, ownerId, id, updated);
        return toModel({ ...row, ...updated });
      });
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if ((await repo.deleteModel(db, ownerId, id)) === 0) throw new NotFoundError(MODEL_TEXT.notFound);
    },

    /** The owner's favourite models in the default order (Home, profile). */
    async favorites(ownerId: string, limit: number): Promise<Model[]> {
      const page = await repo.listModels(db, ownerId, { search: '', favorite: true }, 'default', 'asc', { limit: Math.max(0, Math.floor(limit)), offset: 0 });
      return toModels(page.items);
    },

    countFavorites(ownerId: string): Promise<number> {
      return repo.countModels(db, ownerId, true);
    },

    /** Every link of every model of the owner, with the model's name (the links sync reads this). */
    async modelLinks(ownerId: string): Promise<{ modelName: string; name: string; url: string }[]> {
      const rows = await repo.modelNamesAndLinks(db, ownerId);
      return rows.flatMap((row) => parseJson<ModelLink[]>(row.links, []).map((link) => ({ modelName: row.name, name: link.name, url: link.url })));
    },
  };
}
