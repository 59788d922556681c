// createApp(deps): the whole Hono application. main.ts serves it; tests build one on a temp folder.

import { Hono } from 'hono';
import { hubFolders } from './data-dir.ts';
import { adminRoutes } from './features/admin/admin.routes.tsx';
import { albumsApi } from './features/albums/albums.routes.ts';
import { session } from './features/auth/auth.middleware.ts';
import { authRoutes } from './features/auth/auth.routes.tsx';
import { faviconRoutes } from './features/favicons/favicons.routes.ts';
import { homeApi, homePage } from './features/home/home.routes.tsx';
import { keysApi } from './features/keys/keys.routes.ts';
import { librariesApi } from './features/libraries/libraries.routes.ts';
import { linksApi, linksPage } from './features/links/links.routes.tsx';
import { areaLock, areaPageLock, lockApi, locksApi, unlockApi, unlockPages } from './features/locks/locks.routes.tsx';
import { mediaBytesRoutes } from './features/media/bytes.routes.ts';
import { withLibraryFiles } from './features/media/library-store.service.ts';
import { galleryApi, tagsApi } from './features/media/media.routes.ts';
import { galleryPages } from './features/media/media-pages.routes.tsx';
import { modelsApi, modelsPage } from './features/models/models.routes.tsx';
import { openapiRoutes } from './features/openapi/openapi.routes.ts';
import { passkeySignIn, passkeysApi } from './features/passkeys/passkeys.routes.ts';
import { createServices } from './features/services.ts';
import { INGEST_UPLOAD_ROUTES, multipartApi } from './features/uploads/multipart/multipart.routes.ts';
import './features/context.ts';
import { connectApi } from './features/connect/connect.routes.ts';
import { connectPages } from './features/connect/connect-pages.routes.tsx';
import { CONNECT_IMPORT_ROUTE } from './features/connect/transfer/transfer.routes.ts';
import { gate } from './features/gate/gate.middleware.ts';
import { gateRoutes } from './features/gate/gate.routes.tsx';
import { enrolmentGate } from './features/twofactor/twofactor.middleware.ts';
import { twoFactorApi } from './features/twofactor/twofactor.routes.ts';
import { UPLOADS_STREAMED_ROUTES, uploadsApi } from './features/uploads/tus/tus.routes.ts';
import { meApi, mePages } from './features/users/me.routes.ts';
import { usersApi } from './features/users/users.routes.ts';
import { usersPages } from './features/users/users-pages.routes.tsx';
import { watchApi, watchPage } from './features/watch/watch.routes.tsx';
import { smallBody } from './http/body.ts';
import type { AppDeps } from './http/context.ts';
import { pageRenderer } from './http/document.tsx';
import { healthRoutes } from './http/health.ts';
import { allowedHost } from './http/middleware/allowed-host.ts';
import { compress } from './http/middleware/compress.ts';
import { csrf } from './http/middleware/csrf.ts';
import { notFound, onError } from './http/middleware/errors.tsx';
import { noStoreByDefault } from './http/middleware/no-store.ts';
import { requestId } from './http/middleware/request-id.ts';
import { requestLog } from './http/middleware/request-log.ts';
import { securityHeaders } from './http/middleware/security-headers.ts';
import { themeMode } from './http/middleware/theme.ts';
import { staticFiles } from './http/static-files.ts';
import { themeRoutes } from './http/theme.ts';

/** Routes that stream their request body and enforce their own limit (uploads, as they arrive). */
const STREAMED_UPLOADS: string[] = ['POST /api/links/import', CONNECT_IMPORT_ROUTE, ...INGEST_UPLOAD_ROUTES, ...UPLOADS_STREAMED_ROUTES];

export function createApp(given: AppDeps) {
  // Library items' originals are read from their library files (decision 0043).
  const deps: AppDeps = { ...given, store: withLibraryFiles(given.store, given.db, given.clock, hubFolders(given.config)) };
  const app = new Hono();
  const services = createServices(deps);

  app.use('*', requestId(), requestLog(deps.logger), securityHeaders(), noStoreByDefault(), compress());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('services', services);
    await next();
  });
  // Only the hub's own names are answered (DNS rebinding); /healthz answers to any.
  app.use('*', allowedHost());
  app.use('*', themeMode());
  app.use('*', pageRenderer());

  // Served before any credential is looked at.
  app.route('/', staticFiles);
  app.route('/', healthRoutes);

  // Every request body is small unless a route opts out (streamed uploads will).
  app.use('*', smallBody(STREAMED_UPLOADS), csrf(), gate(), session(), enrolmentGate());
  // Premium and Connect locks (decision 0057): closed areas answer 403 {locked: true}, their pages an unlock form.
  app.use('/api/premium/*', areaLock('premium'));
  app.use('/api/accounts/*', areaLock('connect'));
  app.use('/premium', areaPageLock('premium'));
  app.use('/connect', areaPageLock('connect'));
  // Each sub-app at its own prefix, so no two share a path and their order does not matter. The
  // gate, sign-in and admin modules keep their few pages and calls together at the root, on paths
  // of their own.
  app.route('/api/users', usersApi);
  app.route('/api/me', meApi);
  app.route('/api/me/2fa', twoFactorApi);
  app.route('/api/me/passkeys', passkeysApi);
  app.route('/auth/passkey', passkeySignIn);
  app.route('/api/keys', keysApi);
  app.route('/api/albums', albumsApi);
  app.route('/api/libraries', librariesApi);
  app.route('/api/accounts', connectApi);
  app.route('/api/gallery', multipartApi('gallery'));
  app.route('/api/gallery', galleryApi('gallery'));
  app.route('/api/premium', multipartApi('premium'));
  app.route('/api/premium', galleryApi('premium'));
  app.route('/api/tags', tagsApi);
  app.route('/api/uploads', uploadsApi);
  app.route('/api/links', linksApi);
  app.route('/api/streaming-sites', watchApi);
  app.route('/api/models', modelsApi);
  app.route('/api/favicon', faviconRoutes);
  app.route('/api/home', homeApi);
  app.route('/api/me/locks', locksApi);
  app.route('/api/unlock', unlockApi);
  app.route('/api/lock', lockApi);
  app.route('/', openapiRoutes);
  app.route('/media', mediaBytesRoutes);
  app.route('/', homePage);
  app.route('/links', linksPage);
  app.route('/watch', watchPage);
  app.route('/models', modelsPage);
  app.route('/', themeRoutes);
  app.route('/', gateRoutes);
  app.route('/', authRoutes);
  app.route('/', usersPages);
  app.route('/', mePages);
  app.route('/', adminRoutes);
  app.route('/', connectPages);
  app.route('/', galleryPages);
  app.route('/', unlockPages);

  app.notFound(notFound());
  app.onError(onError(deps.logger));
  // main.ts starts and stops the background jobs; tests run them.
  return Object.assign(app, { services });
}

export type App = ReturnType<typeof createApp>;
