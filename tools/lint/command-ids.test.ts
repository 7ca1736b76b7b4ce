import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import commandIds from './command-ids.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = commandIds.rules!['command-ids']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT }];

const READER = at('mfe-reader/src/features/reader/api/reader-api.ts');
const SHELL = at('shell/src/onboarding/onboarding-api.ts');
const handMade = [{ messageId: 'handMade' }];

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba/command-ids',
  rule,
  {
    valid: [
      { name: 'a write through the kit', filename: READER, code: 'sendCommand(patchWord, { body: { languageCode, word } });', options },
      { name: 'reading a commandId out of an object', filename: READER, code: 'const { commandId } = body;', options },
      { name: 'a type that names the field', filename: READER, code: 'type T = { commandId: string };', options },
      {
        name: 'the kit makes them',
        filename: at('shell/kit/src/api/commands.ts'),
        code: 'const body = { ...input, commandId: crypto.randomUUID() };',
        options,
      },
      {
        name: 'a fragment test asserts them',
        filename: at('mfe-reader/src/features/reader/components/ReaderPage.test.tsx'),
        code: 'expect(body).toEqual({ commandId: ID });',
        options,
      },
      { name: 'a test helper', filename: at('mfe-learn/src/test/fixtures.ts'), code: 'const body = { commandId: id };', options },
      { name: 'a browser journey', filename: at('shell/e2e/support/verba.ts'), code: 'const body = { commandId: id };', options },
      {
        name: 'the server is not browser code',
        filename: at('services/src/contexts/identity/profile.ts'),
        code: 'const c = { commandId: randomUUID() };',
        options,
      },
    ],
    invalid: [
      {
        name: 'a fragment makes one',
        filename: READER,
        code: 'client.call(patchWord, { body: { word, commandId: crypto.randomUUID() } });',
        options,
        errors: handMade,
      },
      {
        name: 'shorthand',
        filename: at('mfe-practice/src/shared/reviews.ts'),
        code: 'const body = { reviews, commandId };',
        options,
        errors: handMade,
      },
      {
        name: 'a quoted key in the shell',
        filename: SHELL,
        code: "send('POST', '/api/x', { body: { 'commandId': id } });",
        options,
        errors: handMade,
      },
      {
        name: 'a computed literal key in JSX code',
        filename: at('mfe-admin/src/features/library/ApproveArticlesPage.tsx'),
        code: "const b = { ['commandId']: id };",
        options,
        errors: handMade,
      },
    ],
  },
);

describe('eslint.config.js wiring of verba/command-ids', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
  const messages = async (rel: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
    return result!.messages.filter((m) => m.ruleId === 'verba/command-ids').map((m) => m.message);
  };

  it('fails npm test on a hand-made command id in a fragment, pointing to the kit helper', async () => {
    expect(
      await messages('mfe-learn/src/features/chapter/api/words-api.ts', 'export const b = { commandId: crypto.randomUUID() };\n'),
    ).toEqual([expect.stringMatching(/sendCommand \(from @verba\/kit\) or useCommand \(from @verba\/kit\/query\)/)]);
    expect(await messages('shell/kit/src/api/commands.ts', 'export const b = { commandId: crypto.randomUUID() };\n')).toEqual([]);
  });
});
