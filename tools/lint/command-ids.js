// @ts-check
/**
 * Forbids building command ids by hand in the browser code (the shell and the fragments): an object
 * literal with a `commandId` property is an error outside @verba/kit and outside tests. The kit's
 * `sendCommand`/`useCommand` make one per logical command, keep it across resends, and record the
 * position the write answers, so a hand-made id is either a duplicate of that or a write that skips it.
 */
import path from 'node:path';
import { classify } from './boundaries.js';

const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * Whether a file is browser code the rule covers: shell or fragment source, not the kit, not a test.
 * @param {string} root
 * @param {string} filename
 */
export function coversFile(root, filename) {
  const place = classify(root, filename);
  if (!place || (place.area !== 'shell' && place.area !== 'fragment')) return false;
  if (TEST_FILE.test(place.rel)) return false;
  // Test helpers and browser journeys talk to the API as a test would.
  return !place.rel.split('/').some((segment) => segment === 'test' || segment === 'e2e');
}

/** @param {any} key */
const keyName = (key) => (key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined);

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Command ids are made by the kit (sendCommand, useCommand), never by hand in the shell or a fragment' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' } },
        additionalProperties: false,
      },
    ],
    messages: {
      handMade:
        'Do not build a commandId by hand: send the write with sendCommand (from @verba/kit) or useCommand (from @verba/kit/query), ' +
        'which make one per command, keep it across retries and record the answered position for read-your-writes.',
    },
  },
  create(context) {
    const options = /** @type {{ root?: string } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    if (!path.isAbsolute(context.filename) || !coversFile(root, context.filename)) return {};
    return {
      /** @param {any} node */
      Property(node) {
        if (node.parent?.type !== 'ObjectExpression') return; // a destructuring pattern only reads one
        if (node.computed && node.key.type !== 'Literal') return;
        if (keyName(node.key) === 'commandId') context.report({ node, messageId: 'handMade' });
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-command-ids', version: '0.1.0' },
  rules: { 'command-ids': rule },
};

export default plugin;
