// Which URL a model's picture comes from, and the hub's own address that serves it.

import { avatarUrl } from '../avatar.ts';
import type { ModelRow } from '../models.table.ts';

/**
 * The spec's order: profilePicture.url, then image; the avatar service only when
 * AVATAR_SERVICE_URL is set. Null when the model has none (the card shows initials).
 */
export function pictureSource(row: Pick<ModelRow, 'profile_picture_url' | 'image' | 'links'>, avatarServiceUrl: string | undefined): string | null {
  if (row.profile_picture_url) return row.profile_picture_url;
  if (row.image) return row.image;
  let links: { name: string; url: string }[] = [];
  try {
    links = JSON.parse(row.links) as typeof links;
  } catch {
    // Broken JSON has no links.
  }
  return avatarUrl(avatarServiceUrl, links);
}

/**
 * A picture the hub itself serves from the media library (Set as Profile Picture): a thumbnail or
 * display rendition of one of the owner's items. The browser loads it as it is; nothing is fetched.
 */
export const isHubMediaPicture = (url: string): boolean => /^\/media\/[A-Za-z0-9-]{1,100}\/(?:thumbnail|display)$/.test(url);

const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text);

/** The store's key for a picture URL. */
export const sourceKey = (url: string): string => sha256(url).digest('hex');

/** A short hash of the URL: a changed URL is a new address, so no browser shows the old picture. */
export const pictureVersion = (url: string): string => sha256(url).digest('base64url').slice(0, 12);

/** What the Model entity's `picture` carries: the hub's address, never the other host's. */
export const pictureAddress = (modelId: string, source: string): string => `/api/models/${encodeURIComponent(modelId)}/picture?v=${pictureVersion(source)}`;
