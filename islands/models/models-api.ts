// The Models page's calls: the islands' API client, with failures logged as the spec asks.

import type { Model } from '../../src/shared/models.ts';
import { type ApiRequest, type ApiResult, api } from '../lib/api.ts';

export async function modelsCall<T>(path: string, request: ApiRequest): Promise<ApiResult<T>> {
  const result = await api<T>(path, request);
  if (!result.ok && result.cause !== undefined) console.error(`API call failed: ${request.method ?? 'GET'} ${path}`, result.cause);
  return result;
}

export function isModelList(value: unknown): value is Model[] {
  return (
    Array.isArray(value) &&
    value.every((m) => typeof m === 'object' && m !== null && typeof (m as Model)._id === 'string' && typeof (m as Model).name === 'string')
  );
}

/** What the Add/Edit Model dialog sends: the server splits the tags and reads the age. */
export interface ModelDraft {
  name: string;
  ethnicity: string;
  breastSize: string;
  age: string;
  height: string;
  image: string;
  description: string;
  tags: string;
  links: { name: string; url: string }[];
}

export const EMPTY_DRAFT: ModelDraft = { name: '', ethnicity: '', breastSize: '', age: '', height: '', image: '', description: '', tags: '', links: [] };

export function draftOf(model: Model): ModelDraft {
  return {
    name: model.name,
    ethnicity: model.ethnicity,
    breastSize: model.breastSize,
    age: model.age === null ? '' : String(model.age),
    height: model.height,
    image: model.image,
    description: model.description,
    tags: model.tags.join(', '),
    links: model.links.map((l) => ({ ...l })),
  };
}

/** The body of a save: trimmed texts, link rows whose URL is left blank dropped (the server drops them too). */
export function bodyOf(draft: ModelDraft) {
  return {
    name: draft.name.trim(),
    ethnicity: draft.ethnicity,
    breastSize: draft.breastSize,
    age: draft.age.trim(),
    height: draft.height.trim(),
    image: draft.image.trim(),
    description: draft.description.trim(),
    tags: draft.tags,
    links: draft.links.filter((l) => l.url.trim() !== '').map((l) => ({ name: l.name.trim(), url: l.url.trim() })),
  };
}
