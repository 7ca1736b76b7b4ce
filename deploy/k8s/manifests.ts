/**
 * Verba's Kubernetes manifests as typed objects (kubernetes-models: one class per API kind, each able to
 * validate itself against the Kubernetes OpenAPI schema it was generated from). `npm run synth -w deploy`
 * writes them as YAML; deploy/k8s/manifests.test.ts synthesises and validates them in `npm test`.
 */
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import type { IContainer, IProbe, IResourceRequirements } from 'kubernetes-models/v1';
import { PrometheusRule, ServiceMonitor, alertGroups } from './monitoring';

export interface ManifestOptions {
  namespace: string;
  /** Image repository; each role is the tag `<version>-<role>` built from deploy/Dockerfile's target. */
  image: string;
  version: string;
  apiReplicas: { min: number; max: number };
  /** The fragment environment whose registry the shell loads (staging, production ...). */
  environment: string;
  /** The origin browsers use (PUBLIC_URL, required in production): emailed links and Stripe's return addresses. */
  publicUrl: string;
  /** Published fragments: the S3 bucket `npm run publish` uploads to, and the CDN origin browsers load them from. */
  fragments: { bucket: string; publicUrl: string };
  /**
   * Labels the cluster's Prometheus selects ServiceMonitors and PrometheusRules by (kube-prometheus-stack:
   * `release: <its release name>` unless its selectors are opened up).
   */
  monitoringLabels: Record<string, string>;
}

export const defaults: ManifestOptions = {
  namespace: 'verba',
  image: 'registry.example.com/verba',
  version: '0.1.0',
  apiReplicas: { min: 2, max: 10 },
  environment: 'production',
  publicUrl: 'https://verba.example.com',
  fragments: { bucket: 'verba-fragments', publicUrl: 'https://fragments.example.com/' },
  monitoringLabels: {},
};

export type Manifest =
  Namespace | ConfigMap | Job | Deployment | Service | PodDisruptionBudget | HorizontalPodAutoscaler | ServiceMonitor | PrometheusRule;

