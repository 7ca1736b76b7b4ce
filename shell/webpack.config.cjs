/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// The shell: single-spa root config + Module Federation host. Remotes are not listed here: they are
// registered at runtime from /registry.json (src/federation/registry.ts).
const { verbaWebpack } = require('@verba/kit/webpack-preset');

module.exports = verbaWebpack({ dir: __dirname, name: 'verba_shell', port: 8080, host: true });
