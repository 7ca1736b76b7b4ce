/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// Module Federation remote "verba_practice": exposes ./spa (single-spa lifecycles), the dashboard's
// due-cards widget, and emits mf-manifest.json.
const { verbaWebpack } = require('@verba/kit/webpack-preset');

module.exports = verbaWebpack({
  dir: __dirname,
  name: 'verba_practice',
  port: 8083,
  exposes: { './spa': './src/spa.tsx', './due-cards-widget': './src/widgets/DueCardsWidget.tsx' },
});
