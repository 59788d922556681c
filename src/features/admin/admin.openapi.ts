// Administration (/api/admin) in the OpenAPI document.

import { z } from 'zod';
import { type ApiPaths, errors, json } from '../openapi/openapi.parts.ts';

export const adminPaths: ApiPaths = {
  '/api/admin/reset-lockout': {
    post: {
      tags: ['Administration'],
      summary: 'Reset the site lockout: the site locks one lockout period from now (administrators)',
      responses: { '200': json(z.object({ newExpiryTime: z.string() }), 'When the site locks next'), ...errors(403, 409) },
    },
  },
};
