import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import { asyncApiDocument, EVENT_SUMMARIES } from './asyncapi';
import { integrationTopic } from './envelope';
import { INTEGRATION_EVENTS } from './events';

describe('the AsyncAPI document of the integration events', () => {
  it('is valid AsyncAPI 3 (the AsyncAPI parser reports no error)', async () => {
    const { document, diagnostics } = await new Parser().parse(
      JSON.stringify(asyncApiDocument({ version: '1.0.0', kafkaBrokers: 'kafka:9092,kafka-2:9092' })),
    );
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
    expect(document?.version()).toBe('3.1.0');
    expect(
      document
        ?.servers()
        .all()
        .map((s) => s.host()),
    ).toEqual(['kafka:9092']);
  });

  it('puts every version of every event in its topic, with its schema, headers and key', async () => {
    const { document } = await new Parser().parse(JSON.stringify(asyncApiDocument()));
    const channels = document!.channels().all();
    expect(channels.map((c) => c.address()).sort()).toEqual([...new Set(INTEGRATION_EVENTS.map((d) => integrationTopic(d.type)))].sort());
    for (const d of INTEGRATION_EVENTS) {
      const channel = channels.find((c) => c.address() === integrationTopic(d.type))!;
      const message = channel
        .messages()
        .all()
        .find((m) => m.name() === `${d.type}.v${d.version}`);
      expect(message, `${d.type} v${d.version}`).toBeDefined();
      const payload = message!.payload()!.json() as { properties: Record<string, { const?: unknown }> };
      expect([payload.properties.type?.const, payload.properties.version?.const]).toEqual([d.type, d.version]);
      expect(message!.headers()!.json()).toMatchObject({ required: expect.arrayContaining(['verba-event-id']) });
      expect(message!.bindings().get('kafka')?.value()).toMatchObject({ key: { type: 'string' } });
      expect(message!.summary()).toBe(EVENT_SUMMARIES[d.type]);
    }
    // Consumers are told what they receive: one receive operation per topic.
    expect(
      document!
        .operations()
        .all()
        .map((o) => o.action()),
    ).toEqual(channels.map(() => 'receive'));
  });

  it('marks the versions a newer one supersedes', () => {
    const messages = asyncApiDocument().components as { messages: Record<string, { description: string }> };
    expect(messages.messages['verba.practice.card-reviewed.v1']!.description).toMatch(/^Superseded by v3/);
    expect(messages.messages['verba.practice.card-reviewed.v3']!.description).toMatch(/^Published now/);
  });
});
