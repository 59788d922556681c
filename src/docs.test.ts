// The README and the guide under docs/ stay whole: every relative link leads to a file that exists
// and, where it names one, to a heading (or an element id) of that file, with the anchors GitHub
// makes; every decision record carries its date and its status (docs/decisions/0073).
// The checks are tested on made-up pages below, so a check that stops seeing is noticed.

import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dir, '..');

/** The anchor GitHub gives a heading: its text in lower case, without punctuation, spaces as hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** A page's text with fenced code blocks blanked out (line numbers kept). */
function withoutFences(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1]!;
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence[0]!.repeat(fence.length)) && line.trim().replace(/[`~]/g, '') === '') fence = null;
      return '';
    }
    return line;
  });
}

/** Every anchor a page offers: its headings (repeats numbered as GitHub numbers them) and ids. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** The links of a page outside code: inline links and images, and reference definitions. */
export function linksOf(text: string): Link[] {
  const links: Link[] = [];
  withoutFences(text).forEach((raw, index) => {
    const line = raw.replace(/(`+)[^`]*?\1/g, '');
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: m[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s+(\S+)/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1]! });
  });
  return links;
}

/** What is wrong with a page's relative links, as `file:line target: reason`. */
export function brokenLinks(file: string, text: string, read: (file: string) => string | null = readPage): string[] {
  const problems: string[] = [];
  for (const { line, target } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart === '' ? file : path.join(path.dirname(file), decodeURIComponent(pathPart));
    const where = `${path.relative(ROOT, file)}:${line} ${target}`;
    const page = read(resolved);
    if (page === null) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!resolved.endsWith('.md')) {
      problems.push(`${where}: an anchor into a file that is not Markdown`);
      continue;
    }
    if (!anchorsOf(page).has(decodeURIComponent(anchor))) problems.push(`${where}: no heading #${anchor} there`);
  }
  return problems;
}

/** A file's text ('' for a folder), or null when nothing is there. */
function readPage(file: string): string | null {
  if (!existsSync(file)) return null;
  return statSync(file).isDirectory() ? '' : readFileSync(file, 'utf8');
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** What a decision record lacks: a `Date: YYYY-MM-DD` line and a `## Status` section with a word in it. */
export function recordProblems(text: string): string[] {
  const problems: string[] = [];
  if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(text)) problems.push('no "Date: YYYY-MM-DD" line');
  if (!/^## Status[ \t]*\n(?:[ \t]*\n)*[ \t]*[^#\s]/m.test(text)) problems.push('no "## Status" section saying what the status is');
  return problems;
}

const PAGES = [path.join(ROOT, 'README.md'), ...markdownUnder(path.join(ROOT, 'docs'))];
const RECORDS = readdirSync(path.join(ROOT, 'docs', 'decisions')).filter((name) => /^\d{4}-.*\.md$/.test(name));

describe('the README and the guide', () => {
  test('every relative link of every page leads to a file and a heading that exist', () => {
    expect(PAGES.length).toBeGreaterThan(10);
    expect(PAGES.flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  test('every decision record has its date and its status, and a row in the records table', () => {
    expect(RECORDS.length).toBeGreaterThan(50);
    const table = readFileSync(path.join(ROOT, 'docs', 'decisions', 'README.md'), 'utf8');
    const problems = RECORDS.flatMap((name) => {
      const text = readFileSync(path.join(ROOT, 'docs', 'decisions', name), 'utf8');
      const own = recordProblems(text).map((problem) => `${name}: ${problem}`);
      return table.includes(`(${name})`) ? own : [...own, `${name}: no row in docs/decisions/README.md`];
    });
    expect(problems).toEqual([]);
  });

  test('the README stays a page a newcomer reads in one sitting', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    // The two commands and the lockout warning stay on it.
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('\nnpm test\n');
    expect(readme).toContain("**Mind the dead-man's switch.**");
    expect(readme).toContain('npm run cli -- lockout reset');
  });
});

describe('the checks see what they should', () => {
  const page = (files: Record<string, string>) => (file: string) => files[path.relative(ROOT, file)] ?? null;

  test("anchors follow GitHub's rules", () => {
    expect(slug('HTTPS in front: reverse proxies')).toBe('https-in-front-reverse-proxies');
    expect(slug("A model's gallery")).toBe('a-models-gallery');
    expect(slug('Resumable uploads (tus) from a script')).toBe('resumable-uploads-tus-from-a-script');
    expect(slug('The `DATA_DIR` folder')).toBe('the-data_dir-folder');
    expect(slug('Guessing limits, file permissions and media answers')).toBe('guessing-limits-file-permissions-and-media-answers');
    expect(slug('0040 – remux')).toBe('0040--remux');
    expect([...anchorsOf('# Notes\n\n## Notes\n\n```\n# not a heading\n```\n<a id="here"></a>\n')]).toEqual(['notes', 'notes-1', 'here']);
  });

  test('a missing file, a missing heading and a missing anchor of the same page are found; outside links and code are not checked', () => {
    const files = {
      'docs/a.md': '# A\n\n## Two words\n',
      'docs/images/x.png': 'png',
    };
    const text = [
      '# Page',
      '[ok](a.md) [ok](a.md#two-words) [ok](#page) ![ok](images/x.png) [out](https://example.test/x.md)',
      '[gone](b.md) [no heading](a.md#three-words) [no anchor](#nowhere)',
      '`[in code](c.md)`',
      '```',
      '[in a fence](d.md)',
      '```',
      '[ref]: e.md',
    ].join('\n');
    expect(brokenLinks(path.join(ROOT, 'docs', 'page.md'), text, page({ ...files, 'docs/page.md': text }))).toEqual([
      'docs/page.md:3 b.md: no such file',
      'docs/page.md:3 a.md#three-words: no heading #three-words there',
      'docs/page.md:3 #nowhere: no heading #nowhere there',
      'docs/page.md:8 e.md: no such file',
    ]);
  });

  test('a record without its date or status is named', () => {
    expect(recordProblems('# 0001 A choice\n\nDate: 2026-11-21\n\n## Status\n\naccepted\n')).toEqual([]);
    expect(recordProblems('# 0001 A choice\n\n## Context\n')).toEqual(['no "Date: YYYY-MM-DD" line', 'no "## Status" section saying what the status is']);
    expect(recordProblems('# 0001 A choice\n\nDate: 21 Nov 2026\n\n## Status\n\n## Context\n')).toHaveLength(2);
  });
});
