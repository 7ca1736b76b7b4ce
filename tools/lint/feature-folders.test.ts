import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import featureFolders from './feature-folders.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = featureFolders.rules!['feature-folders']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT }];

const COMPONENT = at('mfe-admin/src/features/languages/LanguagesPage.tsx');
const API = at('mfe-admin/src/features/languages/api/languages.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba/feature-folders',
  rule,
  {
    valid: [
      { name: "a component uses its feature's api", filename: COMPONENT, code: "import { useLanguages } from './api/languages';", options },
      {
        name: 'the api folder calls the API',
        filename: API,
        code: "import { useRouteQuery, useCommand } from '@verba/kit/query';\nimport { client } from '@verba/kit';",
        options,
      },
      { name: 'a component uses the kit', filename: COMPONENT, code: "import { Button, toast } from '@verba/kit';", options },
      { name: 'types are not calls', filename: COMPONENT, code: "import type { client } from '@verba/kit';", options },
      { name: "the fragment's shared code", filename: COMPONENT, code: "import { PATHS } from '../../routing/paths';", options },
      {
        name: 'outside features/ the rule does not apply',
        filename: at('mfe-admin/src/AdminApp.tsx'),
        code: "import { CoursesPage } from './features/courses/CoursesPage';\nimport { useRouteQuery } from '@verba/kit/query';",
        options,
      },
      {
        name: 'another fragment has its own features',
        filename: COMPONENT,
        code: "import type { X } from '../../../../mfe-reader/src/features/reader/x';",
        options,
      },
    ],
    invalid: [
      {
        name: 'a feature imports another feature',
        filename: COMPONENT,
        code: "import { useCourses } from '../courses/api/courses';",
        options,
        errors: [{ messageId: 'crossFeature', data: { from: 'languages', to: 'courses', source: '../courses/api/courses' } }],
      },
      {
        name: "a feature's api re-exports another feature",
        filename: API,
        code: "export { useCourses } from '../../courses/api/courses';",
        options,
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        name: 'a lazy import of another feature',
        filename: COMPONENT,
        code: "const Page = lazy(() => import('../courses/CoursesPage'));",
        options,
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        name: 'a component calls the kit hooks',
        filename: COMPONENT,
        code: "import { useRouteQuery, useCommand, keepPrevious } from '@verba/kit/query';",
        options,
        errors: [{ messageId: 'apiOutsideApi' }, { messageId: 'apiOutsideApi' }],
      },
      {
        name: 'a component calls the client',
        filename: at('mfe-reader/src/features/reader/components/ReaderPage.tsx'),
        code: "import { client, Button } from '@verba/kit';",
        options,
        errors: [{ messageId: 'apiOutsideApi', data: { name: 'client', source: '@verba/kit', feature: 'reader' } }],
      },
      {
        name: "a component uses the kit's other reads",
        filename: COMPONENT,
        code: "import { fetchRoute, useRouteQueryUntil } from '@verba/kit/query';\nimport { readRoute } from '@verba/kit';",
        options,
        errors: [
          { messageId: 'apiOutsideApi', data: { name: 'fetchRoute', source: '@verba/kit/query', feature: 'languages' } },
          { messageId: 'apiOutsideApi', data: { name: 'useRouteQueryUntil', source: '@verba/kit/query', feature: 'languages' } },
          { messageId: 'apiOutsideApi', data: { name: 'readRoute', source: '@verba/kit', feature: 'languages' } },
        ],
      },
      {
        name: 'a component reaches into the query cache',
        filename: COMPONENT,
        code: "import { useQueryClient } from '@tanstack/react-query';",
        options,
        errors: [{ messageId: 'apiOutsideApi' }],
      },
      {
        name: 'an api.ts file is not the api/ folder',
        filename: at('mfe-admin/src/features/languages/api.ts'),
        code: "import { useRouteQuery } from '@verba/kit/query';",
        options,
        errors: [{ messageId: 'apiOutsideApi' }],
      },
    ],
  },
);
