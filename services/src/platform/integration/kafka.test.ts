import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { Knex } from 'knex';
import type pg from 'pg';
import { WordStatusChangedV1, parseIntegrationEvent } from '@verba/contracts/integration';
import { createKnex } from '../db/knex';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import { START, type EventStore, type RecordedEvent } from '../event-store/port';
import { createEmbeddedTestDatabase, type TestDatabase } from '../../../test-support/platform/databases';
import { createKafkaPublisher, parseBrokers } from './kafka';
import { probeKcat, startMockKafka, type MockKafka } from '../../../test-support/platform/kafka-mock';
import type { IntegrationPublisher } from './publisher';
import { IntegrationRelay } from './relay';
import { other, testMappers, userDeleted, wordStatus } from '../../../test-support/platform/integration-fixtures';

describe('Kafka publisher configuration', () => {
  it('takes brokers as a comma-separated list', () => {
    expect(parseBrokers(' a:9092, b:9093 ,,c:9094')).toEqual(['a:9092', 'b:9093', 'c:9094']);
    expect(() => parseBrokers(' , ')).toThrow(RangeError);
  });

  it('rejects a publish that no broker acknowledged (the relay then keeps its checkpoint)', async () => {
    const publisher = createKafkaPublisher({
      brokers: '127.0.0.1:1',
      retry: { retries: 0 },
      kafka: { connectionTimeout: 300 },
    });
    try {
      await expect(publisher.publish('verba.test', [{ key: 'k', value: 'v' }])).rejects.toThrow();
    } finally {
      await publisher.close();
    }
  });

  it('the Kafka tests need kcat in CI: there a missing kcat fails them; elsewhere they skip saying why', () => {
    vi.stubEnv('PATH', '/nonexistent');
    try {
      vi.stubEnv('CI', 'true');
      expect(() => probeKcat()).toThrow('CI requires kcat for the Kafka tests (apt-get install -y kcat) but it is not installed');
      vi.stubEnv('CI', '');
      expect(probeKcat()).toEqual({ available: false, skipReason: 'skipped: kcat not installed (apt-get install kcat; CI installs it)' });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

interface Received {
  topic: string;
  partition: number;
  key: string;
  value: string;
  headers: Record<string, string>;
}

const kcat = probeKcat();

describe.skipIf(!kcat.available)(`Kafka publisher and relay against librdkafka's mock cluster ${kcat.skipReason}`, () => {
  let mock: MockKafka;
  let db: TestDatabase;
  let store: EventStore & { pool: pg.Pool };
  let knex: Knex;
  let publisher: IntegrationPublisher;
  const consumers = new Set<Consumer>();

  beforeAll(async () => {
    [mock, db] = await Promise.all([startMockKafka(), createEmbeddedTestDatabase()]);
    store = createPostgresEventStore({ connectionString: db.connectionString });
    await migrateEventStore(store.pool);
    knex = createKnex(db.connectionString);
    publisher = createKafkaPublisher({ brokers: `${mock.bootstrap}`, clientId: 'verba-relay-test' });
  });
  afterAll(async () => {
    await Promise.all([...consumers].map((c) => c.disconnect().catch(() => undefined)));
    await publisher?.close();
    await mock?.stop();
    await knex?.destroy();
    await store?.close();
    await db?.drop();
  });

  /** Reads `count` messages through a fresh consumer group, waits briefly for extras, disconnects. */
  async function consume(topics: string[], count: number): Promise<Received[]> {
    const kafka = new Kafka({ clientId: 'verba-test-consumer', brokers: [mock.bootstrap], logLevel: logLevel.NOTHING });
    // Short fetch waits: disconnect waits for the fetch in flight. (Joining a group on the mock takes ~3 s.)
    const consumer = kafka.consumer({ groupId: `verba-test-${randomUUID()}`, maxWaitTimeInMs: 100 });
    consumers.add(consumer);
    const got: Received[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`received ${got.length} of ${count} messages`)), 20_000);
        consumer
          .run({
            eachMessage: async ({ topic, partition, message }) => {
              const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
              got.push({ topic, partition, key: String(message.key), value: String(message.value), headers });
              if (got.length === count) {
                clearTimeout(timer);
                setTimeout(resolve, 300); // room for unexpected extras to show up
              }
            },
          })
          .catch(reject);
      });
    } finally {
      await consumer.disconnect();
      consumers.delete(consumer);
    }
    return got;
  }

  /** For each key, the ids in the order received (Kafka orders per partition, and a key has one). */
  function idsPerKey(messages: { key: string; value: string }[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const m of messages) (out[m.key] ??= []).push(parseIntegrationEvent(m.value).id);
    return out;
  }

  it('publishes acknowledged messages keyed by user, in order per key, with headers', async () => {
    const topic = `verba.test-${randomUUID().slice(0, 8)}`;
    const users = [randomUUID(), randomUUID(), randomUUID()];
    const sent: { key: string; value: string }[] = [];
    for (let batch = 0; batch < 3; batch++) {
      const messages = [];
      for (let i = 0; i < 4; i++) {
        const userId = users[(batch + i) % users.length]!;
        const e = WordStatusChangedV1.create({
          id: randomUUID(),
          occurredAt: new Date(),
          key: userId,
          data: { userId, language: 'de', word: `wort${batch}-${i}`, status: 'uncertain' },
        });
        messages.push({ key: userId, value: JSON.stringify(e), headers: { 'verba-event-id': e.id } });
      }
      await publisher.publish(topic, messages);
      sent.push(...messages);
    }
    const got = await consume([topic], sent.length);
    expect(got).toHaveLength(sent.length);
    for (const m of got) {
      const e = parseIntegrationEvent(m.value);
      expect(e.data).toMatchObject({ userId: m.key });
      expect(m.headers).toEqual({ 'verba-event-id': e.id });
    }
    expect(idsPerKey(got)).toEqual(idsPerKey(sent));
    const partitionOf = new Map(got.map((m) => [m.key, m.partition]));
    for (const m of got) expect(m.partition).toBe(partitionOf.get(m.key));
  });

  it('relays domain events to Kafka as contract events, key = userId, in log order per user', async () => {
    const tag = `t${randomUUID().slice(0, 8)}`;
    const users = [randomUUID(), randomUUID(), randomUUID()];
    await store.append(`${tag}-x`, [other(tag, 'Unmapped')], 'no_stream');
    for (let round = 0; round < 4; round++) {
      for (const u of users) {
        await store.append(`${tag}-vocab-${u}`, [wordStatus(tag, u, `w${round}`), other(tag, 'Ignored')], 'any');
      }
    }
    const last = await store.append(`${tag}-user-${users[2]}`, [userDeleted(tag, users[2]!)], 'any');

    const relay = new IntegrationRelay({ name: tag, store, db: knex, publisher, mappers: testMappers(tag), batchSize: 5 });
    await relay.start();
    try {
      expect(await relay.waitFor(last.position, 15_000)).toBe(true);
    } finally {
      await relay.stop();
    }

    const log: RecordedEvent[] = await store.readAll({ after: START, maxCount: 10_000 });
    const mapped = log.filter((e) => e.type === `${tag}.WordStatusChanged` || e.type === `${tag}.UserDeleted`);
    const got = await consume(['verba.vocabulary', 'verba.identity'], mapped.length);
    expect(got).toHaveLength(mapped.length);
    for (const m of got) {
      const e = parseIntegrationEvent(m.value);
      expect(m.key).toBe(e.data.userId);
      expect(m.headers).toMatchObject({ 'verba-event-id': e.id, 'verba-event-type': e.type, 'verba-event-version': '1' });
      expect(m.topic).toBe(e.type === 'verba.identity.user-deleted' ? 'verba.identity' : 'verba.vocabulary');
    }
    const expected: Record<string, string[]> = {};
    for (const e of mapped) (expected[String(e.data.userId)] ??= []).push(e.id);
    // Per user across both topics order is not promised, so compare per topic.
    for (const topic of ['verba.vocabulary', 'verba.identity']) {
      const inTopic = got.filter((m) => m.topic === topic);
      const want: Record<string, string[]> = {};
      for (const e of mapped.filter((x) => (topic === 'verba.identity') === x.type.endsWith('UserDeleted'))) {
        (want[String(e.data.userId)] ??= []).push(e.id);
      }
      expect(idsPerKey(inTopic)).toEqual(want);
    }
    expect(new Set(got.map((m) => parseIntegrationEvent(m.value).id))).toEqual(new Set(Object.values(expected).flat()));
  });
});
