// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './tools/lint/boundaries.js';
import commandIds from './tools/lint/command-ids.js';
import shellLayers from './tools/lint/shell-layers.js';
import eventOwnership from './tools/lint/event-ownership.js';
import projectionMachinery from './tools/lint/projection-machinery.js';
import declaredReads from './tools/lint/declared-reads.js';
import moduleState from './tools/lint/module-state.js';
import contractCalls from './tools/lint/contract-calls.js';
import featureFolders from './tools/lint/feature-folders.js';
import kitFreshness from './tools/lint/kit-freshness.js';
import { ratchetBlocks } from './tools/lint/ratchet.js';
import reactHooks from 'eslint-plugin-react-hooks';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The project's own rules, as one plugin (a plugin name can be defined once). */
const verba = {
  meta: { name: 'verba', version: '0.1.0' },
  rules: {
    ...boundaries.rules,
    ...commandIds.rules,
    ...shellLayers.rules,
    ...contractCalls.rules,
    ...featureFolders.rules,
    ...kitFreshness.rules,
  },
};

const ASYNC_CONTEXT = 'Promise hooks slow every request: pass what the work needs (who asked) as an argument.';
const OPTIONAL = 'An optional adapter: load it with `await import(...)` where its configuration is set, so the default does not carry it.';

const JS_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx'];
const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
/** The front end: the shell, its kit and every fragment. */
const FRONT_END = ['shell', 'mfe-*'].flatMap((dir) => [`${dir}/**/*.ts`, `${dir}/**/*.tsx`]);
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];

