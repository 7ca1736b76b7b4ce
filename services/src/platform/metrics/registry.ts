import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { METRICS, NODE_METRICS_PREFIX } from './catalog';

/**
 * The process's metrics (a process is what Prometheus scrapes). Off until a role serves them
 * (METRICS_PORT): every recorder below returns at its first line then, so metrics cost nothing unless
 * asked for; on, a counter's increment is a map look-up.
 */
export const registry = new Registry();
let on = false;

export const metricsOn = (): boolean => on;

/** Starts recording, with Node's collectors (event-loop delay, heap, GC) under the same prefix. Once. */
export function enableMetrics(): void {
  if (on) return;
  on = true;
  collectDefaultMetrics({ register: registry, prefix: NODE_METRICS_PREFIX });
  // prom-client also serves these counts as gauges named *_total, a suffix Prometheus keeps for counters
  // (promtool refuses them); verba_nodejs_active_resources, handles and requests carry the same figures.
  for (const what of ['handles', 'requests', 'resources']) registry.removeSingleMetric(`${NODE_METRICS_PREFIX}nodejs_active_${what}_total`);
}

type Def = (typeof METRICS)[keyof typeof METRICS];
const counter = (d: Def) => new Counter({ name: d.name, help: d.help, labelNames: [...d.labels], registers: [registry] });
const gauge = (d: Def, collect?: (this: Gauge) => void | Promise<void>) =>
  new Gauge({ name: d.name, help: d.help, labelNames: [...d.labels], registers: [registry], ...(collect ? { collect } : {}) });
const histogram = (d: Def, buckets: number[]) =>
  new Histogram({ name: d.name, help: d.help, labelNames: [...d.labels], buckets, registers: [registry] });

/** From 1 ms to 10 s: an API answer, an append, a projection's batch. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const http = {
  requests: counter(METRICS.httpRequests),
  duration: histogram(METRICS.httpDuration, SECONDS),
  inFlight: gauge(METRICS.httpInFlight),
};

export const commands = counter(METRICS.commands);

export const eventStore = {
  appends: counter(METRICS.appends),
  events: counter(METRICS.eventsAppended),
  duration: histogram(METRICS.appendDuration, SECONDS),
  batch: histogram(METRICS.appendBatch, [1, 2, 5, 10, 50, 100, 500, 1000]),
};

export const projections = {
  applied: counter(METRICS.projectionApplied),
  duration: histogram(METRICS.projectionApplyDuration, SECONDS),
  failures: counter(METRICS.projectionFailures),
  rebuildRunning: gauge(METRICS.projectionRebuildRunning),
  rebuildApplied: gauge(METRICS.projectionRebuildApplied),
};

export const relay = {
  published: counter(METRICS.relayPublished),
  retries: counter(METRICS.relayRetries),
  parked: gauge(METRICS.relayParked),
};

export const untrusted = {
  jobs: counter(METRICS.untrustedJobs),
};

export const caches = {
  hits: counter(METRICS.cacheHits),
  misses: counter(METRICS.cacheMisses),
};

export const roleReady = gauge(METRICS.ready);

export { gauge as scrapedGauge };
