// Home: GET / renders the home page.

import { Hono } from 'hono';
import { HomePage } from './pages/HomePage.tsx';

export const homeRoutes = new Hono().get('/', (c) => c.render(<HomePage />, { title: 'Home' }));
