// Sign-in and sign-out (/auth) in the OpenAPI document.

import { z } from 'zod';
import type { SessionUser } from '../../shared/contracts/session.ts';
import { type ApiOperation, type ApiPaths, errors, GATE, json, jsonBody, type Same, sameShape, successSchema } from '../openapi/openapi.parts.ts';
import { signInSchema } from '../users/users.schema.ts';

const sessionUserSchema = z.object({ _id: z.string(), name: z.string(), role: z.enum(['admin', 'user']), admin: z.boolean() }).meta({ id: 'SessionUser' });
sameShape<Same<z.output<typeof sessionUserSchema>, SessionUser>>();

const tags = ['Sign-in'];

const signIn: ApiOperation = {
  tags,
  summary: 'Sign in: answers a session token (also set as the hub_session cookie)',
  security: GATE,
  requestBody: jsonBody(signInSchema),
  responses: { '200': json(z.object({ token: z.string(), user: sessionUserSchema }).meta({ id: 'SignedIn' }), 'The session'), ...errors(401, 429) },
};
const signOut: ApiOperation = {
  tags,
  summary: 'Sign out: the session ends',
  description:
    'A cookie sign-out started by another site’s page answers a page with a button instead; an address opened in the browser is redirected to /signin.',
  security: GATE,
  responses: { '200': json(successSchema, 'Signed out'), '303': { description: 'To the sign-in page (opened as a document)' } },
};

export const authPaths: ApiPaths = {
  '/auth/signin/': { post: signIn },
  '/auth/signin': { post: { ...signIn, summary: 'Sign in (the same without the slash)' } },
  '/auth/signout/': { get: signOut },
  '/auth/signout': { get: { ...signOut, summary: 'Sign out (the same without the slash)' } },
  '/auth/signout-everywhere': {
    post: { tags, summary: 'End every session of yours, this one included', responses: { '200': json(successSchema, 'Signed out everywhere') } },
  },
};
