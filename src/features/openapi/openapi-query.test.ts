// Query parameters in the OpenAPI document are described by the type the handler reads them as
// (decision 0069): a number as an integer with its bounds, a yes/no as a boolean. Checked three
// ways: over the document against the handlers' own schemas, by generating a client's types with
// openapi-typescript and type-checking calls with them, and by calling a real hub through
// openapi-fetch, which sends `limit=10` and `favorite=true` as it serialises numbers and booleans.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import sharp from 'sharp';
import ts from 'typescript';
import type { z } from 'zod';
import { createTestApp, type SignedIn, type TestApp, tempDir } from '../../../test/helpers/test-app.ts';
import { MAX_ALBUMS_PAGE_SIZE } from '../../shared/albums.ts';
import { MAX_PAGE_SIZE } from '../../shared/media.ts';
import { apiPaths, buildOpenApiDocument } from './openapi.document.ts';
import { queryOf } from './openapi.parts.ts';

interface ParameterSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  pattern?: string;
  enum?: unknown[];
}
interface Parameter {
  in: string;
  name: string;
  schema: ParameterSchema;
}
type Doc = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

const doc = buildOpenApiDocument() as unknown as Doc;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;

/** The document's schema of a query parameter. */
function described(route: string, method: string, name: string): ParameterSchema | undefined {
  return doc.paths[route]?.[method]?.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema;
}

/** Every query parameter of every operation, with the zod schema its handler parses it with. */
function queryParameters(): { where: string; route: string; method: string; name: string; field: z.ZodType }[] {
  const out = [];
  for (const [route, item] of Object.entries(apiPaths())) {
    for (const method of METHODS) {
      const query = item[method]?.requestParams?.query;
      if (!query) continue;
      for (const [name, field] of Object.entries(queryOf(query as z.ZodType).shape)) {
        out.push({ where: `${method.toUpperCase()} ${route} ${name}`, route, method, name, field: field as z.ZodType });
      }
    }
  }
  return out;
}

describe('query parameters in the OpenAPI document', () => {
  test('every parameter the handler reads as a number is an integer with its bounds, every yes/no a boolean', () => {
    const wrong: string[] = [];
    let numbers = 0;
    let booleans = 0;
    for (const { where, route, method, name, field } of queryParameters()) {
      const schema = described(route, method, name);
      if (!schema) {
        wrong.push(`${where}: not in the document`);
        continue;
      }
      // What the handler makes of the text a client sends: "10" a number, "true" a boolean.
      const asNumber = field.safeParse('10');
      const asBoolean = field.safeParse('true');
      if (asNumber.success && typeof asNumber.data === 'number') {
        numbers++;
        if (schema.type !== 'integer' || schema.minimum === undefined || schema.maximum === undefined) {
          wrong.push(`${where}: read as a number, described as ${JSON.stringify(schema)}`);
        }
      }
      if (asBoolean.success && typeof asBoolean.data === 'boolean') {
        booleans++;
        if (schema.type !== 'boolean') wrong.push(`${where}: read as true/false, described as ${JSON.stringify(schema)}`);
      }
      // Numbers and flags in disguise: digits as a text pattern, true/false as an enum of words.
      if (schema.pattern !== undefined && /\\d/.test(schema.pattern)) wrong.push(`${where}: a text of digits (${schema.pattern})`);
      if (schema.enum?.includes('true') || schema.enum?.includes('false')) wrong.push(`${where}: true/false as words`);
    }
    expect(wrong).toEqual([]);
    // The walk saw the paging of every list and the favourite filters.
    expect(numbers).toBeGreaterThanOrEqual(24);
    expect(booleans).toBe(3);
  });

  test('the bounds and defaults are the ones the handlers apply', () => {
    expect(described('/api/gallery', 'get', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE });
    expect(described('/api/premium', 'get', 'page')).toEqual({ type: 'integer', minimum: 1, maximum: 1_000_000 });
    expect(described('/api/gallery/recycling-bin', 'get', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE });
    expect(described('/api/albums', 'get', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: MAX_ALBUMS_PAGE_SIZE });
    expect(described('/api/links', 'get', 'limit')).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(described('/api/models', 'get', 'offset')).toEqual({ type: 'integer', minimum: 0, maximum: 100_000_000 });
    expect(described('/api/links', 'get', 'favorite')).toEqual({ type: 'boolean' });
    expect(described('/api/streaming-sites', 'get', 'favorite')).toEqual({ type: 'boolean' });
    expect(described('/api/models', 'get', 'favorite')).toEqual({ type: 'boolean' });
    expect(described('/api/gallery', 'get', 'sortOrder')).toEqual({ type: 'string', enum: ['asc', 'desc'] });
    expect(described('/api/gallery/duplicates', 'get', 'mode')).toEqual({ type: 'string', enum: ['exact', 'similar'], default: 'exact' });
  });
});

// A client as a script writer would make one: types generated from the document, calls written
// with numbers and booleans. `@ts-expect-error` lines must be errors: text is no longer a limit.
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: 'http://localhost' });

