import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Context,
  type Link,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';

/**
 * Traces (issue 45.2). The API's tracer is a no-op until startTracing registers a provider (tracing/start.ts,
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set or a test asks): then a command's span covers its stream read,
 * decision and append, its context rides in the events' metadata (`traceparent`), and the projector's apply
 * and the relay's publish continue that trace. Off, every helper here returns at its first line.
 */
export const tracer = trace.getTracer('verba');
let on = false;

export const tracingOn = (): boolean => on;
export const setTracingOn = (value: boolean): void => {
  on = value;
};

/**
 * The W3C trace context of the active span, for an event's metadata, when that trace is kept (sampled): an
 * event of a trace nobody keeps carries nothing, and what follows it starts no trace of its own either.
 */
export function traceCarrier(from: Context = context.active()): { traceparent?: string; tracestate?: string } {
  if (!on) return {};
  const span = trace.getSpanContext(from);
  if (!span || (span.traceFlags & TraceFlags.SAMPLED) === 0) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier.traceparent ? carrier : {};
}

/** The context an event's metadata carries, if any. */
export function contextOf(metadata: Record<string, unknown> | undefined): Context | undefined {
  if (!on || typeof metadata?.traceparent !== 'string') return undefined;
  const ctx = propagation.extract(context.active(), metadata);
  return trace.getSpanContext(ctx) ? ctx : undefined;
}

/** Runs `work` in a span named `name`, a child of the active recording span (none without one), ending it with its outcome. */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  // Only inside a kept trace (a sampled request's): work nobody will see costs no span.
  if (!on || !trace.getActiveSpan()?.isRecording()) return work(undefined as unknown as Span);
  return tracer.startActiveSpan(name, { attributes }, (span) => ended(span, () => work(span)));
}

/** Runs `work`, recording its failure on the span, and ends the span either way. */
async function ended<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * A span for work done on a batch of events (a projection's apply, the relay's publish): a child of the
 * first kept trace among its events, linked to the others', so each write's trace shows what became of it.
 * With `libraries: false` the work's own queries get no spans: a batch of a projection's applies is many
 * statements for the few kept events among it, and the apply's span already says how long they took
 * (npm run bench -w services -- marks).
 */
export async function inBatchSpan<T>(
  name: string,
  kind: SpanKind,
  events: ReadonlyArray<{ metadata: Record<string, unknown> }>,
  attributes: Record<string, string | number | boolean>,
  work: () => Promise<T>,
  { libraries = true }: { libraries?: boolean } = {},
): Promise<T> {
  if (!on) return work();
  const contexts = events.map((e) => contextOf(e.metadata)).filter((c): c is Context => c !== undefined);
  // Only writes of kept traces carry a context: a batch of none is nobody's trace and gets no span.
  if (contexts.length === 0) return work();
  const parent = contexts[0]!;
  const links: Link[] = contexts
    .slice(1)
    .map((c) => trace.getSpanContext(c))
    .filter((s): s is SpanContext => s !== undefined)
    .map((s) => ({ context: s }));
  const options = { kind, attributes, links };
  if (libraries) return tracer.startActiveSpan(name, options, parent, (span) => ended(span, work));
  // Not made active: with no span in the context the libraries start none, and a thread that never enters a
  // context (the projector's) never turns on the async hooks that carry one, whose cost every promise pays.
  return ended(tracer.startSpan(name, options, parent), work);
}

/** trace_id and span_id of the active span, for a log line (none outside a span). */
export function logIds(): { trace_id?: string; span_id?: string } {
  if (!on) return {};
  const span = trace.getSpanContext(context.active());
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

export { SpanKind };
