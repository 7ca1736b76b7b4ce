/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// Module Federation remote "verba_learn": exposes ./spa (single-spa lifecycles), the dashboard's
// next-chapter widget (a React component the shell renders in its own tree), and emits mf-manifest.json.
const { verbaWebpack } = require('@verba/kit/webpack-preset');

module.exports = verbaWebpack({
  dir: __dirname,
  name: 'verba_learn',
  port: 8082,
  exposes: { './spa': './src/spa.tsx', './next-chapter-widget': './src/widgets/NextChapterWidget.tsx' },
});
