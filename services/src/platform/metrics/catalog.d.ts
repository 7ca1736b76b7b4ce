/**
 * Every metric Verba serves on METRICS_PORT (issue 45), by Prometheus's conventions: the `verba_` prefix,
 * base units (seconds, bytes), `_total` on counters. One list, so the Grafana dashboard and the alert rules
 * in deploy/observability are checked against what the roles really serve (deploy/observability.test.ts).
 */
export declare const METRICS: {
    readonly httpRequests: {
        readonly name: "verba_http_requests_total";
        readonly help: "HTTP requests answered, by route, method and status.";
        readonly labels: readonly ["route", "method", "status"];
    };
    readonly httpDuration: {
        readonly name: "verba_http_request_duration_seconds";
        readonly help: "Time to answer an HTTP request.";
        readonly labels: readonly ["route", "method"];
    };
    readonly httpInFlight: {
        readonly name: "verba_http_requests_in_flight";
        readonly help: "HTTP requests being answered now.";
        readonly labels: readonly [];
    };
    readonly commands: {
        readonly name: "verba_commands_total";
        readonly help: "Commands by outcome: handled, conflict (retried), exhausted (retries used up), rejected (by the domain, with its reason).";
        readonly labels: readonly ["command", "outcome", "reason"];
    };
    readonly appends: {
        readonly name: "verba_event_store_appends_total";
        readonly help: "Appends to the event store (one per command or batch).";
        readonly labels: readonly [];
    };
    readonly eventsAppended: {
        readonly name: "verba_event_store_events_appended_total";
        readonly help: "Events appended to the event store.";
        readonly labels: readonly [];
    };
    readonly appendDuration: {
        readonly name: "verba_event_store_append_duration_seconds";
        readonly help: "Time an append took.";
        readonly labels: readonly [];
    };
    readonly appendBatch: {
        readonly name: "verba_event_store_append_batch_events";
        readonly help: "Events in one append.";
        readonly labels: readonly [];
    };
    readonly headPosition: {
        readonly name: "verba_event_store_head_position";
        readonly help: "The log's last commit sequence seen by this process.";
        readonly labels: readonly [];
    };
    readonly projectionPosition: {
        readonly name: "verba_projection_position";
        readonly help: "The commit sequence a projection's read model includes.";
        readonly labels: readonly ["projection"];
    };
    readonly projectionLagEvents: {
        readonly name: "verba_projection_lag_events";
        readonly help: "Commits in the log a projection has not applied yet.";
        readonly labels: readonly ["projection"];
    };
    readonly projectionLagSeconds: {
        readonly name: "verba_projection_lag_seconds";
        readonly help: "How long the oldest commit a projection has not applied has waited (0 when caught up).";
        readonly labels: readonly ["projection"];
    };
    readonly projectionApplied: {
        readonly name: "verba_projection_events_applied_total";
        readonly help: "Events a projection applied.";
        readonly labels: readonly ["projection"];
    };
    readonly projectionApplyDuration: {
        readonly name: "verba_projection_apply_duration_seconds";
        readonly help: "Time to apply one batch of events.";
        readonly labels: readonly ["projection"];
    };
    readonly projectionFailures: {
        readonly name: "verba_projection_failures_total";
        readonly help: "Batches a projection failed to apply (retried).";
        readonly labels: readonly ["projection"];
    };
    readonly relayLag: {
        readonly name: "verba_relay_lag_events";
        readonly help: "Events in the log the relay has not passed yet.";
        readonly labels: readonly [];
    };
    readonly relayPublished: {
        readonly name: "verba_relay_published_total";
        readonly help: "Integration events published.";
        readonly labels: readonly [];
    };
    readonly relayRetries: {
        readonly name: "verba_relay_retries_total";
        readonly help: "Batches retried after a failed publish.";
        readonly labels: readonly [];
    };
    readonly relayParked: {
        readonly name: "verba_relay_parked_messages";
        readonly help: "Messages the relay holds after a failed publish, retrying them from its checkpoint (0 while publishing flows).";
        readonly labels: readonly [];
    };
    readonly untrustedQueue: {
        readonly name: "verba_untrusted_queue_length";
        readonly help: "Untrusted-input jobs queued or running.";
        readonly labels: readonly [];
    };
    readonly untrustedJobs: {
        readonly name: "verba_untrusted_jobs_total";
        readonly help: "Untrusted-input jobs by kind and outcome (ok, refused, budget).";
        readonly labels: readonly ["kind", "outcome"];
    };
    readonly cacheHits: {
        readonly name: "verba_cache_hits_total";
        readonly help: "Reads answered from a cache.";
        readonly labels: readonly ["cache"];
    };
    readonly cacheMisses: {
        readonly name: "verba_cache_misses_total";
        readonly help: "Reads a cache could not answer.";
        readonly labels: readonly ["cache"];
    };
    readonly ready: {
        readonly name: "verba_role_ready";
        readonly help: "1 when this role is ready (its dependencies reached), else 0.";
        readonly labels: readonly ["role"];
    };
};
/** Node's own (prom-client's default collectors) carry the same prefix: verba_nodejs_eventloop_lag_p99_seconds and so on. */
export declare const NODE_METRICS_PREFIX = "verba_";
/** The names of every metric in METRICS (histograms also serve _bucket, _sum and _count). */
export declare const METRIC_NAMES: readonly string[];
