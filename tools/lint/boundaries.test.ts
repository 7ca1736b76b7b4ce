import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from './boundaries.js';

// Let RuleTester register its cases as vitest tests.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = boundaries.rules!['boundaries']!;

/* ------------------------------------------------------------------------ */
/* Unit: the rule against virtual files in a fake monorepo root.             */
/* ------------------------------------------------------------------------ */

const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT }];

const CATALOG = at('services/src/contexts/catalog/application/handlers/add-text.ts');
const CATALOG_TOP = at('services/src/contexts/catalog/index.ts');
const PLATFORM = at('services/src/platform/event-store/postgres/adapter.ts');
const READER = at('mfe-reader/src/components/reader-view.tsx');
const SHELL = at('shell/src/bootstrap.ts');
const KIT = at('shell/kit/src/index.ts');
const CONTRACTS = at('contracts/src/domain/words.ts');

const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});

ruleTester.run('verba/boundaries', rule, {
  valid: [
    // Bounded context: own context, platform and contracts are fine.
    { name: 'context -> same context (sibling)', filename: CATALOG, code: "import { x } from './validate';", options },
    { name: 'context -> same context (up and down)', filename: CATALOG, code: "import { Text } from '../../domain/text';", options },
    { name: 'context -> same context via its index', filename: CATALOG, code: "import { catalog } from '../..';", options },
    {
      name: 'context -> platform',
      filename: CATALOG,
      code: "import type { EventStore } from '../../../../platform/event-store/port';",
      options,
    },
    { name: 'context -> @verba/contracts', filename: CATALOG, code: "import { Level } from '@verba/contracts/domain';", options },
    { name: 'context -> npm package', filename: CATALOG, code: "import { z } from 'zod';", options },
    // Another context's published events (its published.ts) are the one file of it a context may import.
    { name: 'context -> other context published.ts', filename: CATALOG_TOP, code: "import { Paid } from '../billing/published';", options },
    {
      name: 'context -> other context published.ts (deep, extension)',
      filename: CATALOG,
      code: "import type { Paid } from '../../../billing/published.ts';",
      options,
    },
    // Test support (services/test-support): tests, benchmarks and test support itself may use it.
    {
      name: 'context test -> test support',
      filename: at('services/src/contexts/catalog/routes.test.ts'),
      code: "import { createTestApp } from '../../../test-support/platform/test-app';",
      options,
    },
    {
      name: 'context test -> its own context test support',
      filename: at('services/src/contexts/catalog/routes.test.ts'),
      code: "import { app } from '../../../test-support/contexts/catalog/app';",
      options,
    },
    {
      name: 'platform test -> test support',
      filename: at('services/src/platform/cache/memory.test.ts'),
      code: "import { suite } from '../../../test-support/platform/cache-contract-suite';",
      options,
    },
    {
      name: 'context test support -> its context and platform test support',
      filename: at('services/test-support/contexts/catalog/app.ts'),
      code: "import { m } from '../../../src/contexts/catalog/module';\nimport { createTestApp } from '../../platform/test-app';",
      options,
    },
    {
      name: 'bench -> test support',
      filename: at('services/bench/event-store/rebuild.ts'),
      code: "import { tally } from '../../test-support/platform/tally-projection';",
      options,
    },
    {
      name: 'browser journey support -> test support',
      filename: at('shell/e2e/support/verba.ts'),
      code: "import { freePort } from '../../../services/test-support/platform/free-port';",
      options,
    },
    // Platform: anything but contexts.
    { name: 'platform -> platform', filename: PLATFORM, code: "import { Db } from '../../db/knex';", options },
    { name: 'platform -> contracts', filename: PLATFORM, code: "import { Level } from '@verba/contracts';", options },
    // Fragments.
    { name: 'fragment -> @verba/kit', filename: READER, code: "import { useShell } from '@verba/kit';", options },
    { name: 'fragment -> @verba/contracts', filename: READER, code: "import type { ShellApi } from '@verba/contracts';", options },
    { name: 'fragment -> own source', filename: READER, code: "import { Word } from '../words/word';", options },
    { name: 'fragment -> own package name', filename: READER, code: "import { Word } from '@verba/mfe-reader/src/words/word';", options },
    { name: 'shell -> kit', filename: SHELL, code: "import { createKit } from '../kit/src/index';", options },
    { name: 'shell -> contracts', filename: SHELL, code: "import type { ShellApi } from '@verba/contracts';", options },
    // Contracts.
    { name: 'contracts -> contracts', filename: CONTRACTS, code: "import { Level } from './levels';", options },
    { name: 'contracts -> zod', filename: CONTRACTS, code: "import { z } from 'zod';", options },
    // Files outside the areas are not restricted.
    {
      name: 'services runtime -> context',
      filename: at('services/src/runtime/main.ts'),
      code: "import { catalog } from '../contexts/catalog';",
      options,
    },
    {
      name: 'file outside repo',
      filename: path.resolve('/elsewhere/x.ts'),
      code: "import '../virtual-repo/services/src/contexts/a/b';",
      options,
    },
  ],
  invalid: [
    // Production code never imports test support.
    {
      name: 'context production file -> test support',
      filename: CATALOG_TOP,
      code: "import { createTestApp } from '../../../test-support/platform/test-app';",
      options,
      errors: [
        {
          messageId: 'testSupportInProduction',
          data: { source: '../../../test-support/platform/test-app', target: 'services/test-support/platform/test-app' },
        },
      ],
    },
    {
      name: 'platform and runtime production files -> test support',
      filename: at('services/src/runtime/main.ts'),
      code: "import { fake } from '../../test-support/contexts/translation/fake-openai-server';\nimport { db } from '../../test-support/platform/databases';",
      options,
      errors: [{ messageId: 'testSupportInProduction' }, { messageId: 'testSupportInProduction' }],
    },
    {
      name: "context test -> another context's test support",
      filename: at('services/src/contexts/catalog/routes.test.ts'),
      code: "import { app } from '../../../test-support/contexts/billing/app';",
      options,
      errors: [{ messageId: 'crossContext' }],
    },
    {
      name: 'fragment test -> test support',
      filename: at('mfe-reader/src/app.test.tsx'),
      code: "import { db } from '../../services/test-support/platform/databases';",
      options,
      errors: [{ messageId: 'fragmentOutside' }],
    },
    // Anything of another context but its top-level published.ts.
    {
      name: 'context -> other context events.ts',
      filename: CATALOG_TOP,
      code: "import { Paid } from '../billing/events';",
      options,
      errors: [
        {
          messageId: 'crossContext',
          data: { from: 'catalog', to: 'billing', source: '../billing/events', target: 'services/src/contexts/billing/events' },
        },
      ],
    },
    {
      name: 'context -> a published.ts not at the top of the other context',
      filename: CATALOG_TOP,
      code: "import { Paid } from '../billing/projections/published';",
      options,
      errors: [{ messageId: 'crossContext' }],
    },
    // Cross-context imports.
    {
      name: 'context -> other context (relative)',
      filename: CATALOG_TOP,
      code: "import { Invoice } from '../billing/domain/invoice';",
      options,
      errors: [
        {
          messageId: 'crossContext',
          data: {
            from: 'catalog',
            to: 'billing',
            source: '../billing/domain/invoice',
            target: 'services/src/contexts/billing/domain/invoice',
          },
        },
      ],
    },
    {
      name: 'context -> other context (deep relative)',
      filename: CATALOG,
      code: "import { Invoice } from '../../../billing/domain/invoice';",
      options,
      errors: [
        {
          messageId: 'crossContext',
          data: {
            from: 'catalog',
            to: 'billing',
            source: '../../../billing/domain/invoice',
            target: 'services/src/contexts/billing/domain/invoice',
          },
        },
      ],
    },
    {
      name: 'context -> other context (relative via platform path)',
      filename: CATALOG,
      code: "import { Invoice } from '../../../../platform/../contexts/billing/domain/invoice';",
      options,
      errors: [{ messageId: 'crossContext' }],
    },
    {
      name: 'context -> other context (package path)',
      filename: CATALOG,
      code: "import { Invoice } from '@verba/services/src/contexts/billing/domain/invoice';",
      options,
      errors: [{ messageId: 'crossContext' }],
    },
    {
      name: 'context -> other context (absolute path)',
      filename: CATALOG,
      code: `import { Invoice } from ${JSON.stringify(at('services/src/contexts/billing/domain/invoice.ts'))};`,
      options,
      errors: [{ messageId: 'crossContext' }],
    },
    {
      name: 'context -> other context (type-only, re-export, dynamic import, require, import type)',
      filename: CATALOG,
      code: [
        "import type { Invoice } from '../../../billing/domain/invoice';",
        "export * from '../../../billing/domain/invoice';",
        "export { pay } from '../../../billing/application/pay';",
        "const m = await import('../../../billing/index');",
        "const r = require('../../../billing/index');",
        "type T = typeof import('../../../billing/index');",
        "import legacy = require('../../../billing/legacy');",
      ].join('\n'),
      options,
      errors: Array.from({ length: 7 }, () => ({ messageId: 'crossContext' })),
    },
    {
      name: 'context -> services runtime',
      filename: CATALOG,
      code: "import { app } from '../../../../runtime/main';",
      options,
      errors: [{ messageId: 'contextOutside' }],
    },
    // Platform has no domain knowledge.
    {
      name: 'platform -> context',
      filename: PLATFORM,
      code: "import { TextAdded } from '../../../contexts/catalog/domain/events';",
      options,
      errors: [
        {
          messageId: 'platformToContext',
          data: { to: 'catalog', source: '../../../contexts/catalog/domain/events', target: 'services/src/contexts/catalog/domain/events' },
        },
      ],
    },
    // Fragments.
    {
      name: 'fragment -> other fragment (package name)',
      filename: READER,
      code: "import { Deck } from '@verba/mfe-learn';",
      options,
      errors: [
        {
          messageId: 'crossFragment',
          data: { from: 'mfe-reader', to: 'mfe-learn', source: '@verba/mfe-learn', target: 'mfe-learn' },
        },
      ],
    },
    {
      name: 'fragment -> other fragment (relative)',
      filename: READER,
      code: "import { Deck } from '../../../mfe-practice/src/deck';",
      options,
      errors: [
        {
          messageId: 'crossFragment',
          data: { from: 'mfe-reader', to: 'mfe-practice', source: '../../../mfe-practice/src/deck', target: 'mfe-practice/src/deck' },
        },
      ],
    },
    {
      name: 'fragment -> shell/src (relative)',
      filename: READER,
      code: "import { router } from '../../../shell/src/router';",
      options,
      errors: [{ messageId: 'fragmentToShell' }],
    },
    {
      name: 'fragment -> shell (package name)',
      filename: READER,
      code: "import { router } from '@verba/shell/src/router';",
      options,
      errors: [{ messageId: 'fragmentToShell' }],
    },
    {
      name: 'fragment -> services',
      filename: READER,
      code: "import { x } from '@verba/services/src/platform/db/knex';",
      options,
      errors: [{ messageId: 'fragmentOutside' }],
    },
    {
      name: 'shell -> fragment source',
      filename: SHELL,
      code: "import { ReaderApp } from '../../mfe-reader/src/app';",
      options,
      errors: [
        {
          messageId: 'shellToFragment',
          data: { to: 'mfe-reader', source: '../../mfe-reader/src/app', target: 'mfe-reader/src/app' },
        },
      ],
    },
    {
      name: 'kit -> fragment (package name)',
      filename: KIT,
      code: "import { ReaderApp } from '@verba/mfe-admin';",
      options,
      errors: [{ messageId: 'shellToFragment', data: { to: 'mfe-admin', source: '@verba/mfe-admin', target: 'mfe-admin' } }],
    },
    // Contracts stay pure.
    {
      name: 'contracts -> node:fs',
      filename: CONTRACTS,
      code: "import { readFileSync } from 'node:fs';",
      options,
      errors: [{ messageId: 'contractsNodeBuiltin', data: { source: 'node:fs' } }],
    },
    {
      name: 'contracts -> bare built-in and subpath',
      filename: CONTRACTS,
      code: "import { createHash } from 'crypto';\nimport { readFile } from 'fs/promises';",
      options,
      errors: [{ messageId: 'contractsNodeBuiltin' }, { messageId: 'contractsNodeBuiltin' }],
    },
    {
      name: 'contracts -> pg, knex, fastify',
      filename: CONTRACTS,
      code: "import pg from 'pg';\nimport type { Knex } from 'knex';\nimport fastify from 'fastify';",
      options,
      errors: [
        { messageId: 'contractsServerPackage', data: { pkg: 'pg', source: 'pg' } },
        { messageId: 'contractsServerPackage', data: { pkg: 'knex', source: 'knex' } },
        { messageId: 'contractsServerPackage', data: { pkg: 'fastify', source: 'fastify' } },
      ],
    },
    {
      name: 'contracts -> services (relative)',
      filename: CONTRACTS,
      code: "import type { EventStore } from '../../../services/src/platform/event-store/port';",
      options,
      errors: [{ messageId: 'contractsImpure' }],
    },
    {
      name: 'contracts -> services, shell, kit, fragment (package names)',
      filename: CONTRACTS,
      code: ["import '@verba/services';", "import '@verba/shell';", "import '@verba/kit';", "import '@verba/mfe-practice';"].join('\n'),
      options,
      errors: Array.from({ length: 4 }, () => ({ messageId: 'contractsImpure' })),
    },
  ],
});

