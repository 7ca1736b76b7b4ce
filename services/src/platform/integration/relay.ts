import type { Knex } from 'knex';
import { IntegrationEventEnvelopeSchema, integrationTopic, type IntegrationEvent } from '@verba/contracts/integration';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent, type Subscription } from '../event-store/port';
import { WakeUp } from '../event-store/polling-subscription';
import type { IntegrationMessage, IntegrationPublisher } from './publisher';

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
}

export async function migrateRelay(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411003)');
    await trx.raw(`create table if not exists relay_checkpoints (
      name text primary key,
      commit_position bigint not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now())`);
  });
}

/** Someone else moved the checkpoint (a second relay of the same name): restart from the stored one. */
class CheckpointMoved extends Error {
  override readonly name = 'CheckpointMoved';
}

/**
 * Follows the global log from its checkpoint, maps domain events to integration events and publishes
 * them; moves the checkpoint only after the publisher acknowledged the whole batch.
 *
 * Delivery is at-least-once: a crash (or a lost acknowledgement) after publishing and before the
 * checkpoint moved republishes that batch on restart. The integration event id is the domain event id,
 * so consumers dedupe by id. Nothing is ever skipped: a failed batch (publish or mapper error) is logged
 * and retried from the checkpoint with capped exponential back-off until it goes through.
 */
export class IntegrationRelay {
  readonly name: string;
  private readonly o: Required<Omit<RelayOptions, 'name'>>;
  private at: Position | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private sub: Subscription | undefined;
  private readonly stopping = new WakeUp();
  private readonly progressed = new WakeUp();

  constructor(options: RelayOptions) {
    this.name = options.name ?? 'integration';
    this.o = {
      store: options.store,
      db: options.db,
      publisher: options.publisher,
      mappers: options.mappers,
      topicFor: options.topicFor ?? ((e) => integrationTopic(e.type)),
      batchSize: options.batchSize ?? 100,
      log: options.log ?? silent,
      retryDelayMs: options.retryDelayMs ?? 100,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      minBatchIntervalMs: options.minBatchIntervalMs ?? 0,
    };
  }

  async start(): Promise<void> {
    if (this.loop) throw new Error(`Relay ${this.name} already started`);
    await migrateRelay(this.o.db);
    await this.o.db('relay_checkpoints')
      .insert({ name: this.name, commit_position: '0', prepare_position: '0' })
      .onConflict('name')
      .ignore();
    this.at = await this.storedCheckpoint();
    this.o.log.info({ relay: this.name, publisher: this.o.publisher.name, at: this.at }, 'relay starting');
    this.loop = this.follow();
  }

  /** Graceful: lets the in-flight batch finish publishing and checkpointing, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.close();
    await this.sub?.stop();
    await this.loop;
    this.progressed.close();
  }

  /** The checkpoint: everything up to here is acknowledged. Undefined before start. */
  position(): Position | undefined {
    return this.at;
  }

  /** Resolves true once the checkpoint reached `position`, false after `timeoutMs`. */
  async waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.at && comparePositions(this.at, position) >= 0) return true;
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return false;
      await this.progressed.wait(Math.min(left, 25));
    }
  }

  private async storedCheckpoint(): Promise<Position> {
    const row = await this.o.db('relay_checkpoints').where({ name: this.name }).first();
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
  }

  private async follow(): Promise<void> {
    let delay = this.o.retryDelayMs;
    while (!this.stopped) {
      try {
        let at = await this.storedCheckpoint();
        this.at = at;
        const sub = this.o.store.subscribeToAll({ after: at, batchSize: this.o.batchSize }, async (batch) => {
          at = await this.relay(batch, at);
          this.at = at;
          delay = this.o.retryDelayMs;
          this.progressed.notify();
          const pause = this.o.minBatchIntervalMs;
          if (pause > 0 && batch.length < this.o.batchSize && !this.stopped) await this.stopping.wait(pause);
        });
        this.sub = sub;
        if (this.stopped) await sub.stop(); // stop() ran while this loop was setting up
        await sub.done;
        if (this.stopped) return;
        if (sub.error instanceof CheckpointMoved) {
          this.o.log.warn({ relay: this.name }, 'relay checkpoint moved elsewhere; resuming from it');
          continue;
        }
        throw sub.error ?? new Error('subscription ended');
      } catch (err) {
        if (this.stopped) return;
        this.o.log.error({ err, relay: this.name, retryInMs: delay }, 'relay batch failed; retrying from the checkpoint');
        await this.stopping.wait(delay);
        delay = Math.min(delay * 2, this.o.maxRetryDelayMs);
      }
    }
  }

  /** Publishes one batch, topic by topic in log order, then moves the checkpoint; returns the new one. */
  private async relay(batch: RecordedEvent[], expected: Position): Promise<Position> {
    const byTopic = new Map<string, IntegrationMessage[]>();
    for (const e of batch) {
      const message = this.map(e);
      if (!message) continue;
      const list = byTopic.get(message.topic) ?? [];
      list.push(message.message);
      byTopic.set(message.topic, list);
    }
    for (const [topic, messages] of byTopic) await this.o.publisher.publish(topic, messages);

    const last = batch[batch.length - 1]!.position;
    const moved = await this.o.db('relay_checkpoints')
      .where({ name: this.name, commit_position: expected.commit.toString(), prepare_position: expected.prepare.toString() })
      .update({ commit_position: last.commit.toString(), prepare_position: last.prepare.toString(), updated_at: this.o.db.fn.now() });
    if (moved !== 1) throw new CheckpointMoved();
    return last;
  }

  private map(e: RecordedEvent): { topic: string; message: IntegrationMessage } | null {
    const mapper = Object.hasOwn(this.o.mappers, e.type) ? this.o.mappers[e.type] : undefined;
    if (!mapper) return null;
    let integration: IntegrationEvent | null;
    try {
      integration = mapper(e);
      if (!integration) return null;
      IntegrationEventEnvelopeSchema.parse(integration);
      // Consumers dedupe redeliveries by id, which only works if it is the source event's id.
      if (integration.id !== e.id) throw new Error(`integration event id ${integration.id} is not the domain event id`);
    } catch (err) {
      throw new Error(`Mapping ${e.type} ${e.id} at ${e.position.commit}.${e.position.prepare} failed`, { cause: err });
    }
    return {
      topic: this.o.topicFor(integration),
      message: {
        key: integration.key,
        value: JSON.stringify(integration),
        headers: {
          'content-type': 'application/json',
          'verba-event-id': integration.id,
          'verba-event-type': integration.type,
          'verba-event-version': String(integration.version),
        },
      },
    };
  }
}
