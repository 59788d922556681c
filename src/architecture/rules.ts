// The architecture rules (docs/decisions/0029-layers-by-name.md, 0070-rules-that-hold.md), each a
// function of a source tree (src/architecture/tree.ts) that returns what breaks it, as
// "file:line: rule: what". src/architecture.test.ts runs them over the repository and over planted
// violations in temporary folders, so a rule that stops seeing is noticed.

import path from 'node:path';
import ts from 'typescript';
import { type ImportEdge, lineOf, type SourceTree } from './tree.ts';

export const RULES = {
  queries: 'queries only in repository modules (*.repo.ts), src/db/ and src/jobs/queue.ts',
  routesNoRepo: 'routes never import a repository',
  routesNoDb: 'routes never read the database handle from the context',
  featureThroughService: 'a feature reaches another feature through its service, never its repository',
  plainNoRepo: 'only repositories, services and commands call a repository',
  httpPlumbing: 'src/http/ is plumbing: it imports no feature code, and of islands/ only their entry points',
  tableOwnership: "a repository names only its own feature's tables",
  noCycles: 'no import cycles between modules',
  functionLength: 'no function longer than 200 lines',
} as const;

export type RuleName = keyof typeof RULES;

export interface Problem {
  file: string;
  line: number;
  rule: RuleName;
  what: string;
}

export const describeProblem = (p: Problem) => `${p.file}:${p.line}: ${RULES[p.rule]}: ${p.what}`;

export interface Finding {
  line: number;
  what: string;
}

// ---- what a module is ------------------------------------------------------------------------

/** Modules allowed to hold queries. */
export function mayQuery(rel: string): boolean {
  return isRepo(rel) || rel.startsWith('src/db/') || rel === 'src/jobs/queue.ts';
}

export const isRepo = (rel: string) => /\.repo\.tsx?$/.test(rel);

/**
 * Modules that may import a repository: repositories and services (the layer above them), the
 * database modules, the commands (`*.cli.ts`, `src/cli.ts`, the backup) and the start (`src/hub.ts`,
 * which names the search index its upkeep thread merges).
 */
export function mayCallRepo(rel: string): boolean {
  return (
    isRepo(rel) ||
    /\.service\.tsx?$/.test(rel) ||
    /\.cli\.tsx?$/.test(rel) ||
    rel.startsWith('src/db/') ||
    rel.startsWith('src/backup/') ||
    rel === 'src/cli.ts' ||
    rel === 'src/hub.ts'
  );
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

/** Who owns a module's tables: its feature, or outside src/features its folder (src/jobs, src/security). */
export function ownerOf(rel: string): string {
  return featureOf(rel) ?? path.posix.dirname(rel);
}

// ---- rule 1: queries -------------------------------------------------------------------------

const KYSELY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const RAW_SQLITE_CALLS = new Set(['query', 'run', 'exec', 'prepare', 'prepareQuery']);
const SQL_TEXT =
  /^\s*(select|insert|update|delete|replace|with|pragma|create|drop|alter|begin|commit|rollback|savepoint|release|vacuum|attach|detach|analyze|reindex)\b/i;

/** A source text parsed (or the parse a tree already holds). */
export function parse(source: string | ts.SourceFile, fileName = 'x.ts'): ts.SourceFile {
  if (typeof source !== 'string') return source;
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function stringText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

/**
 * The names `sql` goes by in a file: `sql` itself, each local name of Kysely's `sql` (`import { sql
 * as q } from 'kysely'`), a namespace import of Kysely (`k.sql`), and variables that copy one (`const s = sql`).
 */
function sqlNamesOf(file: ts.SourceFile): { names: Set<string>; namespaces: Set<string> } {
  const names = new Set(['sql']);
  const namespaces = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'kysely') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) if ((e.propertyName ?? e.name).text === 'sql') names.add(e.name.text);
    }
  }
  const isSql = (node: ts.Expression) =>
    (ts.isIdentifier(node) && names.has(node.text)) ||
    (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && node.name.text === 'sql');
  let grew = true;
  while (grew) {
    grew = false;
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isSql(node.initializer) && !names.has(node.name.text)) {
        names.add(node.name.text);
        grew = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { names, namespaces };
}

