/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// The shell: single-spa root config + Module Federation host. Remotes are not listed here: they are
// registered at runtime from /registry.json (src/federation/registry.ts).
const { verbaWebpack } = require('@verba/kit/webpack-preset');
const { PreloadBootChunks } = require('./scripts/lib/preload-boot-chunks.cjs');

const preset = verbaWebpack({ dir: __dirname, name: 'verba_shell', port: 8080, host: true });

/** index.html also preloads the chunks the first render needs (scripts/lib/preload-boot-chunks.cjs). */
module.exports = (env, argv) => {
  const config = preset(env, argv);
  config.plugins.push(new PreloadBootChunks());
  return config;
};
