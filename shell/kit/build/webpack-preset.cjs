// @ts-check
/**
 * One webpack + Module Federation setup for the shell (host) and every fragment (remote), so the
 * shared-singleton list and the loader/minifier settings cannot drift apart between packages.
 * Each package's own webpack.config.cjs calls `verbaWebpack({...})`.
 *
 * Notes from TOOLCHAIN.md: webpack ~5.111 (5.112 breaks @module-federation/enhanced 2.9.2);
 * EsbuildPlugin needs `format: undefined` or remotes fail with RUNTIME-001; hosts need an async
 * boundary (the entry does `import('./bootstrap')`); remotes use publicPath 'auto'.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { EsbuildPlugin } = require('esbuild-loader');
const TerserPlugin = require('terser-webpack-plugin');

const kitPackage = require('../package.json');

/**
 * The runtime plugin that `experiments.provideExternalRuntime` adds, but its ES module build:
 * provideExternalRuntime resolves it with require.resolve (its CommonJS build), which pulls a second,
 * CommonJS copy of runtime-core and the sdk into the shell (main.js 30 -> 56 KiB gzip).
 */
const INJECT_RUNTIME_CORE = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))] })),
  'index.js',
);

/**
 * Packages whose size depends on dead-code removal that only terser does well here, each in a chunk of
 * its own: zod (the contract schemas parse responses on every page) apart from react-hook-form (forms
 * only), so a page that parses but has no form does not fetch the form library (13 KiB gzip).
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const FORMS = /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/;
const CSS_RUNTIME = /[\\/]node_modules[\\/](style-loader|css-loader)[\\/]dist[\\/]runtime[\\/]/;
/**
 * Which minifier gets which asset. Terser removes more dead code than esbuild (zod and react-hook-form
 * above; the federation runtime's sdk: main.js 30.1 -> 26.0 KiB gzip, a remoteEntry.js 13.2 -> 7.8;
 * 3-6 % of the app's own chunks, and every contract route a chunk does not use) but is slow on big
 * inputs. React's already minified react-dom (200 KB, 2.9 s of terser per build for 0.3 KiB gzip) is the
 * one asset not worth it: esbuild takes the files of chunks holding react-dom, terser every other one.
 * (Until 2026-12 the rule was any asset over 150 KB: the reader's chunk grew past it with issues 38 and
 * 39, went to esbuild, and kept every route of each contracts file it imports, +50 KiB gzip on /app/library.)
 * The minimizers' include/exclude options take only a RegExp or string, matched with `.test(name)`: this
 * one looks the asset up among the files recorded just before the minimizers run.
 */
const PREMINIFIED = /[\\/]node_modules[\\/]react-dom[\\/]/;
class PreminifiedAssets extends RegExp {
  constructor() {
    super('(?:)');
    /** @type {Set<string>} */
    this.files = new Set();
  }

  /** @param {string} name */
  test(name) {
    return this.files.has(name);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const stage = compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1;
    compiler.hooks.thisCompilation.tap('VerbaPreminifiedAssets', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'VerbaPreminifiedAssets', stage }, () => {
        for (const chunk of compilation.chunks) {
          const modules = compilation.chunkGraph.getChunkModulesIterable(chunk);
          const prebuilt = [...modules].some((m) => PREMINIFIED.test(m.nameForCondition() ?? ''));
          if (prebuilt) for (const file of chunk.files) this.files.add(file);
        }
      });
    });
  }
}

/** Shared by every container. One React and one kit at runtime: the session store must be one object. */
function sharedModules() {
  const react = { singleton: true, requiredVersion: '^19.0.0' };
  return {
    react,
    'react-dom': react,
    'react-dom/client': react,
    'react/jsx-runtime': react,
    '@verba/kit': { singleton: true, requiredVersion: `^${kitPackage.version}` },
    // @verba/kit/ui (Radix widgets) is deliberately not shared either: a shared module is loaded with
    // its provider eagerly (it cost 35 KiB gzip on the sign-in page); each fragment bundles what it uses.
    // Server state: one query cache for the shell and every fragment; loaded by the first page that needs it.
    '@verba/kit/query': { singleton: true, requiredVersion: `^${kitPackage.version}` },
    // zod is deliberately not shared: a shared module cannot be tree-shaken (92 KiB gzip whole),
    // while each fragment's own copy is 23-27 KiB and the shell's forms use zod/mini (docs/decisions.md).
  };
}

/**
 * @param {{
 *   dir: string,                       // the package directory (__dirname of its config)
 *   name: string,                      // Module Federation container name, e.g. 'verba_reader'
 *   port: number,                      // webpack-dev-server port
 *   exposes?: Record<string, string>,  // remotes only
 *   host?: boolean,                    // the shell: html page, entry, history fallback, /api proxy
 * }} options
 */
