// @ts-check
/**
 * Front-end rule for freshness (issue 37.5): a write records its log position through the kit
 * (`useCommand`, `sendCommand`), and `useRouteQuery` reads at this tab's latest position by itself. So
 * in shell/src and mfe-*\/src, outside the kit, nothing patches the query cache by hand or invents its
 * own freshness. Refused:
 *   - `setQueryData`, `setQueriesData`, `invalidateQueries` (a cache patched or invalidated by hand:
 *     optimistic marks go through the kit's `optimisticMarks`);
 *   - a `refetchInterval` (polling: a change no position names waits through the kit's `useRouteQueryUntil`);
 *   - importing `useMinPosition` (positions added by hand: `useRouteQuery` adds them; a read held where
 *     the view opened uses `useOpenedAt`) or `invalidatePaths` (URL-prefix invalidation).
 * What still does one of these is listed in the rule's `allow` option with the reason it remains.
 */
import path from 'node:path';

/** @param {string} root @param {string} abs */
const relative = (root, abs) => path.relative(root, abs).split(path.sep).join('/');

const SCOPE = /^(shell\/src|mfe-[^/]+\/src)\//;
const CACHE_PATCHES = new Set(['setQueryData', 'setQueriesData', 'invalidateQueries']);
const HAND_FRESHNESS = new Set(['useMinPosition', 'invalidatePaths']);

/** @param {any} key */
const keyName = (key) => (key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Freshness only through the kit: no hand-patched query cache, polling or positions by hand' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
          allow: {
            type: 'array',
            description: 'Files that still do it, each with the reason it remains.',
            items: {
              type: 'object',
              properties: { file: { type: 'string' }, why: { type: 'string', minLength: 1 } },
              required: ['file', 'why'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      patch:
        '{{name}} patches the query cache by hand: let useRouteQuery read at the write position (optimistic marks: optimisticMarks of @verba/kit/query).',
      poll: 'refetchInterval polls: a write of this tab is read at its position; a change no position names waits through useRouteQueryUntil of @verba/kit/query.',
      hand: '{{name}} is freshness by hand: useRouteQuery reads at the latest position by itself (a read held where the view opened: useOpenedAt).',
    },
  },
  create(context) {
    const options = /** @type {{ root?: string, allow?: { file: string, why: string }[] } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    if (!path.isAbsolute(context.filename)) return {};
    const rel = relative(root, context.filename);
    if (!SCOPE.test(rel) || (options?.allow ?? []).some((a) => a.file === rel)) return {};

    return {
      ImportSpecifier(node) {
        const name = node.imported.type === 'Identifier' ? node.imported.name : String(node.imported.value);
        if (HAND_FRESHNESS.has(name)) context.report({ node, messageId: 'hand', data: { name } });
      },
      MemberExpression(node) {
        const name = node.computed ? undefined : keyName(node.property);
        if (name && CACHE_PATCHES.has(name)) context.report({ node, messageId: 'patch', data: { name } });
      },
      Property(node) {
        if (!node.computed && keyName(node.key) === 'refetchInterval') context.report({ node, messageId: 'poll' });
      },
    };
  },
};

export default { rules: { 'kit-freshness': rule } };
