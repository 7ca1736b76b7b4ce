/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// Module Federation remote "verba_reader": exposes ./spa (single-spa lifecycles), the dashboard's
// continue-reading widget (a React component the shell renders in its own tree), and emits mf-manifest.json.
const { verbaWebpack } = require('@verba/kit/webpack-preset');

module.exports = verbaWebpack({
  dir: __dirname,
  name: 'verba_reader',
  port: 8081,
  exposes: { './spa': './src/spa.tsx', './continue-reading-widget': './src/widgets/ContinueReadingWidget.tsx' },
});
