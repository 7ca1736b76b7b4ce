import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../platform/config';
import { directoryStore } from '../platform/fragments/store';
import { createHttpServer, type App } from '../platform/http/server';
import { createLogger } from '../platform/logger';
import { fragmentOrigins, pageFallbackFor, serveWeb } from './web';

const run = promisify(execFile);
let root: string;
let storeDir: string;
let app: App;

/** `npm run publish|rollback -w mfe-reader -- --env staging`, exactly as a team would type it (on a prebuilt dist). */
const npm = (script: 'publish' | 'rollback', ...extra: string[]) =>
  run('npm', ['run', '--silent', script, '-w', 'mfe-reader', '--', '--env', 'staging', ...extra], {
    cwd: REPO_ROOT,
    env: { ...process.env, FRAGMENT_STORE_DIR: storeDir },
  });

function build(label: string): string {
  const dist = path.join(root, label);
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'verba_reader', label, shared: [] }));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `/* ${label} */`);
  return dist;
}
const getJson = async (url: string) => (await app.inject({ method: 'GET', url })).json() as Record<string, string>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'verba-publish-'));
  storeDir = path.join(root, 'store');
  app = await createHttpServer({ log: createLogger('silent'), ready: () => true });
  await serveWeb(app, path.join(root, 'no-shell'), {
    env: 'staging',
    store: directoryStore(storeDir),
    publicUrl: '/fragment-store/',
    directory: storeDir,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run publish / rollback -w mfe-reader -- --env staging', () => {
  it('publishes v1 and v2 while the API runs: the registry the shell loads follows, rollback returns to v1', async () => {
    expect(await getJson('/registry.json')).toMatchObject({ reader: '/fragments/reader/mf-manifest.json' });

    const v1 = await npm('publish', '--no-build', '--dist', build('v1'));
    const [, hash1] = /^reader ([0-9a-f]{16}) published to staging \(2 files uploaded; was the built-in copy\)$/m.exec(v1.stdout) ?? [];
    expect(hash1).toBeDefined();
    expect((await getJson('/registry.json')).reader).toBe(`/fragment-store/reader/${hash1}/mf-manifest.json`);
    expect(await getJson(`/fragment-store/reader/${hash1}/mf-manifest.json`)).toMatchObject({ label: 'v1' });

    const v2 = await npm('publish', '--no-build', '--dist', build('v2'));
    const [, hash2] = /^reader ([0-9a-f]{16}) published to staging \(2 files uploaded; was ([0-9a-f]{16})\)$/m.exec(v2.stdout) ?? [];
    expect(hash2).toBeDefined();
    expect(hash2).not.toBe(hash1);
    const registry = await getJson('/registry.json');
    expect(registry.reader).toBe(`/fragment-store/reader/${hash2}/mf-manifest.json`);
    expect(registry.learn).toBe('/fragments/learn/mf-manifest.json');

    const back = await npm('rollback');
    expect(back.stdout.trim()).toBe(`reader in staging: rolled back from ${hash2} to ${hash1}`);
    expect((await getJson('/registry.json')).reader).toBe(`/fragment-store/reader/${hash1}/mf-manifest.json`);
  }, 60_000);

  it('serves published files as immutable and keeps the pointers to itself', async () => {
    const { reader } = await getJson('/registry.json');
    const entry = await app.inject({ method: 'GET', url: reader!.replace('mf-manifest.json', 'remoteEntry.js') });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toMatch(/immutable/);
    expect((await app.inject({ method: 'GET', url: '/registry.json' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/fragment-store/registry/staging.json' })).statusCode).toBe(404);
  });

  it('says what it needs when --env is missing or rollback has nothing to go back to', async () => {
    await expect(run('npm', ['run', '--silent', 'publish', '-w', 'mfe-reader'], { cwd: REPO_ROOT })).rejects.toMatchObject({
      stderr: expect.stringContaining('Usage: npm run publish|rollback -w mfe-<name> -- --env <environment>'),
    });
    await expect(npm('rollback')).rejects.toMatchObject({
      stderr: expect.stringContaining('reader has no earlier version in staging to roll back to'),
    });
  }, 30_000);
});

describe('fragments on another origin (FRAGMENT_PUBLIC_URL on a CDN)', () => {
  it("are allowed by the shell page's Content-Security-Policy, only while an environment is served", () => {
    expect(fragmentOrigins({ FRAGMENT_ENV: 'production', FRAGMENT_PUBLIC_URL: 'https://cdn.example.com/verba/' })).toEqual([
      'https://cdn.example.com',
    ]);
    expect(fragmentOrigins({ FRAGMENT_ENV: 'production', FRAGMENT_PUBLIC_URL: '/fragment-store/' })).toEqual([]);
    expect(fragmentOrigins({ FRAGMENT_ENV: undefined, FRAGMENT_PUBLIC_URL: 'https://cdn.example.com/' })).toEqual([]);
  });

  it('puts that origin in the page policy the API sends', async () => {
    const dist = path.join(root, 'shell-dist');
    mkdirSync(dist);
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Verba</title>');
    const page = await createHttpServer({
      log: createLogger('silent'),
      ready: () => true,
      pageFallback: pageFallbackFor(dist, ['https://cdn.example.com']),
    });
    const res = await page.inject({ method: 'GET', url: '/app/library' });
    await page.close();
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/cdn\.example\.com/);
  });
});