/** Node globals for plain-JS tooling files (TS files get no-undef turned off by typescript-eslint). */
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'AbortController',
    'AbortSignal',
    'TextEncoder',
    'TextDecoder',
    'structuredClone',
    'queueMicrotask',
    'fetch',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
  ].map((name) => [name, /** @type {const} */ ('readonly')]),
);

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/build/',
    '**/out/',
    '**/coverage/',
    '**/.verba/',
    '**/test-results/',
    '**/playwright-report/',
    '**/.cache/',
    '**/.vite/',
    '**/@mf-types/',
    '**/.__mf__temp/',
    '**/.generated-client-*/', // runtime/generated-client.test.ts's scratch folder
    '**/*.d.ts',
  ]),

  {
    name: 'verba/javascript',
    files: [...JS_FILES, ...TS_FILES],
    extends: [js.configs.recommended],
  },
  {
    name: 'verba/javascript-globals',
    files: JS_FILES,
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Recommended, *not* type-checked: no parserOptions.project, so linting stays fast.
    name: 'verba/typescript',
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
  },

  {
    name: 'verba/boundaries',
    files: [...JS_FILES, ...TS_FILES],
    plugins: { verba },
    rules: {
      'verba/boundaries': ['error', { root }],
      'verba/command-ids': ['error', { root }],
      'verba/shell-layers': ['error', { root }],
    },
  },

  {
    // React's rules of hooks and the React Compiler's checks (v7's recommended set), with missing effect
    // dependencies an error too: a stale closure is a bug a test rarely catches.
    name: 'verba/react-hooks',
    files: FRONT_END,
    extends: [reactHooks.configs.flat.recommended],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // One front-end style (issue 37.5): the API only through the typed contract client; the rules'
    // own comments say why. The federation loader fetches manifests, not the API; the service worker
    // (offline reading) passes on the page's own requests, made by the contract client, and calls no route.
    name: 'verba/front-end-api',
    files: ['shell/src/**', 'mfe-*/src/**'].flatMap((dir) => [`${dir}/*.ts`, `${dir}/*.tsx`]),
    ignores: TESTS,
    plugins: { verba },
    rules: { 'verba/contract-calls': ['error', { root, allow: ['shell/src/federation/', 'shell/src/offline/sw.ts'] }] },
  },
  {
    // One freshness mechanism (issue 37.5): no hand-patched query cache, polling or positions by hand
    // outside the kit (tools/lint/kit-freshness.js). Each file still allowed says why it remains.
    name: 'verba/kit-freshness',
    files: ['shell/src/**', 'mfe-*/src/**'].flatMap((dir) => [`${dir}/*.ts`, `${dir}/*.tsx`]),
    ignores: TESTS,
    plugins: { verba },
    rules: {
      'verba/kit-freshness': [
        'error',
        {
          root,
          // A game round held where it started uses the kit's useHeldPosition: nothing is allowed any more.
          allow: [],
        },
      ],
    },
  },
  {
    name: 'verba/feature-folders',
    files: ['mfe-*/src/features/**/*.ts', 'mfe-*/src/features/**/*.tsx'],
    ignores: TESTS,
    plugins: { verba },
    rules: { 'verba/feature-folders': ['error', { root }] },
  },
  // Files still being migrated, per package (tools/lint/ratchet/<package>.json); must come last.
  ...ratchetBlocks(root),

  {
    // Each event is declared once, in its context; others import it from that context's published.ts.
    name: 'verba/event-ownership',
    files: ['services/src/contexts/**/*.ts'],
    plugins: { 'verba-events': eventOwnership },
    rules: {
      'verba-events/no-foreign-event-type': ['error', { root }],
    },
  },

  {
    // Projections are declared (event -> row changes) and the platform batches, folds and caches (issue 37.2): no
    // context imports a cache, batching or bulk loads, or sets the validation mode.
    name: 'verba/projection-machinery',
    files: ['services/src/contexts/**/*.ts'],
    plugins: { 'verba-projections': projectionMachinery },
    rules: {
      'verba-projections/no-projection-machinery': [
        'error',
        {
          root,
          // Not converted yet; take a file off once it no longer imports the machinery (the rule says when).
          allow: [],
        },
      ],
    },
  },

  {
    // Read-your-writes is declared where a route is registered (its `reads`), and the platform waits (issue 37.1).
    name: 'verba/declared-reads',
    files: ['services/src/contexts/**/*.ts'],
    ignores: ['services/src/contexts/**/*.test.ts'],
    plugins: { 'verba-freshness': declaredReads },
    rules: { 'verba-freshness/declared-reads': 'error' },
  },

  {
    // No module-level singletons in contexts (issue 37.3): per-runtime state lives in the instance the platform
    // creates, not in the file (two runtimes in one process would share it).
    name: 'verba/module-state',
    files: ['services/src/contexts/**/*.ts'],
    ignores: ['services/src/contexts/**/*.test.ts'],
    plugins: { 'verba-module-state': moduleState },
    rules: {
      'verba-module-state/no-module-state': [
        'error',
        {
          root,
          allow: [
            // Pure resources loaded once and never changed after: the same for every runtime.
            'services/src/contexts/practice/domain/anki-package.ts', // the sql.js WebAssembly module, loaded on first import
            'services/src/contexts/identity/domain/passwords.ts', // a dummy hash for timing-safe unknown-user sign-ins
            'services/src/contexts/library/seed.ts', // the demo library's files, read once
            'services/src/contexts/learning/seed.ts', // the demo courses' files, read once
            'services/src/contexts/library/domain/word-ranks.ts', // each language's word-frequency list, read once
          ],
        },
      ],
    },
  },

  {
    // SDKs of optional adapters load with dynamic import() when their configuration is set: the embedded
    // default never uses them, and loading them all cost it about 30 MB of steady memory and 0.9 s of start.
    name: 'verba/optional-sdks',
    files: ['services/src/**/*.ts'],
    ignores: [
      'services/src/**/*.test.ts',
      'services/src/platform/event-store/eventstoredb/*.ts',
      'services/src/platform/integration/kafka.ts',
      'services/src/platform/mail/smtp.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@eventstore/db-client', 'kafkajs', 'openai', 'nodemailer', 'ioredis', 'graphql-yoga', 'stripe'].map((name) => ({
            name,
            allowTypeImports: true,
            message: OPTIONAL,
          })),
          patterns: [
            {
              group: ['@aws-sdk/*', '**/eventstoredb/adapter', '**/eventstoredb/mapping', '**/integration/kafka', '**/mail/smtp', './smtp'],
              allowTypeImports: true,
              message: OPTIONAL,
            },
          ],
        },
      ],
    },
  },
  {
    // An AsyncLocalStorage or async hook turns on Node's promise hooks for every promise in the process
    // (Node 20 and 22): the request scope they once carried cost the API an eighth of its CPU a mark.
    // Who asked travels as an argument instead (handleCommand's `actor`).
    name: 'verba/no-async-context',
    files: ['services/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:async_hooks', 'async_hooks'].map((name) => ({
          name,
          importNames: ['AsyncLocalStorage', 'AsyncResource', 'createHook'],
          message: ASYNC_CONTEXT,
        })),
      ],
    },
  },
);
