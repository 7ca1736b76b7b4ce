import fs from 'node:fs';
import path from 'node:path';
import type { RouteDef } from '@verba/contracts/http';
import { contractRoutes } from './route-table';

/**
 * Finds, for each contract route, the browser source that calls it: a file of the shell or of a fragment that
 * imports the route object from @verba/contracts (the typed client, `useRouteQuery`, `useCommand`), or that
 * names its path in a string (the shell's schema-free `client.send`, `fetch`, links and image sources).
 */

const REPO = path.resolve(import.meta.dirname, '../../..');
/** The browser's source folders: the shell, the kit and every fragment. */
export const BROWSER_SOURCE_DIRS = [
  'shell/src',
  'shell/kit/src',
  ...fs
    .readdirSync(REPO)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];

/** Production source files only: tests and test support are not callers. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'test' || d.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Names imported as values (not `import type`, not `type x`) from the contracts package. */
function importedValueNames(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@verba\/contracts(?:\/http)?['"]/g)) {
    if (m[1]) continue;
    for (const spec of m[2]!.split(',')) {
      const s = spec.trim();
      if (!s || s.startsWith('type ')) continue;
      names.push(s.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

interface PathUse {
  method: string;
  pattern: RegExp;
  placeholders: number;
}

/** Marks where a template literal had `${...}`. */
const HOLE = '\u0000';

/** The end (index after the closing backtick) of the template literal opened at `start`, and its text with holes. */
function readTemplate(text: string, start: number): { end: number; value: string } {
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== '`') {
    if (text[i] === '\\') {
      value += text.slice(i, i + 2);
      i += 2;
    } else if (text.startsWith('${', i)) {
      i = skipExpression(text, i + 2);
      value += HOLE;
    } else value += text[i++];
  }
  return { end: i + 1, value };
}

/** Skips a `${...}` expression (which may hold strings and nested templates); returns the index after its `}`. */
function skipExpression(text: string, i: number): number {
  let depth = 1;
  while (i < text.length && depth > 0) {
    const c = text[i]!;
    if (c === '`') i = readTemplate(text, i).end;
    else if (c === "'" || c === '"') i = text.indexOf(c, i + 1) + 1 || text.length;
    else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      i++;
    }
  }
  return i;
}

/** Every string or template literal in the text that starts with `/api/`, with its offset. */
function apiLiterals(text: string): { index: number; length: number; value: string }[] {
  const found: { index: number; length: number; value: string }[] = [];
  for (const m of text.matchAll(/['"`]\/api\//g)) {
    const quote = m[0][0]!;
    if (quote === '`') {
      const { end, value } = readTemplate(text, m.index);
      found.push({ index: m.index, length: end - m.index, value });
    } else {
      const end = text.indexOf(quote, m.index + 1);
      if (end > 0) found.push({ index: m.index, length: end + 1 - m.index, value: text.slice(m.index + 1, end) });
    }
  }
  return found;
}

/**
 * Every `/api/...` string or template literal with the method it is sent with: a method literal just before
 * it (`send('POST', '/api/...')`), a `method: 'X'` just after it (`fetch`), else GET (a link, an image, a
 * `get('/api/...')`). `${...}` stands for one path segment or part of one; a query string is ignored. Lines that
 * only mark cached paths stale (`invalidatePaths`) call nothing.
 */
function pathUses(text: string): PathUse[] {
  const uses: PathUse[] = [];
  for (const literal of apiLiterals(text)) {
    const lineStart = text.lastIndexOf('\n', literal.index) + 1;
    const lineEnd = text.indexOf('\n', literal.index);
    if (text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd).includes('invalidatePaths(')) continue;
    const before = text.slice(Math.max(0, literal.index - 40), literal.index);
    const after = text.slice(literal.index + literal.length, literal.index + literal.length + 120);
    const method =
      before.match(/['"](GET|POST|PUT|PATCH|DELETE)['"]\s*,\s*$/)?.[1] ??
      after.match(/^[^;]*?method:\s*['"](GET|POST|PUT|PATCH|DELETE)['"]/)?.[1] ??
      'GET';
    const parts = literal.value.split('?')[0]!.split(HOLE);
    const pattern = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    uses.push({ method, pattern, placeholders: parts.length - 1 });
  }
  return uses;
}

const paramCount = (route: RouteDef) => (route.path.match(/:[A-Za-z0-9_]+/g) ?? []).length;
const samplePath = (route: RouteDef) => route.path.replace(/:[A-Za-z0-9_]+/g, 'p1');

/** The keys ("METHOD /api/path") of the contract routes one source file calls. */
export function routesCalledBy(text: string): string[] {
  const keys = new Set<string>();
  const byName = new Map(contractRoutes.map((r) => [r.name, r.key]));
  for (const name of importedValueNames(text)) {
    const key = byName.get(name);
    if (key) keys.add(key);
  }
  // The shell's first-load calls go through schema-free references named after their routes
  // (`firstLoadRoutes.signIn`, or under an alias).
  const refs = /import\s*\{[^}]*\bfirstLoadRoutes(?:\s+as\s+(\w+))?[^}]*\}\s*from\s*['"]@verba\/contracts(?:\/http)?['"]/.exec(text);
  if (refs) {
    for (const m of text.matchAll(new RegExp(`\\b${refs[1] ?? 'firstLoadRoutes'}\\.(\\w+)`, 'g'))) {
      const key = byName.get(m[1]!);
      if (key) keys.add(key);
    }
  }
  for (const use of pathUses(text)) {
    const matching = contractRoutes.filter((r) => r.route.method === use.method && use.pattern.test(samplePath(r.route)));
    // `/api/articles/${id}` also fits `/api/articles/last-articles`: a hole names a parameter, a plain literal a fixed path.
    const fit = (r: RouteDef) => (use.placeholders > 0 ? paramCount(r) : -paramCount(r));
    const best = Math.max(...matching.map((r) => fit(r.route)));
    for (const r of matching) if (fit(r.route) === best) keys.add(r.key);
  }
  return [...keys];
}

/** Route key -> the browser source files (relative to the repository) that call it. */
export function routeCallers(): Map<string, string[]> {
  const callers = new Map<string, string[]>(contractRoutes.map((r) => [r.key, []]));
  for (const dir of BROWSER_SOURCE_DIRS) {
    for (const full of sourceFiles(path.join(REPO, dir))) {
      const file = path.relative(REPO, full).split(path.sep).join('/');
      for (const key of routesCalledBy(fs.readFileSync(full, 'utf8'))) callers.get(key)!.push(file);
    }
  }
  return callers;
}

/** A learner route: one a browser calls for a signed-in learner or a visitor (not the admin area). */
export const isLearnerRoute = (route: RouteDef) => route.access !== 'admin' && !route.path.startsWith('/api/admin/');
