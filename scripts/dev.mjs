#!/usr/bin/env node
// `npm run dev`: the API (restarts on change) and a webpack dev server per front-end package (live
// reload). Open http://127.0.0.1:8080/app/sign-in: the shell's dev server proxies /api to the API and
// its dev registry points each fragment at its own dev server (8081-8084).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const parts = [
  ['api', '@verba/services'],
  ['shell', '@verba/shell'],
  ['reader', '@verba/mfe-reader'],
  ['learn', '@verba/mfe-learn'],
  ['practice', '@verba/mfe-practice'],
  ['admin', '@verba/mfe-admin'],
];

const children = parts.map(([label, pkg]) => {
  const child = spawn('npm', ['run', 'dev', '-w', pkg], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}]`.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
    });
  }
  child.on('exit', (code) => process.stdout.write(`${prefix}exited (${code})\n`));
  return child;
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
