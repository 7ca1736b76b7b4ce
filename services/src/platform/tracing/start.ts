import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { traceLibraries } from './libraries';
import { setTracingOn } from './tracing';

export interface TracingOptions {
  serviceName: string;
  /** Where spans go: OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, or a test's in-memory exporter. */
  exporter: SpanExporter;
  /** Share of new traces kept (OTEL_TRACES_SAMPLER_ARG); a trace begun upstream keeps its caller's choice. */
  sampleRatio?: number;
  /** Export each span as it ends (tests) rather than in batches. */
  immediate?: boolean;
}

/** Registers the provider, context manager and W3C propagator; tracing helpers come alive. */
export function startTracing(o: TracingOptions): { shutdown(): Promise<void> } {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': o.serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(o.sampleRatio ?? 1) }),
    spanProcessors: [o.immediate ? new SimpleSpanProcessor({ exporter: o.exporter }) : new BatchSpanProcessor({ exporter: o.exporter })],
  });
  trace.setGlobalTracerProvider(provider);
  setTracingOn(true);
  return {
    async shutdown() {
      setTracingOn(false);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** From the environment: OTLP over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set, else nothing at all. */
export async function startTracingFromEnv(serviceName: string, env = process.env): Promise<{ shutdown(): Promise<void> } | undefined> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const tracing = startTracing({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    exporter: new OTLPTraceExporter(),
    sampleRatio: Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1,
  });
  await traceLibraries();
  return tracing;
}
