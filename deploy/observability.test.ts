import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { METRIC_NAMES } from '../services/src/platform/metrics/catalog';
import { baseName, metricNames } from './observability/promql';

// Checks deploy/observability against Prometheus's own tool (Debian's `prometheus` package ships promtool)
// and against the metrics the roles really serve (services/src/platform/metrics/catalog.ts).
const dir = path.join(import.meta.dirname, 'observability');
const at = (...parts: string[]) => path.join(dir, ...parts);

function promtool(args: string[], cwd = dir) {
  const result = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`promtool could not run (${result.error.message}): apt-get install prometheus`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
const alertsText = readFileSync(at('alerts.yml'), 'utf8');
const rules = (parse(alertsText) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string; datasource?: { uid: string } }[];
}
const dashboard = JSON.parse(readFileSync(at('grafana', 'verba.json'), 'utf8')) as {
  uid: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown; current?: { value: string } }[] };
};
const charts = dashboard.panels.filter((p) => p.type !== 'row');
const dashboardExprs = charts.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

/** What a role serves: the catalog, Node's and the process's collectors under the same prefix, and Prometheus's `up`. */
const served = (name: string) =>
  METRIC_NAMES.includes(baseName(name)) || name.startsWith('verba_nodejs_') || name.startsWith('verba_process_') || name === 'up';

