import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import events from './event-ownership.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = events.rules!['no-foreign-event-type']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT, contexts: ['identity', 'vocabulary', 'library'] }];
const LIBRARY = at('services/src/contexts/library/projections/reader-words.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba-events/no-foreign-event-type',
  rule,
  {
    valid: [
      { name: 'own event type', filename: LIBRARY, code: "const t = 'library.ArticleRead';", options },
      {
        name: 'imported definition',
        filename: LIBRARY,
        code: "import { UserDeleted } from '../../identity/published';\nconst t = UserDeleted.type;",
        options,
      },
      { name: 'not a context prefix', filename: LIBRARY, code: "const t = 'billing.Paid'; const u = 'node.Js';", options },
      {
        name: 'not PascalCase (a stream prefix, a key)',
        filename: LIBRARY,
        code: "const s = 'identity.user'; const k = 'vocabulary.';",
        options,
      },
      { name: 'outside a context', filename: at('services/src/runtime/main.ts'), code: "const t = 'identity.UserDeleted';", options },
      {
        name: 'platform',
        filename: at('services/src/platform/integration/relay.ts'),
        code: "const t = 'vocabulary.WordStatusChanged';",
        options,
      },
      { name: 'template with expressions', filename: LIBRARY, code: 'const t = `${ctx}.UserDeleted`;', options },
    ],
    invalid: [
      {
        name: 'a re-declared event type',
        filename: LIBRARY,
        code: "const USER_DELETED = 'identity.UserDeleted';",
        options,
        errors: [{ messageId: 'foreignEvent', data: { value: 'identity.UserDeleted', owner: 'identity' } }],
      },
      {
        name: 'a type literal, a template literal and an event appended by a test',
        filename: at('services/src/contexts/library/routes.test.ts'),
        code: [
          "type T = { type: 'vocabulary.WordStatusChanged' };",
          'const t = `vocabulary.WordStatusChanged`;',
          "append([{ type: 'identity.UserDeleted', version: 1, data }]);",
        ].join('\n'),
        options,
        errors: [{ messageId: 'foreignEvent' }, { messageId: 'foreignEvent' }, { messageId: 'foreignEvent' }],
      },
    ],
  },
);

// Integration: the rule as registered in the repo's eslint.config.js, on the repo's real contexts.
describe('verba-events/no-foreign-event-type in eslint.config.js', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: repoRoot });
  const lint = async (rel: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'verba-events/no-foreign-event-type').map((m) => m.message);
  };

  it("fails a context file that names another context's event, and names where to import it from", async () => {
    const messages = await lint('services/src/contexts/practice/projections/x.ts', "export const T = 'identity.UserDeleted';\n");
    expect(messages).toEqual([expect.stringContaining('services/src/contexts/identity/published.ts')]);
  });

  it("accepts the context's own event types", async () => {
    expect(await lint('services/src/contexts/identity/x.ts', "export const T = 'identity.UserDeleted';\n")).toEqual([]);
  });
});
