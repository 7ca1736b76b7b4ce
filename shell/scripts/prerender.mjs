#!/usr/bin/env node
// Prerenders the shell's public pages (/, /faq, /learn-*, legal, support) into static HTML files after
// the webpack build: shell/dist/prerendered/<path>.html, which services/src/runtime/web.ts serves for
// those paths. The page components are bundled for Node with esbuild (already installed for
// esbuild-loader) and rendered with react-dom/server.
//   node shell/scripts/prerender.mjs [--template FILE] [--out DIR]
// Defaults: the built shell/dist/index.html into shell/dist.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]) : fallback;
};
const outDir = arg('--out', path.join(shellDir, 'dist'));
const template = readFileSync(arg('--template', path.join(outDir, 'index.html')), 'utf8');

// The same CSS the browser gets from the bundle, inlined so the page is styled before any script runs.
const css = ['kit/src/styles/kit.css', 'src/styles/shell.css', 'src/public/public.css', 'src/blog/blog.css']
  .map((file) => readFileSync(path.join(shellDir, file), 'utf8'))
  .join('\n');

/**
 * The blog's posts as the content service has them now (BLOG_GRAPHQL_URL, else the embedded posts), read by
 * the services' own adapter through tsx. Without them the blog pages are prerendered without posts.
 */
function readBlog() {
  const snapshot = path.join(shellDir, '..', 'services', 'src', 'contexts', 'blog', 'domain', 'snapshot.ts');
  const script = `import(${JSON.stringify(pathToFileURL(snapshot).href)}).then(async (m) => process.stdout.write(JSON.stringify(await m.blogSnapshot(6))))`;
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
  } catch (error) {
    console.warn(
      `prerender: the blog could not be read (${error.message.split('\n')[0]}); its pages show no posts until the browser loads them`,
    );
    return undefined;
  }
}

const tmp = mkdtempSync(path.join(tmpdir(), 'verba-prerender-'));
try {
  const entry = path.join(tmp, 'prerender.mjs');
  await build({
    entryPoints: [path.join(shellDir, 'src/public/prerender.tsx')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    // CommonJS dependencies (react) call require() inside an ES module bundle.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  const { prerenderedPaths, prerenderedFile, renderPublicPage } = await import(pathToFileURL(entry).href);
  const blog = readBlog();
  const paths = prerenderedPaths(blog);
  for (const pagePath of paths) {
    const file = path.join(outDir, prerenderedFile(pagePath));
    mkdirSync(path.dirname(file), { recursive: true });
    const html = renderPublicPage(pagePath, template, css, blog);
    writeFileSync(file, html);
    // Served precompressed, as the build's other files are (the preset's compression plugins).
    writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  }
  console.log(`prerendered ${paths.length} public pages into ${path.relative(process.cwd(), path.join(outDir, 'prerendered')) || '.'}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
