import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROOT, SHOTS, signIn, skipReason, startVerba, type Verba } from './support/verba';

const run = promisify(execFile);

/**
 * A fragment deployed on its own: the reader is published to the "e2e" environment's registry while the
 * shell runs; a reload shows each published version without rebuilding or restarting anything, rollback
 * brings the previous one back, and a build against another React is refused in the reader's own area.
 */
describe.skipIf(!!skipReason)(`fragments published on their own, in Chromium ${skipReason}`, () => {
  let verba: Verba;
  let page: Page;
  const work = mkdtempSync(path.join(tmpdir(), 'verba-e2e-fragments-'));
  const store = path.join(work, 'store');

  /** The real reader build, copied and optionally changed (a changed byte is a new content hash). */
  function variant(label: string, change: (dist: string) => void = () => {}): string {
    const dist = path.join(work, label);
    cpSync(path.join(ROOT, 'mfe-reader', 'dist'), dist, { recursive: true });
    change(dist);
    return dist;
  }
  async function npm(...args: string[]): Promise<string> {
    const { stdout } = await run('npm', ['run', '--silent', ...args], { cwd: ROOT, env: { ...process.env, FRAGMENT_STORE_DIR: store } });
    return stdout;
  }
  const publish = async (dist: string) =>
    /^reader ([0-9a-f]{16}) published to e2e/m.exec(
      await npm('publish', '-w', 'mfe-reader', '--', '--env', 'e2e', '--no-build', '--dist', dist),
    )![1]!;
  const shownVersion = async () => {
    await page.reload();
    await page.locator('.rd-table tbody tr').first().waitFor();
    return page.locator('#fragment-reader').getAttribute('data-version');
  };

  let v1: string;
  beforeAll(async () => {
    v1 = await publish(variant('v1'));
    verba = await startVerba({ env: { FRAGMENT_ENV: 'e2e', FRAGMENT_STORE_DIR: store } });
    page = await verba.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, verba.base, verba.learner);
    await page.goto(`${verba.base}/app/library`);
  }, 180_000);

  afterAll(async () => {
    await verba?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('shows the published reader, then v2 after a publish, then v1 after a rollback, with no shell rebuild', async () => {
    expect(await shownVersion()).toBe(v1);
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));

    const v2 = await publish(variant('v2', (dist) => appendFileSync(path.join(dist, 'remoteEntry.js'), '\n/* v2 */\n')));
    expect(v2).not.toBe(v1);
    expect(await shownVersion()).toBe(v2);
    expect(loaded).toContain(`/fragment-store/reader/${v2}/remoteEntry.js`);
    // Its manifest is downloaded once: the compatibility check's copy is the one the runtime loads.
    expect(loaded.filter((p) => p === `/fragment-store/reader/${v2}/mf-manifest.json`)).toHaveLength(1);
    // Only the reader: the shell's own query cache does not start every other fragment to compare versions.
    expect(loaded.filter((p) => /^\/fragments\/(learn|practice|admin)\//.test(p))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'fragments-reader-v2.png') });

    expect(await npm('rollback', '-w', 'mfe-reader', '--', '--env', 'e2e')).toContain(`rolled back from ${v2} to ${v1}`);
    expect(await shownVersion()).toBe(v1);
  });

  it('refuses a reader built against another React in its own area; the rest of the page works', async () => {
    await publish(
      variant('react18', (dist) => {
        const file = path.join(dist, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as { shared: { name: string; version: string; requiredVersion: string }[] };
        for (const s of manifest.shared)
          if (s.name.startsWith('react')) Object.assign(s, { version: '18.3.1', requiredVersion: '^18.0.0' });
        writeFileSync(file, JSON.stringify(manifest));
      }),
    );
    await page.reload();
    await page.getByText('The library could not be loaded.').waitFor();
    await page
      .getByText(
        /\(This version of "reader" cannot run on this page: it was built for react \^18\.0\.0 \(this page has 19\.\d+\.\d+\)\. It was not started\.\)$/,
      )
      .waitFor();
    expect(await page.locator('.rd-table').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'fragments-reader-refused.png') });
    // The shell and the other fragments are unharmed.
    await page.goto(`${verba.base}/app/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  });
});
