// Home: GET / renders the home page.

import { Hono } from 'hono';
import { HomePage } from './pages/HomePage.tsx';

import { requireSignIn } from '../auth/middleware.ts';

export const homeRoutes = new Hono().get('/', requireSignIn(), (c) => c.render(<HomePage />, { title: 'Home' }));
