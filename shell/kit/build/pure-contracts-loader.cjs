// @ts-check
/**
 * Webpack loader for @verba/contracts (after esbuild: plain JavaScript in, the same out): marks every
 * call made while a top-level declaration is initialised as /*#__PURE__*\/, so a bundle keeps only the
 * schemas and routes it uses.
 *
 * Why: a module's top-level `z.object(...)` or `defineRoute(...)` is a call, and neither webpack nor
 * terser drops a call it cannot prove free of side effects. So importing one route of a contracts file
 * kept every route and schema of that file, and importing a plain constant (LEVEL_NAMES) from a file
 * that also declares a schema (LevelSchema) pulled the whole of zod into the shell's first load.
 * The contracts' top-level calls only build values (zod schemas, route objects, sets and maps); the
 * one side effect, `.meta()` registering a description for the API document, matters to the server
 * only, which does not go through this loader.
 * Calls inside functions are left alone (they do not run when the module loads).
 */
const acorn = require('acorn'); // the parser webpack itself uses

const PURE = '/*#__PURE__*/';

/** Start offsets of the calls evaluated by `node`, not descending into function bodies. */
function collectCalls(node, starts) {
  if (!node || typeof node.type !== 'string') return;
  if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression' || node.type === 'ClassExpression') return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) collectCalls(c, starts);
    else if (child && typeof child.type === 'string') collectCalls(child, starts);
  }
}

/** @param {string} source */
function pureContracts(source) {
  const program = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  /** @type {Set<number>} */
  const starts = new Set();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) collectCalls(declarator.init, starts);
  }
  let out = source;
  for (const at of [...starts].sort((a, b) => b - a)) out = `${out.slice(0, at)}${PURE}${out.slice(at)}`;
  return out;
}

module.exports = pureContracts;
module.exports.pureContracts = pureContracts;
