import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { probeKcat, startMockKafka, type MockKafka } from '../../test-support/platform/kafka-mock';
import { createTestApp, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { startTracing } from '../platform/tracing/start';
import { traceLibraries } from '../platform/tracing/libraries';
import { createLogger } from '../platform/logger';
import { vocabularyModule } from '../contexts/vocabulary/module';

/**
 * Issue 45.2: one mark gives one trace holding the HTTP request, the command, the append, the projector's
 * apply and the relay's publish; the Kafka message (librdkafka's mock cluster) carries the trace's
 * W3C traceparent, and log lines inside it name the trace.
 */
const database = await preferredTestDatabase();
const kcat = probeKcat();
const run = promisify(execFile);

describe.skipIf(!kcat.available)(`a mark's trace on ${database.label} ${kcat.skipReason}`, () => {
  const exporter = new InMemorySpanExporter();
  let tracing: { shutdown(): Promise<void> };
  let kafka: MockKafka;
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    tracing = startTracing({ serviceName: 'verba-test', exporter, immediate: true });
    await traceLibraries();
    kafka = await startMockKafka();
    const log = createLogger('info', 'verba-test', { write: (line: string) => void lines.push(line) });
    t = await createTestApp(await database.create(), [testAuthModule, vocabularyModule], { env: { KAFKA_BROKERS: kafka.bootstrap }, log });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await kafka?.stop();
    await tracing?.shutdown();
  });

  it('follows the mark from the request through the append to the projection and the Kafka message', async () => {
    const agent = t.agent().setCookies(testUserCookies(randomUUID()));
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/dictionary/word',
      payload: { languageCode: 'de', word: { value: 'Spur', status: 'known' }, commandId: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.caughtUp();
    await t.platform.relay.waitFor(await t.platform.store.headPosition(), 10_000);

    const request = exporter
      .getFinishedSpans()
      .find((s) => s.attributes['http.route'] === '/api/dictionary/word' || s.name.includes('/api/dictionary/word'));
    expect(
      request,
      exporter
        .getFinishedSpans()
        .map((s) => s.name)
        .join(', '),
    ).toBeDefined();
    const traceId = request!.spanContext().traceId;
    const inTrace = () =>
      exporter
        .getFinishedSpans()
        .filter((s) => s.spanContext().traceId === traceId)
        .map((s) => s.name);
    await expect
      .poll(inTrace, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining(['command vocabulary', 'event-store append', 'projection apply vocabulary-dictionary', 'relay publish']),
      );
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.find((s) => s.name === name && s.spanContext().traceId === traceId)!;
    // Nested as they ran: the append inside the command inside the request.
    expect(byName('command vocabulary').parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
    expect(byName('event-store append').parentSpanContext?.spanId).toBe(byName('command vocabulary').spanContext().spanId);
    // pg's own spans inside ours: the append's query.
    const queries = spans.filter((s) => s.parentSpanContext?.spanId === byName('event-store append').spanContext().spanId);
    expect(queries.map((s) => s.attributes['db.system.name'] ?? s.attributes['db.system'])).toContain('postgresql');
    // A projection's apply is one span: its statements are not spans of their own, nor is a pool's connect.
    const apply = byName('projection apply vocabulary-dictionary').spanContext().spanId;
    expect(spans.filter((s) => s.parentSpanContext?.spanId === apply).map((s) => s.name)).toEqual([]);
    expect(spans.filter((s) => s.spanContext().traceId === traceId && /connect/.test(s.name)).map((s) => s.name)).toEqual([]);

    // The Kafka message carries the command's traceparent: a consumer continues the same trace.
    const { stdout } = await run(
      'kcat',
      ['-C', '-b', kafka.mockAddress, '-t', 'verba.vocabulary', '-o', 'beginning', '-e', '-q', '-f', '%h\t%s\n'],
      {
        timeout: 20_000,
      },
    );
    const message = stdout.split('\n').find((line) => line.includes('"Spur"') || line.includes('"spur"'));
    expect(message, stdout).toBeDefined();
    const traceparent = /traceparent=([0-9a-f-]+)/.exec(message!)?.[1];
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-0[01]$`));
  });

  it('names the trace and span in log lines written inside a span', async () => {
    const { tracer } = await import('../platform/tracing/tracing');
    const log = createLogger('info', 'verba-test', { write: (line: string) => void lines.push(line) });
    await tracer.startActiveSpan('logging', async (span) => {
      log.info('inside');
      span.end();
    });
    const line = JSON.parse(lines.find((l) => l.includes('"inside"'))!) as { trace_id: string; span_id: string };
    expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
  });
});
