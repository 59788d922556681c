// GET /api/openapi.json (the OpenAPI document) and GET /api/docs (the reference page, Swagger UI
// served from its npm package by the hub itself: nothing comes from another host). Behind the site
// gate; no sign-in needed (decision 0051). The document's module (zod-openapi and every route
// table) loads with the first request for it, not with the hub: most hubs never ask.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { NotFoundError } from '../../errors.ts';
import { DOCS_FILES } from './openapi.docs.ts';

type DocsFile = (typeof DOCS_FILES)[number];

interface LoadedFile {
  bytes: Uint8Array;
  type: string;
  /** A short hash of the bytes: the page asks for ?v=<hash>, so the file can be cached for good. */
  version: string;
}

const SWAGGER_DIR = path.dirname(Bun.resolveSync('swagger-ui-dist/package.json', import.meta.dir));
const OWN_DIR = path.join(import.meta.dir, 'assets');

let files: Map<DocsFile, LoadedFile> | undefined;
function docsFiles(): Map<DocsFile, LoadedFile> {
  files ??= new Map(
    DOCS_FILES.map((name) => {
      const bytes = readFileSync(path.join(name.startsWith('swagger-ui') ? SWAGGER_DIR : OWN_DIR, name));
      const version = new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 12);
      return [name, { bytes, type: name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8', version }];
    }),
  );
  return files;
}

const href = (name: DocsFile) => `/api/docs/${name}?v=${docsFiles().get(name)!.version}`;

/** The page: Swagger UI's files and the hub's starter script, all from this server; no inline script or style. */
function docsPage(theme: string): string {
  const dark = theme === 'dark' ? ' class="dark-mode"' : '';
  return `<!doctype html>
<html lang="en" data-mode="${theme}"${dark}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Private Hub</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${href('swagger-ui.css')}">
<link rel="stylesheet" href="${href('docs.css')}">
</head>
<body>
<header class="hub-bar"><h1>Private Hub API</h1><a href="/">Back to the hub</a></header>
<main id="reference"></main>
<script src="${href('swagger-ui-bundle.js')}"></script>
<script src="${href('docs.js')}"></script>
</body>
</html>
`;
}

export const openapiRoutes = new Hono()
  .get('/api/openapi.json', async (c) => {
    const { openApiJson } = await import('./openapi.document.ts');
    c.header('Content-Type', 'application/json; charset=utf-8');
    // The same for every visitor until the hub is updated; private, as everything behind the gate.
    c.header('Cache-Control', 'private, no-cache');
    return c.body(openApiJson());
  })

  .get('/api/docs', (c) => {
    const theme = c.var.themeMode;
    return c.html(docsPage(theme));
  })

  .get('/api/docs/:file', (c) => {
    const name = c.req.param('file') as DocsFile;
    const file = (DOCS_FILES as readonly string[]).includes(name) ? docsFiles().get(name) : undefined;
    if (!file) throw new NotFoundError('No such file');
    c.header('Content-Type', file.type);
    c.header('Cache-Control', c.req.query('v') === file.version ? 'private, max-age=31536000, immutable' : 'private, no-cache');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>);
  });
