// @ts-check
/**
 * Read-your-writes is declared, not coded (issue 37.1): a context's query route names the read models it
 * reads at its registration (`registerRoute(..., { reads: [projection] })`) and the platform waits for the
 * caller's minPosition on them; a command that answers from its own read models takes a `WriteThrough`.
 * So no file of a context imports the wait (platform/http/read-your-writes) or calls it by hand.
 */

const WAITS = new Set(['readAfter', 'readAfterFor', 'waitFor']);
const READ_YOUR_WRITES = /(^|\/)platform\/http\/read-your-writes(\.[cm]?[jt]s)?$/;

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
    docs: { description: 'Contexts declare the read models a route reads; the platform does the read-your-writes wait' },
    schema: [],
    messages: {
      imported:
        'A context does not import the read-your-writes wait: declare the read models a query reads where it is registered ' +
        '(registerRoute(..., { reads: [projection] })), and the platform waits for minPosition on them.',
      called:
        'Do not call {{name}} in a context: a query declares its read models (registerRoute(..., { reads: [projection] })) and the ' +
        'platform waits for minPosition; a command that answers from its own read models takes a WriteThrough (platform/http/write-through).',
    },
  },
  create(context) {
    /** @param {any} node */
    const checkSource = (node) => {
      const source = node.source;
      if (source?.type === 'Literal' && typeof source.value === 'string' && READ_YOUR_WRITES.test(source.value))
        context.report({ node, messageId: 'imported' });
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: checkSource,
      /** @param {any} node */
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (name && WAITS.has(name)) context.report({ node, messageId: 'called', data: { name } });
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-freshness', version: '0.1.0' },
  rules: { 'declared-reads': rule },
};

export default plugin;
