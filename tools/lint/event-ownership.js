// @ts-check
/**
 * Local ESLint plugin: a bounded context never names another context's event type.
 *
 * Event types are strings `<context>.<PascalCase>` (e.g. `identity.UserDeleted`). Inside
 * services/src/contexts/<name>/**, a string literal naming an event of another context means its event is
 * being re-declared or matched by hand; import the definition from that context's `published.ts` instead
 * (`UserDeleted.type`, `readEventData(UserDeleted, recorded)`), so there is one declaration per event.
 */
import fs from 'node:fs';
import path from 'node:path';
import { classify } from './boundaries.js';

const EVENT_TYPE = /^([a-z][a-z0-9-]*)\.([A-Z][A-Za-z0-9]*)$/;

/** @type {Map<string, string[]>} */
const contextsByRoot = new Map();

/**
 * The bounded contexts of a repo: the folders of services/src/contexts.
 * @param {string} root
 */
function contextsOf(root) {
  let names = contextsByRoot.get(root);
  if (!names) {
    try {
      names = fs
        .readdirSync(path.join(root, 'services', 'src', 'contexts'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    } catch {
      names = [];
    }
    contextsByRoot.set(root, names);
  }
  return names;
}

/**
 * The other context whose event `value` names, or null.
 * @param {string} value
 * @param {string} own
 * @param {readonly string[]} contexts
 */
export function foreignEventContext(value, own, contexts) {
  const m = EVENT_TYPE.exec(value);
  if (!m || m[1] === own || !contexts.includes(/** @type {string} */ (m[1]))) return null;
  return /** @type {string} */ (m[1]);
}

/** @type {import('eslint').Rule.RuleModule} */
const noForeignEventType = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid naming another bounded context's event type in a string; import its published.ts" },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'Absolute path of the monorepo root (default: ESLint cwd).' },
          contexts: { type: 'array', items: { type: 'string' }, description: 'Context names (default: folders of services/src/contexts).' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignEvent:
        "'{{value}}' is an event of context '{{owner}}': import it from services/src/contexts/{{owner}}/published.ts " +
        '(use `.type`, and readEventData to parse it) instead of naming it here, so each event is declared once.',
    },
  },
  create(context) {
    const options = /** @type {{ root?: string, contexts?: string[] } | undefined} */ (context.options[0]);
    const root = path.resolve(options?.root ?? context.cwd);
    if (!path.isAbsolute(context.filename)) return {};
    const from = classify(root, context.filename);
    if (!from || from.area !== 'context') return {};
    const own = from.name;
    const contexts = options?.contexts ?? contextsOf(root);

    /** @param {import('estree').Node} node @param {string} value */
    function check(node, value) {
      const owner = foreignEventContext(value, own, contexts);
      if (owner) context.report({ node, messageId: 'foreignEvent', data: { value, owner } });
    }
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0) check(node, node.quasis[0]?.value.cooked ?? '');
      },
    };
  },
};

/** @type {import('eslint').ESLint.Plugin} */
const plugin = {
  meta: { name: 'verba-events', version: '0.1.0' },
  rules: { 'no-foreign-event-type': noForeignEventType },
};

export default plugin;
