import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import shellLayers from './shell-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = shellLayers.rules!['shell-layers']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT }];

const AUTH = at('shell/src/auth/AuthForm.tsx');
const LANDING = at('shell/src/public/pages/Landing.tsx');
const PATHS = at('shell/src/routing/paths.ts');
const APP = at('shell/src/app/App.tsx');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba/shell-layers',
  rule,
  {
    valid: [
      { name: 'a page imports the ground floor', filename: LANDING, code: "import { PATHS } from '../../routing/paths';", options },
      { name: 'a folder imports a sibling folder', filename: AUTH, code: "import { getConsent } from '../consent/consent';", options },
      {
        name: 'the app imports anything below it',
        filename: APP,
        code: "import { PATHS } from '../routing/paths';\nimport { AuthForm } from '../auth/AuthForm';",
        options,
      },
      { name: 'the entry imports the app', filename: at('shell/src/bootstrap.tsx'), code: "import { App } from './app/App';", options },
      {
        name: 'the ground floor imports itself and the kit',
        filename: at('shell/src/routing/resolve-route.ts'),
        code: "import { PATHS } from './paths';\nimport { isAdmin } from '@verba/kit';",
        options,
      },
      {
        name: 'the ground floor may name a contracts type',
        filename: PATHS,
        code: "import type { LearningLanguage } from '@verba/contracts';",
        options,
      },
      { name: 'the kit is not a shell folder', filename: at('shell/kit/src/index.ts'), code: "import '../../src/app/App';", options },
    ],
    invalid: [
      {
        name: 'a page imports the app',
        filename: LANDING,
        code: "import { PATHS } from '../../app/routes';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        name: 'a folder imports the app lazily',
        filename: at('shell/src/federation/fragments.ts'),
        code: "const m = import('../app/App');",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        name: 'a type import from the app still couples',
        filename: AUTH,
        code: "import type { X } from '../app/theme';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        name: 'a file beside the entry',
        filename: at('shell/src/other.ts'),
        code: "export * from './app/App';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        name: 'the ground floor imports a folder',
        filename: PATHS,
        code: "import { getConsent } from '../consent/consent';",
        options,
        errors: [{ messageId: 'groundFloor' }],
      },
      {
        name: 'the ground floor imports the app',
        filename: PATHS,
        code: "import { App } from '../app/App';",
        options,
        errors: [{ messageId: 'groundFloor' }],
      },
      {
        name: 'the ground floor pulls zod in',
        filename: PATHS,
        code: "import { LEARNING_LANGUAGES } from '@verba/contracts';",
        options,
        errors: [{ messageId: 'groundFloorContracts' }],
      },
    ],
  },
);

describe('eslint.config.js wiring of verba/shell-layers', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
  const messages = async (rel: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
    return result!.messages.filter((m) => m.ruleId === 'verba/shell-layers').map((m) => m.message);
  };

  it('fails npm test on a new upward import into app/, and passes the real folders', async () => {
    expect(await messages('shell/src/profile/ProfilePage.tsx', "import { Header } from '../app/Header';\n")).toEqual([
      expect.stringMatching(/shell\/src\/profile must not import the app/),
    ]);
    expect(await messages('shell/src/profile/ProfilePage.tsx', "import { PATHS } from '../routing/paths';\n")).toEqual([]);
  });
});