function verbaWebpack(options) {
  const { dir, name, port, exposes, host = false } = options;
  /** @type {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration} */
  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    const preminified = new PreminifiedAssets();
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
        shared: sharedModules(),
        // A shared module the shell loads itself (the query cache, on every signed-in page) takes the copy
        // already loaded, else its own: 'version-first' (the default) would first start every registered
        // fragment to compare versions, fetching the admin's and the others' manifests and entries on any
        // page. One build of the kit serves them all, so there is no higher version to find.
        shareStrategy: 'loaded-first',
        manifest: true,
        // Type generation runs tsc inside the build: slow, and `npm run check` already type-checks.
        dts: false,
        // One federation runtime per page: the shell's. It publishes its runtime-core as the global
        // _FEDERATION_RUNTIME_CORE and each remote's remoteEntry.js uses that instead of bundling its
        // own (externalRuntime): about 16 KiB gzip less per fragment loaded. So a fragment runs only in
        // a host built with this preset (the shell, in dev or production) of the same MF version.
        // `target: 'web'` drops the runtime's Node.js script loading; a fragment consumes no remotes.
        ...(host
          ? { runtimePlugins: [INJECT_RUNTIME_CORE], experiments: { optimization: { target: 'web' } } }
          : { experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } } }),
      }),
    ];
    if (!dev) {
      // Every text file also as .br and .gz: the API serves them precompressed (@fastify/static's
      // preCompressed), so a phone on a slow network fetches about a quarter of the bytes and the server
      // spends no CPU per request. Brotli at its best level costs only build time.
      const CompressionPlugin = require('compression-webpack-plugin');
      const text = /\.(js|css|html|json|svg|webmanifest)$/;
      plugins.push(
        new CompressionPlugin({ test: text, algorithm: 'gzip', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 }),
        new CompressionPlugin({
          test: text,
          algorithm: 'brotliCompress',
          filename: '[path][base].br',
          compressionOptions: { params: { [require('node:zlib').constants.BROTLI_PARAM_QUALITY]: 11 } },
          threshold: 1024,
          minRatio: 0.9,
        }),
      );
    }
    if (host) {
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      plugins.push(new HtmlWebpackPlugin({ template: path.join(dir, 'src/index.html'), hash: true }));
      // Files served as they are at the site's root: the favicon, app icons and web manifest.
      const CopyPlugin = require('copy-webpack-plugin');
      plugins.push(new CopyPlugin({ patterns: [{ from: path.join(dir, 'public'), noErrorOnMissing: true }] }));
    }
    return {
      mode,
      context: dir,
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      // A remote needs no entry of its own: the container (remoteEntry.js) is its entry.
      entry: host ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        // Entry chunks stay unhashed: MF's federation runtime module renders this template before
        // hashes exist ("[contenthash] not implemented in this context"). The html plugin adds ?hash.
        filename: '[name].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
      module: {
        rules: [
          // .ts as TypeScript, not TSX: a generic arrow `<T>(x: T) => x` is valid only there (Prettier
          // writes it so; in TSX it would read as an element).
          {
            test: /\.[cm]?ts$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'ts', target: 'es2022' },
          },
          {
            test: /\.tsx$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { loader: 'tsx', target: 'es2022', jsx: 'automatic' },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          // contracts re-exports every schema from its index; without this, importing `tokenize`
          // would pull every zod schema into the bundle.
          { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          // And inside one file: its top-level calls marked pure (after esbuild), a bundle keeps only
          // the schemas and routes it uses. Production only: dev builds keep exact source maps.
          ...(dev ? [] : [{ test: /[\\/]contracts[\\/]src[\\/].*\.ts$/, enforce: /** @type {const} */ ('post'), loader: require.resolve('./pure-contracts-loader.cjs') }]),
        ],
      },
      optimization: {
        // esbuild minifies fast but keeps unused pure code inside webpack's module functions, which
        // for zod + react-hook-form costs ~20 KiB gzip; terser (slow) gets all but react-dom's chunk.
        splitChunks: {
          cacheGroups: {
            zod: { test: ZOD, name: 'zod', chunks: 'all', enforce: true },
            forms: { test: FORMS, name: 'forms', chunks: 'all', enforce: true },
            // style-loader's and css-loader's runtime, once per build: every stylesheet's module uses it,
            // and the kit's chunk would otherwise carry a second copy beside the app's (about 1.3 KiB gzip).
            cssRuntime: { test: CSS_RUNTIME, name: 'css-runtime', chunks: 'all', enforce: true },
          },
        },
        minimizer: [
          preminified,
          new EsbuildPlugin({ target: 'es2022', format: undefined, css: true, include: preminified }),
          new TerserPlugin({ exclude: preminified }),
        ],
      },
      plugins,
      performance: { hints: false }, // budgets are checked by shell/scripts/report-sizes.mjs
      stats: 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...(host
          ? {
              historyApiFallback: true,
              // dev/registry.json points each fragment at its own dev server.
              static: [
                { directory: path.join(dir, 'dev'), publicPath: '/' },
                { directory: path.join(dir, 'public'), publicPath: '/' },
              ],
              proxy: [{ context: ['/api', '/oidc-dev'], target: 'http://127.0.0.1:3000' }], // /oidc-dev: the local sign-in provider
            }
          : { static: false }),
      },
    };
  };
}

module.exports = { verbaWebpack, sharedModules };
