// The home dashboard: a user's favourite sites and models and recently visited links, read from
// the collections' own services (in parallel) and shaped for the home page.

import type { HomeDashboard } from '../../shared/home.ts';
import { DASHBOARD_MAX_FAVORITES, HOME_RECENT_LINKS } from '../../shared/home.ts';
import { LINK_CATEGORY_COLORS, type Link } from '../../shared/links.ts';
import { ethnicityChipClass, type Model } from '../../shared/models.ts';
import { type StreamingSite, streamingSiteCategoryColors } from '../../shared/watch.ts';

/** What the dashboard and the profile need of each collection's service. */
export interface HomeSources {
  sites: {
    favorites(ownerId: string, limit: number): Promise<StreamingSite[]>;
    countFavorites(ownerId: string): Promise<number>;
    recentlyVisited(ownerId: string, limit: number): Promise<StreamingSite[]>;
  };
  models: { favorites(ownerId: string, limit: number): Promise<Model[]>; countFavorites(ownerId: string): Promise<number> };
  links: {
    favorites(ownerId: string, limit: number): Promise<Link[]>;
    countFavorites(ownerId: string): Promise<number>;
    recentlyVisited(ownerId: string, limit: number): Promise<Link[]>;
  };
}

/** How many favourites of each kind the profile lists (the count shows them all). */
export const PROFILE_FAVORITES_SHOWN = 6;
/** Recently Visited on the profile: up to 6, newest first (spec). */
export const PROFILE_RECENT = 6;

/** The profile's Your Favorites and Recently Visited. */
export interface ProfileCollections {
  sites: { count: number; items: { _id: string; name: string; url: string; category: string }[] };
  models: { count: number; items: { _id: string; name: string; ethnicity: string; age: number | null }[] };
  links: { count: number; items: { _id: string; name: string; url: string; category: string }[] };
  recent: { _id: string; kind: 'Streaming site' | 'Link'; name: string; url: string; lastVisited: string }[];
}

export type HomeService = ReturnType<typeof createHomeService>;

export function createHomeService({ sites, models, links }: HomeSources) {
  return {
    async dashboard(ownerId: string): Promise<HomeDashboard> {
      const [favoriteSites, favoriteModels, recentLinks] = await Promise.all([
        sites.favorites(ownerId, DASHBOARD_MAX_FAVORITES),
        models.favorites(ownerId, DASHBOARD_MAX_FAVORITES),
        links.recentlyVisited(ownerId, HOME_RECENT_LINKS),
      ]);
      return {
        favoriteSites: favoriteSites.map((s) => ({
          _id: s._id,
          name: s.name,
          url: s.url,
          category: s.category,
          chipClass: streamingSiteCategoryColors(s.category).className,
        })),
        favoriteModels: favoriteModels.map((m) => ({
          _id: m._id,
          name: m.name,
          ethnicity: m.ethnicity,
          age: m.age,
          picture: m.picture,
          chipClass: ethnicityChipClass(m.ethnicity),
        })),
        recentLinks: recentLinks
          .filter((l): l is Link & { lastVisited: string } => l.lastVisited !== null)
          .map((l) => ({
            _id: l._id,
            name: l.name,
            url: l.url,
            category: l.category,
            chipClass: LINK_CATEGORY_COLORS[l.category].chip,
            lastVisited: l.lastVisited,
          })),
      };
    },

    /** Your Favorites (three groups with their counts) and Recently Visited (sites and links). */
    async profile(ownerId: string): Promise<ProfileCollections> {
      const [siteFavorites, siteCount, modelFavorites, modelCount, linkFavorites, linkCount, visitedSites, visitedLinks] = await Promise.all([
        sites.favorites(ownerId, PROFILE_FAVORITES_SHOWN),
        sites.countFavorites(ownerId),
        models.favorites(ownerId, PROFILE_FAVORITES_SHOWN),
        models.countFavorites(ownerId),
        links.favorites(ownerId, PROFILE_FAVORITES_SHOWN),
        links.countFavorites(ownerId),
        sites.recentlyVisited(ownerId, PROFILE_RECENT),
        links.recentlyVisited(ownerId, PROFILE_RECENT),
      ]);
      const visited = [...visitedSites.map((v) => ({ ...v, kind: 'Streaming site' as const })), ...visitedLinks.map((v) => ({ ...v, kind: 'Link' as const }))]
        .filter((v): v is typeof v & { lastVisited: string } => v.lastVisited !== null)
        .sort((a, b) => b.lastVisited.localeCompare(a.lastVisited))
        .slice(0, PROFILE_RECENT);
      return {
        sites: { count: siteCount, items: siteFavorites.map(({ _id, name, url, category }) => ({ _id, name, url, category })) },
        models: { count: modelCount, items: modelFavorites.map(({ _id, name, ethnicity, age }) => ({ _id, name, ethnicity, age })) },
        links: { count: linkCount, items: linkFavorites.map(({ _id, name, url, category }) => ({ _id, name, url, category })) },
        recent: visited.map(({ _id, kind, name, url, lastVisited }) => ({ _id, kind, name, url, lastVisited })),
      };
    },
  };
}
