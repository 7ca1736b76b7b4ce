#!/usr/bin/env node
// Prerenders the shell's public pages (/, /faq, /learn-*, legal, support) into static HTML files after
// the webpack build: shell/dist/prerendered/<path>.html, which services/src/runtime/web.ts serves for
// those paths. The page components are bundled for Node with esbuild (already installed for
// esbuild-loader) and rendered with react-dom/server.
//   node shell/scripts/prerender.mjs [--template FILE] [--out DIR]
// Defaults: the built shell/dist/index.html into shell/dist.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const css = ['kit/src/styles/kit.css', 'src/styles/shell.css', 'src/public/public.css']
  .map((file) => readFileSync(path.join(shellDir, file), 'utf8'))
  .join('\n');

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
  const { PRERENDERED_PATHS, prerenderedFile, renderPublicPage } = await import(pathToFileURL(entry).href);
  for (const pagePath of PRERENDERED_PATHS) {
    const file = path.join(outDir, prerenderedFile(pagePath));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, renderPublicPage(pagePath, template, css));
  }
  console.log(`prerendered ${PRERENDERED_PATHS.length} public pages into ${path.relative(process.cwd(), path.join(outDir, 'prerendered')) || '.'}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
