import type { Knex } from 'knex';
import { metricsOn, relay as relayMetrics } from '../metrics/registry';
import { inBatchSpan, SpanKind } from '../tracing/tracing';
import { integrationTopic, validateIntegrationEvent, type IntegrationEvent } from '@verba/contracts/integration';
import { CheckpointedFollower, migrateFollowerCheckpoints, type FollowerOptions } from '../event-store/checkpointed-follower';
import type { EventStore, Position, RecordedEvent } from '../event-store/port';
import type { IntegrationMessage, IntegrationPublisher } from './publisher';
import { integrationMessage } from './replay';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

/** Turns one domain event into its public integration event, or null to publish nothing for it. */
export type IntegrationMapper = (event: RecordedEvent) => IntegrationEvent | null;

export interface RelayOptions {
  /** Checkpoint name; one relay process per name (a second only causes duplicates, never loss). */
  name?: string;
  store: EventStore;
  db: Knex;
  publisher: IntegrationPublisher;
  /** By domain event type; events of other types are skipped (and the checkpoint moves past them). */
  mappers: Readonly<Record<string, IntegrationMapper>>;
  /** Default: the first two segments of the type, e.g. `verba.vocabulary`. */
  topicFor?: (event: IntegrationEvent) => string;
  batchSize?: number;
  /**
   * After a batch smaller than batchSize, wait this long before reading again, so that under load the
   * relay publishes (and checkpoints) in fewer, larger batches. Integration events tolerate the delay.
   */
  minBatchIntervalMs?: number;
  log?: Logger;
  /** First delay before retrying a failed batch from the checkpoint; doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Started against another log than its checkpoint's, continue from its head (see CheckpointedFollower). */
  adoptNewLog?: boolean;
  /** A log reader shared with the process's reactors (see CheckpointedFollower). */
  reader?: FollowerOptions['reader'];
}

/** The relay's checkpoints share the followers' table. */
export const migrateRelay = migrateFollowerCheckpoints;

/**
 * Follows the global log from its checkpoint, maps domain events to integration events and publishes
 * them; moves the checkpoint only after the publisher acknowledged the whole batch.
 *
 * Delivery is at-least-once (see CheckpointedFollower): the integration event id is the domain event
 * id, so consumers dedupe redeliveries by id. A failed batch (publish or mapper error) is retried.
 */
export class IntegrationRelay {
  readonly name: string;
  private readonly follower: CheckpointedFollower;
  private readonly o: {
    publisher: IntegrationPublisher;
    mappers: Readonly<Record<string, IntegrationMapper>>;
    topicFor: (e: IntegrationEvent) => string;
    log: Logger;
  };

  constructor(options: RelayOptions) {
    this.name = options.name ?? 'integration';
    this.o = {
      publisher: options.publisher,
      mappers: options.mappers,
      topicFor: options.topicFor ?? ((e) => integrationTopic(e.type)),
      log: options.log ?? silent,
    };
    this.follower = new CheckpointedFollower({
      name: this.name,
      store: options.store,
      db: options.db,
      handle: (batch) => this.relay(batch),
      batchSize: options.batchSize ?? 100,
      minBatchIntervalMs: options.minBatchIntervalMs ?? 0,
      log: this.o.log,
      retryDelayMs: options.retryDelayMs ?? 100,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      ...(options.reader ? { reader: options.reader } : {}),
      adoptNewLog: options.adoptNewLog ?? false,
    });
  }

  async start(): Promise<void> {
    this.o.log.info({ relay: this.name, publisher: this.o.publisher.name }, 'relay starting');
    await this.follower.start();
  }

  /** Graceful: lets the in-flight batch finish publishing and checkpointing, then stops. */
  stop(): Promise<void> {
    return this.follower.stop();
  }

  /** The checkpoint: everything up to here is acknowledged. Undefined before start. */
  position(): Position | undefined {
    return this.follower.position();
  }

  /** Resolves true once the checkpoint reached `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    return this.follower.waitFor(position, timeoutMs);
  }

  /** Publishes one batch, topic by topic in log order. */
  private async relay(batch: RecordedEvent[]): Promise<void> {
    const byTopic = new Map<string, IntegrationMessage[]>();
    for (const e of batch) {
      const message = this.map(e);
      if (!message) continue;
      const list = byTopic.get(message.topic) ?? [];
      list.push(message.message);
      byTopic.set(message.topic, list);
    }
    let held = 0;
    for (const messages of byTopic.values()) held += messages.length;
    try {
      await inBatchSpan('relay publish', SpanKind.PRODUCER, batch, { 'verba.messages': held }, async () => {
        for (const [topic, messages] of byTopic) await this.o.publisher.publish(topic, messages);
      });
    } catch (error) {
      // The follower retries the batch from the checkpoint: its messages wait meanwhile.
      if (metricsOn()) {
        relayMetrics.retries.inc();
        relayMetrics.parked.set(held);
      }
      throw error;
    }
    if (metricsOn()) {
      relayMetrics.published.inc(held);
      relayMetrics.parked.set(0);
    }
  }

  private map(e: RecordedEvent): { topic: string; message: IntegrationMessage } | null {
    const mapper = Object.hasOwn(this.o.mappers, e.type) ? this.o.mappers[e.type] : undefined;
    if (!mapper) return null;
    let integration: IntegrationEvent | null;
    try {
      integration = mapper(e);
      if (!integration) return null;
      validateIntegrationEvent(integration);
      // Consumers dedupe redeliveries by id, which only works if it is the source event's id.
      if (integration.id !== e.id) throw new Error(`integration event id ${integration.id} is not the domain event id`);
    } catch (err) {
      throw new Error(`Mapping ${e.type} ${e.id} at ${e.position.transaction}.${e.position.sequence} failed`, { cause: err });
    }
    const message = integrationMessage(integration);
    // The write's W3C trace context, for consumers to continue its trace (issue 45.2).
    if (typeof e.metadata.traceparent === 'string') message.headers = { ...message.headers, traceparent: e.metadata.traceparent };
    return { topic: this.o.topicFor(integration), message };
  }
}
