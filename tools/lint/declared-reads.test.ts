import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import freshness from './declared-reads.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = freshness.rules!['declared-reads']!;

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba-freshness/declared-reads',
  rule,
  {
    valid: [
      {
        name: 'a declared read',
        code: "import { registerRoute } from '../../platform/http/routes';\nregisterRoute(app, host, r.getDictionary, handler, { reads: [dictionaryProjection] });",
      },
      {
        name: 'a command reading back what it wrote through the platform',
        code: "import type { WriteThrough } from '../../platform/http/write-through';\nawait this.written.readBack(position);",
      },
      { name: 'another module named alike', code: "import { x } from './read-your-writes-notes';" },
      { name: 'a property that is not called', code: 'const o = { waitFor: 1 }; const w = o.waitFor;' },
    ],
    invalid: [
      {
        name: 'importing the wait',
        code: "import { readAfterFor } from '../../platform/http/read-your-writes';",
        errors: [{ messageId: 'imported' }],
      },
      {
        name: 'importing only its types',
        code: "import type { ReadModel } from '../../../platform/http/read-your-writes';",
        errors: [{ messageId: 'imported' }],
      },
      {
        name: 're-exporting it',
        code: "export { readAfterFor } from '../../platform/http/read-your-writes.ts';",
        errors: [{ messageId: 'imported' }],
      },
      {
        name: 'a hand-written wait in a handler',
        code: 'async function h(query) { await readAfter(query.minPosition); }',
        errors: [{ messageId: 'called', data: { name: 'readAfter' } }],
      },
      {
        name: 'a wait on a dependency',
        code: 'await d.readAfter(query.minPosition);',
        errors: [{ messageId: 'called', data: { name: 'readAfter' } }],
      },
      {
        name: 'wiring the wait',
        code: 'const wait = readAfterFor(deps.projections, [forumProjection.name]);',
        errors: [{ messageId: 'called', data: { name: 'readAfterFor' } }],
      },
      {
        name: "the projections' wait itself",
        code: 'await deps.projections.waitFor(position, { projections: [usersProjection.name], timeoutMs: 5000 });',
        errors: [{ messageId: 'called', data: { name: 'waitFor' } }],
      },
    ],
  },
);

describe('the repository configuration', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: root });
  const lint = async (rel: string, code: string) =>
    (await eslint.lintText(code, { filePath: path.join(root, rel) }))[0]!.messages.filter(
      (m) => m.ruleId === 'verba-freshness/declared-reads',
    );

  it("applies the rule to a context's source", async () => {
    expect(await lint('services/src/contexts/forum/routes.ts', 'await d.readAfter(query.minPosition);\n')).toHaveLength(1);
  });

  it("leaves the platform and a context's tests alone (a test may wait for the projections)", async () => {
    expect(await lint('services/src/platform/http/routes.ts', 'await readAfter(minPosition);\n')).toEqual([]);
    expect(await lint('services/src/contexts/forum/routes.test.ts', 'await t.deps.projections.waitFor(position);\n')).toEqual([]);
  });
});
