import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import kitFreshness from './kit-freshness.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = kitFreshness.rules!['kit-freshness']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const HELD = 'mfe-practice/src/shared/use-round-query.ts';
const options = [{ root: ROOT, allow: [{ file: HELD, why: 'a round held at its start' }] }];

const SHELL = at('shell/src/billing/SubscribePage.tsx');
const READER = at('mfe-reader/src/features/reader/api/reader-api.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba/kit-freshness',
  rule,
  {
    valid: [
      {
        name: 'reads and writes through the kit',
        filename: READER,
        code: "import { optimisticMarks, useCommand, useOpenedAt, useRouteQuery } from '@verba/kit/query';\nuseRouteQuery(getArticle, { params: { id } });",
        options,
      },
      {
        name: 'the kit itself patches the cache',
        filename: at('shell/kit/src/query/word-marks.ts'),
        code: 'queryClient.setQueriesData(k, f);',
        options,
      },
      {
        name: 'the kit itself polls',
        filename: at('shell/kit/src/query/queries.ts'),
        code: 'useQuery({ refetchInterval: 1000 });',
        options,
      },
      { name: 'an allow-listed file', filename: at(HELD), code: "import { useMinPosition } from '@verba/kit/query';", options },
      { name: 'reading the cache is not patching it', filename: READER, code: 'queryClient.getQueriesData(k);', options },
    ],
    invalid: [
      { name: 'setQueryData', filename: READER, code: 'queryClient.setQueryData(key, data);', options, errors: [{ messageId: 'patch' }] },
      { name: 'setQueriesData', filename: READER, code: 'client.setQueriesData(filter, f);', options, errors: [{ messageId: 'patch' }] },
      {
        name: 'invalidateQueries',
        filename: SHELL,
        code: 'queryClient.invalidateQueries({ queryKey });',
        options,
        errors: [{ messageId: 'patch' }],
      },
      {
        name: 'polling',
        filename: SHELL,
        code: 'useRouteQuery(r, {}, { refetchInterval: 1000 });',
        options,
        errors: [{ messageId: 'poll' }],
      },
      {
        name: 'a position by hand',
        filename: READER,
        code: "import { useMinPosition } from '@verba/kit/query';",
        options,
        errors: [{ messageId: 'hand', data: { name: 'useMinPosition' } }],
      },
      {
        name: 'URL-prefix invalidation',
        filename: SHELL,
        code: "import { invalidatePaths } from '@verba/kit/query';",
        options,
        errors: [{ messageId: 'hand', data: { name: 'invalidatePaths' } }],
      },
    ],
  },
);
