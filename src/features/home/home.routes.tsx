// Home: GET / renders the dashboard with the signed-in user's data; GET /api/home answers the same
// data for the dashboard's refresh.

import { Hono } from 'hono';
import { requireSignIn } from '../auth/auth.middleware.ts';
import { HomePage } from './pages/HomePage.tsx';

/** The page, mounted at /. */
export const homePage = new Hono().get('/', requireSignIn(), async (c) =>
  c.render(<HomePage dashboard={await c.var.services.home.dashboard(c.var.viewer.id)} />, { title: 'Home' }),
);

/** Mounted at /api/home. */
export const homeApi = new Hono().get('/', requireSignIn(), async (c) => c.json(await c.var.services.home.dashboard(c.var.viewer.id)));
