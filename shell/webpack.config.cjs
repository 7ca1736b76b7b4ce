/* global __dirname -- CommonJS config; the root ESLint globals list lacks it */
// The shell: single-spa root config + Module Federation host. Remotes are not listed here: they are
// registered at runtime from /registry.json (src/federation/registry.ts).
const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { verbaWebpack } = require('@verba/kit/webpack-preset');
const { PreloadBootChunks } = require('./scripts/lib/preload-boot-chunks.cjs');

const preset = verbaWebpack({ dir: __dirname, name: 'verba_shell', port: 8080, host: true });

/**
 * The app's page as the precache keeps it: index.html under /app, which the server answers with the page
 * and its Content-Security-Policy (index.html itself is served as a plain file, with the API's policy).
 * Same revision: a new build's page replaces the old one.
 * @param {Array<{ url: string, revision: string | null, size: number }>} entries
 */
const appPage = (entries) => ({
  manifest: entries.map((entry) => (/(^|\/)index\.html$/.test(entry.url) ? { ...entry, url: '/app' } : entry)),
  warnings: [],
});

/**
 * Production builds also make the service worker (src/offline/sw.ts, issue 38.9) with the list of this
 * build's files and their revisions, so a deploy's worker replaces the files of the one before.
 */
const offlineWorker = () =>
  new InjectManifest({
    swSrc: path.join(__dirname, 'src/offline/sw.ts'),
    swDest: 'sw.js',
    // Not the build's compressed copies, licences, federation manifests or prerendered pages.
    exclude: [/\.map$/, /\.(br|gz)$/, /LICENSE\.txt$/, /^mf-/, /^prerendered\//],
    // Content-hashed chunks need no revision of their own.
    dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.js$/,
    manifestTransforms: [appPage],
  });

/** index.html also preloads the chunks the first render needs (scripts/lib/preload-boot-chunks.cjs). */
module.exports = (env, argv) => {
  const config = preset(env, argv);
  config.plugins.push(new PreloadBootChunks());
  if (config.mode === 'production') config.plugins.push(offlineWorker());
  return config;
};
