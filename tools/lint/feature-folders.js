// @ts-check
/**
 * Front-end rule for the fragments' feature folders (mfe-*\/src/features/<name>/):
 *   - a feature imports no other feature folder: what two features share moves out of features/ (the
 *     fragment's shared code) or into the kit, so a feature can be read, moved or deleted on its own;
 *   - calls to the API live in the feature's own `api/` folder (features/<name>/api/): components use the
 *     hooks and functions it exports and never reach for the client, the query cache or TanStack's
 *     fetching hooks themselves, so every request a feature makes is in one place.
 */
import path from 'node:path';
import { resolveSpecifier } from './boundaries.js';

/** @param {string} root @param {string} abs */
const relative = (root, abs) => path.relative(root, abs).split(path.sep).join('/');

const FEATURE = /^(mfe-[^/]+\/src\/features)\/([^/]+)\/(.*)$/;

/** What calls the API (or touches the server-state cache), by the package it comes from. */
export const API_CALLERS = Object.freeze({
  '@verba/kit': ['client', 'readRoute', 'callRef', 'sendCommand', 'sendCommandUnparsed', 'callCommand', 'startCommand', 'startUpload'],
  '@verba/kit/query': ['useRouteQuery', 'useRouteQueryUntil', 'fetchRoute', 'useCommand', 'queryClient'],
  '@tanstack/react-query': ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation', 'useQueryClient'],
});

/**
 * The feature a repo-relative path belongs to, or undefined outside a feature folder (a file directly in
 * features/, such as features/learn.css, belongs to none).
 * @param {string} rel
 * @returns {{ base: string, name: string, inApi: boolean } | undefined}
 */
export function featureOf(rel) {
  const match = FEATURE.exec(rel);
  if (!match) return undefined;
  const [, base = '', name = '', rest = ''] = match;
  return { base, name, inApi: rest.startsWith('api/') };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Feature folders import no other feature, and call the API only from their own api/ folder' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' } },
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "features/{{from}} must not import another feature ('{{source}}' -> features/{{to}}): move what both need out of features/ (or into the kit).",
      apiOutsideApi:
        "'{{name}}' from {{source}} calls the API: only features/{{feature}}/api/ may; export a hook or function from there and use it here.",
    },
  },
  create(context) {
    const options = /** @type {{ root?: string } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    const filename = context.filename;
    if (!path.isAbsolute(filename)) return {};
    const from = featureOf(relative(root, filename));
    if (!from) return {};

    /** @param {any} node @param {string} source */
    function checkTarget(node, source) {
      const abs = resolveSpecifier(root, filename, source);
      if (abs === null) return;
      const to = featureOf(relative(root, abs));
      if (to && to.base === from?.base && to.name !== from.name) {
        context.report({ node, messageId: 'crossFeature', data: { from: from.name, to: to.name, source } });
      }
    }

    /** @param {any} node */
    function checkImport(node) {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      checkTarget(node.source, source);
      if (from?.inApi || node.importKind === 'type') return;
      const callers = /** @type {Record<string, readonly string[]>} */ (API_CALLERS)[source];
      if (!callers) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
        const name = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
        if (callers.includes(name)) {
          context.report({ node: specifier, messageId: 'apiOutsideApi', data: { name, source, feature: from?.name ?? '' } });
        }
      }
    }

    return {
      ImportDeclaration: checkImport,
      ExportNamedDeclaration(node) {
        if (node.source && typeof node.source.value === 'string') checkTarget(node.source, node.source.value);
      },
      ExportAllDeclaration(node) {
        if (typeof node.source.value === 'string') checkTarget(node.source, node.source.value);
      },
      ImportExpression(node) {
        const source = node.source;
        if (source.type === 'Literal' && typeof source.value === 'string') checkTarget(source, source.value);
      },
    };
  },
};

export default { rules: { 'feature-folders': rule } };
