// @ts-check
/**
 * Local ESLint plugin enforcing Verba's architectural import boundaries.
 *
 * Every import specifier (static import, `export ... from`, `import()`,
 * `require()`, `import x = require()`, `import('...')` types) is resolved to
 * the place it points at, and both the importing file and the target are
 * classified into an *area* of the monorepo:
 *
 *   services/src/contexts/<name>/**   context <name>   (bounded context; other contexts may import only
 *                                     its published.ts, the events it lets them read)
 *   services/test-support/contexts/<name>/**  context <name> (its tests' helpers: same boundaries)
 *   services/test-support/**          testSupport      (test servers, fakes, fixtures: never production code)
 *   services/src/platform/**          platform
 *   services/** (anything else)       services         (runtime, bench, ...)
 *   contracts/**                      contracts        (@verba/contracts)
 *   shell/kit/**                      kit              (@verba/kit)
 *   shell/** (anything else)          shell            (@verba/shell)
 *   mfe-<name>/**                     fragment mfe-<name> (@verba/mfe-<name>)
 *   deploy/**                         deploy
 *
 * Relative and absolute specifiers are resolved with
 * `path.resolve(path.dirname(filename), source)`; `@verba/<pkg>[/sub]` is
 * mapped to the package's directory (see PACKAGE_DIRS). Anything else is an
 * external module (npm package or Node built-in).
 *
 * Type-only imports are checked too: a type import still couples the code.
 *
 * Only tests (`*.test.*`), the browser journeys' support (shell/e2e), benchmarks (services/bench) and test
 * support itself may import services/test-support, so no production entry point can reach a fake or a fixture.
 */
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Workspace package name -> directory relative to the repo root. `@verba/<x>` not listed maps to `<x>`. */
export const PACKAGE_DIRS = Object.freeze({
  '@verba/kit': 'shell/kit',
});

/** npm packages that must never be imported by contracts/src (server-only). Subpaths are included. */
export const CONTRACTS_FORBIDDEN_PACKAGES = Object.freeze(['pg', 'knex', 'fastify']);

const BUILTINS = new Set(builtinModules);
const FRAGMENT_DIR = /^mfe-[^/]+$/;
const SOURCE_EXT = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const TEST_SUPPORT = 'services/test-support/';

/**
 * @typedef {{ area: 'context', name: string, rel: string }
 *   | { area: 'platform' | 'services' | 'testSupport' | 'contracts' | 'kit' | 'shell' | 'deploy' | 'root', rel: string }
 *   | { area: 'fragment', name: string, rel: string }} Place
 */

/**
 * Classify an absolute path into an area of the monorepo, or null when outside it.
 * @param {string} root absolute repo root
 * @param {string} absPath absolute path
 * @returns {Place | null}
 */
export function classify(root, absPath) {
  const relNative = path.relative(root, absPath);
  if (relNative === '' || relNative.startsWith('..') || path.isAbsolute(relNative)) return null;
  const rel = relNative.split(path.sep).join('/');
  const [top, second, third, fourth] = rel.split('/');
  switch (top) {
    case 'services':
      if (second === 'src' && third === 'contexts' && fourth) {
        return { area: 'context', name: fourth.replace(SOURCE_EXT, ''), rel };
      }
      if (second === 'src' && third === 'platform') return { area: 'platform', rel };
      if (second === 'test-support') {
        if (third === 'contexts' && fourth) return { area: 'context', name: fourth.replace(SOURCE_EXT, ''), rel };
        return { area: 'testSupport', rel };
      }
      return { area: 'services', rel };
    case 'contracts':
      return { area: 'contracts', rel };
    case 'shell':
      return second === 'kit' ? { area: 'kit', rel } : { area: 'shell', rel };
    case 'deploy':
      return { area: 'deploy', rel };
    default:
      if (top && FRAGMENT_DIR.test(top)) return { area: 'fragment', name: top, rel };
      return { area: 'root', rel };
  }
}

/**
 * Resolve an import specifier to an absolute path inside the repo, or null for external modules.
 * @param {string} root
 * @param {string} filename absolute path of the importing file
 * @param {string} source the import specifier
 * @returns {string | null}
 */
