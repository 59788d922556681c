// The key policy covers the whole app: every route mounted (app.routes) is classified, so a new
// route cannot reach keys by accident, and the families land where decision 0050 says.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { INGEST_UPLOAD_ROUTES } from '../uploads/multipart/multipart.routes.ts';
import { KEY_POLICY, keyDecision } from './keys.policy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Middleware mounted for every path (logging, the gate itself), not routes. */
const isCatchAll = (path: string) => path === '/*' || path === '*';

function describeDecision(method: string, path: string): string {
  const d = keyDecision(method, path);
  if (d.kind === 'scope') return d.scope;
  return d.kind;
}

describe('the key policy', () => {
  test('every mounted route is classified: a scope, forbidden, or a page; none falls through', () => {
    const seen: string[] = [];
    for (const route of t.app.routes) {
      if (isCatchAll(route.path)) continue;
      const methods = route.method === 'ALL' ? METHODS : [route.method];
      for (const method of methods) {
        const decision = keyDecision(method, route.path);
        seen.push(`${method} ${route.path}`);
        expect({ route: `${method} ${route.path}`, kind: decision.kind }).not.toEqual({ route: `${method} ${route.path}`, kind: 'unclassified' });
      }
    }
    expect(seen.length).toBeGreaterThan(100);
  });

  test('the route families land where decision 0050 puts them', () => {
    const expected: [string, string, string][] = [
      ['GET', '/api/gallery', 'read'],
      ['HEAD', '/media/:id', 'read'],
      ['GET', '/media/:id/scrubber/:sheet', 'read'],
      ['GET', '/api/premium/:id', 'read'],
      ['GET', '/api/links/export', 'read'],
      ['POST', '/api/albums', 'write'],
      ['PUT', '/api/gallery/:id', 'write'],
      ['PATCH', '/api/models/:modelId', 'write'],
      ['DELETE', '/api/premium/:id/permanent', 'write'],
      ['POST', '/api/links/import', 'write'],
      ['POST', '/api/gallery/upload', 'upload'],
      ['POST', '/api/premium/upload', 'upload'],
      ['OPTIONS', '/api/uploads', 'upload'],
      ['POST', '/api/uploads', 'upload'],
      ['HEAD', '/api/uploads/:id', 'upload'],
      ['PATCH', '/api/uploads/:id', 'upload'],
      ['DELETE', '/api/uploads/:id', 'upload'],
      ['GET', '/api/uploads/:id', 'upload'],
      ['GET', '/api/accounts', 'forbidden'],
      ['POST', '/api/accounts/export', 'forbidden'],
      ['POST', '/api/admin/reset-lockout', 'forbidden'],
      ['GET', '/api/users', 'forbidden'],
      ['DELETE', '/api/users/:userId', 'forbidden'],
      ['GET', '/api/keys', 'forbidden'],
      ['POST', '/api/keys', 'forbidden'],
      ['DELETE', '/api/keys/:id', 'forbidden'],
      ['POST', '/api/libraries/:id/scan', 'forbidden'],
      ['POST', '/api/site/lock', 'forbidden'],
      ['POST', '/auth/signin', 'forbidden'],
      ['GET', '/connect', 'page'],
      ['GET', '/admin', 'page'],
      ['GET', '/user/:userId', 'page'],
      ['POST', '/site/enter', 'page'],
      ['GET', '/api/something-new', 'unclassified'],
      ['GET', '/api', 'unclassified'],
      ['GET', '/api/galleryx', 'unclassified'],
      ['TRACE', '/api/gallery', 'forbidden'],
    ];
    for (const [method, path, kind] of expected) {
      expect({ method, path, kind: describeDecision(method, path) }).toEqual({ method, path, kind });
    }
  });

  test('the multipart upload routes are the ingest module’s, and come before their galleries’ rows', () => {
    for (const route of INGEST_UPLOAD_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      expect(describeDecision(method, path)).toBe('upload');
      const at = KEY_POLICY.findIndex((entry) => entry.path === path);
      const gallery = KEY_POLICY.findIndex((entry) => path.startsWith(`${entry.path}/`) && entry.rule === 'by-method');
      expect(at).toBeLessThan(gallery);
    }
  });
});
