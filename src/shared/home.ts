// The home dashboard's data and constants (spec 000, home page sections and dashboard summary),
// shared by the server page and the HomeDashboard island.

export interface HomeSite {
  _id: string;
  name: string;
  url: string;
  category: string;
  /** The category's chip classes (background and a text colour that reads on it). */
  chipClass: string;
}

export interface HomeModel {
  _id: string;
  name: string;
  ethnicity: string;
  age: number | null;
  /** The first of profilePicture.url, profileImage or image; null shows the initials. */
  picture: string | null;
  /** The ethnicity's chip classes. */
  chipClass: string;
}

export interface HomeLink {
  _id: string;
  name: string;
  url: string;
  category: string;
  chipClass: string;
  /** ISO time of the last visit. */
  lastVisited: string;
}

export interface HomeDashboard {
  favoriteSites: HomeSite[];
  favoriteModels: HomeModel[];
  recentLinks: HomeLink[];
}

/** The dashboard shows at most twice the widest column count (4 at 1200 px or wider). */
export const DASHBOARD_MAX_FAVORITES = 8;
/** Recently visited links on the home page. */
export const HOME_RECENT_LINKS = 4;
/** A refresh runs at most once every 30 s (spec, business constants). */
export const DASHBOARD_REFRESH_MS = 30_000;
export const HOME_API_PATH = '/api/home';

/** Columns by window width: 4 at 1200 px or wider, 3 at 900, 2 at 600, else 1. */
export function dashboardColumns(width: number): number {
  if (width >= 1200) return 4;
  if (width >= 900) return 3;
  if (width >= 600) return 2;
  return 1;
}

/** Items shown: twice the columns. */
export const dashboardCount = (width: number) => 2 * dashboardColumns(width);

export const HOME_TEXT = {
  sitesHeading: 'Favorite Streaming Sites',
  sitesEmpty: 'No favorite streaming sites yet. Visit the Watch page to add some!',
  sitesBrowse: 'Browse Streaming Sites',
  modelsHeading: 'Favorite Models',
  modelsEmpty: 'No favorite models yet. Visit the Models page to add some!',
  modelsBrowse: 'Browse Models',
  linksHeading: 'Recently Visited Links',
  linksEmpty: 'No recently visited links. Visit the Links page to browse and click on links!',
  linksBrowse: 'Browse Links',
  redRoomHeading: 'Red Room Gallery',
  redRoomButton: 'Enter The Red Room',
  loadError: 'Error loading data',
} as const;
