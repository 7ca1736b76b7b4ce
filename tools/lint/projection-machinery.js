// @ts-check
/**
 * Projections are declared, the platform runs them (issue 37.2): a context writes a projection as event ->
 * row changes (platform/projections/declare) and declares its caches there. So no file of a context imports
 * the read side's machinery (caches, batching, bulk loads) or switches event validation itself
 * (trustingAppendValidation): the platform decides when a projector may trust stored events.
 *
 * Option `allow`: repo-relative files that still import the machinery, each to be converted and removed
 * from the list (a shrinking allow-list; a listed file that no longer imports it is reported, so the list
 * only shrinks).
 */
import path from 'node:path';

const MACHINERY = /(^|\/)platform\/projections\/(read-cache|projected-read-cache|admin-reads|batch-group|bulk-load)(\.[cm]?[jt]s)?$/;
const VALIDATION_MODE = 'trustingAppendValidation';

/** @param {any} callee */
const calleeName = (callee) =>
  callee.type === 'Identifier'
    ? callee.name
    : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
      ? callee.property.name
      : undefined;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Contexts declare projections and their caches; the read side's machinery stays in the platform" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
          allow: { type: 'array', items: { type: 'string' }, description: 'Repo-relative files not converted yet.' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      imported:
        "A context does not import the read side's machinery ({{module}}): declare the projection with defineProjection " +
        '(platform/projections/declare) and its caches in `caches`; the platform batches, folds and updates them.',
      validation:
        'A context does not set the validation mode: the platform decides when a projector may trust stored events ' +
        '(declared projections get their events decoded for them).',
      stale: 'This file no longer imports the machinery: take it off the allow-list of verba-projections/no-projection-machinery.',
    },
  },
  create(context) {
    const options = /** @type {{ root?: string, allow?: string[] } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    const rel = path.relative(root, context.filename).split(path.sep).join('/');
    const allowed = (options?.allow ?? []).includes(rel);
    let imports = false;
    /** @param {any} node */
    const checkSource = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const m = MACHINERY.exec(source.value);
      if (!m) return;
      imports = true;
      if (!allowed) context.report({ node, messageId: 'imported', data: { module: m[2] ?? source.value } });
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      /** @param {any} node */
      CallExpression(node) {
        if (calleeName(node.callee) === VALIDATION_MODE) context.report({ node, messageId: 'validation' });
      },
      /** @param {any} node */
      'Program:exit'(node) {
        if (allowed && !imports) context.report({ node, messageId: 'stale' });
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-projections', version: '0.1.0' },
  rules: { 'no-projection-machinery': rule },
};

export default plugin;
