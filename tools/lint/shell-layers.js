// @ts-check
/**
 * Keeps the shell's folders (shell/src/<folder>) in layers:
 *
 *   routing/   the ground floor (paths, page and fragment names): imports no other shell folder, and
 *              no value from @verba/contracts (its language table carries zod into the eager bundle);
 *   app/       the top (the chrome that composes every page): only the entry files (bootstrap.tsx,
 *              index.ts) import it;
 *   the rest   (auth, public, federation, pages, ...) in between, importing down or sideways.
 *
 * So a page never depends on the app that hosts it, and the data every folder needs sits below all.
 */
import path from 'node:path';
import { resolveSpecifier } from './boundaries.js';

const SHELL_SRC = 'shell/src/';
const GROUND = 'routing';
const TOP = 'app';
/** The entry files that start the app, and so may import it. */
export const ENTRIES = Object.freeze(['shell/src/bootstrap.tsx', 'shell/src/index.ts']);

/**
 * The shell folder of a repo-relative path ('' for a file directly in shell/src), or undefined outside.
 * @param {string} rel
 */
export function shellFolder(rel) {
  if (!rel.startsWith(SHELL_SRC)) return undefined;
  const rest = rel.slice(SHELL_SRC.length).split('/');
  return rest.length > 1 ? rest[0] : '';
}

/** @param {string} root @param {string} abs */
const relative = (root, abs) => path.relative(root, abs).split(path.sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the shell's folders in layers: routing/ at the bottom, app/ at the top" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' } },
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "shell/src/{{folder}} must not import the app ('{{source}}' -> {{target}}): app/ composes the pages and only the entry files import it. " +
        'Move what both need down (paths and names live in shell/src/routing).',
      groundFloor: "shell/src/routing is the ground floor and imports no other shell folder ('{{source}}' -> {{target}}).",
      groundFloorContracts:
        "shell/src/routing must not import values from @verba/contracts ('{{source}}'): its tables carry zod into the shell's eager bundle. Spell the data out here.",
    },
  },
  create(context) {
    const options = /** @type {{ root?: string } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    const filename = context.filename;
    if (!path.isAbsolute(filename)) return {};
    const fromRel = relative(root, filename);
    const from = shellFolder(fromRel);
    if (from === undefined) return {};

    /**
     * @param {any} node the specifier node
     * @param {boolean} typeOnly
     */
    function check(node, typeOnly) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (from === GROUND && !typeOnly && (source === '@verba/contracts' || source.startsWith('@verba/contracts/'))) {
        context.report({ node, messageId: 'groundFloorContracts', data: { source } });
        return;
      }
      const abs = resolveSpecifier(root, filename, source);
      if (abs === null) return;
      const target = relative(root, abs);
      const to = shellFolder(target);
      if (to === undefined || to === from) return;
      if (from === GROUND) context.report({ node, messageId: 'groundFloor', data: { source, target } });
      else if (to === TOP && !ENTRIES.includes(fromRel))
        context.report({ node, messageId: 'upward', data: { folder: from, source, target } });
    }

    return {
      /** @param {any} node */
      ImportDeclaration: (node) => check(node.source, node.importKind === 'type'),
      /** @param {any} node */
      ExportNamedDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      /** @param {any} node */
      ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
      /** @param {any} node */
      ImportExpression: (node) => check(node.source, false),
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-shell-layers', version: '0.1.0' },
  rules: { 'shell-layers': rule },
};

export default plugin;
