import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { defaults, verbaManifests } from './manifests';
import { synthesise } from './synth';

const manifests = verbaManifests();
const byKind = (kind: string) => manifests.filter((m) => m.kind === kind);

describe('Kubernetes manifests', () => {
  it('synthesise to YAML whose every object passes the Kubernetes schema of its kind', () => {
    const docs = parseAllDocuments(synthesise(manifests)).map((d) => d.toJS() as { apiVersion: string; kind: string });
    expect(docs.map((d) => `${d.apiVersion}/${d.kind}`)).toEqual(manifests.map((m) => `${m.apiVersion}/${m.kind}`));
    for (const m of manifests) expect(() => m.validate(), `${m.kind} ${m.metadata?.name}`).not.toThrow();
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

  it('keep secrets out of the manifests (the operator creates verba-secrets)', () => {
    const text = synthesise(manifests);
    expect(text).not.toMatch(/SECRET_KEY|DATABASE_URL|password/i);
    expect(text).toContain('name: verba-secrets');
  });
});
