// @ts-check
/**
 * Front-end rule: the shell and the fragments call the API only through the typed contract client
 * (`client.call(route)`, `useRouteQuery`, `useCommand`, `sendCommand`, `startCommand`, `startUpload` of
 * @verba/kit), so every request and answer has the contract's types and the answer is parsed with its
 * schema. Refused, in shell/src and mfe-*\/src:
 *   - `fetch(...)`: a request the contract does not type (the kit's own api folder is the one place
 *     that talks to fetch; files that load something other than the API, such as the shell's
 *     federation loader fetching manifests, are listed in the rule's `allow` option);
 *   - `client.send(...)` and `sendCommandUnparsed`: the client's schema-free escape hatches;
 *   - any call given an '/api/...' string: a path spelled by hand instead of a route of the contracts.
 */
import path from 'node:path';

/** @param {string} root @param {string} abs */
const relative = (root, abs) => path.relative(root, abs).split(path.sep).join('/');

const SCOPE = /^(shell\/src|mfe-[^/]+\/src)\//;
const API_PATH = /^\/api(\/|$|\?)/;
const UNPARSED = 'sendCommandUnparsed';

/**
 * The text a string argument starts with: a literal's value, a template's first piece, or the left end
 * of a concatenation. Undefined for anything else.
 * @param {any} node
 * @returns {string | undefined}
 */
function leadingText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? undefined;
  if (node.type === 'BinaryExpression' && node.operator === '+') return leadingText(node.left);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Call the API only through the typed contract client of @verba/kit' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
          allow: {
            type: 'array',
            items: { type: 'string' },
            description: 'Repo-relative path prefixes whose fetch() calls load something other than the API.',
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      fetch: 'Call the API through the contract client (client.call, useRouteQuery, useCommand, sendCommand), not fetch().',
      send: 'client.send is schema-free: call the contract route with client.call / useRouteQuery / useCommand.',
      unparsed: 'sendCommandUnparsed takes a path string: use sendCommand or useCommand with the contract route.',
      path: "'{{text}}' is an API path spelled by hand: call the contract route from @verba/contracts instead.",
    },
  },
  create(context) {
    const options = /** @type {{ root?: string, allow?: string[] } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    if (!path.isAbsolute(context.filename)) return {};
    const rel = relative(root, context.filename);
    if (!SCOPE.test(rel)) return {};
    const fetchAllowed = (options?.allow ?? []).some((prefix) => rel.startsWith(prefix));

    return {
      ImportSpecifier(node) {
        const imported = node.imported.type === 'Identifier' ? node.imported.name : node.imported.value;
        if (imported === UNPARSED) context.report({ node, messageId: 'unparsed' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'fetch' && !fetchAllowed) {
          context.report({ node, messageId: 'fetch' });
          return;
        }
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          ((callee.property.name === 'fetch' &&
            callee.object.type === 'Identifier' &&
            /^(window|globalThis|self)$/.test(callee.object.name) &&
            !fetchAllowed) ||
            (callee.property.name === 'send' && callee.object.type === 'Identifier' && callee.object.name === 'client'))
        ) {
          context.report({ node, messageId: callee.property.name === 'fetch' ? 'fetch' : 'send' });
          return;
        }
        for (const argument of node.arguments) {
          const text = leadingText(argument);
          if (text !== undefined && API_PATH.test(text)) {
            context.report({ node: argument, messageId: 'path', data: { text: text.slice(0, 60) } });
            return;
          }
        }
      },
    };
  },
};

export default { rules: { 'contract-calls': rule } };