export function resolveSpecifier(root, filename, source) {
  if (source.startsWith('.') || path.isAbsolute(source)) {
    return path.resolve(path.dirname(filename), source);
  }
  if (source.startsWith('file:')) {
    try {
      return fileURLToPath(source);
    } catch {
      return null;
    }
  }
  if (source.startsWith('@verba/')) {
    const [scope, name, ...rest] = source.split('/');
    const pkg = `${scope}/${name}`;
    const dir = /** @type {Record<string, string>} */ (PACKAGE_DIRS)[pkg] ?? name ?? '';
    return path.join(root, dir, ...rest);
  }
  return null;
}

/** @param {string} source */
function isNodeBuiltin(source) {
  return source.startsWith('node:') || BUILTINS.has(source) || BUILTINS.has(source.split('/')[0] ?? '');
}

/** @param {string} source */
function forbiddenContractsPackage(source) {
  return CONTRACTS_FORBIDDEN_PACKAGES.find((p) => source === p || source.startsWith(`${p}/`));
}

/**
 * A context's `published.ts`: the events it lets other contexts read (the one file of it they may import).
 * @param {{ name: string, rel: string }} to
 */
export function isPublished(to) {
  return to.rel.replace(SOURCE_EXT, '') === `services/src/contexts/${to.name}/published`;
}

/**
 * Tests, benchmarks and test support itself; production code never reaches test support.
 * @param {Place} from
 */
export function mayUseTestSupport(from) {
  return (
    TEST_FILE.test(from.rel) ||
    from.rel.startsWith(TEST_SUPPORT) ||
    from.rel.startsWith('services/bench/') ||
    from.rel.startsWith('shell/e2e/')
  );
}

/**
 * Decide whether `from` may import `to`. Returns a messageId + data, or null when allowed.
 * @param {Place} from
 * @param {Place} to
 * @returns {{ messageId: string, data: Record<string, string> } | null}
 */
