// The source tree as the architecture rules read it (docs/decisions/0070-rules-that-hold.md): every
// non-test module under src/ and islands/, parsed once with TypeScript's parser (no type checking),
// and its imports resolved as Bun resolves them, so an import written without its extension, to a
// folder's index file or through a tsconfig path names the same module as one written in full.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Glob } from 'bun';
import ts from 'typescript';

/** One import, re-export, import() or require() of a module. */
export interface ImportEdge {
  specifier: string;
  /** The repo-relative path it names (a module of the tree, or where it would be), or null for a package. */
  target: string | null;
  line: number;
  /** Erased when compiled (`import type`, `export type`, every named binding `type`, an import type). */
  typeOnly: boolean;
  /** An `export ... from`: whatever it names becomes the importer's own export. */
  reexport: boolean;
  /** The local names the import binds (for a named, default or namespace import). */
  locals: { imported: string; local: string }[];
  /** For a re-export: the names it hands on (null: all of them, `export * from`). */
  exports: string[] | null;
}

/** What Bun tries after a specifier that names no file as written, in its order. */
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs', '.mts', '.cts'];
/** A `.js` specifier may name the TypeScript file beside it (Bun and tsc both accept it). */
const JS_TO_TS: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

export const toPosix = (p: string) => p.split(path.sep).join('/');

export function isTestFile(rel: string): boolean {
  return /\.test\.tsx?$/.test(rel) || rel.endsWith('.contract.ts');
}

export class SourceTree {
  private readonly parsed = new Map<string, ts.SourceFile>();
  private readonly edges = new Map<string, ImportEdge[]>();
  private readonly paths: { pattern: string; targets: string[] }[];
  private readonly baseUrl: string;

  /** `sources`: repo-relative path → text, for the modules the rules read. */
  constructor(
    readonly root: string,
    readonly sources: Map<string, string>,
  ) {
    const config = readTsconfig(root);
    this.baseUrl = config.baseUrl;
    this.paths = config.paths;
  }

  /** Every non-test .ts/.tsx module under `root`'s src/ and islands/. */
  static async load(root: string, patterns = ['src/**/*.{ts,tsx}', 'islands/**/*.{ts,tsx}']): Promise<SourceTree> {
    const sources = new Map<string, string>();
    for (const pattern of patterns) {
      for await (const file of new Glob(pattern).scan({ cwd: root })) {
        const rel = toPosix(file);
        if (!isTestFile(rel)) sources.set(rel, await Bun.file(path.join(root, rel)).text());
      }
    }
    return new SourceTree(root, new Map([...sources].sort(([a], [b]) => a.localeCompare(b))));
  }

  get files(): string[] {
    return [...this.sources.keys()];
  }

  source(rel: string): string {
    return this.sources.get(rel) ?? '';
  }