const PORT = 3000;
/** Each server role serves Prometheus metrics on its own port (issue 45), reached only in the cluster. */
export const METRICS_PORT = 9464;
/** Marks the metrics Services, which the ServiceMonitor selects (the public Services stay unscraped). */
const SCRAPE_LABEL = { 'verba/metrics': 'true' };
const SERVER_ROLES = ['api', 'projector', 'relay'] as const;
const labels = (role: string) => ({ 'app.kubernetes.io/name': 'verba', 'app.kubernetes.io/component': role });
const httpProbe = (path: string, port: number | string, periodSeconds: number, failureThreshold: number): IProbe => ({
  httpGet: { path, port },
  periodSeconds,
  timeoutSeconds: 3,
  failureThreshold,
});
const resources = (cpu: string, memory: string, cpuLimit: string, memoryLimit: string): IResourceRequirements => ({
  requests: { cpu, memory },
  limits: { cpu: cpuLimit, memory: memoryLimit },
});
// Same user as the image (node, uid 1000): nothing runs as root, nothing writes to the image.
const securityContext = {
  runAsNonRoot: true,
  runAsUser: 1000,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

export function verbaManifests(o: ManifestOptions = defaults): Manifest[] {
  const { namespace } = o;
  const image = (role: string) => `${o.image}:${o.version}-${role}`;
  const env = { configMapRef: { name: 'verba-config' } };
  // DATABASE_URL, REDIS_URL, KAFKA_BROKERS, EVENTSTORE_URL and SECRET_KEY: a Secret the operator creates
  // (deploy/README.md), never generated here, so no secret sits in the repository.
  const secrets = { secretRef: { name: 'verba-secrets' } };

  const serverContainer = (role: string, res: IResourceRequirements): IContainer => ({
    name: role,
    image: image(role),
    args: [role],
    ports: [
      { name: 'http', containerPort: PORT },
      { name: 'metrics', containerPort: METRICS_PORT },
    ],
    env: [{ name: 'METRICS_PORT', value: String(METRICS_PORT) }],
    envFrom: [env, secrets],
    // /api/ready is 503 while starting and draining: traffic only to a ready process. Liveness asks
    // the cheaper /api/health, so a slow catch-up never gets a process killed. Probes stay on http.
    startupProbe: httpProbe('/api/health', 'http', 2, 30),
    readinessProbe: httpProbe('/api/ready', 'http', 5, 2),
    livenessProbe: httpProbe('/api/health', 'http', 10, 3),
    resources: res,
    securityContext,
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  });

  const deployment = (role: string, replicas: number, res: IResourceRequirements, singleton: boolean) =>
    new Deployment({
      metadata: { name: `verba-${role}`, namespace, labels: labels(role) },
      spec: {
        replicas,
        selector: { matchLabels: labels(role) },
        // One projector and one relay at a time: a second one would only wait on the checkpoints' lock.
        strategy: singleton ? { type: 'Recreate' } : { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels: labels(role) },
          spec: {
            // Drains in-flight requests and the current batch on SIGTERM (runtime/server.ts).
            terminationGracePeriodSeconds: 30,
            containers: [serverContainer(role, res)],
            volumes: [{ name: 'tmp', emptyDir: {} }],
          },
        },
      },
    });

  const pdb = (role: string, budget: { minAvailable: number } | { maxUnavailable: number }) =>
    new PodDisruptionBudget({
      metadata: { name: `verba-${role}`, namespace, labels: labels(role) },
      spec: { selector: { matchLabels: labels(role) }, ...budget },
    });

  const service = (role: string, port: number, targetPort: string) =>
    new Service({
      metadata: { name: `verba-${role}`, namespace, labels: labels(role) },
      spec: { selector: labels(role), ports: [{ name: 'http', port, targetPort }] },
    });

  // Headless (Prometheus scrapes each pod) and listing pods that are not ready: a not-ready role's
  // verba_role_ready 0 is what VerbaRoleNotReady waits for, and readiness would hide it otherwise.
  const metricsService = (role: string) =>
    new Service({
      metadata: { name: `verba-${role}-metrics`, namespace, labels: { ...labels(role), ...SCRAPE_LABEL } },
      spec: {
        clusterIP: 'None',
        publishNotReadyAddresses: true,
        selector: labels(role),
        ports: [{ name: 'metrics', port: METRICS_PORT, targetPort: 'metrics' }],
      },
    });

  const monitoringMeta = (name: string) => ({
    name,
    namespace,
    labels: { ...labels('monitoring'), ...o.monitoringLabels },
  });
  // The job label is the Service's name (verba-<role>-metrics): VerbaTargetDown watches up{job=~"verba-.+"}.
  const serviceMonitor = new ServiceMonitor({
    metadata: monitoringMeta('verba'),
    spec: {
      selector: { matchLabels: { 'app.kubernetes.io/name': 'verba', ...SCRAPE_LABEL } },
      namespaceSelector: { matchNames: [namespace] },
      endpoints: [{ port: 'metrics', path: '/metrics', interval: '15s' }],
    },
  });
  const prometheusRule = new PrometheusRule({ metadata: monitoringMeta('verba'), spec: { groups: alertGroups() } });

  const fragments = new Deployment({
    metadata: { name: 'verba-fragments', namespace, labels: labels('fragments') },
    spec: {
      replicas: 2,
      selector: { matchLabels: labels('fragments') },
      template: {
        metadata: { labels: labels('fragments') },
        spec: {
          containers: [
            {
              name: 'fragments',
              image: image('fragments'),
              ports: [{ name: 'http', containerPort: 8080 }],
              readinessProbe: httpProbe('/healthz', 'http', 5, 2),
              livenessProbe: httpProbe('/healthz', 'http', 10, 3),
              resources: resources('20m', '32Mi', '200m', '64Mi'),
              securityContext: { ...securityContext, runAsUser: 101, readOnlyRootFilesystem: false },
            },
          ],
        },
      },
    },
  });

  return [
    new Namespace({ metadata: { name: namespace } }),
    new ConfigMap({
      metadata: { name: 'verba-config', namespace },
      data: {
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: String(PORT),
        PUBLIC_URL: o.publicUrl,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
        // The root filesystem is read-only: anything written locally goes to the /tmp emptyDir.
        DATA_DIR: '/tmp/verba',
        FRAGMENT_ENV: o.environment,
        FRAGMENT_STORE_S3_BUCKET: o.fragments.bucket,
        FRAGMENT_PUBLIC_URL: o.fragments.publicUrl,
      },
    }),
    // Runs every migration before a rollout: `kubectl wait --for=condition=complete job/verba-migrate-<version>`.
    new Job({
      metadata: { name: `verba-migrate-${o.version.replace(/[^a-z0-9-]/g, '-')}`, namespace, labels: labels('migrate') },
      spec: {
        backoffLimit: 3,
        ttlSecondsAfterFinished: 86_400,
        template: {
          metadata: { labels: labels('migrate') },
          spec: {
            restartPolicy: 'OnFailure',
            containers: [
              {
                name: 'migrate',
                image: image('migrate'),
                args: ['migrate'],
                envFrom: [env, secrets],
                resources: resources('100m', '256Mi', '1', '512Mi'),
                securityContext,
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              },
            ],
            volumes: [{ name: 'tmp', emptyDir: {} }],
          },
        },
      },
    }),
    deployment('api', o.apiReplicas.min, resources('250m', '256Mi', '1', '512Mi'), false),
    service('api', 80, 'http'),
    pdb('api', { minAvailable: 1 }),
    new HorizontalPodAutoscaler({
      metadata: { name: 'verba-api', namespace, labels: labels('api') },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'verba-api' },
        minReplicas: o.apiReplicas.min,
        maxReplicas: o.apiReplicas.max,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
        // Scale down slowly: a burst of readers often comes back.
        behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
      },
    }),
    deployment('projector', 1, resources('250m', '256Mi', '1', '512Mi'), true),
    pdb('projector', { maxUnavailable: 1 }),
    deployment('relay', 1, resources('100m', '192Mi', '500m', '384Mi'), true),
    pdb('relay', { maxUnavailable: 1 }),
    fragments,
    service('fragments', 80, 'http'),
    pdb('fragments', { minAvailable: 1 }),
    ...SERVER_ROLES.map(metricsService),
    serviceMonitor,
    prometheusRule,
  ];
}
