// The signed-in account's own sessions and preferences (/api/me) in the OpenAPI document. A
// session only: the keys' policy keeps every API key out of /api/me.

import { z } from 'zod';
import { type SessionInfo, SIGN_IN_METHODS } from '../../shared/contracts/sessions.ts';
import { type ApiPaths, errors, json, jsonBody, pathParams, type Same, sameShape } from '../openapi/openapi.parts.ts';
import { type PreferencesInput, preferencesSchema } from './users.schema.ts';

const sessionInfoSchema = z
  .object({
    _id: z.string().meta({ description: 'An opaque reference to the session (neither its token nor its stored id)' }),
    current: z.boolean().meta({ description: 'The session this request came with ("This device")' }),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    method: z
      .enum(SIGN_IN_METHODS)
      .nullable()
      .meta({ description: 'How it began: the password alone, with a code, with a recovery code, a passkey, or the first-run setup; null when unknown' }),
  })
  .meta({ id: 'SessionInfo', description: 'One of your live sessions.' });
sameShape<Same<z.output<typeof sessionInfoSchema>, SessionInfo>>();

const preferencesAnswerSchema = z.object({ discreet: z.boolean() }).meta({ id: 'Preferences' });
sameShape<Same<z.output<typeof preferencesAnswerSchema>, Required<PreferencesInput>>>();

const sessionEndedSchema = z.object({
  success: z.literal(true),
  current: z.boolean().meta({ description: 'It was this session: this device is signed out (its cookie is cleared)' }),
});

const tags = ['Your account'];

export const mePaths: ApiPaths = {
  '/api/me/sessions': {
    get: { tags, summary: 'Your live sessions, newest first', responses: { '200': json(z.array(sessionInfoSchema), 'The sessions') } },
  },
  '/api/me/sessions/{sessionId}': {
    delete: {
      tags,
      summary: 'End one of your sessions (ending this one signs this device out)',
      requestParams: { path: pathParams('sessionId') },
      responses: { '200': json(sessionEndedSchema, 'Ended'), ...errors(404) },
    },
  },
  '/api/me/preferences': {
    put: {
      tags,
      summary: 'Change your preferences (discreet mode)',
      requestBody: jsonBody(preferencesSchema),
      responses: { '200': json(preferencesAnswerSchema, 'Your preferences') },
    },
  },
};
