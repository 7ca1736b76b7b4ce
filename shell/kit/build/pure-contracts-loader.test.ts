import { createRequire } from 'node:module';
import { minify } from 'terser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const pureContracts = require('./pure-contracts-loader.cjs') as (source: string) => string;

// A contracts file as esbuild hands it on: one route the bundle uses, one it does not.
const CONTRACT = `import { z } from 'zod';
import { defineRoute } from './route';
export const LEVELS = ['A1', 'A2'];
export const LevelSchema = z.enum(LEVELS);
export const getUsed = defineRoute({ path: '/api/used', response: z.object({ usedField: z.string().min(1) }).strict() });
export const getUnused = defineRoute({ path: '/api/unused', response: z.object({ unusedField: z.array(z.number()) }) });
`;
// What a bundler makes of a module of which only LEVELS and getUsed are imported.
const bundled = (source: string) => `${source.replace(/export const/g, 'const')}\nexport { LEVELS, getUsed };`;
const minified = async (source: string) => (await minify(bundled(source), { module: true })).code ?? '';

describe('pure-contracts loader', () => {
  it('lets the minifier drop the schemas and routes nobody imports, and keeps the rest', async () => {
    const out = await minified(pureContracts(CONTRACT));
    expect(out).toContain('/api/used');
    expect(out).toContain('usedField');
    expect(out).not.toContain('/api/unused');
    expect(out).not.toContain('unusedField');
    expect(out).not.toMatch(/\.enum\(/);
  });

  it('is what makes the difference: without it the unused schemas stay', async () => {
    const out = await minified(CONTRACT);
    expect(out).toContain('unusedField');
    expect(out).toMatch(/\.enum\(/);
  });

  it('marks each call of a top-level declaration once, chained calls included', () => {
    const out = pureContracts("export const A = z.object({ a: z.string().min(1) }).strict();\nconst b = new Set(['x']);\n");
    expect(out).toBe("export const A = /*#__PURE__*/z.object({ a: /*#__PURE__*/z.string().min(1) }).strict();\nconst b = /*#__PURE__*/new Set(['x']);\n");
  });

  it('leaves calls in function bodies and top-level statements alone: those are not run to build a value', () => {
    const source = 'export const f = () => z.string();\nexport function g() { return z.number(); }\nregister(f);\nexport const h = function () { return make(); };\n';
    expect(pureContracts(source)).toBe(source);
  });
});
