import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../test-support/platform/databases';
import { freePort } from '../../test-support/platform/free-port';
import { CookieClient } from '../../test-support/platform/cookie-client';
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
const PROMETHEUS = '/usr/bin/prometheus';
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
  let admin: [string, string];
  let otlp: Server;
  const exports: Array<{ path: string; type: string; bytes: number }> = [];

  beforeAll(async () => {
    db = await createRealTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'verba-metrics-'));
    const env = { DATABASE_URL: db.connectionString, SECRET_KEY: randomUUID() + randomUUID(), DATA_DIR: dataDir };
    await runCommand('migrate', env);
    const seeded = await runCommand('seed', env);
    learner = /learner\s+(\S+@\S+)\s+(\S+)/.exec(seeded)!.slice(1, 3) as [string, string];
    admin = /admin\s+(\S+@\S+)\s+(\S+)/.exec(seeded)!.slice(1, 3) as [string, string];
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

  let client: CookieClient;
  const call = async (method: string, url: string, body?: unknown) => {
    client ??= new CookieClient(roles[0]!.process.base);
    const res = await client.call(method, url, body);
    expect(res.status, `${method} ${url}`).toBe(200);
  };

  it('counts marks by route on the api, applies them on the projector until its lag is 0, publishes them on the relay', async () => {
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
    // A command is named by its stream's category when it carries no type of its own.
    expect(sample(apiText, 'verba_commands_total', { command: 'vocabulary', outcome: 'handled' })).toBe(WORDS.length);
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

  it('shows a rebuild started from the operations page on the api that runs it: running, then done with the events it applied', async () => {
    const operator = new CookieClient(roles[0]!.process.base);
    expect((await operator.call('POST', '/api/sign-in', { email: admin[0], password: admin[1] })).status).toBe(200);
    const started = await operator.call('POST', '/api/admin/operations/rebuilds', { projection: 'vocabulary-dictionary' });
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const labels = { projection: 'vocabulary-dictionary' };
    await expect.poll(async () => sample(await scrape(0), 'verba_projection_rebuild_running', labels), { timeout: 30_000 }).toBe(0);
    // Every event of the log passed through the fold, the marks among them.
    expect(sample(await scrape(0), 'verba_projection_rebuild_events_applied', labels)).toBeGreaterThanOrEqual(WORDS.length);
  }, 60_000);

  it('exports the traces of the marks over OTLP (HTTP) to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    // The batch processor sends every few seconds; the api's spans (requests, commands, appends) and the projector's.
    await expect.poll(() => exports.filter((e) => e.path === '/v1/traces').length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(exports.find((e) => e.path === '/v1/traces')).toMatchObject({ type: expect.stringMatching(/^application\/(x-protobuf|json)/) });
    expect(exports.every((e) => e.bytes > 0)).toBe(true);
  });

  it('answers readiness with each dependency and, on the projector and relay, their lag', async () => {
    const ready = async (i: number) => {
      const res = await fetch(`${roles[i]!.process.base}/api/ready`);
      expect(res.status).toBe(200);
      return (await res.json()) as {
        role: string;
        dependencies: Record<string, { state: string }>;
        lag?: { projections: Record<string, unknown>; relay?: unknown };
      };
    };
    const api = await ready(0);
    expect(api).toMatchObject({ role: 'api', dependencies: { database: { state: 'up' }, eventStore: { state: 'up' } } });
    expect(api.lag).toBeUndefined();
    const projector = await ready(1);
    expect(projector.lag!.projections['vocabulary-dictionary']).toEqual({ events: 0, seconds: 0 });
    const relay = await ready(2);
    expect(relay.lag!.relay).toEqual({ events: 0, seconds: 0 });
  });

  it("is scraped by a Prometheus of the test's own: marks counted by route, projection lag up under load and back to 0", async () => {
    expect(existsSync(PROMETHEUS), 'Prometheus is needed: apt-get install prometheus').toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'verba-prometheus-'));
    const port = await freePort();
    const targets = roles.map((r) => new URL(r.metrics).host);
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      `global: { scrape_interval: 500ms, scrape_timeout: 400ms }\nscrape_configs:\n  - job_name: verba\n    static_configs: [{ targets: ${JSON.stringify(targets)} }]\n`,
    );
    const prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    const api = `http://127.0.0.1:${port}/api/v1`;
    const query = async (q: string) =>
      (
        (await (await fetch(`${api}/query?query=${encodeURIComponent(q)}`)).json()) as {
          data: { result: Array<{ value: [number, string] }> };
        }
      ).data.result;
    try {
      await expect.poll(async () => (await query('sum(up)').catch(() => []))[0]?.value[1], { timeout: 30_000 }).toBe(String(roles.length));
      const before = Number((await query('sum(verba_http_requests_total{route="/api/dictionary/word",method="PATCH"})'))[0]?.value[1] ?? 0);
      // A steady load: 8 writers marking new words for 6 s.
      const started = Date.now();
      let marked = 0;
      await Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; Date.now() - started < 6000; i++) {
            await call('PATCH', '/api/dictionary/word', {
              languageCode: 'de',
              word: { value: `last${w}x${i}`, status: 'known' },
              commandId: randomUUID(),
            });
            marked++;
          }
        }),
      );
      await expect
        .poll(
          async () =>
            Number(
              (await query('sum(verba_http_requests_total{route="/api/dictionary/word",method="PATCH",status="200"})'))[0]?.value[1] ?? 0,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(before + marked);
      // The projector fell behind at some scrape during the load, and is caught up now.
      const peak = await query('max_over_time(sum(verba_projection_lag_events{projection="vocabulary-dictionary"})[30s:500ms])');
      expect(Number(peak[0]!.value[1])).toBeGreaterThan(0);
      await expect.poll(async () => (await query('sum(verba_projection_lag_events)'))[0]?.value[1], { timeout: 10_000 }).toBe('0');
    } finally {
      prometheus.kill('SIGTERM');
      await new Promise((r) => prometheus.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

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
