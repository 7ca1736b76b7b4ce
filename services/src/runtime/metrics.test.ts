import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../test-support/platform/databases';
import { freePort } from '../../test-support/platform/free-port';
import { runCommand, startRole, type RoleProcess } from '../../test-support/platform/role-process';

/**
 * Issue 45: every role serves Prometheus metrics on METRICS_PORT. An api, a projector and a relay as
 * processes on PostgreSQL: marks are counted by route on the api, applied by the projector (whose lag
 * comes back to 0), published by the relay; promtool accepts each role's output; the public port does
 * not serve them.
 */
const postgres = await probeRealPostgres();
if (!postgres.available && process.env.CI) throw new Error('CI needs PostgreSQL for the metrics test');
const promtool = spawnSync('promtool', ['--version']).status === 0;
const WORDS = Array.from({ length: 12 }, (_, i) => `messwort${i}`);

/** One sample's value: `name{labels} value`, labels given in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}
const sum = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((total, l) => total + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

describe.skipIf(!postgres.available)(`metrics on every role${postgres.available ? '' : ' (skipped: no PostgreSQL; CI has it)'}`, () => {
  let db: TestDatabase;
  let dataDir: string;
  const roles: Array<{ process: RoleProcess; metrics: string }> = [];
  let learner: [string, string];
  let otlp: Server;
  const exports: Array<{ path: string; type: string; bytes: number }> = [];

  beforeAll(async () => {
    db = await createRealTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'verba-metrics-'));
    const env = { DATABASE_URL: db.connectionString, SECRET_KEY: randomUUID() + randomUUID(), DATA_DIR: dataDir };
    await runCommand('migrate', env);
    learner = /learner\s+(\S+@\S+)\s+(\S+)/.exec(await runCommand('seed', env))!.slice(1, 3) as [string, string];
    // An OTLP receiver of the test's own: the roles export their traces to it.
    otlp = createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        exports.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', bytes });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => otlp.listen(0, '127.0.0.1', resolve));
    const traces = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(otlp.address() as AddressInfo).port}` };
    for (const role of ['api', 'projector', 'relay'] as const) {
      const port = await freePort();
      roles.push({
        process: await startRole(role, { ...env, ...traces, METRICS_PORT: String(port) }),
        metrics: `http://127.0.0.1:${port}/metrics`,
      });
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(roles.map((r) => r.process.stop()));
    otlp?.close();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = async (i: number) => {
    const res = await fetch(roles[i]!.metrics);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('counts marks by route on the api, applies them on the projector until its lag is 0, publishes them on the relay', async () => {
    const api = roles[0]!.process;
    const cookies = new Map<string, string>();
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(api.base + url, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookies.has('verba_csrf') ? { 'x-verba-csrf': cookies.get('verba_csrf')! } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        cookies.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
      }
      expect(res.status, `${method} ${url}`).toBe(200);
    };
    await call('POST', '/api/sign-in', { email: learner[0], password: learner[1] });
    for (const word of WORDS)
      await call('PATCH', '/api/dictionary/word', { languageCode: 'de', word: { value: word, status: 'known' }, commandId: randomUUID() });

    const apiText = await scrape(0);
    expect(sample(apiText, 'verba_http_requests_total', { route: '/api/dictionary/word', method: 'PATCH', status: '200' })).toBe(
      WORDS.length,
    );
    expect(sample(apiText, 'verba_http_request_duration_seconds_count', { route: '/api/dictionary/word', method: 'PATCH' })).toBe(
      WORDS.length,
    );
    expect(sum(apiText, 'verba_commands_total')).toBeGreaterThanOrEqual(WORDS.length);
    console.log(
      apiText
        .split('\n')
        .filter((l) => l.startsWith('verba_commands_total'))
        .join('\n'),
    );
    expect(sample(apiText, 'verba_event_store_events_appended_total')).toBeGreaterThanOrEqual(WORDS.length);
    expect(sample(apiText, 'verba_role_ready', { role: 'api' })).toBe(1);
    expect(sample(apiText, 'verba_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);

    // The projector follows: its lag comes back to 0 for every projection, having applied the marks.
    await expect.poll(async () => sum(await scrape(1), 'verba_projection_lag_events'), { timeout: 20_000, interval: 250 }).toBe(0);
    const projectorText = await scrape(1);
    expect(sample(projectorText, 'verba_projection_lag_seconds', { projection: 'vocabulary-dictionary' })).toBe(0);
    expect(sample(projectorText, 'verba_projection_events_applied_total', { projection: 'vocabulary-dictionary' })).toBeGreaterThanOrEqual(
      WORDS.length,
    );
    expect(sample(projectorText, 'verba_projection_position', { projection: 'vocabulary-dictionary' })).toBe(
      sample(projectorText, 'verba_event_store_head_position'),
    );
    expect(sample(projectorText, 'verba_role_ready', { role: 'projector' })).toBe(1);

    await expect.poll(async () => sample(await scrape(2), 'verba_relay_lag_events'), { timeout: 20_000 }).toBe(0);
    expect(sample(await scrape(2), 'verba_relay_published_total')).toBeGreaterThanOrEqual(WORDS.length);
  }, 120_000);

  it('exports the traces of the marks over OTLP (HTTP) to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    // The batch processor sends every few seconds; the api's spans (requests, commands, appends) and the projector's.
    await expect.poll(() => exports.filter((e) => e.path === '/v1/traces').length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(exports.find((e) => e.path === '/v1/traces')).toMatchObject({ type: expect.stringMatching(/^application\/(x-protobuf|json)/) });
    expect(exports.every((e) => e.bytes > 0)).toBe(true);
  });

  it('passes promtool check metrics on every role', async () => {
    expect(promtool, 'promtool is needed: apt-get install prometheus').toBe(true);
    for (const [i, { process }] of roles.entries()) {
      const checked = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(i), encoding: 'utf8' });
      expect(checked.status, `${process.role}: ${checked.stdout}${checked.stderr}`).toBe(0);
    }
  });

  it('serves metrics on their own port only: the public port has no /metrics, the metrics port nothing else', async () => {
    const api = roles[0]!;
    // (/metrics on the public port is a page of the web app, as any unknown path there.)
    expect(await (await fetch(`${api.process.base}/metrics`)).text()).not.toContain('verba_http_requests_total');
    expect((await fetch(`${api.process.base}/api/metrics`)).status).toBe(404);
    expect((await fetch(api.metrics.replace('/metrics', '/api/ready'))).status).toBe(404);
  });
});
