/**
 * Starting the composed product (serve-composed.mjs) and Debian's Chromium, shared by
 * check-composed.mjs and bench.mjs.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './sizes.mjs';

export const CHROMIUM_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export const launchChromium = () => chromium.launch(CHROMIUM_OPTIONS);

/**
 * Starts serve-composed.mjs on 127.0.0.1:`port` (proxying /api to `api` if given; files precompressed
 * as the API serves them); resolves with the child process once it listens.
 */
export async function startComposedServer(port, { api } = {}) {
  const args = ['--port', String(port), ...(api ? ['--api', api] : [])];
  const server = spawn(process.execPath, [path.join(root, 'shell/scripts/serve-composed.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`serve-composed.mjs exited with ${code}`)));
  });
  return server;
}

/** Records the URL paths of the JS files a page loads: `.paths` so far, `.reset()` starts a new list. */
export function recordLoadedJs(page) {
  let loaded = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js') || r.url().includes('.js?')) loaded.push(new URL(r.url()).pathname);
  });
  return {
    get paths() {
      return loaded;
    },
    reset() {
      loaded = [];
    },
  };
}
