import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import type { Service } from 'kubernetes-models/v1';
import { METRICS_PORT, defaults, verbaManifests } from './manifests';
import { PrometheusRule, ServiceMonitor } from './monitoring';
import { synthesise } from './synth';

const manifests = verbaManifests();
const byKind = (kind: string) => manifests.filter((m) => m.kind === kind);

describe('Kubernetes manifests', () => {
  it('synthesise to YAML whose every object passes the Kubernetes schema of its kind', () => {
    const docs = parseAllDocuments(synthesise(manifests)).map((d) => d.toJS() as { apiVersion: string; kind: string });
    expect(docs.map((d) => `${d.apiVersion}/${d.kind}`)).toEqual(manifests.map((m) => `${m.apiVersion}/${m.kind}`));
    for (const m of manifests) expect(() => m.validate(), `${m.kind} ${m.metadata?.name}`).not.toThrow();
    expect(docs.filter((d) => d.apiVersion === 'monitoring.coreos.com/v1').map((d) => d.kind)).toEqual([
      'ServiceMonitor',
      'PrometheusRule',
    ]);
  });

  it('refuse an object the schema forbids (the check is real)', () => {
    const bad = new Deployment({
      metadata: { name: 'bad' },
      spec: { replicas: 'two' as unknown as number, selector: {}, template: {} },
    });
    expect(() => bad.validate()).toThrow(/replicas/);
  });

  it('run every server role with readiness on /api/ready, liveness, resources and a non-root user', () => {
    const roles = byKind('Deployment').map((d) => (d as Deployment).metadata!.name);
    expect(roles).toEqual(['verba-api', 'verba-projector', 'verba-relay', 'verba-fragments']);
    for (const d of byKind('Deployment') as Deployment[]) {
      const [c] = d.spec!.template.spec!.containers;
      expect(c!.readinessProbe?.httpGet?.path).toBeDefined();
      expect(c!.livenessProbe?.httpGet?.path).toBeDefined();
      expect(c!.resources?.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c!.resources?.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c!.securityContext?.runAsNonRoot).toBe(true);
      if (d.metadata!.name !== 'verba-fragments') {
        expect(c!.readinessProbe!.httpGet!.path).toBe('/api/ready');
        expect(c!.image).toBe(`${defaults.image}:${defaults.version}-${c!.args![0]}`);
      }
    }
  });

  it('give each deployment a PodDisruptionBudget and api a HorizontalPodAutoscaler', () => {
    const pdbs = byKind('PodDisruptionBudget').map((p) => p.metadata!.name);
    expect(pdbs.sort()).toEqual(
      byKind('Deployment')
        .map((d) => d.metadata!.name)
        .sort(),
    );
    const [hpa] = byKind('HorizontalPodAutoscaler') as unknown as {
      spec: { scaleTargetRef: { name: string }; minReplicas: number; maxReplicas: number };
    }[];
    expect(hpa!.spec.scaleTargetRef.name).toBe('verba-api');
    expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
  });

  it("serve each server role's metrics on a port of its own, with METRICS_PORT set and probes left on http", () => {
    for (const d of byKind('Deployment') as Deployment[]) {
      const [c] = d.spec!.template.spec!.containers;
      const metricsPorts = (c!.ports ?? []).filter((p) => p.name === 'metrics');
      if (d.metadata!.name === 'verba-fragments') {
        expect(metricsPorts).toEqual([]);
        continue;
      }
      expect(metricsPorts, d.metadata!.name).toEqual([{ name: 'metrics', containerPort: 9464 }]);
      expect(c!.env, d.metadata!.name).toContainEqual({ name: 'METRICS_PORT', value: '9464' });
      for (const probe of [c!.startupProbe, c!.readinessProbe, c!.livenessProbe]) expect(probe!.httpGet!.port).toBe('http');
    }
  });

  it('reach the metrics through headless Services of their own, never through the public ones', () => {
    const services = byKind('Service') as Service[];
    const metrics = services.filter((s) => s.spec!.ports!.some((p) => p.targetPort === 'metrics'));
    expect(metrics.map((s) => s.metadata!.name)).toEqual(['verba-api-metrics', 'verba-projector-metrics', 'verba-relay-metrics']);
    for (const s of metrics) {
      expect(s.spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true });
      expect(s.spec!.ports).toEqual([{ name: 'metrics', port: METRICS_PORT, targetPort: 'metrics' }]);
      // Selects the Deployment of its role.
      const role = s.metadata!.labels!['app.kubernetes.io/component'];
      const deployment = (byKind('Deployment') as Deployment[]).find((d) => d.metadata!.name === `verba-${role}`)!;
      expect(s.spec!.selector).toEqual(deployment.spec!.template.metadata!.labels);
    }
    for (const s of services.filter((x) => !metrics.includes(x))) expect(s.spec!.ports!.map((p) => p.targetPort)).toEqual(['http']);
  });

  it('have a ServiceMonitor scraping exactly the metrics Services on /metrics', () => {
    const [monitor, ...more] = byKind('ServiceMonitor') as ServiceMonitor[];
    expect(more).toEqual([]);
    expect(monitor!.apiVersion).toBe('monitoring.coreos.com/v1');
    const selected = (byKind('Service') as Service[]).filter((s) =>
      Object.entries(monitor!.spec.selector.matchLabels).every(([k, v]) => s.metadata!.labels?.[k] === v),
    );
    expect(selected.map((s) => s.metadata!.name)).toEqual(['verba-api-metrics', 'verba-projector-metrics', 'verba-relay-metrics']);
    expect(monitor!.spec.namespaceSelector).toEqual({ matchNames: [defaults.namespace] });
    expect(monitor!.spec.endpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '15s' }]);
  });

  it('carry the alert rules of deploy/observability/alerts.yml in a PrometheusRule, unchanged', () => {
    const alerts = parse(readFileSync(path.join(import.meta.dirname, '..', 'observability', 'alerts.yml'), 'utf8')) as { groups: unknown };
    const [rule] = byKind('PrometheusRule') as PrometheusRule[];
    expect(rule!.spec.groups).toEqual(alerts.groups);
    expect(rule!.spec.groups[0]!.rules.map((r) => r.alert)).toContain('VerbaProjectionLagging');
    // Through the YAML a cluster receives, too.
    const docs = parseAllDocuments(synthesise(manifests)).map((d) => d.toJS() as { kind: string; spec: unknown });
    expect(docs.find((d) => d.kind === 'PrometheusRule')!.spec).toEqual({ groups: alerts.groups });
  });

  it("label the monitoring objects for the cluster's Prometheus to select them", () => {
    const labelled = verbaManifests({ ...defaults, monitoringLabels: { release: 'kube-prometheus-stack' } });
    for (const kind of ['ServiceMonitor', 'PrometheusRule']) {
      const m = labelled.find((x) => x.kind === kind)!;
      expect(m.metadata!.labels, kind).toMatchObject({ release: 'kube-prometheus-stack', 'app.kubernetes.io/name': 'verba' });
    }
  });

  it('refuse a monitoring object the operator would ignore (their check is real)', () => {
    const metadata = { name: 'verba', namespace: 'verba' };
    expect(() => new ServiceMonitor({ metadata, spec: { selector: { matchLabels: { a: 'b' } }, endpoints: [] } }).validate()).toThrow(
      /endpoints/,
    );
    expect(() =>
      new ServiceMonitor({ metadata, spec: { selector: { matchLabels: {} }, endpoints: [{ port: 'metrics' }] } }).validate(),
    ).toThrow(/every Service/);
    expect(() =>
      new PrometheusRule({ metadata, spec: { groups: [{ name: 'verba', rules: [{ alert: 'X', expr: '' }] }] } }).validate(),
    ).toThrow(/expr/);
  });

  it('keep secrets out of the manifests (the operator creates verba-secrets)', () => {
    const text = synthesise(manifests);
    expect(text).not.toMatch(/SECRET_KEY|DATABASE_URL|password/i);
    expect(text).toContain('name: verba-secrets');
  });
});
