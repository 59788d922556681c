// The users' pages: All Users (/users), Profile (/user/{id}), Edit Profile (/user/edit/{id}).

import { Hono } from 'hono';
import { AppError, ForbiddenError } from '../../errors.ts';
import { formPost, parseForm } from '../../http/forms.ts';
import { requireSignIn, viewerOf } from '../auth/auth.middleware.ts';
import { AllUsersPage, EditProfilePage, NotAuthorisedPage, ProfilePage } from './pages/UserPages.tsx';
import { updateUserSchema } from './users.schema.ts';

export const PROFILE_NOT_YOURS = 'You can only view your own profile.';
export const EDIT_NOT_YOURS = 'You can only edit your own profile.';

const editForm = updateUserSchema.pick({ name: true, email: true, password: true });

export const usersPages = new Hono()
  .get('/users', async (c) => {
    // Not guarded (spec), but the list itself needs a signed-in viewer.
    const viewer = viewerOf(c);
    const users = viewer ? (await c.var.services.users.list(viewer)).map((u) => ({ _id: u._id, name: u.name })) : null;
    return c.render(<AllUsersPage users={users} />, { title: 'All Users' });
  })

  .get('/user/edit/:userId', requireSignIn(), async (c) => {
    const id = c.req.param('userId');
    const { viewer } = c.var;
    if (viewer.id !== id) {
      c.status(403);
      return c.render(<NotAuthorisedPage text={EDIT_NOT_YOURS} />, { title: 'Not authorised' });
    }
    const user = await c.var.services.users.get(viewer, id);
    return c.render(<EditProfilePage user={user} />, { title: 'Edit Profile' });
  })

  .post('/user/edit/:userId', requireSignIn(), async (c) => {
    const id = c.req.param('userId');
    const { viewer } = c.var;
    if (viewer.id !== id) throw new ForbiddenError(EDIT_NOT_YOURS);
    const { users } = c.var.services;
    return formPost(c, {
      async save(form) {
        // Only filled fields are changed (the schema treats blanks as not sent).
        await users.update(viewer, id, parseForm(editForm, { name: form.name, email: form.email, password: form.password }));
        return `/user/${encodeURIComponent(id)}`;
      },
      render: async (state) => c.render(<EditProfilePage user={await users.get(viewer, id)} form={state} />, { title: 'Edit Profile' }),
    });
  })

  .get('/user/:userId', requireSignIn(), async (c) => {
    const id = c.req.param('userId');
    const { viewer } = c.var;
    try {
      const user = await c.var.services.users.get(viewer, id);
      const own = viewer.id === id;
      // The collections are private to their owner: an administrator viewing someone sees the account only.
      const sessions = own ? await c.var.services.auth.countSessions(id) : undefined;
      const collections = own ? await c.var.services.home.profile(id) : undefined;
      // The owner's API keys (never the keys themselves: they were shown once, at creation).
      const apiKeys = own ? await c.var.services.keys.list(id) : undefined;
      return c.render(<ProfilePage user={user} own={own} sessions={sessions} collections={collections} apiKeys={apiKeys} />, { title: 'Profile' });
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 404)) throw error;
      // The spec flags the screen as not authorised when the profile cannot be loaded.
      c.status(error.status);
      return c.render(<NotAuthorisedPage text={error.status === 404 ? 'There is no such user.' : PROFILE_NOT_YOURS} />, { title: 'Not authorised' });
    }
  });
