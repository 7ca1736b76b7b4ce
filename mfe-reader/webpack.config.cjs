/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// Module Federation remote "verba_reader": exposes ./spa (single-spa lifecycles) and emits mf-manifest.json.
const { verbaWebpack } = require('@verba/kit/webpack-preset');

module.exports = verbaWebpack({
  dir: __dirname,
  name: 'verba_reader',
  port: 8081,
  exposes: { './spa': './src/spa.tsx' },
});
