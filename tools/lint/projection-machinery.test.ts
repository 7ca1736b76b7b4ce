import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from './projection-machinery.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules!['no-projection-machinery']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const QUERIES = 'services/src/contexts/vocabulary/queries.ts';
const options = [{ root: ROOT, allow: [QUERIES] }];
const PROJECTION = at('services/src/contexts/library/projections/reading.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba-projections/no-projection-machinery',
  rule,
  {
    valid: [
      {
        name: 'a declared projection',
        filename: PROJECTION,
        code: "import { defineProjection, upsert, when } from '../../../platform/projections/declare';",
        options,
      },
      {
        name: 'a file on the allow-list that still imports a cache',
        filename: at(QUERIES),
        code: "import type { ReadCache } from '../../platform/projections/read-cache';",
        options,
      },
      { name: 'reading event data', filename: PROJECTION, code: 'const d = readEventData(UserDeleted, e);', options },
    ],
    invalid: [
      {
        name: 'a cache patched by hand',
        filename: PROJECTION,
        code: "import { ReadCache } from '../../../platform/projections/read-cache';",
        options,
        errors: [{ messageId: 'imported', data: { module: 'read-cache' } }],
      },
      {
        name: 'batching and bulk loads',
        filename: PROJECTION,
        code: "import { latestRowsStatements } from '../../../platform/projections/bulk-load';\nexport { BatchGroup } from '../../../platform/projections/batch-group.js';",
        options,
        errors: [{ messageId: 'imported' }, { messageId: 'imported' }],
      },
      {
        name: 'the admin pages cache and the projected read cache',
        filename: at('services/src/contexts/learning/domain/course-cache.ts'),
        code: "import { adminReads } from '../../platform/projections/admin-reads';\nconst m = import('../../../platform/projections/projected-read-cache');",
        options,
        errors: [{ messageId: 'imported' }, { messageId: 'imported' }],
      },
      {
        name: 'the validation mode set by a context',
        filename: PROJECTION,
        code: 'const facts = trustingAppendValidation(() => events.map(decode));\nconst b = events_.trustingAppendValidation(f);',
        options,
        errors: [{ messageId: 'validation' }, { messageId: 'validation' }],
      },
      {
        name: 'an allow-listed file that no longer imports the machinery',
        filename: at(QUERIES),
        code: "import { dictionaryKey } from './projections/dictionary';",
        options,
        errors: [{ messageId: 'stale' }],
      },
    ],
  },
);
