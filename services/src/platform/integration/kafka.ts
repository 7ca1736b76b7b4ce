import { Kafka, Partitioners, logLevel, type KafkaConfig, type LogEntry, type Producer, type RetryOptions } from 'kafkajs';
import type { IntegrationPublisher } from './publisher';

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface KafkaPublisherOptions {
  /** Comma-separated `host:port` list, as in KAFKA_BROKERS. */
  brokers: string;
  clientId?: string;
  log?: Logger;
  /** kafkajs's own retries inside one publish; the relay retries whole batches on top. */
  retry?: RetryOptions;
  /** Anything else kafkajs takes (ssl, sasl, timeouts). */
  kafka?: Omit<KafkaConfig, 'brokers' | 'clientId' | 'logCreator' | 'retry'>;
}

export function parseBrokers(list: string): string[] {
  const brokers = list
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new RangeError('No Kafka brokers given');
  return brokers;
}

/**
 * Publishes with an idempotent producer: acks from all in-sync replicas, one request in flight, so a
 * retried request neither duplicates nor reorders messages inside one producer session. Topics are
 * auto-created by the broker on first use (admin.createTopics fails on some brokers and needs rights).
 */
export function createKafkaPublisher(options: KafkaPublisherOptions): IntegrationPublisher {
  const { log } = options;
  const kafka = new Kafka({
    ...options.kafka,
    clientId: options.clientId ?? 'verba-relay',
    brokers: parseBrokers(options.brokers),
    ...(options.retry ? { retry: options.retry } : {}),
    logCreator: () => (entry: LogEntry) => {
      const { message, ...extra } = entry.log;
      if (entry.level === logLevel.ERROR) log?.error({ kafka: extra, namespace: entry.namespace }, message);
      else if (entry.level === logLevel.WARN) log?.warn({ kafka: extra, namespace: entry.namespace }, message);
    },
  });
  let producer: Promise<Producer> | undefined;
  let closed = false;

  function connected(): Promise<Producer> {
    producer ??= (async () => {
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: true,
        // Java-compatible murmur2: the same key lands on the same partition as with any other client.
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await p.connect();
      return p;
    })();
    return producer;
  }

  /** After a failure the producer's sequence state is suspect: drop it; the next publish starts afresh. */
  function discard(failed: Promise<Producer>): void {
    if (producer === failed) producer = undefined;
    failed.then((p) => p.disconnect()).catch(() => undefined);
  }

  return {
    name: 'kafka',

    async publish(topic, messages) {
      if (closed) throw new Error('Kafka publisher is closed');
      if (messages.length === 0) return;
      const current = connected();
      try {
        const p = await current;
        await p.send({
          topic,
          acks: -1,
          messages: messages.map((m) => ({ key: m.key, value: m.value, ...(m.headers ? { headers: m.headers } : {}) })),
        });
      } catch (e) {
        discard(current);
        throw e;
      }
    },

    async reachable() {
      const current = connected();
      try {
        await current;
      } catch (e) {
        discard(current);
        throw e;
      }
    },

    async close() {
      closed = true;
      const current = producer;
      producer = undefined;
      if (current) await current.then((p) => p.disconnect()).catch(() => undefined);
    },
  };
}
