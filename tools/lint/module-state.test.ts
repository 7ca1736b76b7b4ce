import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from './module-state.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules!['no-module-state']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const LOADER = 'services/src/contexts/practice/domain/anki-package.ts';
const options = [{ root: ROOT, allow: [LOADER] }];
const MODULE = at('services/src/contexts/identity/module.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba-module-state/no-module-state',
  rule,
  {
    valid: [
      { name: 'a constant set of literals', filename: MODULE, code: "const KINDS = new Set(['a', 'b']);", options },
      {
        name: 'state inside a function: made per call, per runtime',
        filename: MODULE,
        code: 'export function create() { let n = 0; const byId = new Map(); return { next: () => ++n, byId }; }',
        options,
      },
      {
        name: 'an allow-listed pure resource loaded once',
        filename: at(LOADER),
        code: 'let sqlJs: Promise<unknown> | undefined;',
        options,
      },
    ],
    invalid: [
      {
        name: 'a top-level let',
        filename: MODULE,
        code: 'let current: string | undefined;\nexport let count = 0;',
        options,
        errors: [{ messageId: 'topLevelLet' }, { messageId: 'topLevelLet' }],
      },
      {
        name: 'a per-runtime singleton keyed by the knex instance, and a module-level cache',
        filename: MODULE,
        code: 'const instances = new WeakMap<object, string>();\nexport const cache = new Map<string, number>() as Map<string, number>;',
        options,
        errors: [
          { messageId: 'topLevelMap', data: { kind: 'WeakMap' } },
          { messageId: 'topLevelMap', data: { kind: 'Map' } },
        ],
      },
      {
        name: 'an allow-listed file that no longer keeps state',
        filename: at(LOADER),
        code: 'export const load = async () => import("sql.js");',
        options,
        errors: [{ messageId: 'stale' }],
      },
    ],
  },
);
