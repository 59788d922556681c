// The avatar service by platform and username (spec: model pictures), off unless AVATAR_SERVICE_URL
// is set: asking it tells a third party whom the household follows, so the hub never does by default.

import type { ModelLink } from '../../shared/models.ts';

/** The platforms a link is recognised on, by host (subdomains such as www. included). */
const PLATFORM_HOSTS: [host: string, platform: string][] = [
  ['onlyfans.com', 'onlyfans'],
  ['fansly.com', 'fansly'],
  ['x.com', 'x'],
  ['twitter.com', 'x'],
  ['instagram.com', 'instagram'],
  ['reddit.com', 'reddit'],
];

/** The platform and username a link points at, if it is a profile on a known platform. */
export function profileOf(url: string): { platform: string; username: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  const platform = PLATFORM_HOSTS.find(([h]) => host === h || host.endsWith(`.${h}`))?.[1];
  if (!platform) return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  // Reddit profiles live under /user/<name> or /u/<name>.
  const raw = platform === 'reddit' ? (segments[0] === 'user' || segments[0] === 'u' ? segments[1] : undefined) : segments[0];
  const username = raw?.replace(/^@/, '');
  if (!username || !/^[A-Za-z0-9._-]{1,64}$/.test(username)) return null;
  return { platform, username };
}

/**
 * The picture URL of the first link on a known platform, from a template such as
 * `https://avatars.example/{platform}/{username}`; null without a template or such a link.
 */
export function avatarUrl(template: string | undefined, links: readonly ModelLink[]): string | null {
  if (!template) return null;
  for (const link of links) {
    const profile = profileOf(link.url);
    if (profile) return template.replaceAll('{platform}', encodeURIComponent(profile.platform)).replaceAll('{username}', encodeURIComponent(profile.username));
  }
  return null;
}
