// The site gate's API (/api/site) in the OpenAPI document: entering with the household password,
// checking a token, the lockout status and Lock Site.

import { z } from 'zod';
import type { LockoutStatus } from '../../shared/lockout.ts';
import { type ApiPaths, GATE, json, jsonBody, OPEN, type Same, sameShape, successSchema } from '../openapi/openapi.parts.ts';
import { passwordBody } from './gate.routes.tsx';

export const lockoutStatusSchema = z
  .object({
    lockoutEnabled: z.boolean(),
    isLocked: z.boolean(),
    timeRemaining: z.number().meta({ description: 'Milliseconds until the site locks' }),
  })
  .meta({ id: 'LockoutStatus' });
sameShape<Same<z.output<typeof lockoutStatusSchema>, LockoutStatus>>();

const refusedSchema = z.object({ success: z.literal(false), error: z.string() }).meta({ id: 'GateRefused' });
const refused = (description: string) => json(refusedSchema, description);

const tags = ['Site gate'];

export const gatePaths: ApiPaths = {
  '/api/site/verify-password': {
    post: {
      tags,
      summary: 'Enter with the household password: answers a site token (also set as the hub_site cookie)',
      security: OPEN,
      requestBody: jsonBody(passwordBody),
      responses: {
        '200': json(z.object({ success: z.literal(true), siteToken: z.string() }), 'The site token'),
        '400': refused('Invalid input'),
        '401': refused('Wrong password'),
        '409': refused('The hub is not set up yet'),
        '423': refused('The site is locked'),
        '429': { ...refused('Too many attempts'), headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } },
      },
    },
  },
  '/api/site/verify-token': {
    get: {
      tags,
      summary: 'Whether the site token sent is valid (a valid x-site-token header becomes the cookie again)',
      security: [...GATE, {}],
      responses: { '200': json(z.object({ valid: z.boolean() }), 'Valid or not') },
    },
  },
  '/api/site/lockout-status': {
    get: { tags, summary: 'The site lockout status', security: OPEN, responses: { '200': json(lockoutStatusSchema, 'The status') } },
  },
  '/api/site/lock': {
    post: {
      tags,
      summary: 'Lock Site: this token is revoked and its cookie cleared',
      security: [...GATE, {}],
      responses: { '200': json(successSchema, 'Locked') },
    },
  },
};
