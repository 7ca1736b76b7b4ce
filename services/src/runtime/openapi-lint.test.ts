/**
 * The OpenAPI document passes Redocly CLI's recommended rules (issue 46, item 2): no error and no warning,
 * except what services/redocly.yaml switches off with its reason. Run on the document the server serves.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { allModules } from './modules';

const database = await preferredTestDatabase();
const SERVICES = path.resolve(import.meta.dirname, '../..');
const REDOCLY = path.resolve(SERVICES, '../node_modules/.bin/redocly');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; severity: string }[];
}

/** `redocly lint` on a document file with the project's configuration; its JSON report. */
async function lint(file: string): Promise<LintReport> {
  const run = await promisify(execFile)(REDOCLY, ['lint', file, '--config', path.join(SERVICES, 'redocly.yaml'), '--format=json'], {
    cwd: SERVICES,
    // No telemetry or update check: nothing leaves this machine.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' })); // exit 1 on errors: the report says which
  return JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as LintReport;
}

describe(`the OpenAPI document under Redocly's recommended rules, on ${database.label}`, () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'verba-openapi-lint-'));
  beforeAll(async () => {
    t = await createTestApp(await database.create(), allModules);
  }, 120_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('has no error and no warning left on', async () => {
    const file = path.join(dir, 'openapi.json');
    const doc = (await t.agent().request({ method: 'GET', url: '/api/docs/json' })).json() as { servers: unknown };
    expect(doc.servers).toEqual([{ url: '/', description: 'this server' }]); // PUBLIC_URL unset
    writeFileSync(file, JSON.stringify(doc));
    const report = await lint(file);
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });

    // The check can fail: a document without servers is an error under the same rules.
    writeFileSync(file, JSON.stringify({ ...doc, servers: [] }));
    expect((await lint(file)).totals.errors).toBeGreaterThan(0);
  }, 120_000);
});