  file(rel: string): ts.SourceFile {
    let file = this.parsed.get(rel);
    if (!file) {
      file = ts.createSourceFile(rel, this.source(rel), ts.ScriptTarget.Latest, true, rel.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      this.parsed.set(rel, file);
    }
    return file;
  }

  /** The repo-relative module a specifier in `fromRel` names, as Bun finds it; null for a package. */
  resolve(fromRel: string, specifier: string): string | null {
    let base: string | null = null;
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
      base = path.posix.join(path.posix.dirname(fromRel), specifier);
    } else if (specifier.startsWith('/')) {
      base = toPosix(path.relative(this.root, specifier));
    } else {
      for (const { pattern, targets } of this.paths) {
        const star = pattern.indexOf('*');
        const matched =
          star < 0
            ? specifier === pattern
              ? ''
              : null
            : specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1))
              ? specifier.slice(star, specifier.length - (pattern.length - star - 1))
              : null;
        if (matched === null) continue;
        for (const target of targets) {
          const candidate = path.posix.join(this.baseUrl, target.replace('*', matched));
          const found = this.findFile(candidate);
          if (found) return found;
        }
        base = path.posix.join(this.baseUrl, targets[0]!.replace('*', matched));
        break;
      }
      if (base === null) return null;
    }
    return this.findFile(path.posix.normalize(base)) ?? path.posix.normalize(base);
  }

  private findFile(base: string): string | null {
    const isFile = (rel: string) => this.sources.has(rel) || isRegularFile(path.join(this.root, rel));
    if (isFile(base)) return base;
    const ext = path.posix.extname(base);
    for (const swapped of JS_TO_TS[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + swapped;
      if (isFile(candidate)) return candidate;
    }
    for (const e of EXTENSIONS) if (isFile(base + e)) return base + e;
    for (const e of EXTENSIONS) if (isFile(`${base}/index${e}`)) return `${base}/index${e}`;
    return null;
  }

  /** Every import of a module, resolved. */
  imports(rel: string): ImportEdge[] {
    let found = this.edges.get(rel);
    if (found) return found;
    found = [];
    const file = this.file(rel);
    const add = (node: ts.Node, specifier: string, typeOnly: boolean, reexport: boolean, locals: ImportEdge['locals'] = [], exports: string[] | null = null) =>
      found!.push({ specifier, target: this.resolve(rel, specifier), line: lineOf(file, node), typeOnly, reexport, locals, exports });
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const locals: ImportEdge['locals'] = [];
        let allTypes = !!clause?.isTypeOnly;
        if (clause && !clause.isTypeOnly) {
          const named = clause.namedBindings;
          const elements = named && ts.isNamedImports(named) ? named.elements : [];
          allTypes = !clause.name && !(named && ts.isNamespaceImport(named)) && elements.length > 0 && elements.every((e) => e.isTypeOnly);
        }
        if (clause?.name) locals.push({ imported: 'default', local: clause.name.text });
        const named = clause?.namedBindings;
        if (named && ts.isNamespaceImport(named)) locals.push({ imported: '*', local: named.name.text });
        if (named && ts.isNamedImports(named)) {
          for (const e of named.elements) locals.push({ imported: (e.propertyName ?? e.name).text, local: e.name.text });
        }
        add(node, node.moduleSpecifier.text, allTypes, false, locals);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const elements = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
        const allTypes = node.isTypeOnly || (elements.length > 0 && elements.every((e) => e.isTypeOnly));
        const names =
          node.exportClause && ts.isNamedExports(node.exportClause)
            ? elements.map((e) => e.name.text)
            : node.exportClause
              ? [node.exportClause.name.getText(file)]
              : null;
        add(node, node.moduleSpecifier.text, allTypes, true, [], names);
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        const expr = node.moduleReference.expression;
        if (ts.isStringLiteral(expr)) add(node, expr.text, node.isTypeOnly, false, [{ imported: '*', local: node.name.text }]);
      } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0]!)) {
        const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
        const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
        if (isImport || isRequire) add(node, (node.arguments[0] as ts.StringLiteral).text, false, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node, node.argument.literal.text, true, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    // `import { x } from './a.repo.ts'; export { x }`: the import is a re-export too.
    const exported = exportedLocals(file);
    for (const edge of found) {
      const handedOn = edge.locals.filter((l) => exported.has(l.local)).map((l) => exported.get(l.local)!);
      if (!edge.reexport && handedOn.length > 0) {
        edge.reexport = true;
        edge.exports = handedOn.flat();
      }
    }
    this.edges.set(rel, found);
    return found;
  }

  /**
   * The modules an import reaches: its target and, through every `export ... from` (or imported
   * then exported binding) on the way, the modules whose exports it hands on.
   */
  reachedThrough(edge: ImportEdge): string[] {
    if (!edge.target) return [];
    const seen = new Set<string>([edge.target]);
    // What the importer takes: by name, or everything (a namespace import, an import() call).
    const takes =
      edge.locals.length === 0 ? (edge.reexport ? edge.exports : []) : edge.locals.some((l) => l.imported === '*') ? null : edge.locals.map((l) => l.imported);
    const queue: { rel: string; wanted: string[] | null }[] = [{ rel: edge.target, wanted: edge.locals.length === 0 && !edge.reexport ? null : takes }];
    while (queue.length > 0) {
      const { rel, wanted } = queue.shift()!;
      if (!this.sources.has(rel)) continue;
      for (const next of this.imports(rel)) {
        if (!next.reexport || !next.target || seen.has(next.target)) continue;
        if (next.typeOnly && !edge.typeOnly) continue;
        // A re-export matters only when the importer takes one of the names it hands on.
        if (wanted && next.exports && !next.exports.some((n) => wanted.includes(n))) continue;
        seen.add(next.target);
        queue.push({ rel: next.target, wanted: null });
      }
    }
    return [...seen];
  }
}

function isRegularFile(full: string): boolean {
  return statSync(full, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** tsconfig's baseUrl and paths (the root's tsconfig.json, comments allowed), if any. */
function readTsconfig(root: string): { baseUrl: string; paths: { pattern: string; targets: string[] }[] } {
  const full = path.join(root, 'tsconfig.json');
  if (!existsSync(full)) return { baseUrl: '', paths: [] };
  const parsed = ts.parseConfigFileTextToJson(full, readFileSync(full, 'utf8')).config as {
    compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> };
  } | null;
  const options = parsed?.compilerOptions ?? {};
  const baseUrl = path.posix.normalize(options.baseUrl ?? '.');
  const paths = Object.entries(options.paths ?? {}).map(([pattern, targets]) => ({ pattern, targets }));
  return { baseUrl: baseUrl === '.' ? '' : baseUrl, paths };
}

/** The local names a module exports as they are (`export { a, b as c }`, `export default a`, `export const d = a`), with the names they go out by. */
function exportedLocals(file: ts.SourceFile): Map<string, string[]> {
  const names = new Map<string, string[]>();
  const add = (local: string, as: string) => names.set(local, [...(names.get(local) ?? []), as]);
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const e of statement.exportClause.elements) add((e.propertyName ?? e.name).text, e.name.text);
    }
    if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) add(statement.expression.text, 'default');
    if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const d of statement.declarationList.declarations) {
        if (d.initializer && ts.isIdentifier(d.initializer) && ts.isIdentifier(d.name)) add(d.initializer.text, d.name.text);
      }
    }
  }
  return names;
}

export function lineOf(file: ts.SourceFile, node: ts.Node): number {
  return file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
}