/* ------------------------------------------------------------------------ */
/* Integration: the real eslint.config.js, virtual files in the real repo.   */
/* ------------------------------------------------------------------------ */

describe('eslint.config.js wiring', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });

  async function boundaryMessages(rel: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, rel) });
    expect(result, `no lint result for ${rel}`).toBeDefined();
    return result!.messages.filter((m) => m.ruleId === 'verba/boundaries').map((m) => m.message);
  }

  it('reports a relative cross-context import', async () => {
    const messages = await boundaryMessages('services/src/contexts/catalog/domain/text.ts', "import '../../billing/domain/invoice';");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Bounded context 'catalog' must not import from bounded context 'billing'/);
  });

  it('reports a deep relative cross-context import', async () => {
    const messages = await boundaryMessages(
      'services/src/contexts/catalog/application/handlers/add-text.ts',
      "import '../../../billing/domain/invoice';",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/bounded context 'billing'/);
  });

  it('allows same-context, platform and contracts imports', async () => {
    const messages = await boundaryMessages(
      'services/src/contexts/catalog/application/handlers/add-text.ts',
      [
        "import '../../domain/text';",
        "import './validate';",
        "import '../../../../platform/event-store/port';",
        "import '@verba/contracts';",
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('reports platform -> context', async () => {
    const messages = await boundaryMessages(
      'services/src/platform/projections/runner.ts',
      "import '../../contexts/catalog/domain/events';",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/services\/src\/platform must not import from bounded context 'catalog'/);
  });

  it('reports fragment -> fragment by package name and by relative path', async () => {
    const messages = await boundaryMessages('mfe-reader/src/app.tsx', "import '@verba/mfe-learn';\nimport '../../mfe-practice/src/deck';");
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/Fragment 'mfe-reader' must not import from fragment 'mfe-learn'/);
    expect(messages[1]).toMatch(/Fragment 'mfe-reader' must not import from fragment 'mfe-practice'/);
  });

  it('allows fragment -> @verba/kit and @verba/contracts', async () => {
    const messages = await boundaryMessages('mfe-learn/src/app.tsx', "import '@verba/kit';\nimport '@verba/contracts';\nimport './deck';");
    expect(messages).toEqual([]);
  });

  it('reports fragment -> shell/src and shell -> fragment', async () => {
    expect(await boundaryMessages('mfe-admin/src/app.tsx', "import '../../shell/src/router';")).toEqual([
      expect.stringMatching(/Fragment 'mfe-admin' must not import shell source/),
    ]);
    expect(await boundaryMessages('shell/src/main.ts', "import '../../mfe-admin/src/app';")).toEqual([
      expect.stringMatching(/The shell must not import fragment source/),
    ]);
  });

  it('reports contracts -> node:fs and contracts -> services', async () => {
    const messages = await boundaryMessages(
      'contracts/src/domain/words.ts',
      "import 'node:fs';\nimport '../../../services/src/platform/event-store/port';\nimport '@verba/services';",
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/Node built-in 'node:fs' is not allowed/);
    expect(messages[1]).toMatch(/@verba\/contracts must stay pure/);
    expect(messages[2]).toMatch(/@verba\/contracts must stay pure/);
  });
});