export function checkEdge(from, to) {
  const target = to.rel;
  if (to.rel.startsWith(TEST_SUPPORT) && !mayUseTestSupport(from)) {
    return { messageId: 'testSupportInProduction', data: { target } };
  }
  switch (from.area) {
    case 'context':
      if (to.area === 'testSupport') return null;
      if (to.area === 'context') {
        if (to.name === from.name || isPublished(to)) return null;
        return { messageId: 'crossContext', data: { from: from.name, to: to.name, target } };
      }
      if (to.area === 'platform' || to.area === 'contracts' || to.area === 'root') return null;
      return { messageId: 'contextOutside', data: { from: from.name, target } };
    case 'platform':
      return to.area === 'context' ? { messageId: 'platformToContext', data: { to: to.name, target } } : null;
    case 'fragment':
      if (to.area === 'fragment') {
        return to.name === from.name ? null : { messageId: 'crossFragment', data: { from: from.name, to: to.name, target } };
      }
      if (to.area === 'shell') return { messageId: 'fragmentToShell', data: { from: from.name, target } };
      if (to.area === 'services' || to.area === 'testSupport' || to.area === 'platform' || to.area === 'context' || to.area === 'deploy') {
        return { messageId: 'fragmentOutside', data: { from: from.name, target } };
      }
      return null;
    case 'shell':
    case 'kit':
      return to.area === 'fragment' ? { messageId: 'shellToFragment', data: { to: to.name, target } } : null;
    case 'contracts':
      if (to.area === 'contracts' || to.area === 'root') return null;
      return { messageId: 'contractsImpure', data: { target } };
    default:
      return null;
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const boundariesRule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Enforce Verba architecture boundaries between bounded contexts, platform, contracts, shell and fragments',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      crossContext:
        "Bounded context '{{from}}' must not import from bounded context '{{to}}' ('{{source}}' -> {{target}}). " +
        'Contexts are isolated: read its published events (services/src/contexts/{{to}}/published.ts), @verba/contracts (integration events, HTTP contracts) or shared code in services/src/platform.',
      testSupportInProduction:
        "Production code must not import test support ('{{source}}' -> {{target}}): only *.test.* files, shell/e2e, " +
        'services/bench and services/test-support itself may.',
      contextOutside:
        "Bounded context '{{from}}' may only import from its own context, services/src/platform/** and @verba/contracts, " +
        "but '{{source}}' resolves to {{target}}.",
      platformToContext:
        "services/src/platform must not import from bounded context '{{to}}' ('{{source}}' -> {{target}}). " +
        'Platform code has no domain knowledge: invert the dependency (port/callback) or move the code into the context.',
      crossFragment:
        "Fragment '{{from}}' must not import from fragment '{{to}}' ('{{source}}' -> {{target}}). " +
        'Fragments are independent Module Federation remotes: talk through the shell API in @verba/contracts and @verba/kit.',
      fragmentToShell:
        "Fragment '{{from}}' must not import shell source ('{{source}}' -> {{target}}). " +
        'Use the shell API in @verba/contracts and the @verba/kit package.',
      fragmentOutside:
        "Fragment '{{from}}' must not import server/deploy code ('{{source}}' -> {{target}}). " +
        'Fragments may import their own source, @verba/kit and @verba/contracts.',
      shellToFragment:
        "The shell must not import fragment source ('{{source}}' -> {{target}}): fragments are loaded at runtime via Module Federation.",
      contractsImpure:
        "@verba/contracts must stay pure (it is shared by server and browser): it must not import from {{target}} ('{{source}}').",
      contractsNodeBuiltin:
        "contracts/src must stay runtime-neutral: Node built-in '{{source}}' is not allowed (contracts also runs in the browser).",
      contractsServerPackage: "contracts/src must stay runtime-neutral: server-only package '{{pkg}}' ('{{source}}') is not allowed.",
    },
  },

  create(context) {
    const options = /** @type {{ root?: string } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    const filename = context.filename;
    if (!path.isAbsolute(filename)) return {}; // <input>, <text> and similar
    const from = classify(root, filename);
    if (!from || from.area === 'root' || from.area === 'deploy') return {};
    const inContractsSrc = from.area === 'contracts' && from.rel.startsWith('contracts/src/');

    /**
     * @param {import('estree').Node | null | undefined} node
     */
    function check(node) {
      if (!node) return;
      /** @type {string | undefined} */
      let source;
      if (node.type === 'Literal' && typeof node.value === 'string') source = node.value;
      else if (node.type === 'TemplateLiteral' && node.expressions.length === 0) source = node.quasis[0]?.value.cooked ?? undefined;
      if (source === undefined) return;

      const abs = resolveSpecifier(root, filename, source);
      if (abs === null) {
        if (!inContractsSrc) return;
        if (isNodeBuiltin(source)) {
          context.report({ node, messageId: 'contractsNodeBuiltin', data: { source } });
          return;
        }
        const pkg = forbiddenContractsPackage(source);
        if (pkg) context.report({ node, messageId: 'contractsServerPackage', data: { source, pkg } });
        return;
      }
      const to = classify(root, abs);
      if (!to || !from) return;
      const problem = checkEdge(from, to);
      if (problem) context.report({ node, messageId: problem.messageId, data: { ...problem.data, source } });
    }

    /** @type {import('eslint').Rule.RuleListener} */
    const listener = {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type !== 'SpreadElement') {
          check(node.arguments[0]);
        }
      },
    };
    // TypeScript-only syntax (typescript-eslint AST): `import x = require('...')` and `import('...')` types.
    /** @type {Record<string, (node: any) => void>} */
    const tsListener = {
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference?.type === 'TSExternalModuleReference') check(node.moduleReference.expression);
      },
      TSImportType: (node) => {
        // typescript-eslint >= 8.x exposes `source`; `argument` (TSLiteralType) is the deprecated fallback.
        if (node.source) check(node.source);
        else if (node.argument?.type === 'TSLiteralType') check(node.argument.literal);
      },
    };
    return { ...listener, ...tsListener };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-boundaries', version: '0.1.0' },
  rules: { boundaries: boundariesRule },
};

export default plugin;