export async function calls(): Promise<void> {
  await client.GET('/api/gallery', { params: { query: { limit: 10, page: 2, sortOrder: 'asc' } } });
  await client.GET('/api/premium/recycling-bin', { params: { query: { limit: 10 } } });
  await client.GET('/api/albums', { params: { query: { limit: 10, page: 1 } } });
  await client.GET('/api/albums/{id}', { params: { path: { id: 'x' }, query: { limit: 10 } } });
  await client.GET('/api/links', { params: { query: { limit: 10, offset: 0, favorite: true } } });
  await client.GET('/api/models', { params: { query: { limit: 10, favorite: false } } });
  await client.GET('/api/streaming-sites', { params: { query: { page: 1, favorite: true } } });
  await client.GET('/api/accounts', { params: { query: { limit: 10 } } });
  // @ts-expect-error a limit is a number, not text
  await client.GET('/api/gallery', { params: { query: { limit: '10' } } });
  // @ts-expect-error favorite is true or false, not text
  await client.GET('/api/links', { params: { query: { favorite: 'true' } } });
}
`;

describe('a client generated from the document', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('hub-openapi-client-');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  test('openapi-typescript types numbers and booleans as such, and calls written with them type-check', async () => {
    const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    writeFileSync(path.join(dir, 'api.ts'), types);
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    symlinkSync(path.resolve(import.meta.dir, '../../../node_modules'), path.join(dir, 'node_modules'));
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('openapi-fetch against a real hub', () => {
  let t: TestApp;
  let me: SignedIn;
  const sent: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: the paths' types are generated at run time (above); here only the wire matters
  let client: ReturnType<typeof createClient<any>>;

  beforeAll(async () => {
    t = await createTestApp();
    me = await t.createUser({ username: 'reader' });
    client = createClient({
      baseUrl: 'http://localhost',
      headers: { 'x-site-token': me.siteToken, authorization: `Bearer ${me.token}` },
      fetch: async (request: Request) => {
        sent.push(request.url.replace('http://localhost', ''));
        return t.app.request(request);
      },
    });
    const form = new FormData();
    for (const [name, background] of [
      ['red.jpg', '#a33'],
      ['green.jpg', '#3a3'],
      ['blue.jpg', '#33a'],
    ] as const) {
      const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background } })
        .jpeg()
        .toBuffer();
      form.append('files', new File([jpeg], name, { type: 'image/jpeg' }));
    }
    expect((await t.request('/api/gallery/upload', { method: 'POST', as: me, body: form })).status).toBe(201);
    for (const [name, isFavorite] of [
      ['One', true],
      ['Two', false],
      ['Three', false],
    ] as const) {
      expect(
        (await t.request('/api/links', { method: 'POST', as: me, json: { name, url: `https://${name.toLowerCase()}.example.test/`, isFavorite } })).status,
      ).toBe(201);
      expect(
        (await t.request('/api/streaming-sites', { method: 'POST', as: me, json: { name, url: `https://${name.toLowerCase()}.example.test/`, isFavorite } }))
          .status,
      ).toBe(201);
      expect((await t.request('/api/models', { method: 'POST', as: me, json: { name, isFavorite } })).status).toBe(201);
      expect((await t.request('/api/albums', { method: 'POST', as: me, json: { name } })).status).toBe(201);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  test('paging sent as numbers: the page asked for comes back', async () => {
    const gallery = await client.GET('/api/gallery', { params: { query: { limit: 2, page: 2 } } });
    expect(sent.at(-1)).toBe('/api/gallery?limit=2&page=2');
    expect(gallery.response.status).toBe(200);
    expect(gallery.data).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(gallery.data.media).toHaveLength(1);

    const albums = await client.GET('/api/albums', { params: { query: { limit: 1, page: 3, sortBy: 'name', sortOrder: 'asc' } } });
    expect(albums.data).toMatchObject({ totalItems: 3, totalPages: 3 });
    expect(albums.data.albums.map((a: { name: string }) => a.name)).toEqual(['Two']);

    const links = await client.GET('/api/links', { params: { query: { limit: 1, offset: 1, sort: 'name', order: 'asc' } } });
    expect(sent.at(-1)).toBe('/api/links?limit=1&offset=1&sort=name&order=asc');
    expect(links.response.headers.get('x-total-count')).toBe('3');
    expect(links.data.map((l: { name: string }) => l.name)).toEqual(['Three']);
  });

  test('favourite filters sent as booleans: only the favourites, or only the others', async () => {
    const favourites = await client.GET('/api/links', { params: { query: { favorite: true, limit: 10 } } });
    expect(sent.at(-1)).toBe('/api/links?favorite=true&limit=10');
    expect(favourites.data.map((l: { name: string }) => l.name)).toEqual(['One']);

    const sites = await client.GET('/api/streaming-sites', { params: { query: { favorite: true } } });
    expect(sites.data.map((s: { name: string }) => s.name)).toEqual(['One']);
    const others = await client.GET('/api/streaming-sites', { params: { query: { favorite: false, sort: 'name' } } });
    expect(others.data.map((s: { name: string }) => s.name)).toEqual(['Three', 'Two']);

    const models = await client.GET('/api/models', { params: { query: { favorite: false, sort: 'name', order: 'asc' } } });
    expect(sent.at(-1)).toBe('/api/models?favorite=false&sort=name&order=asc');
    expect(models.data.map((m: { name: string }) => m.name)).toEqual(['Three', 'Two']);
  });

  test('out of bounds is refused as before, with the same sentences', async () => {
    const tooMany = await client.GET('/api/gallery', { params: { query: { limit: MAX_PAGE_SIZE + 1 } } });
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error).toEqual({ error: `limit must be between 1 and ${MAX_PAGE_SIZE}` });
    const zero = await client.GET('/api/links', { params: { query: { limit: 0 } } });
    expect(zero.error).toEqual({ error: 'limit must be at least 1' });
    const fraction = await client.GET('/api/albums', { params: { query: { page: 1.5 } } });
    expect(fraction.error).toEqual({ error: 'page must be a whole number of 1 or more' });
  });
});
