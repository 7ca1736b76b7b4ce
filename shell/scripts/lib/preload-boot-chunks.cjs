// @ts-check
/**
 * Webpack plugin for the shell (webpack.config.cjs): puts `<link rel="preload" as="script">` in
 * index.html for every chunk the entry's async boundary (`import('./bootstrap')`) loads before the
 * first render: the bootstrap chunk group and the shared modules it consumes (React, react-dom, the
 * kit: the host provides them, so its own provided copies are the ones loaded). Without the hints
 * these downloads start only after main.js has arrived and run; with them they start with main.js
 * (on a phone's 3G one round trip, about 0.6 s, earlier).
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'VerbaPreloadBootChunks';

/**
 * The JS files of the chunks loaded for the module whose resource matches `boot` (and not already
 * in the entrypoint `entryName`), in load order.
 * @param {import('webpack').Compilation} compilation
 * @param {string} entryName
 * @param {RegExp} boot
 * @returns {string[]}
 */
function bootFiles(compilation, entryName, boot) {
  const { chunkGraph } = compilation;
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const inEntry = new Set(entry.chunks);
  /** @type {Map<string, import('webpack').Module>} share key -> the module that provides it */
  const provided = new Map();
  for (const module of compilation.modules) {
    const name = /** @type {{ _name?: unknown }} */ (/** @type {unknown} */ (module))._name;
    if (module.type === 'provide-module' && typeof name === 'string') provided.set(name, module);
  }
  const files = new Set();
  const seen = new Set();
  /** @param {import('webpack').Chunk} chunk */
  const addChunk = (chunk) => {
    if (seen.has(chunk) || inEntry.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = /** @type {{ options?: { shareKey?: string } }} */ (/** @type {unknown} */ (module)).options?.shareKey;
      const provider = key ? provided.get(key) : undefined;
      const block = provider?.blocks[0];
      const group = block ? chunkGraph.getBlockChunkGroup(block) : undefined;
      for (const c of group?.chunks ?? []) addChunk(c);
    }
  };
  for (const module of compilation.modules) {
    // nameForCondition: the file, also of a module concatenated with others (production).
    const resource = module.nameForCondition();
    if (!resource || !boot.test(resource)) continue;
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      for (const group of chunk.groupsIterable) for (const c of group.chunks) addChunk(c);
    }
  }
  return [...files];
}

class PreloadBootChunks {
  /** @param {{ entry?: string, boot?: RegExp }} [options] */
  constructor(options = {}) {
    this.entry = options.entry ?? 'main';
    this.boot = options.boot ?? /[\\/]src[\\/]bootstrap\.tsx$/;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const publicPath = data.publicPath ?? '/';
        const links = bootFiles(compilation, this.entry, this.boot).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { PreloadBootChunks, bootFiles };
