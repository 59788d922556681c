// The layering rules, kept by a test over the source tree (docs/decisions/0029-layers-by-name.md):
//   1. queries (Kysely builders, `sql` templates, raw SQLite statements) live only in repository
//      modules (*.repo.ts), the database modules (src/db/) and the job queue (src/jobs/queue.ts);
//   2. routes and middleware (every module that speaks HTTP through Hono) never import a
//      repository nor read the database handle from the request's context;
//   3. a feature reaches another feature through its service, never through its repository.
// The islands' own rule (they import nothing from the server) is kept by islands/boundary.test.ts.
// Each rule's check is tested on a made-up source below, so a check that stops seeing is noticed.

import { describe, expect, test } from 'bun:test';
import path from 'node:path';
import { Glob } from 'bun';
import ts from 'typescript';

const ROOT = path.join(import.meta.dir, '..');

export const RULES = {
  queries: 'queries only in repository modules (*.repo.ts), src/db/ and src/jobs/queue.ts',
  routesNoRepo: 'routes never import a repository',
  routesNoDb: 'routes never read the database handle from the context',
  featureThroughService: 'a feature reaches another feature through its service, never its repository',
} as const;

/** Modules allowed to hold queries. */
export function mayQuery(rel: string): boolean {
  return /\.repo\.ts$/.test(rel) || rel.startsWith('src/db/') || rel === 'src/jobs/queue.ts';
}

const KYSELY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const RAW_SQLITE_CALLS = new Set(['query', 'run', 'exec', 'prepare', 'prepareQuery']);
const SQL_TEXT =
  /^\s*(select|insert|update|delete|replace|with|pragma|create|drop|alter|begin|commit|rollback|savepoint|release|vacuum|attach|detach|analyze|reindex)\b/i;

export interface Finding {
  line: number;
  what: string;
}

function lineOf(file: ts.SourceFile, node: ts.Node): number {
  return file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
}

function stringText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

