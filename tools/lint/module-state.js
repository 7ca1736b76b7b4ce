// @ts-check
/**
 * No module-level singletons in contexts (issue 37.3): state that lives as long as a runtime belongs to the
 * instance the platform creates for that runtime, not to the module file (two runtimes in one process, as
 * tests run them, would share it). So a context's file has no top-level `let` and no top-level
 * `new Map(...)` / `new WeakMap(...)` (a constant `new Set([...])` of literals stays allowed).
 *
 * Option `allow`: repo-relative files that may keep such state, each with a reason beside it in the config
 * (a pure resource loaded once, or per-runtime state not yet moved). A listed file without any is reported,
 * so the list only shrinks.
 */
import path from 'node:path';

const MUTABLE = new Set(['Map', 'WeakMap']);

/** @param {any} node the top-level statement, or the declaration an `export` wraps */
const declarationOf = (node) => (node.type === 'ExportNamedDeclaration' ? node.declaration : node);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Contexts keep per-runtime state in the instance the platform creates, not at module level' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
          allow: { type: 'array', items: { type: 'string' }, description: 'Repo-relative files allowed module-level state.' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      topLevelLet:
        'No module-level `let` in a context: keep the state in the instance the platform creates per runtime ' +
        '(or, for a pure resource loaded once, put the file on the allow-list with why).',
      topLevelMap:
        'No module-level `new {{kind}}` in a context: a singleton shared by every runtime in the process; keep it ' +
        'in the instance the platform creates per runtime.',
      stale: 'This file has no module-level state any more: take it off the allow-list of verba/no-module-state.',
    },
  },
  create(context) {
    const options = /** @type {{ root?: string, allow?: string[] } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    const rel = path.relative(root, context.filename).split(path.sep).join('/');
    const allowed = (options?.allow ?? []).includes(rel);
    let found = false;
    /** @param {any} node @param {string} messageId @param {Record<string, string>} [data] */
    const report = (node, messageId, data) => {
      found = true;
      if (!allowed) context.report({ node, messageId, ...(data ? { data } : {}) });
    };
    return {
      /** @param {any} program */
      Program(program) {
        for (const statement of program.body) {
          const decl = declarationOf(statement);
          if (decl?.type !== 'VariableDeclaration') continue;
          if (decl.kind === 'let' || decl.kind === 'var') {
            report(decl, 'topLevelLet');
            continue;
          }
          for (const d of decl.declarations) {
            const init = d.init?.type === 'TSAsExpression' || d.init?.type === 'TSSatisfiesExpression' ? d.init.expression : d.init;
            if (init?.type === 'NewExpression' && init.callee.type === 'Identifier' && MUTABLE.has(init.callee.name))
              report(init, 'topLevelMap', { kind: init.callee.name });
          }
        }
      },
      /** @param {any} node */
      'Program:exit'(node) {
        if (allowed && !found) context.report({ node, messageId: 'stale' });
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-module-state', version: '0.1.0' },
  rules: { 'no-module-state': rule },
};

export default plugin;
