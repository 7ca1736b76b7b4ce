/**
 * docs/architecture.md must describe the code as it is: every bounded context and fragment it lists
 * exists, every one that exists is listed, and every file or folder it names in backticks is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const decisions = readFileSync(path.join(root, 'docs/decisions.md'), 'utf8');

/** The first column of the table under a `## heading`, as `name` in backticks. */
export function tableNames(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return [];
  const rest = markdown.slice(start + heading.length + 5);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);
}

/** Backticked tokens that look like repository paths (a slash, no placeholders, no URL or package). */
export function namedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((t) => t.includes('/') && !/[<>{}*()|:=,]/.test(t) && !t.startsWith('/') && !t.startsWith('@') && !t.startsWith('.'))
    .filter((t) =>
      /^(contracts|services|shell|mfe-[a-z]+|deploy|tools|scripts|docs|platform|contexts|runtime|bench|kit|src|e2e)\//.test(t),
    );
}

/** Paths in the doc are written from the repo root, or shortened from services/src or services/. */
const BASES = ['', 'services/src', 'services', 'shell'];
const exists = (p: string) => BASES.some((base) => existsSync(path.join(root, base, p)));

/** The walks under `## Three walks`: each `### title` with the file its numbered steps name, in order. */
export function walks(markdown: string): { title: string; files: string[] }[] {
  const start = markdown.indexOf('\n## Three walks');
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const end = rest.slice(3).search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end + 3);
  return section
    .split('\n### ')
    .slice(1)
    .map((part) => {
      const [title, ...lines] = part.split('\n');
      const files = lines.flatMap((l) => {
        const m = /^\d+\. `([^`]+)`/.exec(l);
        return m ? [m[1]!] : [];
      });
      return { title: title!.trim(), files };
    });
}

/** Generic code a walk crosses but does not count: the platform, the kit and the contracts' route machinery. */
const GENERIC = [/^services\/src\/platform\//, /^shell\/kit\//, /^contracts\/src\/(client|http\/route|http\/route-ref|http\/index)\.ts$/];
const counted = (files: string[]) => files.filter((f) => !GENERIC.some((g) => g.test(f)));

/**
 * Files each walk visits outside the generic code today; issue 37's target is 8. A walk may not grow:
 * lower a figure when a walk gets shorter.
 */
const WALK_FILES_NOW: Record<string, number> = {
  'A learner marks a word Known in the reader': 8,
  'An admin reorders the chapters of a lesson': 8,
  'A Stripe webhook makes a user Master; the reader unlocks a premium article': 11,
};

const dirs = (p: string) =>
  readdirSync(path.join(root, p), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe('docs/architecture.md describes the code as it is', () => {
  it('lists exactly the bounded contexts in services/src/contexts', () => {
    const listed = tableNames(doc, 'Bounded contexts').sort();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual(dirs('services/src/contexts'));
  });

  it('lists exactly the micro-frontends that exist', () => {
    const listed = tableNames(doc, 'Micro-frontends').sort();
    const present = readdirSync(root)
      .filter((n) => /^mfe-[a-z]+$/.test(n))
      .sort();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual(present);
  });

  it('names only files and folders that exist (and so does the decision log)', () => {
    expect(namedPaths(doc).filter((p) => !exists(p))).toEqual([]);
    expect(namedPaths(decisions).filter((p) => !exists(p))).toEqual([]);
  });

  it('stays short: the shape, the rules, the glossary and the walks; decisions and figures live elsewhere', () => {
    expect(doc.split('\n').length).toBeLessThanOrEqual(250);
  });

  it('walks three actions through files that exist, none twice, no longer than they are now', () => {
    const found = walks(doc);
    expect(found.map((w) => w.title)).toEqual(Object.keys(WALK_FILES_NOW));
    for (const walk of found) {
      expect(
        walk.files.filter((f) => !existsSync(path.join(root, f))),
        walk.title,
      ).toEqual([]);
      expect(new Set(walk.files).size, `${walk.title}: a file visited twice`).toBe(walk.files.length);
      expect(counted(walk.files).length, walk.title).toBeLessThanOrEqual(WALK_FILES_NOW[walk.title]!);
    }
  });

  it('reads tables and paths the way the checks above rely on', () => {
    const sample = '# x\n\n## Bounded contexts\n| name | what |\n|---|---|\n| `a` | one |\n| `b` | two |\n\n## Next\n| `c` | no |\n';
    expect(tableNames(sample, 'Bounded contexts')).toEqual(['a', 'b']);
    const walkDoc =
      '# x\n## Three walks\nintro `a/b.ts`\n### One\n1. `x/y.ts`: why.\n2. `services/src/platform/z.ts`: generic.\n### Two\n1. `q/r.ts`\n## Next\n1. `no/no.ts`\n';
    expect(walks(walkDoc)).toEqual([
      { title: 'One', files: ['x/y.ts', 'services/src/platform/z.ts'] },
      { title: 'Two', files: ['q/r.ts'] },
    ]);
    expect(counted(walks(walkDoc)[0]!.files)).toEqual(['x/y.ts']);
    expect(namedPaths('see `services/src/x.ts`, `features/<name>/api`, `/app/dev`, `@verba/kit/query`')).toEqual(['services/src/x.ts']);
  });
});
