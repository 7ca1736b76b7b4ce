/**
 * Every metric Verba serves on METRICS_PORT (issue 45), by Prometheus's conventions: the `verba_` prefix,
 * base units (seconds, bytes), `_total` on counters. One list, so the Grafana dashboard and the alert rules
 * in deploy/observability are checked against what the roles really serve (deploy/observability.test.ts).
 */
export const METRICS = {
  // HTTP (api and all-in-one roles)
  httpRequests: {
    name: 'verba_http_requests_total',
    help: 'HTTP requests answered, by route, method and status.',
    labels: ['route', 'method', 'status'],
  },
  httpDuration: { name: 'verba_http_request_duration_seconds', help: 'Time to answer an HTTP request.', labels: ['route', 'method'] },
  httpInFlight: { name: 'verba_http_requests_in_flight', help: 'HTTP requests being answered now.', labels: [] },
  // Commands
  commands: {
    name: 'verba_commands_total',
    help: 'Commands by outcome: handled, conflict (retried), exhausted (retries used up), rejected (by the domain, with its reason).',
    labels: ['command', 'outcome', 'reason'],
  },
  // Event store
  appends: { name: 'verba_event_store_appends_total', help: 'Appends to the event store (one per command or batch).', labels: [] },
  eventsAppended: { name: 'verba_event_store_events_appended_total', help: 'Events appended to the event store.', labels: [] },
  appendDuration: { name: 'verba_event_store_append_duration_seconds', help: 'Time an append took.', labels: [] },
  appendBatch: { name: 'verba_event_store_append_batch_events', help: 'Events in one append.', labels: [] },
  headPosition: { name: 'verba_event_store_head_position', help: "The log's last commit sequence seen by this process.", labels: [] },
  // Projections (projector and all-in-one roles)
  projectionPosition: {
    name: 'verba_projection_position',
    help: "The commit sequence a projection's read model includes.",
    labels: ['projection'],
  },
  projectionLagEvents: {
    name: 'verba_projection_lag_events',
    help: 'Commits in the log a projection has not applied yet.',
    labels: ['projection'],
  },
  projectionLagSeconds: {
    name: 'verba_projection_lag_seconds',
    help: 'How long the oldest commit a projection has not applied has waited (0 when caught up).',
    labels: ['projection'],
  },
  projectionApplied: { name: 'verba_projection_events_applied_total', help: 'Events a projection applied.', labels: ['projection'] },
  projectionApplyDuration: {
    name: 'verba_projection_apply_duration_seconds',
    help: 'Time to apply one batch of events.',
    labels: ['projection'],
  },
  projectionFailures: {
    name: 'verba_projection_failures_total',
    help: 'Batches a projection failed to apply (retried).',
    labels: ['projection'],
  },
  projectionRebuildRunning: {
    name: 'verba_projection_rebuild_running',
    help: 'A rebuild of the read model is running in this process (1) or not (0).',
    labels: ['projection'],
  },
  projectionRebuildApplied: {
    name: 'verba_projection_rebuild_events_applied',
    help: 'Events the running (or last) rebuild of the read model has applied so far.',
    labels: ['projection'],
  },
  // Relay (integration events to Kafka)
  relayLag: { name: 'verba_relay_lag_events', help: 'Events in the log the relay has not passed yet.', labels: [] },
  relayPublished: { name: 'verba_relay_published_total', help: 'Integration events published.', labels: [] },
  relayRetries: { name: 'verba_relay_retries_total', help: 'Batches retried after a failed publish.', labels: [] },
  relayParked: {
    name: 'verba_relay_parked_messages',
    help: 'Messages the relay holds after a failed publish, retrying them from its checkpoint (0 while publishing flows).',
    labels: [],
  },
  // Worker pool for untrusted input
  untrustedQueue: { name: 'verba_untrusted_queue_length', help: 'Untrusted-input jobs queued or running.', labels: [] },
  untrustedJobs: {
    name: 'verba_untrusted_jobs_total',
    help: 'Untrusted-input jobs by kind and outcome (ok, refused, budget).',
    labels: ['kind', 'outcome'],
  },
  // Caches
  cacheHits: { name: 'verba_cache_hits_total', help: 'Reads answered from a cache.', labels: ['cache'] },
  cacheMisses: { name: 'verba_cache_misses_total', help: 'Reads a cache could not answer.', labels: ['cache'] },
  // Health
  ready: { name: 'verba_role_ready', help: '1 when this role is ready (its dependencies reached), else 0.', labels: ['role'] },
} as const;

/** Node's own (prom-client's default collectors) carry the same prefix: verba_nodejs_eventloop_lag_p99_seconds and so on. */
export const NODE_METRICS_PREFIX = 'verba_';

/** The names of every metric in METRICS (histograms also serve _bucket, _sum and _count). */
export const METRIC_NAMES: readonly string[] = Object.values(METRICS).map((m) => m.name);