describe('alert rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool(['check', 'rules', 'alerts.yml']);
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(status).toBe(0);
  });

  it('pass their unit tests (promtool test rules), one test at least per alert', () => {
    const { status, output } = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
    const tests = readFileSync(at('alerts.test.yml'), 'utf8');
    for (const r of rules) expect(tests, r.alert).toMatch(new RegExp(`alertname: ${r.alert}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
  });

  it('cover the brief: lag, parked messages, 5xx, event-loop delay, readiness and scrape targets, each with severity and text', () => {
    const byName = Object.fromEntries(rules.map((r) => [r.alert, r]));
    expect(byName.VerbaProjectionLagging).toMatchObject({ for: '5m', expr: expect.stringMatching(/verba_projection_lag_seconds\) > 60$/) });
    expect(byName.VerbaRelayParkedMessages!.expr).toMatch(/verba_relay_parked_messages\) > 0$/);
    expect(byName.VerbaHighErrorRate).toMatchObject({ for: '5m', expr: expect.stringMatching(/status=~"5\.\."[\s\S]*> 0\.01\s*$/) });
    expect(byName.VerbaEventLoopDelayed).toMatchObject({ for: '5m', expr: 'verba_nodejs_eventloop_lag_p99_seconds > 0.2' });
    expect(byName.VerbaRoleNotReady).toMatchObject({ for: '2m', expr: 'verba_role_ready == 0' });
    expect(byName.VerbaTargetDown).toMatchObject({ for: '2m', expr: expect.stringMatching(/^up\{.*\} == 0$/) });
    for (const r of rules) {
      expect(['critical', 'warning'], r.alert).toContain(r.labels.severity);
      expect(Object.keys(r.annotations).sort(), r.alert).toEqual(['description', 'summary']);
    }
  });

  it('read only metrics the roles serve', () => {
    const unknown = rules.flatMap((r) => metricNames(r.expr)).filter((n) => !served(n));
    expect(unknown).toEqual([]);
  });
});

describe('the rules unit tests', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'verba-alerts-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  // Each change makes an alert fire when it should not, or stay silent when it should fire: the unit
  // tests must notice every one.
  it.each([
    ['VerbaProjectionLagging', '(verba_projection_lag_seconds) > 60', '(verba_projection_lag_seconds) > 600'],
    ['VerbaProjectionLagging', '(verba_projection_lag_seconds) > 60', '(verba_projection_lag_seconds) > 50'],
    ['VerbaRelayParkedMessages', '(verba_relay_parked_messages) > 0', '(verba_relay_parked_messages) >= 0'],
    ['VerbaHighErrorRate', '> 0.01\n', '> 0.001\n'],
    ['VerbaHighErrorRate', '> 0.01\n', '> 0.05\n'],
    ['VerbaEventLoopDelayed', 'lag_p99_seconds > 0.2', 'lag_p99_seconds > 0.1'],
    ['VerbaEventLoopDelayed', 'lag_p99_seconds > 0.2\n        for: 5m', 'lag_p99_seconds > 0.2\n        for: 3m'],
    ['VerbaRoleNotReady', 'verba_role_ready == 0\n        for: 2m', 'verba_role_ready == 0\n        for: 0m'],
    ['VerbaTargetDown', 'up{job=~"verba-.+"} == 0', 'up == 0'],
  ])('fail when %s changes from %j to %j', (alert, from, to) => {
    const changed = alertsText.replace(from, to);
    expect(changed, 'the change applies to alerts.yml').not.toBe(alertsText);
    writeFileSync(path.join(tmp, 'alerts.yml'), changed);
    copyFileSync(at('alerts.test.yml'), path.join(tmp, 'alerts.test.yml'));
    const { status, output } = promtool(['test', 'rules', 'alerts.test.yml'], tmp);
    expect(status).not.toBe(0);
    expect(output).toContain(`alertname: ${alert}`);
  });
});

describe('Prometheus configuration', () => {
  it('passes promtool check config and loads alerts.yml', () => {
    const { status, output } = promtool(['check', 'config', 'prometheus.yml']);
    expect(output).toContain('is valid prometheus config file syntax');
    expect(output).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(status).toBe(0);
  });

  it('scrapes api-1, api-2, projector and relay on port 9464, in jobs VerbaTargetDown watches', () => {
    const config = parse(readFileSync(at('prometheus.yml'), 'utf8')) as {
      scrape_configs: { job_name: string; metrics_path?: string; static_configs: { targets: string[] }[] }[];
    };
    const targets = config.scrape_configs.flatMap((s) => s.static_configs.flatMap((c) => c.targets.map((t) => `${s.job_name} ${t}`)));
    expect(targets).toEqual(['verba-api api-1:9464', 'verba-api api-2:9464', 'verba-projector projector:9464', 'verba-relay relay:9464']);
    for (const s of config.scrape_configs) expect(s.metrics_path ?? '/metrics').toBe('/metrics');
  });
});

describe('Grafana dashboard', () => {
  it('reads only metrics the roles serve', () => {
    expect(dashboardExprs.length).toBeGreaterThan(20);
    const unknown = dashboardExprs.flatMap(metricNames).filter((n) => !served(n));
    expect(unknown).toEqual([]);
  });

  it('charts what the brief names, from HTTP to readiness', () => {
    const charted = new Set(dashboardExprs.flatMap(metricNames).map(baseName));
    const wanted = [
      'verba_http_requests_total',
      'verba_http_request_duration_seconds',
      'verba_http_requests_in_flight',
      'verba_commands_total',
      'verba_event_store_appends_total',
      'verba_event_store_events_appended_total',
      'verba_event_store_append_duration_seconds',
      'verba_projection_lag_events',
      'verba_projection_lag_seconds',
      'verba_projection_events_applied_total',
      'verba_projection_position',
      'verba_event_store_head_position',
      'verba_relay_lag_events',
      'verba_relay_published_total',
      'verba_relay_parked_messages',
      'verba_untrusted_queue_length',
      'verba_untrusted_jobs_total',
      'verba_cache_hits_total',
      'verba_cache_misses_total',
      'verba_nodejs_eventloop_lag_p99_seconds',
      'verba_nodejs_heap_size_used_bytes',
      'verba_role_ready',
    ];
    expect(wanted.filter((m) => !charted.has(m))).toEqual([]);
    expect(dashboardExprs.join('\n')).toMatch(/histogram_quantile\(0\.5,[\s\S]*histogram_quantile\(0\.99,/);
  });

  it('has expressions Prometheus parses, once Grafana has filled in its variables', () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'verba-dashboard-'));
    try {
      const asRules = dashboardExprs.map((expr, i) => ({
        record: `verba:dashboard_${i}`,
        expr: expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', 'verba-api'),
      }));
      writeFileSync(path.join(tmp, 'dashboard.yml'), stringify({ groups: [{ name: 'dashboard', rules: asRules }] }));
      const { status, output } = promtool(['check', 'rules', 'dashboard.yml'], tmp);
      expect(output).toContain(`SUCCESS: ${asRules.length} rules found`);
      expect(status).toBe(0);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('queries the provisioned Prometheus through its datasource variable, panels laid out without overlap', () => {
    const variable = dashboard.templating.list.find((v) => v.type === 'datasource')!;
    expect(variable).toMatchObject({ name: 'datasource', query: 'prometheus', current: { value: 'prometheus' } });
    const provisioned = parse(readFileSync(at('grafana', 'provisioning', 'datasources', 'prometheus.yaml'), 'utf8')) as {
      datasources: { uid: string; type: string; url: string }[];
    };
    expect(provisioned.datasources).toEqual([
      expect.objectContaining({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' }),
    ]);
    for (const p of charts) {
      expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      for (const t of p.targets ?? []) expect(t.datasource?.uid, p.title).toBe('${datasource}');
    }
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
    const cells = new Set<string>();
    for (const p of dashboard.panels)
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          expect(x, p.title).toBeLessThan(24);
          expect(cells.has(`${x},${y}`), `${p.title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
  });

  it('is loaded from where compose mounts it', () => {
    const provider = parse(readFileSync(at('grafana', 'provisioning', 'dashboards', 'verba.yaml'), 'utf8')) as {
      providers: { type: string; options: { path: string } }[];
    };
    const [only] = provider.providers;
    expect(only!.type).toBe('file');
    expect(readFileSync(path.join(import.meta.dirname, 'compose.yaml'), 'utf8')).toContain(
      `./observability/grafana/verba.json:${only!.options.path}/verba.json:ro`,
    );
  });
});

describe('OpenTelemetry collector configuration', () => {
  it('receives OTLP on 4317 (gRPC) and 4318 (HTTP) and sends every pipeline to defined components', () => {
    const config = parse(readFileSync(at('otel-collector.yaml'), 'utf8')) as {
      receivers: { otlp: { protocols: { grpc: { endpoint: string }; http: { endpoint: string } } } };
      processors: Record<string, unknown>;
      exporters: Record<string, unknown>;
      service: { pipelines: Record<string, { receivers: string[]; processors?: string[]; exporters: string[] }> };
    };
    expect(config.receivers.otlp.protocols.grpc.endpoint).toMatch(/:4317$/);
    expect(config.receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
    expect(Object.keys(config.exporters)).toContain('debug');
    expect(Object.keys(config.service.pipelines).length).toBeGreaterThan(0);
    for (const [name, p] of Object.entries(config.service.pipelines)) {
      for (const r of p.receivers) expect(Object.keys(config.receivers), name).toContain(r);
      for (const r of p.processors ?? []) expect(Object.keys(config.processors), name).toContain(r);
      for (const e of p.exporters) expect(Object.keys(config.exporters), name).toContain(e);
    }
  });
});

describe('metricNames', () => {
  it('finds the selectors and nothing else: not functions, labels, ranges, strings or Grafana variables', () => {
    const expr =
      'histogram_quantile(0.99, sum by (le, job) (rate(verba_x_seconds_bucket{job=~"$job", route="up"}[$__rate_interval]))) / on (job) group_left up or absent(http_requests_total offset 5m) > 1e3';
    expect(metricNames(expr).sort()).toEqual(['http_requests_total', 'up', 'verba_x_seconds_bucket']);
    // The catalog check refuses a name the roles do not serve.
    expect(metricNames('rate(verba_http_request_total[5m])').filter((n) => !served(n))).toEqual(['verba_http_request_total']);
  });
});
