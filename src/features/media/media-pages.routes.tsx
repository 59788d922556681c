// The galleries' page routes, one per gallery of galleries.ts: GET /gallery (The Red Room) and GET
// /premium, each server-rendered with the first page of the view in its address; and POST
// /gallery/mature-content, the warning's form for browsers without JavaScript (the island records
// the acceptance itself otherwise).

import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ReactElement } from 'react';
import { readForm, safeNextPath, smallBody } from '../../http/body.ts';
import { isHttps } from '../../http/credentials.ts';
import { GALLERY_TEXT, type GalleryView, MATURE_COOKIE, MATURE_COOKIE_MAX_AGE, readGalleryView } from '../../shared/gallery-view.ts';
import type { LibraryChoice } from '../../shared/libraries.ts';
import type { MediaPage } from '../../shared/media.ts';
import { PREMIUM_TEXT, type PremiumView, readPremiumView } from '../../shared/premium-view.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import type { Services } from '../services.ts';
import type { SignedInViewer } from '../users/users.service.ts';
import { GALLERIES } from './galleries.ts';
import type { GalleryName } from './media.table.ts';
import { GalleryPage } from './pages/gallery.tsx';
import { PremiumPage } from './pages/premium.tsx';

/** What one gallery's page is made of: its view read from the address, whether its first page is read, and the island it renders. */
interface GalleryPageConfig<V extends AnyView> {
  title: string;
  readView(query: Record<string, string>): V;
  /** Whether the page is rendered with its first page of items (otherwise the island loads what it shows). */
  listed(c: Context<SignedInEnv>, view: V): boolean;
  render(props: { c: Context<SignedInEnv>; view: V; page: MediaPage | null; isAdmin: boolean; libraries: LibraryChoice[] }): ReactElement;
}

/** Either gallery's view. */
type AnyView = GalleryView | PremiumView;

const accepted = (c: Context<SignedInEnv>) => getCookie(c, MATURE_COOKIE) === 'true';

const PAGES: { gallery: GalleryPageConfig<GalleryView>; premium: GalleryPageConfig<PremiumView> } = {
  gallery: {
    title: GALLERY_TEXT.title,
    readView: readGalleryView,
    // Until the warning is accepted nothing of the gallery is read, so nothing of it is sent.
    listed: (c) => accepted(c),
    render: ({ c, ...props }) => <GalleryPage {...props} accepted={accepted(c)} />,
  },
  premium: {
    title: PREMIUM_TEXT.title,
    readView: readPremiumView,
    // The albums view loads its albums in the browser; every other view is rendered with its first page.
    listed: (_c, view) => view.filter !== 'albums',
    render: ({ c: _c, ...props }) => <PremiumPage {...props} />,
  },
};

/** The viewer's own libraries, for the galleries' library filter (none: no filter is shown). */
async function ownLibraries(services: Services, viewer: SignedInViewer): Promise<LibraryChoice[]> {
  const libraries = await services.libraries.list(viewer);
  return libraries.filter((l) => l.ownerId === viewer.id).map((l) => ({ _id: l._id, name: l.name }));
}

/** The view's page of the gallery; past the last page (an old bookmark), the last page, whose address the island then shows. */
async function firstPage(services: Services, gallery: GalleryName, viewer: SignedInViewer, view: AnyView): Promise<MediaPage> {
  const list = services.media.forGallery(gallery);
  const query = { ...view, offset: (view.page - 1) * view.limit, tags: [], libraryId: view.library };
  const page = await list.list(viewer.id, query);
  if (page.media.length === 0 && view.page > 1 && page.totalPages > 0) {
    view.page = page.totalPages;
    return list.list(viewer.id, { ...query, page: view.page, offset: (view.page - 1) * view.limit });
  }
  return page;
}

/** GET of the gallery's page. */
function galleryPage(gallery: GalleryName) {
  const config: GalleryPageConfig<AnyView> = PAGES[gallery];
  return async (c: Context<SignedInEnv>) => {
    const view = config.readView(c.req.query());
    const viewer = c.var.viewer;
    const page = config.listed(c, view) ? await firstPage(c.var.services, gallery, viewer, view) : null;
    const libraries = await ownLibraries(c.var.services, viewer);
    return c.render(config.render({ c, view, page, isAdmin: viewer.role === 'admin', libraries }), { title: config.title });
  };
}

export const galleryPages = new Hono<SignedInEnv>()
  .get(GALLERIES.gallery.page, requireSignIn(), galleryPage('gallery'))

  .post('/gallery/mature-content', requireSignIn(), smallBody(), async (c) => {
    const form = await readForm(c);
    // Not HttpOnly: the island writes the same cookie when the visitor accepts with JavaScript.
    setCookie(c, MATURE_COOKIE, 'true', { path: '/', sameSite: 'Lax', secure: isHttps(c), maxAge: MATURE_COOKIE_MAX_AGE });
    const back = safeNextPath(form.returnTo, '/gallery');
    return c.redirect(back.startsWith('/gallery') ? back : '/gallery', 303);
  })

  .get(GALLERIES.premium.page, requireSignIn(), galleryPage('premium'));
