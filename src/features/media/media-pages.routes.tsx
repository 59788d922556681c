// The Red Room's page routes: GET /gallery, and POST /gallery/mature-content, the warning's form
// for browsers without JavaScript (the island records the acceptance itself otherwise); GET
// /premium, the premium gallery.

import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { readForm, safeNextPath, smallBody } from '../../http/body.ts';
import { isHttps } from '../../http/credentials.ts';
import { GALLERY_TEXT, MATURE_COOKIE, MATURE_COOKIE_MAX_AGE, readGalleryView } from '../../shared/gallery-view.ts';
import type { LibraryChoice } from '../../shared/libraries.ts';
import { PREMIUM_TEXT, readPremiumView } from '../../shared/premium-view.ts';
import { requireSignIn, type SignedInEnv } from '../auth/auth.middleware.ts';
import type { Services } from '../services.ts';
import type { SignedInViewer } from '../users/users.service.ts';
import { GalleryPage } from './pages/gallery.tsx';
import { PremiumPage } from './pages/premium.tsx';

/** The viewer's own libraries, for the galleries' library filter (none: no filter is shown). */
async function ownLibraries(services: Services, viewer: SignedInViewer): Promise<LibraryChoice[]> {
  const libraries = await services.libraries.list(viewer);
  return libraries.filter((l) => l.ownerId === viewer.id).map((l) => ({ _id: l._id, name: l.name }));
}

export const galleryPages = new Hono<SignedInEnv>()
  .get('/gallery', requireSignIn(), async (c) => {
    const view = readGalleryView(c.req.query());
    const accepted = getCookie(c, MATURE_COOKIE) === 'true';
    const viewer = c.var.viewer;
    // Until the warning is accepted nothing of the gallery is read, so nothing of it is sent.
    let page = null;
    if (accepted) {
      const query = { ...view, offset: (view.page - 1) * view.limit, tags: [], libraryId: view.library };
      page = await c.var.services.media.gallery.list(viewer.id, query);
      // Past the last page (an old bookmark): the last page, whose address the island then shows.
      if (page.media.length === 0 && view.page > 1 && page.totalPages > 0) {
        view.page = page.totalPages;
        page = await c.var.services.media.gallery.list(viewer.id, { ...query, page: view.page, offset: (view.page - 1) * view.limit });
      }
    }
    return c.render(
      <GalleryPage view={view} page={page} accepted={accepted} isAdmin={viewer.role === 'admin'} libraries={await ownLibraries(c.var.services, viewer)} />,
      { title: GALLERY_TEXT.title },
    );
  })

  .post('/gallery/mature-content', requireSignIn(), smallBody(), async (c) => {
    const form = await readForm(c);
    // Not HttpOnly: the island writes the same cookie when the visitor accepts with JavaScript.
    setCookie(c, MATURE_COOKIE, 'true', { path: '/', sameSite: 'Lax', secure: isHttps(c), maxAge: MATURE_COOKIE_MAX_AGE });
    const back = safeNextPath(form.returnTo, '/gallery');
    return c.redirect(back.startsWith('/gallery') ? back : '/gallery', 303);
  })

  .get('/premium', requireSignIn(), async (c) => {
    const view = readPremiumView(c.req.query());
    const viewer = c.var.viewer;
    // The albums view loads its albums in the browser; every other view is rendered with its first page.
    let page = null;
    if (view.filter !== 'albums') {
      const query = { ...view, offset: (view.page - 1) * view.limit, tags: [], libraryId: view.library };
      page = await c.var.services.media.forGallery('premium').list(viewer.id, query);
      if (page.media.length === 0 && view.page > 1 && page.totalPages > 0) {
        view.page = page.totalPages;
        page = await c.var.services.media.forGallery('premium').list(viewer.id, { ...query, page: view.page, offset: (view.page - 1) * view.limit });
      }
    }
    return c.render(<PremiumPage view={view} page={page} isAdmin={viewer.role === 'admin'} libraries={await ownLibraries(c.var.services, viewer)} />, {
      title: PREMIUM_TEXT.title,
    });
  });
