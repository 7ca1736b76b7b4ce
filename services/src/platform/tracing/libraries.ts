import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { trace } from '@opentelemetry/api';
import type { InstrumentationBase } from '@opentelemetry/instrumentation';

const require = createRequire(import.meta.url);

/** A package's version from its package.json (not every package exports that file). */
function versionOf(name: string): string | undefined {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === name) return pkg.version;
  }
  return undefined;
}

/**
 * Spans from the libraries beneath Verba: each PostgreSQL query (pg, pg-pool) inside a span of ours, each
 * Kafka send (kafkajs), each outgoing HTTP call (undici: Stripe, the AI providers, S3). pg and kafkajs are
 * patched in place: they are loaded by ESM imports (and bundled imports in dist/) that the instrumentations'
 * require hooks never see, while the CommonJS module object they patch is the one those imports share.
 * undici reports through diagnostics_channel and needs no patch.
 */
export async function traceLibraries(): Promise<void> {
  const [{ PgInstrumentation }, { KafkaJsInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-kafkajs'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  // Only inside a span of ours: the projectors' and relay's polling would otherwise each start a trace. A
  // pool's connect is not the query a trace is read for, and two spans more per query (npm run bench -- marks).
  const patched: InstrumentationBase[] = [
    new PgInstrumentation({ enabled: false, requireParentSpan: true, ignoreConnectSpans: true }) as unknown as InstrumentationBase,
    new KafkaJsInstrumentation({ enabled: false }) as unknown as InstrumentationBase,
  ];
  for (const instrumentation of patched) {
    instrumentation.setTracerProvider(trace.getTracerProvider());
    for (const definition of instrumentation.getModuleDefinitions()) {
      let exports: unknown;
      try {
        exports = require(definition.name);
      } catch {
        continue; // not installed in this deployment (kafkajs without Kafka is still installed; kept general)
      }
      definition.patch?.(exports, versionOf(definition.name));
    }
  }
  const undici = new UndiciInstrumentation({ requireParentforSpans: true });
  undici.setTracerProvider(trace.getTracerProvider());
  undici.enable();
}
