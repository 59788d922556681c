// Validation of model input: the spec's fields and rules, each with one readable message. Unknown
// fields (an _id, an owner, anything else) are ignored. Null or '' clears an optional field.

import { z } from 'zod';
import { BREAST_SIZE_PATTERN, ETHNICITIES, type Ethnicity, isWebUrl, MAX_AGE, MIN_AGE, type ModelLink, splitTags } from '../../shared/models.ts';
import { isHubMediaPicture } from './pictures/source.ts';

export const MODEL_LIMITS = { name: 100, height: 50, description: 2000, url: 2000, tag: 50, tags: 50, links: 50, linkName: 100 } as const;

export const MODEL_INPUT_MESSAGES = {
  nameRequired: 'Model name is required',
  nameTooLong: `Model name must be at most ${MODEL_LIMITS.name} characters`,
  ethnicity: `Ethnicity must be one of ${ETHNICITIES.join(', ')}, or empty`,
  breastSize: 'Breast size must be a band from 28 to 40 in steps of 2 followed by a cup A, B, C, D, DD, E or F (such as 34DD), or empty',
  ageNumber: 'Age must be a number',
  ageWhole: 'Age must be a whole number',
  ageAdult: `Models must be ${MIN_AGE} or older`,
  ageMax: `Age must be at most ${MAX_AGE}`,
  height: `Height must be text of at most ${MODEL_LIMITS.height} characters`,
  description: `Description must be text of at most ${MODEL_LIMITS.description} characters`,
  image: 'Image URL must be an absolute http or https address',
  profilePicture: 'Profile picture must be {url} with an absolute http or https address',
  urlTooLong: `URLs must be at most ${MODEL_LIMITS.url} characters`,
  tags: 'Tags must be a list of text or comma-separated text',
  tagTooLong: `Each tag must be at most ${MODEL_LIMITS.tag} characters`,
  tooManyTags: `A model can have at most ${MODEL_LIMITS.tags} tags`,
  links: 'Links must be a list of {name, url}',
  linkUrl: 'Each link needs a URL that is an absolute http or https address',
  linkName: `Link names must be text of at most ${MODEL_LIMITS.linkName} characters`,
  tooManyLinks: `A model can have at most ${MODEL_LIMITS.links} links`,
  favorite: 'favorite must be true or false',
} as const;

const M = MODEL_INPUT_MESSAGES;
type Ctx = z.RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Text of at most `max` characters, trimmed; null clears it. */
const text = (max: number, message: string) =>
  z.unknown().transform((v, ctx): string => {
    if (v === null) return '';
    if (typeof v !== 'string' || v.trim().length > max) return fail(ctx, message);
    return v.trim();
  });

/** '' or an absolute http(s) URL. */
function webUrl(v: unknown, ctx: Ctx, message: string): string {
  if (blank(v)) return '';
  if (typeof v !== 'string') return fail(ctx, message);
  const url = v.trim();
  if (url.length > MODEL_LIMITS.url) return fail(ctx, M.urlTooLong);
  return isWebUrl(url) ? url : fail(ctx, message);
}

const name = z.unknown().transform((v, ctx): string => {
  if (typeof v !== 'string' || v.trim() === '') return fail(ctx, M.nameRequired);
  if (v.trim().length > MODEL_LIMITS.name) return fail(ctx, M.nameTooLong);
  return v.trim();
});

const ethnicity = z.unknown().transform((v, ctx): Ethnicity | '' => {
  if (blank(v) || v === 'N/A') return '';
  const found = typeof v === 'string' ? ETHNICITIES.find((e) => e.toLowerCase() === v.trim().toLowerCase()) : undefined;
  return found ?? fail(ctx, M.ethnicity);
});

const breastSize = z.unknown().transform((v, ctx): string => {
  if (blank(v)) return '';
  const size = typeof v === 'string' ? v.trim().toUpperCase() : '';
  return BREAST_SIZE_PATTERN.test(size) ? size : fail(ctx, M.breastSize);
});

/** A number or numeric text; empty clears it. Adults only. */
const age = z.unknown().transform((v, ctx): number | null => {
  if (blank(v)) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isFinite(n)) return fail(ctx, M.ageNumber);
  if (!Number.isInteger(n)) return fail(ctx, M.ageWhole);
  if (n < MIN_AGE) return fail(ctx, M.ageAdult);
  if (n > MAX_AGE) return fail(ctx, M.ageMax);
  return n;
});

const image = z.unknown().transform((v, ctx) => webUrl(v, ctx, M.image));

/** {url}; null, {} or {url: ''} clears it. */
const profilePicture = z.unknown().transform((v, ctx): string => {
  if (v === null) return '';
  if (typeof v !== 'object' || Array.isArray(v)) return fail(ctx, M.profilePicture);
  // One set from the gallery (a model sent back whole keeps it).
  const url = (v as { url?: unknown }).url;
  if (typeof url === 'string' && isHubMediaPicture(url)) return url;
  return webUrl((v as { url?: unknown }).url, ctx, M.profilePicture);
});

