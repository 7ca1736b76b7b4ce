import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IntegrationEventEnvelopeSchema, defineIntegrationEvent, integrationTopic } from './envelope';

const id = '0b7f6c1e-8d7a-4c3b-9a2e-5f1d3c4b6a7e';

describe('integration event envelope', () => {
  const Sample = defineIntegrationEvent('verba.sample.thing-happened', 2, z.object({ n: z.number().int() }));

  it('builds a validated envelope with the definition type, version and an ISO time', () => {
    const e = Sample.create({ id, occurredAt: new Date('2026-01-02T03:04:05.006Z'), key: 'user-1', data: { n: 3 } });
    expect(e).toEqual({
      id,
      type: 'verba.sample.thing-happened',
      version: 2,
      occurredAt: '2026-01-02T03:04:05.006Z',
      key: 'user-1',
      data: { n: 3 },
    });
    expect(IntegrationEventEnvelopeSchema.parse(e)).toEqual(e);
    expect(Sample.schema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
    expect(Sample.topic).toBe('verba.sample');
  });

  it('rejects data, ids, keys and times that break the contract', () => {
    const ok = { id, occurredAt: '2026-01-02T03:04:05Z', key: 'k', data: { n: 1 } };
    expect(() => Sample.create({ ...ok, data: { n: 1.5 } })).toThrow();
    expect(() => Sample.create({ ...ok, id: 'not-a-uuid' })).toThrow();
    expect(() => Sample.create({ ...ok, key: '' })).toThrow();
    expect(() => Sample.create({ ...ok, occurredAt: 'yesterday' })).toThrow();
    expect(Sample.create({ ...ok, occurredAt: '2026-01-02T05:04:05+02:00' }).occurredAt).toBe('2026-01-02T05:04:05+02:00');
  });

  it('a definition accepts only its own type and version', () => {
    const e = Sample.create({ id, occurredAt: '2026-01-02T03:04:05Z', key: 'k', data: { n: 1 } });
    expect(Sample.schema.safeParse({ ...e, version: 1 }).success).toBe(false);
    expect(Sample.schema.safeParse({ ...e, type: 'verba.sample.other' }).success).toBe(false);
  });

  it('refuses malformed type names and versions at definition time', () => {
    expect(() => defineIntegrationEvent('Sample.Thing', 1, z.object({}))).toThrow();
    expect(() => defineIntegrationEvent('verba.sample', 1, z.object({}))).toThrow();
    expect(() => defineIntegrationEvent('verba.sample.thing_happened', 1, z.object({}))).toThrow();
    expect(() => defineIntegrationEvent('verba.sample.thing', 0, z.object({}))).toThrow();
    expect(() => defineIntegrationEvent('verba.sample.thing', 1.5, z.object({}))).toThrow();
  });

  it('maps a type to its topic: the first two segments', () => {
    expect(integrationTopic('verba.vocabulary.word-status-changed')).toBe('verba.vocabulary');
    expect(integrationTopic('verba.identity.user-deleted')).toBe('verba.identity');
    expect(() => integrationTopic('verba.identity')).toThrow(RangeError);
  });
});
