// Sign-in (with its two-factor code step) and sign-out (/auth) in the OpenAPI document.

import { z } from 'zod';
import type { SessionUser } from '../../shared/contracts/session.ts';
import { type ApiOperation, type ApiPaths, errors, GATE, json, jsonBody, type Same, sameShape, successSchema } from '../openapi/openapi.parts.ts';
import { secondFactorSchema } from './auth.routes.tsx';
import { signInSchema } from './auth.schema.ts';

const sessionUserSchema = z.object({ _id: z.string(), name: z.string(), role: z.enum(['admin', 'user']), admin: z.boolean() }).meta({ id: 'SessionUser' });
sameShape<Same<z.output<typeof sessionUserSchema>, SessionUser>>();

/** A session begun: what signing in answers (password, two-factor code step, passkey). */
export const signedInSchema = z.object({ token: z.string(), user: sessionUserSchema }).meta({ id: 'SignedIn' });

const secondFactorDueSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: 'Send it back to POST /auth/signin/2fa with the code (alive 5 minutes, 5 wrong codes)' }),
  })
  .meta({ id: 'SecondFactorDue', description: 'The password was right; the account asks for a code too. No session yet.' });

const tags = ['Sign-in'];

const signIn: ApiOperation = {
  tags,
  summary: 'Sign in: answers a session token (also set as the hub_session cookie), or asks for the two-factor code',
  security: GATE,
  requestBody: jsonBody(signInSchema),
  responses: {
    '200': json(z.union([signedInSchema, secondFactorDueSchema]), 'The session, or the challenge of the code step (two-factor sign-in)'),
    ...errors(401, 429),
  },
};
const secondFactor: ApiOperation = {
  tags,
  summary: 'The code step of two-factor sign-in: the challenge with a 6-digit code or a recovery code',
  description: 'Answers like a password sign-in. A wrong code is 401 and counts against the sign-in limit (429).',
  security: GATE,
  requestBody: jsonBody(secondFactorSchema),
  responses: { '200': json(signedInSchema, 'The session'), ...errors(401, 429) },
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
  '/auth/signin': { post: { ...signIn, operationId: 'postAuthSigninNoSlash', summary: 'Sign in (the same without the slash)' } },
  '/auth/signin/2fa': { post: secondFactor },
  '/auth/signin/2fa/': {
    post: { ...secondFactor, operationId: 'postAuthSignin2faSlash', summary: 'The code step of two-factor sign-in (the same with a slash)' },
  },
  '/auth/signout/': { get: signOut },
  '/auth/signout': { get: { ...signOut, operationId: 'getAuthSignoutNoSlash', summary: 'Sign out (the same without the slash)' } },
  '/auth/signout-everywhere': {
    post: { tags, summary: 'End every session of yours, this one included', responses: { '200': json(successSchema, 'Signed out everywhere') } },
  },
};