/** The queries a source text makes: Kysely builders, `sql` templates and helpers, raw SQLite statements and handles. */
export function queriesIn(source: string, fileName = 'x.ts'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === 'bun:sqlite' &&
      !node.importClause?.isTypeOnly
    ) {
      found.push({ line: lineOf(file, node), what: 'opens SQLite itself (imports bun:sqlite)' });
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      found.push({ line: lineOf(file, node), what: 'an sql`...` template' });
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'sql' &&
      ts.isCallExpression(node.parent) &&
      node.parent.expression === node
    ) {
      found.push({ line: lineOf(file, node), what: `sql.${node.name.text}(...)` });
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (KYSELY_BUILDERS.has(name)) found.push({ line: lineOf(file, node), what: `.${name}(...)` });
      const text = stringText(node.arguments[0]);
      if (RAW_SQLITE_CALLS.has(name) && text !== null && SQL_TEXT.test(text))
        found.push({ line: lineOf(file, node), what: `a raw statement .${name}(${JSON.stringify(text.trim().slice(0, 40))}...)` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Where a source text reads the database handle from a request's context (c.var.deps.db, c.get('deps').db, const { db } = c.var.deps). */
export function contextDbReadsIn(source: string, fileName = 'x.ts'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const isDeps = (node: ts.Expression): boolean => {
    const text = node.getText(file).replace(/\s+/g, '');
    return /(^|\.)deps$/.test(text) || /\.get\(['"]deps['"]\)$/.test(text) || /\.var\[['"]deps['"]\]$/.test(text);
  };
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'db' && isDeps(node.expression)) {
      found.push({ line: lineOf(file, node), what: node.getText(file) });
    }
    if (ts.isElementAccessExpression(node) && stringText(node.argumentExpression) === 'db' && isDeps(node.expression)) {
      found.push({ line: lineOf(file, node), what: node.getText(file) });
    }
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name) && isDeps(node.initializer)) {
      const takesDb = node.name.elements.some((e) => (e.propertyName ?? e.name).getText(file) === 'db');
      if (takesDb) found.push({ line: lineOf(file, node), what: node.getText(file).split('\n')[0]! });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every module specifier in a file (imports, type imports, re-exports, import() calls), with whether it is type-only. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** The repo-relative path a relative specifier names, or null for a package. */
function resolve(fromRel: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(ROOT, path.resolve(ROOT, path.dirname(fromRel), specifier))
    .split(path.sep)
    .join('/');
}

/** A module that answers HTTP: it imports Hono, or its name says it is routes or middleware. */
export function speaksHttp(rel: string, specifiers: string[]): boolean {
  return /\.(routes|middleware)\.tsx?$/.test(rel) || specifiers.some((s) => s === 'hono' || s.startsWith('hono/') || s.startsWith('@hono/'));
}

/** The feature a path belongs to (its folder under src/features), or null. */
export function featureOf(rel: string): string | null {
  const m = /^src\/features\/([^/]+)\//.exec(rel);
  return m ? m[1]! : null;
}

/** Every rule a source file breaks, as "file:line: rule: what". */
export function violations(rel: string, source: string): string[] {
  const problems: string[] = [];
  const specifiers = importsOf(source);
  if (!mayQuery(rel)) {
    for (const f of queriesIn(source, rel)) problems.push(`${rel}:${f.line}: ${RULES.queries}: ${f.what}`);
  }
  const http = speaksHttp(rel, specifiers);
  if (http) {
    for (const f of contextDbReadsIn(source, rel)) problems.push(`${rel}:${f.line}: ${RULES.routesNoDb}: ${f.what}`);
  }
  const feature = featureOf(rel);
  for (const specifier of specifiers) {
    const target = resolve(rel, specifier);
    if (!target || !/\.repo\.ts$/.test(target)) continue;
    if (http) problems.push(`${rel}: ${RULES.routesNoRepo}: imports ${specifier}`);
    const other = featureOf(target);
    if (feature && other && other !== feature) problems.push(`${rel}: ${RULES.featureThroughService}: imports ${specifier} (use the ${other} service)`);
  }
  return problems;
}

async function serverSources(): Promise<string[]> {
  const files: string[] = [];
  for await (const file of new Glob('src/**/*.{ts,tsx}').scan({ cwd: ROOT })) {
    if (!/\.test\.tsx?$/.test(file) && !file.endsWith('.contract.ts')) files.push(file.split(path.sep).join('/'));
  }
  return files.sort();
}

describe('the layering rules', () => {
  test('every server module keeps them (the message names the file, the line and the rule)', async () => {
    const files = await serverSources();
    expect(files).toContain('src/app.ts');
    expect(files.filter((f) => f.endsWith('.repo.ts')).length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const rel of files) problems.push(...violations(rel, await Bun.file(path.join(ROOT, rel)).text()));
    expect(problems).toEqual([]);
  });

  test('the query check sees builders, sql templates and raw statements, not look-alikes', () => {
    const source = `
      import { Database } from 'bun:sqlite';
      import type { Database as D } from 'bun:sqlite';
      const a = db.selectFrom('media').selectAll();
      await trx.insertInto('links').values(row).execute();
      await db.updateTable('users').set({}).execute();
      await db.deleteFrom('sessions').execute();
      const n = sql<number>\`count(*)\`;
      const r = sql.ref('media.id');
      raw.query('SELECT 1').get();
      raw.run(\`PRAGMA wal_checkpoint\`);
      raw.prepare(text);
      // a comment that says db.selectFrom('x') is not a query
      const s = "db.deleteFrom('x')";
      c.req.query('page');
      /x/.exec(text);
      jobs.run(job);`;
    const whats = queriesIn(source).map((f) => f.what);
    expect(whats).toEqual([
      'opens SQLite itself (imports bun:sqlite)',
      '.selectFrom(...)',
      '.insertInto(...)',
      '.updateTable(...)',
      '.deleteFrom(...)',
      'an sql`...` template',
      'sql.ref(...)',
      'a raw statement .query("SELECT 1"...)',
      'a raw statement .run("PRAGMA wal_checkpoint"...)',
    ]);
    // .prepare with a variable: the SQL is elsewhere, the rule is about where statements are written.
  });

  test('the context check sees every way to the database handle', () => {
    const source = `
      const a = c.var.deps.db;
      const b = c.get('deps').db;
      const { db, store } = c.var.deps;
      const { db: handle } = c.get('deps');
      const deps = c.var.deps; deps.db;
      const { store: s } = c.var.deps;
      c.var.services.media.list();`;
    expect(contextDbReadsIn(source).map((f) => f.line)).toEqual([2, 3, 4, 5, 6]);
  });

  test('each rule is told by name, with the file', () => {
    expect(violations('src/features/links/links.service.ts', "const rows = await db.selectFrom('links').execute();")).toEqual([
      `src/features/links/links.service.ts:1: ${RULES.queries}: .selectFrom(...)`,
    ]);
    expect(violations('src/features/links/links.repo.ts', "const rows = await db.selectFrom('links').execute();")).toEqual([]);
    expect(violations('src/db/client.ts', 'await sql`select 1`.execute(db);')).toEqual([]);
    expect(violations('src/features/links/links.routes.ts', "import { Hono } from 'hono';\nimport { findLink } from './links.repo.ts';")).toEqual([
      `src/features/links/links.routes.ts: ${RULES.routesNoRepo}: imports ./links.repo.ts`,
    ]);
    expect(violations('src/http/x.ts', "import { Hono } from 'hono';\nconst h = new Hono().get('/', (c) => c.json(c.var.deps.db));")).toEqual([
      `src/http/x.ts:2: ${RULES.routesNoDb}: c.var.deps.db`,
    ]);
    // A service is not a route: it is handed the handle, and may call its own feature's repository.
    expect(violations('src/features/links/links.service.ts', "import { findLink } from './links.repo.ts';")).toEqual([]);
    expect(violations('src/features/albums/albums.repo.ts', "import { mediaRows } from '../media/media.repo.ts';")).toEqual([
      `src/features/albums/albums.repo.ts: ${RULES.featureThroughService}: imports ../media/media.repo.ts (use the media service)`,
    ]);
    // Parts of one feature (media/ingest and media) share its repositories.
    expect(violations('src/features/media/ingest/ingest.service.ts', "import { x } from '../media.repo.ts';")).toEqual([]);
  });
});
