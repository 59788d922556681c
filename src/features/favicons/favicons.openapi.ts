// GET /api/favicon in the OpenAPI document.

import { type ApiPaths, errors } from '../openapi/openapi.parts.ts';
import { faviconQuery } from './favicons.routes.ts';

export const faviconsPaths: ApiPaths = {
  '/api/favicon': {
    get: {
      tags: ['Icons'],
      summary: "A site's icon, fetched and kept by the hub",
      requestParams: { query: faviconQuery },
      responses: {
        '200': { description: 'The icon', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } },
        '304': { description: 'Not modified (ETag)' },
        ...errors(404),
      },
    },
  },
};
