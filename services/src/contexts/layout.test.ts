import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every bounded context has the same layout (docs/architecture.md, "Inside a context"), so a reader finds
 * the same thing in the same place in each one. A file that deviates fails here.
 */
const CONTEXTS_DIR = import.meta.dirname;
const CONTEXTS = [
  'analytics',
  'billing',
  'blog',
  'content',
  'forum',
  'identity',
  'learning',
  'library',
  'operations',
  'practice',
  'speech',
  'translation',
  'vocabulary',
];

/** Files allowed at the top of a context (tests, `*.test.ts`, may sit anywhere beside the code). */
const TOP_FILES = new Set(['module.ts', 'events.ts', 'published.ts', 'decider.ts', 'commands.ts', 'queries.ts', 'routes.ts', 'seed.ts']);
/** Folders allowed at the top of a context; a folder replaces the file of the same role when it grows. */
const TOP_FOLDERS = new Set(['deciders', 'commands', 'queries', 'projections', 'routes', 'adapters', 'reactors', 'domain']);
const SINGLE_OR_FOLDER = [
  ['decider.ts', 'deciders'],
  ['commands.ts', 'commands'],
  ['queries.ts', 'queries'],
  ['routes.ts', 'routes'],
] as const;

const isTest = (name: string) => name.endsWith('.test.ts');

function sourcesOf(context: string): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      return d.isDirectory() ? walk(full) : [path.relative(path.join(CONTEXTS_DIR, context), full).split(path.sep).join('/')];
    });
  return walk(path.join(CONTEXTS_DIR, context)).filter((f) => f.endsWith('.ts') && !isTest(f));
}
const read = (context: string, file: string) => fs.readFileSync(path.join(CONTEXTS_DIR, context, file), 'utf8');

describe('the layout inside a context', () => {
  it('holds for exactly the thirteen contexts', () => {
    const folders = fs
      .readdirSync(CONTEXTS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(CONTEXTS);
  });

  for (const context of CONTEXTS) {
    describe(context, () => {
      const top = fs.readdirSync(path.join(CONTEXTS_DIR, context), { withFileTypes: true });
      const sources = sourcesOf(context);

      it('has module.ts and events.ts, and only the allowed names at the top', () => {
        const names = top.map((d) => d.name);
        expect(names).toContain('module.ts');
        expect(names).toContain('events.ts');
        const stray = top.filter((d) => (d.isDirectory() ? !TOP_FOLDERS.has(d.name) : !TOP_FILES.has(d.name) && !isTest(d.name)));
        expect(stray.map((d) => d.name)).toEqual([]);
      });

      it('uses a file or a folder for a role, never both', () => {
        const names = new Set(top.map((d) => d.name));
        expect(SINGLE_OR_FOLDER.filter(([file, folder]) => names.has(file) && names.has(folder))).toEqual([]);
      });

      it('has no services: commands and queries are split', () => {
        expect(sources.filter((f) => /(^|\/|-)service\.ts$/.test(f) || /export class \w+Service\b/.test(read(context, f)))).toEqual([]);
      });

      it('keeps every projection under projections/', () => {
        const misplaced = sources.filter(
          (f) => /export const \w+\s*:\s*Projection\b/.test(read(context, f)) && !f.startsWith('projections/'),
        );
        expect(misplaced).toEqual([]);
      });

      it('keeps every decider in decider.ts or deciders/<name>-decider.ts, named <thing>Decider', () => {
        for (const f of sources) {
          // A decider is typed `Decider<...>` or built by a helper; either way it is exported under a decider's name.
          const deciders = [...read(context, f).matchAll(/export const (?:(\w+Decider)\b|(\w+)\s*:\s*Decider<)/g)].map(
            (m) => (m[1] ?? m[2])!,
          );
          if (!deciders.length) continue;
          expect(f === 'decider.ts' || /^deciders\/[a-z-]+-decider\.ts$/.test(f), `${context}/${f} declares ${deciders.join(', ')}`).toBe(
            true,
          );
          expect(
            deciders.filter((d) => !/^[a-z]\w*Decider$/.test(d)),
            `${context}/${f}`,
          ).toEqual([]);
        }
      });
    });
  }
});
