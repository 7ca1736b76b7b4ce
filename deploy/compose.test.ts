import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// A real compose tool validates the file: Debian's docker-compose (installed by .ci/run) checks the
// schema, interpolation, anchors and depends_on conditions without a Docker engine.
const here = import.meta.dirname;
const composeFile = path.join(here, 'compose.yaml');
const composeConfig = (env: NodeJS.ProcessEnv) =>
  spawnSync('docker-compose', ['-f', composeFile, 'config'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });

interface Service {
  build?: { target: string };
  image?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: unknown[];
  environment?: Record<string, string>;
  restart?: string;
  profiles?: string[];
  // docker-compose prints `host:port:port/tcp` when bound to an address, else { published, target }.
  ports?: (string | { published: number; target: number })[];
}

const ROLES = ['api-1', 'api-2', 'projector', 'relay'];
const OBSERVABILITY = ['grafana', 'otel-collector', 'prometheus'];
// docker-compose 1.29's `config` lists every service whatever --profile says (Compose v2 leaves the
// inactive ones out): the default set is the services without `profiles`.
const inDefaultSet = (s: Service) => !s.profiles?.length;

describe('compose topology', () => {
  const result = composeConfig({ SECRET_KEY: 'a'.repeat(32) });
  const config = parse(result.stdout ?? '') as { services: Record<string, Service>; volumes: Record<string, unknown> };

  it('is accepted by docker-compose config', () => {
    expect(result.error, 'docker-compose must be installed (apt-get install docker-compose)').toBeUndefined();
    expect(result.stderr).not.toMatch(/invalid|error/i);
    expect(result.status).toBe(0);
  });

  it('runs the whole topology: stores, two api behind a proxy, projector, relay, fragments', () => {
    const defaultSet = Object.entries(config.services).filter(([, s]) => inDefaultSet(s));
    expect(defaultSet.map(([name]) => name).sort()).toEqual(
      ['api-1', 'api-2', 'eventstore', 'fragments', 'kafka', 'migrate', 'postgres', 'projector', 'proxy', 'redis', 'relay'].sort(),
    );
    expect(readFileSync(path.join(here, 'proxy', 'api.conf'), 'utf8')).toMatch(/server api-1:3000[^;]*;\s*server api-2:3000/);
    expect(config.services.kafka!.environment!.KAFKA_PROCESS_ROLES).toBe('broker,controller');
  });

  it('gives every long-running service a healthcheck and waits on health before starting a role', () => {
    for (const [name, s] of Object.entries(config.services)) {
      if (name === 'migrate') continue;
      // The collector's image has no shell and no HTTP client to ask it anything; it is disabled on purpose.
      if (name === 'otel-collector') {
        expect(s.healthcheck?.test).toEqual(['NONE']);
        continue;
      }
      expect(s.healthcheck?.test, name).toBeDefined();
      expect(s.healthcheck!.test, name).not.toEqual(['NONE']);
    }
    for (const role of ROLES) {
      const s = config.services[role]!;
      expect(s.healthcheck!.test.join(' ')).toContain('/api/ready');
      expect(s.depends_on!.migrate!.condition).toBe('service_completed_successfully');
      expect(s.depends_on!.eventstore!.condition).toBe('service_healthy');
      expect(s.environment!.EVENTSTORE_URL).toMatch(/^esdb:\/\//);
    }
    // The api processes serve the production registry of the fragments the static host serves.
    for (const api of ['api-1', 'api-2']) {
      expect(config.services[api]!.environment).toMatchObject({ FRAGMENT_ENV: 'production', FRAGMENT_STORE_DIR: '/srv/fragment-store' });
      expect(JSON.stringify(config.services[api]!.volumes)).toContain('/srv/fragment-store');
    }
  });

  it('keeps every store on a named volume', () => {
    for (const name of ['eventstore', 'postgres', 'redis', 'kafka', 'fragments']) {
      expect(config.services[name]!.volumes?.length, name).toBeGreaterThan(0);
    }
    expect(Object.keys(config.volumes).sort()).toEqual(['eventstore-data', 'kafka-data', 'postgres-data', 'redis-data']);
  });

  it('builds each role from a target of the one Dockerfile', () => {
    const dockerfile = readFileSync(path.join(here, 'Dockerfile'), 'utf8');
    const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);
    for (const s of Object.values(config.services)) if (s.build) expect(targets).toContain(s.build.target);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m); // Node 24 LTS (npm run test:node24)
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/ready/m);
    // Every file the build copies from the context exists (the context is the repository root).
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(?:--\S+ )*(.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '));
    expect(copied.length).toBeGreaterThan(10);
    for (const source of copied) if (source !== '.') expect(existsSync(path.join(here, '..', source)), source).toBe(true);
  });

  it("serves every role's metrics on METRICS_PORT inside the compose network only, never through the proxy", () => {
    for (const role of ROLES) {
      const s = config.services[role]!;
      expect(s.environment!.METRICS_PORT, role).toBe('9464');
      expect(s.ports, role).toBeUndefined();
      // Unset in the container unless the operator sets it (compose prints null for "from the shell, if set").
      expect(s.environment!.OTEL_EXPORTER_OTLP_ENDPOINT, role).toBeNull();
    }
    expect(config.services.migrate!.environment!.METRICS_PORT).toBeUndefined();
    // Published ports are the proxy's, the fragments host's, and the observability tools' on loopback.
    const published = Object.values(config.services).flatMap((s) => s.ports ?? []);
    expect(JSON.stringify(published)).not.toContain('9464');
    const proxy = readFileSync(path.join(here, 'proxy', 'api.conf'), 'utf8');
    expect([...proxy.matchAll(/server (\S+):(\d+)/g)].map((m) => m[2])).toEqual(['3000', '3000']);
    expect(proxy).not.toMatch(/9464|\/metrics/);
  });

  it('adds exactly Prometheus, Grafana and the OTLP collector under --profile observability, from files that exist', () => {
    const profiled = Object.entries(config.services).filter(([, s]) => !inDefaultSet(s));
    expect(profiled.map(([name]) => name).sort()).toEqual(OBSERVABILITY);
    for (const [name, s] of profiled) {
      expect(s.profiles, name).toEqual(['observability']);
      expect(s.image, name).toMatch(/:[\w.]+$/);
      // docker-compose resolves the mounts' sources to absolute paths; a missing file would be mounted as an empty directory.
      const sources = (s.volumes as string[]).map((v) => v.split(':')[0]!);
      expect(sources.length, name).toBeGreaterThan(0);
      for (const source of sources) expect(existsSync(source), `${name} mounts ${source}`).toBe(true);
    }
    for (const name of ['prometheus', 'grafana'])
      expect(
        config.services[name]!.ports!.every((p) => typeof p === 'string' && p.startsWith('127.0.0.1:')),
        name,
      ).toBe(true);
    expect(config.services.prometheus!.volumes).toContainEqual(
      `${path.join(here, 'observability', 'alerts.yml')}:/etc/prometheus/alerts.yml:ro`,
    );

    const withProfile = spawnSync('docker-compose', ['-f', composeFile, '--profile', 'observability', 'config', '--quiet'], {
      env: { PATH: process.env.PATH, SECRET_KEY: 'a'.repeat(32) },
      encoding: 'utf8',
    });
    expect(withProfile.stderr).toBe('');
    expect(withProfile.status).toBe(0);
  });

  it('refuses to start without a SECRET_KEY (no default secret in the file)', () => {
    const refused = composeConfig({});
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('set SECRET_KEY');
  });
});
