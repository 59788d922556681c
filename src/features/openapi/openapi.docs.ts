// The document's own routes, in the document: /api/openapi.json and the reference page at /api/docs.
// Behind the site gate, no sign-in: they describe the routes, not anyone's data.

import { z } from 'zod';
import { type ApiPaths, GATE } from './openapi.parts.ts';

/** The reference page's own files, served from the viewer's npm package (and two of the hub's). */
export const DOCS_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js', 'docs.css'] as const;

const tags = ['API description'];

export const docsPaths: ApiPaths = {
  '/api/openapi.json': {
    get: {
      tags,
      summary: 'This document (OpenAPI 3.1)',
      security: GATE,
      responses: { '200': { description: 'The document', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  '/api/docs': {
    get: {
      tags,
      summary: 'The API reference page (Swagger UI, served by the hub)',
      security: GATE,
      responses: { '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } } },
    },
  },
  '/api/docs/{file}': {
    get: {
      tags,
      summary: "The reference page's scripts and styles",
      security: GATE,
      requestParams: { path: z.object({ file: z.enum(DOCS_FILES) }) },
      responses: {
        '200': { description: 'The file', content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } } },
        '404': { description: 'No such file' },
      },
    },
  },
};