const tags = z.unknown().transform((v, ctx): string[] => {
  if (v === null) return [];
  if (typeof v !== 'string' && !(Array.isArray(v) && v.every((t) => typeof t === 'string'))) return fail(ctx, M.tags);
  const list = splitTags(v);
  if (list.some((t) => t.length > MODEL_LIMITS.tag)) return fail(ctx, M.tagTooLong);
  if (list.length > MODEL_LIMITS.tags) return fail(ctx, M.tooManyTags);
  return list;
});

/**
 * Each link: a URL (absolute http(s)) and a name (the URL's host when left empty). A row whose URL
 * is left blank is dropped, not refused (the links sync skips blank URLs as well).
 */
const links = z.unknown().transform((v, ctx): ModelLink[] => {
  if (v === null) return [];
  if (!Array.isArray(v)) return fail(ctx, M.links);
  if (v.length > MODEL_LIMITS.links) return fail(ctx, M.tooManyLinks);
  const out: ModelLink[] = [];
  for (const item of v) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(ctx, M.links);
    const { name: linkName, url } = item as { name?: unknown; url?: unknown };
    if (url === undefined || blank(url)) continue;
    if (typeof url !== 'string') return fail(ctx, M.linkUrl);
    const address = url.trim();
    if (address.length > MODEL_LIMITS.url) return fail(ctx, M.urlTooLong);
    if (!isWebUrl(address)) return fail(ctx, M.linkUrl);
    if (linkName !== undefined && linkName !== null && (typeof linkName !== 'string' || linkName.trim().length > MODEL_LIMITS.linkName))
      return fail(ctx, M.linkName);
    out.push({ name: typeof linkName === 'string' && linkName.trim() !== '' ? linkName.trim() : new URL(address).hostname, url: address });
  }
  return out;
});

const flag = z.unknown().transform((v, ctx): boolean => (typeof v === 'boolean' ? v : fail(ctx, M.favorite)));

// How the API description shows these fields (their checks are the code above, not schema).
name.register(z.globalRegistry, { type: 'string', minLength: 1, maxLength: MODEL_LIMITS.name });
ethnicity.register(z.globalRegistry, { type: ['string', 'null'], description: `${ETHNICITIES.join(', ')} (any case), or N/A or empty for none` });
breastSize.register(z.globalRegistry, { type: ['string', 'null'], description: 'Band and cup, such as 34DD; empty for none' });
age.register(z.globalRegistry, { type: ['integer', 'string', 'null'], minimum: MIN_AGE, maximum: MAX_AGE, description: 'Whole years; empty for unknown' });
image.register(z.globalRegistry, { type: ['string', 'null'], description: 'An http(s) URL; empty for none' });
profilePicture.register(z.globalRegistry, {
  type: ['object', 'null'],
  properties: { url: { type: 'string' } },
  description: '{url}: an http(s) URL or one of your gallery images; null clears it',
});
tags.register(z.globalRegistry, {
  anyOf: [{ type: 'array', items: { type: 'string', maxLength: MODEL_LIMITS.tag } }, { type: 'string', description: 'Comma-separated' }, { type: 'null' }],
});
links.register(z.globalRegistry, {
  type: ['array', 'null'],
  maxItems: MODEL_LIMITS.links,
  items: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string' } }, required: ['url'] },
});
flag.register(z.globalRegistry, { type: 'boolean' });

const fields = {
  ethnicity: ethnicity.optional(),
  breastSize: breastSize.optional(),
  age: age.optional(),
  height: text(MODEL_LIMITS.height, M.height)
    .meta({ type: ['string', 'null'], maxLength: MODEL_LIMITS.height })
    .optional(),
  image: image.optional(),
  profilePicture: profilePicture.optional(),
  description: text(MODEL_LIMITS.description, M.description)
    .meta({ type: ['string', 'null'], maxLength: MODEL_LIMITS.description })
    .optional(),
  tags: tags.optional(),
  links: links.optional(),
  // The spec's two spellings of the flag; isFavorite wins when both are sent.
  isFavorite: flag.optional(),
  favorite: flag.optional(),
};

/** What the service receives: the fields sent, validated (the favourite flag under one name). */
export interface ModelInput {
  name?: string;
  ethnicity?: Ethnicity | '';
  breastSize?: string;
  age?: number | null;
  height?: string;
  image?: string;
  /** profilePicture.url; '' clears it. */
  profilePictureUrl?: string;
  description?: string;
  tags?: string[];
  links?: ModelLink[];
  favorite?: boolean;
}

function toInput({ isFavorite, favorite, profilePicture, ...rest }: z.output<z.ZodObject<typeof fields>> & { name?: string }): ModelInput {
  const input: ModelInput = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) (input as Record<string, unknown>)[key] = value;
  if (profilePicture !== undefined) input.profilePictureUrl = profilePicture;
  const flagValue = isFavorite ?? favorite;
  if (flagValue !== undefined) input.favorite = flagValue;
  return input;
}

/** A new model: the name is required, everything else optional. */
export const createModelSchema = z.object({ name, ...fields }).transform(toInput);
/** A change: only the fields sent change (partial PUT). */
export const updateModelSchema = z.object({ name: name.optional(), ...fields }).transform(toInput);