/** The queries a source text makes: Kysely builders, `sql` templates and helpers (by any name), raw SQLite statements and handles. */
export function queriesIn(source: string | ts.SourceFile, fileName = 'x.ts'): Finding[] {
  const file = parse(source, fileName);
  const { names, namespaces } = sqlNamesOf(file);
  const isSql = (node: ts.Expression) =>
    (ts.isIdentifier(node) && names.has(node.text)) ||
    (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text) && node.name.text === 'sql');
  const spelled = (node: ts.Expression) => (ts.isIdentifier(node) && node.text === 'sql' ? 'sql' : `sql (as ${node.getText(file)})`);
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
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      stringText(node.arguments[0]) === 'bun:sqlite'
    ) {
      found.push({ line: lineOf(file, node), what: 'opens SQLite itself (loads bun:sqlite)' });
    }
    if (ts.isTaggedTemplateExpression(node) && isSql(node.tag)) {
      const name = spelled(node.tag);
      found.push({ line: lineOf(file, node), what: name === 'sql' ? 'an sql`...` template' : `an sql\`...\` template (${name})` });
    }
    if (ts.isPropertyAccessExpression(node) && isSql(node.expression) && ts.isCallExpression(node.parent) && node.parent.expression === node) {
      const name = spelled(node.expression);
      found.push({ line: lineOf(file, node), what: name === 'sql' ? `sql.${node.name.text}(...)` : `sql.${node.name.text}(...) (${name})` });
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

// ---- rule 2: the database handle in routes ---------------------------------------------------

/**
 * Where a source text reads the database handle from a request's context: c.var.deps.db,
 * c.get('deps').db, const { db } = c.var.deps, and the same through any variable that holds the
 * dependencies (`const d = c.var.deps; d.db`, `const { deps: x } = c.var; x.db`).
 */
export function contextDbReadsIn(source: string | ts.SourceFile, fileName = 'x.ts'): Finding[] {
  const file = parse(source, fileName);
  const aliases = new Set<string>();
  const isDeps = (node: ts.Expression): boolean => {
    if (ts.isIdentifier(node) && aliases.has(node.text)) return true;
    if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) return isDeps(node.expression);
    const text = node.getText(file).replace(/\s+/g, '');
    return /(^|\.)deps$/.test(text) || /\.get\(['"]deps['"]\)$/.test(text) || /\.var\[['"]deps['"]\]$/.test(text);
  };
  // Variables holding the dependencies, to a fixed point (an alias of an alias).
  let grew = true;
  const learn = (name: ts.BindingName | ts.Expression, value: ts.Expression | undefined) => {
    if (!value) return;
    if (ts.isIdentifier(name) && isDeps(value) && !aliases.has(name.text)) {
      aliases.add(name.text);
      grew = true;
    }
    // const { deps: d } = c.var
    if (ts.isObjectBindingPattern(name)) {
      for (const e of name.elements) {
        if ((e.propertyName ?? e.name).getText(file) === 'deps' && ts.isIdentifier(e.name) && !aliases.has(e.name.text)) {
          aliases.add(e.name.text);
          grew = true;
        }
      }
    }
  };
  while (grew) {
    grew = false;
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node)) learn(node.name, node.initializer);
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) learn(node.left, node.right);
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
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

// ---- the rules over a tree -------------------------------------------------------------------

export interface TableException {
  /** The feature (folder under src/features) whose repositories may name the table. */
  feature: string;
  table: string;
  /** Why: a join the owner's service cannot do as fast, a trigger's upkeep, ... */
  why: string;
}

export interface LongFunction {
  file: string;
  /** As the rule names it: `name`, `Outer.name`, or `callback in name`. */
  name: string;
}

export interface Allowances {
  /** Tables a feature's repositories may name besides their own. */
  tables?: TableException[];
  /** Functions over 200 lines tolerated for now; an entry no longer over is refused, so the list only shrinks. */
  longFunctions?: LongFunction[];
  /** Import cycles of today, by knotName, tolerated until they are undone. */
  cycles?: string[];
  /** What src/http/ may import from islands/: the islands' entry points for the server. */
  islandEntries?: string[];
}

export const ISLAND_ENTRIES = ['islands/registry.ts', 'islands/server.ts'];

const problem = (file: string, line: number, rule: RuleName, what: string): Problem => ({ file, line, rule, what });

function reachedRepos(tree: SourceTree, edge: ImportEdge): string[] {
  return tree.reachedThrough(edge).filter(isRepo);
}

const via = (edge: ImportEdge, repo: string) => (edge.target === repo ? `imports ${edge.specifier}` : `imports ${edge.specifier}, which re-exports ${repo}`);

export function layering(tree: SourceTree): Problem[] {
  const out: Problem[] = [];
  for (const rel of tree.files) {
    if (!rel.startsWith('src/')) continue;
    const source = tree.file(rel);
    const edges = tree.imports(rel);
    if (!mayQuery(rel)) for (const f of queriesIn(source, rel)) out.push(problem(rel, f.line, 'queries', f.what));
    const http = speaksHttp(
      rel,
      edges.map((e) => e.specifier),
    );
    if (http) for (const f of contextDbReadsIn(source, rel)) out.push(problem(rel, f.line, 'routesNoDb', f.what));
    const feature = featureOf(rel);
    for (const edge of edges) {
      for (const repo of reachedRepos(tree, edge)) {
        if (repo === rel) continue;
        if (http) out.push(problem(rel, edge.line, 'routesNoRepo', via(edge, repo)));
        else if (!mayCallRepo(rel) && !edge.typeOnly)
          out.push(problem(rel, edge.line, 'plainNoRepo', `${via(edge, repo)} (name it *.repo.ts or *.service.ts)`));
        const other = featureOf(repo);
        if (feature && other && other !== feature) out.push(problem(rel, edge.line, 'featureThroughService', `${via(edge, repo)} (use the ${other} service)`));
      }
    }
  }
  return out;
}

/** src/http/ imports no src/features/ module, and of islands/ only the entry points. */
export function httpPlumbing(tree: SourceTree, entries = ISLAND_ENTRIES): Problem[] {
  const out: Problem[] = [];
  for (const rel of tree.files) {
    if (!rel.startsWith('src/http/')) continue;
    for (const edge of tree.imports(rel)) {
      const target = edge.target;
      if (!target) continue;
      if (target.startsWith('src/features/'))
        out.push(problem(rel, edge.line, 'httpPlumbing', `imports ${edge.specifier} (feature code: let the feature hand it in)`));
      else if (target.startsWith('islands/') && !entries.includes(target))
        out.push(problem(rel, edge.line, 'httpPlumbing', `imports ${edge.specifier} (island code: only ${entries.join(' and ')})`));
    }
  }
  return out;
}

// ---- table ownership -------------------------------------------------------------------------

/**
 * Which owner each table has, read from src/db/database.ts: the `Database` interface names each
 * table's row type, imported from the `<thing>.table.ts` of the feature (or folder) that owns it.
 * A feature declares its tables by keeping their types in its folder; a rename follows by itself.
 */
export function tableOwners(tree: SourceTree, databaseModule = 'src/db/database.ts'): Map<string, string> {
  const owners = new Map<string, string>();
  if (!tree.sources.has(databaseModule)) return owners;
  const file = tree.file(databaseModule);
  const typeFrom = new Map<string, string>();
  for (const edge of tree.imports(databaseModule)) {
    for (const l of edge.locals) if (edge.target) typeFrom.set(l.local, edge.target);
  }
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Database') {
      for (const member of node.members) {
        if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
        const table = member.name.getText(file).replace(/['"]/g, '');
        const from = typeFrom.get(member.type.typeName.getText(file));
        if (from) owners.set(table, ownerOf(from));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return owners;
}

const TABLE_ARGUMENT_CALLS = new Set([
  ...KYSELY_BUILDERS,
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);
/** In SQL text: the word after FROM, JOIN, INTO, UPDATE, TABLE, ON (an index's table) or REFERENCES. */
const SQL_TABLE_WORDS = /\b(?:from|join|into|update|table|on|references)\s+["`[]?([A-Za-z_][A-Za-z0-9_]*)/gi;

/** The tables a source text names in its queries, with the line of each (known names only). */
export function tablesNamedIn(source: string | ts.SourceFile, known: Set<string>, fileName = 'x.ts'): { table: string; line: number }[] {
  const file = parse(source, fileName);
  const { names } = sqlNamesOf(file);
  const found: { table: string; line: number }[] = [];
  const seen = new Set<string>();
  const note = (table: string, node: ts.Node) => {
    if (!known.has(table)) return;
    const line = lineOf(file, node);
    if (seen.has(`${table}:${line}`)) return;
    seen.add(`${table}:${line}`);
    found.push({ table, line });
  };
  const tableOf = (text: string) =>
    text
      .trim()
      .split(/\s+as\s+|\s+/i)[0]!
      .split('.')[0]!;
  const fromArgument = (arg: ts.Expression | undefined) => {
    if (!arg) return;
    const text = stringText(arg);
    if (text !== null) note(tableOf(text), arg);
    if (ts.isArrayLiteralExpression(arg)) for (const e of arg.elements) fromArgument(e);
  };
  const fromSqlText = (text: string, node: ts.Node) => {
    for (const m of text.matchAll(SQL_TABLE_WORDS)) note(m[1]!, node);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (TABLE_ARGUMENT_CALLS.has(name)) fromArgument(node.arguments[0]);
      if (ts.isIdentifier(node.expression.expression) && names.has(node.expression.expression.text) && (name === 'table' || name === 'ref' || name === 'id')) {
        const text = stringText(node.arguments[0]);
        if (text !== null) note(text.split('.')[0]!, node);
      }
      const text = stringText(node.arguments[0]);
      if (RAW_SQLITE_CALLS.has(name) && text !== null && SQL_TEXT.test(text)) fromSqlText(text, node);
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && names.has(node.tag.text)) {
      const t = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(t)) fromSqlText(t.text, node);
      else {
        fromSqlText(t.head.text, node);
        for (const span of t.templateSpans) fromSqlText(span.literal.text, span);
      }
    }
    // SQL kept in a constant of the repository (a trigger's text, a statement prepared later).
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && SQL_TEXT.test(node.text)) fromSqlText(node.text, node);
    if (ts.isTemplateExpression(node) && SQL_TEXT.test(node.head.text)) {
      fromSqlText(node.head.text, node);
      for (const span of node.templateSpans) fromSqlText(span.literal.text, span);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A repository of a feature names only the tables that feature owns, or those allowed to it. */
export function tableOwnership(tree: SourceTree, exceptions: TableException[] = []): Problem[] {
  const owners = tableOwners(tree);
  const known = new Set(owners.keys());
  const out: Problem[] = [];
  for (const rel of tree.files) {
    const feature = featureOf(rel);
    if (!feature || !isRepo(rel)) continue;
    for (const { table, line } of tablesNamedIn(tree.file(rel), known, rel)) {
      const owner = owners.get(table)!;
      if (owner === feature) continue;
      if (exceptions.some((e) => e.feature === feature && e.table === table)) continue;
      out.push(problem(rel, line, 'tableOwnership', `names the table ${table}, which ${owner} owns (ask the ${owner} service, or allow it with the reason)`));
    }
  }
  return out;
}

// ---- no cycles -------------------------------------------------------------------------------

interface Dependency {
  to: string;
  file: string;
  line: number;
}

/**
 * The knots of a graph (Tarjan's strongly connected components of more than one node, or a node
 * that depends on itself), each with the shortest way round from its first node.
 */
function knotsOf(graph: Map<string, Dependency[]>): { members: string[]; round: Dependency[] }[] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const strong = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const { to: w } of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).some((d) => d.to === v)) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) strong(v);
  return components
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((members) => {
      const inside = new Set(members);
      const start = members[0]!;
      const previous = new Map<string, Dependency & { from: string }>();
      const queue = [start];
      let closing: (Dependency & { from: string }) | null = null;
      while (queue.length > 0 && !closing) {
        const v = queue.shift()!;
        for (const d of graph.get(v) ?? []) {
          if (!inside.has(d.to)) continue;
          if (d.to === start) {
            closing = { ...d, from: v };
            break;
          }
          if (!previous.has(d.to)) {
            previous.set(d.to, { ...d, from: v });
            queue.push(d.to);
          }
        }
      }
      const round: Dependency[] = [closing!];
      for (let v = closing!.from; v !== start; v = previous.get(v)!.from) round.unshift(previous.get(v)!);
      return { members, round };
    });
}

/** How a knot is named in the allowances: its members, sorted, joined by ↔. */
export const knotName = (members: string[]) => [...members].sort().join(' ↔ ');

/**
 * Modules that assemble every feature (the OpenAPI document imports each feature's description,
 * as src/features/services.ts builds each service): their imports make no feature depend on another.
 */
export const ASSEMBLERS = ['src/features/openapi/openapi.document.ts'];

/**
 * Import cycles, at two scales: between modules (a module that, through its imports, imports
 * itself), and between features (a feature whose modules import another's that import back).
 * Type-only imports count: a reader follows them as surely as any, and a cycle of types still
 * ties two modules' changes together. `tolerated`: knots of today, by knotName, refused once gone.
 */
export function importCycles(tree: SourceTree, tolerated: string[] = [], assemblers = ASSEMBLERS): Problem[] {
  const modules = new Map<string, Dependency[]>();
  const features = new Map<string, Dependency[]>();
  for (const rel of tree.files) {
    const mine = featureOf(rel);
    const deps: Dependency[] = [];
    for (const e of tree.imports(rel)) {
      if (!e.target || !tree.sources.has(e.target)) continue;
      deps.push({ to: e.target, file: rel, line: e.line });
      const theirs = featureOf(e.target);
      if (mine && theirs && theirs !== mine && !assemblers.includes(rel)) {
        const key = `src/features/${mine}`;
        if (!features.has(key)) features.set(key, []);
        features.get(key)!.push({ to: `src/features/${theirs}`, file: rel, line: e.line });
      }
    }
    modules.set(rel, deps);
  }
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const [scale, graph] of [
    ['modules', modules],
    ['features', features],
  ] as const) {
    for (const { members, round } of knotsOf(graph)) {
      const name = knotName(members);
      seen.add(name);
      if (tolerated.includes(name)) continue;
      const first = round[0]!;
      const steps = round.map((d) => (scale === 'modules' ? d.to : `${d.to} (${d.file}:${d.line})`));
      const knot = members.length > round.length ? ` (${members.length} in the knot: ${members.join(', ')})` : '';
      const from = scale === 'modules' ? first.file : members[0]!;
      out.push(problem(first.file, first.line, 'noCycles', `${scale === 'modules' ? 'modules' : 'features'} ${[from, ...steps].join(' → ')}${knot}`));
    }
  }
  for (const name of tolerated) {
    if (!seen.has(name)) out.push(problem(name.split(' ↔ ')[0]!, 1, 'noCycles', `the cycle ${name} is tolerated but is gone: remove it from the list`));
  }
  return out;
}

// ---- function length -------------------------------------------------------------------------

export const MAX_FUNCTION_LINES = 200;

export interface FunctionSize {
  name: string;
  line: number;
  lines: number;
}

/** The name a function goes by: its own, its variable's or property's, or `callback in <outer>`. */
function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  const own = (n: ts.Node): string | null => {
    if ((ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) && n.name) return n.name.text;
    if ((ts.isMethodDeclaration(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n)) && n.name) {
      const cls = n.parent && ts.isClassLike(n.parent) && n.parent.name ? `${n.parent.name.text}.` : '';
      return cls + n.name.getText(file);
    }
    if (ts.isConstructorDeclaration(n)) return `${n.parent.name?.text ?? 'class'}.constructor`;
    const parent = n.parent;
    if (parent && ts.isVariableDeclaration(parent) && parent.initializer === n && ts.isIdentifier(parent.name)) return parent.name.text;
    if (parent && ts.isPropertyAssignment(parent) && parent.initializer === n) return parent.name.getText(file);
    if (parent && ts.isPropertyDeclaration(parent) && parent.initializer === n) return parent.name.getText(file);
    if (parent && ts.isExportAssignment(parent)) return 'default';
    // memo(function X() {}) / forwardRef((props) => ...) assigned to a variable
    if (parent && ts.isCallExpression(parent) && parent.parent && ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name))
      return parent.parent.name.text;
    return null;
  };
  const name = own(node);
  if (name) return name;
  for (let up: ts.Node | undefined = node.parent; up; up = up.parent) {
    if (ts.isFunctionLike(up)) {
      const outer = own(up);
      if (outer) return `callback in ${outer}`;
    }
  }
  return `callback at line ${lineOf(file, node)}`;
}

