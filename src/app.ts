// createApp(deps): the whole Hono application. main.ts serves it; tests build one on a temp folder.

import { reactRenderer } from '@hono/react-renderer';
import { Hono } from 'hono';
import { createElement } from 'react';
import { homeRoutes } from './features/home/routes.tsx';
import type { AppDeps } from './http/context.ts';
import { Document } from './http/document.tsx';
import { healthRoutes } from './http/health.ts';
import { notFound, onError } from './http/middleware/errors.tsx';
import { requestId } from './http/middleware/request-id.ts';
import { requestLog } from './http/middleware/request-log.ts';
import { securityHeaders } from './http/middleware/security-headers.ts';
import { themeMode } from './http/middleware/theme.ts';
import { staticFiles } from './http/static-files.ts';

export function createApp(deps: AppDeps) {
  const app = new Hono();

  app.use('*', requestId(), requestLog(deps.logger), securityHeaders());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', themeMode());
  app.use('*', reactRenderer(({ children, title, staticPage }) => createElement(Document, { title, staticPage, children }), { docType: true }));

  app.route('/', staticFiles);
  app.route('/', healthRoutes);
  app.route('/', homeRoutes);

  app.notFound(notFound());
  app.onError(onError(deps.logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