/** Every function, arrow function and method in a source text with the lines of its body. */
export function functionSizes(source: string | ts.SourceFile, fileName = 'x.ts'): FunctionSize[] {
  const file = parse(source, fileName);
  const out: FunctionSize[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node)) &&
      node.body
    ) {
      const first = file.getLineAndCharacterOfPosition(node.body.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.body.getEnd()).line;
      out.push({ name: functionName(node, file), line: lineOf(file, node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** Functions over the limit, less the tolerated ones; and tolerated entries that are no longer over it. */
export function functionLength(tree: SourceTree, tolerated: LongFunction[] = []): Problem[] {
  const out: Problem[] = [];
  const stillLong = new Set<string>();
  for (const rel of tree.files) {
    for (const f of functionSizes(tree.file(rel), rel)) {
      if (f.lines <= MAX_FUNCTION_LINES) continue;
      const key = `${rel}#${f.name}`;
      if (tolerated.some((t) => t.file === rel && t.name === f.name)) {
        stillLong.add(key);
        continue;
      }
      out.push(problem(rel, f.line, 'functionLength', `${f.name} is ${f.lines} lines (split it into parts that each do one job)`));
    }
  }
  for (const t of tolerated) {
    if (!stillLong.has(`${t.file}#${t.name}`))
      out.push(
        problem(
          t.file,
          1,
          'functionLength',
          `${t.name} is tolerated as too long but is no longer over ${MAX_FUNCTION_LINES} lines (or gone): remove it from the list`,
        ),
      );
  }
  return out;
}

/** Every rule over a tree, in the order of RULES. */
export function checkAll(tree: SourceTree, allowances: Allowances = {}): Problem[] {
  const problems = [
    ...layering(tree),
    ...httpPlumbing(tree, allowances.islandEntries),
    ...tableOwnership(tree, allowances.tables),
    ...importCycles(tree, allowances.cycles),
    ...functionLength(tree, allowances.longFunctions),
  ];
  const order = Object.keys(RULES);
  return problems.sort((a, b) => order.indexOf(a.rule) - order.indexOf(b.rule) || a.file.localeCompare(b.file) || a.line - b.line);
}
