import pg from 'pg';
import {
  START,
  EventIdReusedError,
  WrongExpectedVersionError,
  isWrongExpectedVersion,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamMetadata,
} from '../port';
import { pollingSubscription, WakeUp } from '../polling-subscription';
import { isRetryOf, isSameShape } from '../retried-append';
import { eventStoreDdl } from './schema';
import { AppendBatcher, type ItemOutcome } from './append-batcher';
import { statementName } from '../../db/statement-names';

export interface PostgresEventStoreOptions {
  /** An existing pool (shared with other modules) or a connection string to make one. */
  pool?: pg.Pool;
  connectionString?: string;
  poolSize?: number;
  /** Longest wait between polls of the log when nothing woke the subscription. */
  maxPollMs?: number;
  /** Subscriptions gather appends for this long after a wake-up (fewer, larger batches under load). */
  coalesceMs?: number;
  /** Called after each successful append, e.g. to wake subscribers in another thread. */
  onAppended?: () => void;
  /**
   * Append transactions in flight at once at most (default 3); one normally, more only beside a stalled one.
   * Concurrent appends share them (group commit, append-batcher.ts).
   */
  appendConcurrency?: number;
  /** Prepare the store's statements once per connection (statement-names.ts); off for the embedded PGlite. */
  namedStatements?: boolean;
}

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
}

const EXPECTED_NO_STREAM = -1n;
const EXPECTED_ANY = -2n;

function expectedToSql(expected: ExpectedRevision): bigint {
  if (expected === 'no_stream') return EXPECTED_NO_STREAM;
  if (expected === 'any') return EXPECTED_ANY;
  if (expected < 0n) throw new RangeError(`Expected revision must be >= 0, got ${expected}`);
  return expected;
}

interface EventRow {
  tx: string;
  global_position: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_ms: number;
}

// Never alias a column to its own name: ORDER BY would then sort the text alias, not the xid8.
// created_at as epoch milliseconds (what a Date holds): node-pg parses a timestamptz's text with a regular
// expression per row, a tenth of a whole-log read's decoding.
const EVENT_COLUMNS =
  'transaction_id::text as tx, global_position, stream_id, stream_revision, event_id, type, schema_version, data, metadata, floor(extract(epoch from created_at) * 1000)::float8 as created_ms';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    version: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    revision: BigInt(row.stream_revision),
    position: { transaction: BigInt(row.tx), sequence: BigInt(row.global_position) },
    createdAt: new Date(row.created_ms),
  };
}

/** Creates the tables and the append function; safe to run concurrently and repeatedly. */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Serialize concurrent migrations (several processes starting at once).
    await client.query('select pg_advisory_xact_lock(7411001)');
    await client.query(eventStoreDdl);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

export type PostgresEventStore = EventStore & {
  pool: pg.Pool;
  /** Wakes this store's subscriptions now (an append happened elsewhere, e.g. in another thread). */
  notifyAppended(): void;
};

export function createPostgresEventStore(config: PostgresEventStoreOptions): PostgresEventStore {
  const ownsPool = !config.pool;
  const pool = config.pool ?? new pg.Pool({ connectionString: config.connectionString, max: config.poolSize ?? 10 });
  const wake = new WakeUp();
  // Every statement of the store has a fixed text and fixed result columns, so each may be prepared.
  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    pool.query<R>(config.namedStatements ? { name: statementName(text), text, values } : { text, values });
  // An idle connection can be closed by the server (restart, failover, admin): the pool replaces it;
  // without a listener that would be an unhandled 'error' event.
  if (ownsPool) pool.on('error', () => undefined);

  const eventsJson = (events: NewEvent[]) =>
    events.map((e) => ({ id: e.id, type: e.type, version: e.version, data: e.data, metadata: e.metadata ?? {} }));
  const conflict = (streamId: string, expected: ExpectedRevision, actual: string | undefined) =>
    new WrongExpectedVersionError(streamId, expected, actual && actual !== 'none' ? BigInt(actual) : undefined);

  async function appendOnce({ streamId, events, expected }: PendingAppend): Promise<AppendResult> {
    try {
      const res = await query<{ next_revision: string; tx: string; pos: string }>(
        'select next_revision, tx::text as tx, pos from es_append($1, $2, $3::jsonb)',
        [streamId, expectedToSql(expected).toString(), JSON.stringify(eventsJson(events))],
      );
      const row = res.rows[0]!;
      return {
        nextRevision: BigInt(row.next_revision),
        position: { transaction: BigInt(row.tx), sequence: BigInt(row.pos) },
      };
    } catch (e) {
      const err = e as { code?: string; detail?: string };
      if (err.code === 'VX001') throw conflict(streamId, expected, err.detail);
      throw e;
    }
  }

  async function appendBatch(items: PendingAppend[]): Promise<ItemOutcome[]> {
    const payload = JSON.stringify(
      items.map((i) => ({ stream: i.streamId, expected: expectedToSql(i.expected).toString(), events: eventsJson(i.events) })),
    );
    const res = await query<{ o_idx: number; o_rev: string | null; o_tx: string | null; o_pos: string | null; o_actual: string | null }>(
      'select o_idx, o_rev, o_tx::text as o_tx, o_pos, o_actual from es_append_batch($1::jsonb)',
      [payload],
    );
    const outcomes: ItemOutcome[] = new Array(items.length);
    for (const row of res.rows) {
      const item = items[row.o_idx]!;
      outcomes[row.o_idx] =
        row.o_rev === null
          ? { error: conflict(item.streamId, item.expected, row.o_actual ?? undefined) }
          : { result: { nextRevision: BigInt(row.o_rev), position: { transaction: BigInt(row.o_tx!), sequence: BigInt(row.o_pos!) } } };
    }
    return outcomes;
  }

  const batcher = new AppendBatcher<PendingAppend>({
    single: appendOnce,
    batch: appendBatch,
    maxInFlight: config.appendConcurrency ?? 3,
  });

  /** The earlier append this one retries, or undefined when none of its ids is stored yet. */
  async function findEarlierAppend(streamId: string, events: NewEvent[]): Promise<AppendResult | undefined> {
    const res = await query<{
      event_id: string;
      stream_id: string;
      stream_revision: string;
      type: string;
      data: unknown;
      metadata: EventMetadata;
      tx: string;
      global_position: string;
    }>(
      `select event_id, stream_id, stream_revision, type, data, metadata, transaction_id::text as tx, global_position from es_events
       where event_id = any($1::uuid[]) order by stream_revision`,
      [events.map((e) => e.id)],
    );
    if (res.rows.length === 0) return undefined;
    const byId = new Map(res.rows.map((r) => [r.event_id.toLowerCase(), r]));
    const rows = events.map((e) => byId.get(e.id.toLowerCase())).filter((r) => r !== undefined);
    const earlier = rows.map((r) => ({ id: r.event_id, streamId: r.stream_id, type: r.type, data: r.data, metadata: r.metadata ?? {} }));
    const last = res.rows[res.rows.length - 1]!;
    const result = {
      nextRevision: BigInt(last.stream_revision),
      position: { transaction: BigInt(last.tx), sequence: BigInt(last.global_position) },
    };
    if (isRetryOf(earlier, streamId, events)) return result;
    const sameShape = isSameShape(earlier, streamId, events)
      ? { events: rows.map((r) => ({ revision: BigInt(r.stream_revision), data: r.data })), result }
      : undefined;
    throw new EventIdReusedError(streamId, sameShape);
  }

  const store: PostgresEventStore = {
    name: 'postgres',
    pool,
    notifyAppended: () => wake.notify(),

    async append(streamId, events, expected) {
      if (events.length === 0) throw new RangeError('append needs at least one event');
      let result: AppendResult;
      try {
        result = await batcher.append({ streamId, events, expected });
      } catch (e) {
        // A conflict or a duplicate id may be a retry of an append that already happened: then report that
        // append instead of failing (idempotent appends). Ids another append holds throw EventIdReusedError.
        const code = (e as { code?: string }).code;
        if (!isWrongExpectedVersion(e) && code !== '23505') throw e;
        const earlier = await findEarlierAppend(streamId, events);
        if (!earlier) throw e;
        return earlier;
      }
      wake.notify();
      config.onAppended?.();
      return result;
    },

    async readStream(streamId, options: ReadStreamOptions = {}) {
      const res = await query<EventRow>(
        `select ${EVENT_COLUMNS} from es_events e
         where e.stream_id = $1
           and e.stream_revision >= greatest($2::bigint, coalesce((
             select case when s.deleted then s.revision + 1
                         else coalesce((s.metadata->>'truncateBefore')::bigint, 0) end
             from es_streams s where s.stream_id = $1), 0))
         order by e.stream_revision
         limit $3`,
        [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
      );
      return res.rows.map(toRecorded);
    },

    async streamRevision(streamId) {
      const res = await query<{ revision: string; deleted: boolean }>('select revision, deleted from es_streams where stream_id = $1', [
        streamId,
      ]);
      const row = res.rows[0];
      if (!row || row.deleted || BigInt(row.revision) < 0n) return undefined;
      return BigInt(row.revision);
    },

    async readAll(options: ReadAllOptions = {}) {
      const after = options.after ?? START;
      const res = await query<EventRow>(
        `select ${EVENT_COLUMNS} from es_events
         where (transaction_id, global_position) > ($1::xid8, $2::bigint)
           and transaction_id < (select es_horizon())
         order by transaction_id, global_position
         limit $3`,
        [after.transaction.toString(), after.sequence.toString(), options.maxCount ?? 1000],
      );
      return res.rows.map(toRecorded);
    },

    subscribeToAll(options, handler) {
      return pollingSubscription({
        after: options.after,
        batchSize: options.batchSize ?? 500,
        maxPollMs: config.maxPollMs ?? 100,
        coalesceMs: config.coalesceMs ?? 1,
        read: (after, maxCount) => store.readAll({ after, maxCount }),
        wake,
        handler,
      });
    },

    async getStreamMetadata(streamId) {
      const res = await query<{ metadata: StreamMetadata }>('select metadata from es_streams where stream_id = $1', [streamId]);
      const raw = res.rows[0]?.metadata ?? {};
      const { truncateBefore, ...rest } = raw as Record<string, unknown>;
      return truncateBefore === undefined ? rest : { ...rest, truncateBefore: BigInt(truncateBefore as string) };
    },

    async setStreamMetadata(streamId, metadata) {
      const { truncateBefore, ...rest } = metadata;
      const json = JSON.stringify(truncateBefore === undefined ? rest : { ...rest, truncateBefore: truncateBefore.toString() });
      await query(
        `insert into es_streams (stream_id, revision, metadata) values ($1, -1, $2::jsonb)
         on conflict (stream_id) do update set metadata = excluded.metadata`,
        [streamId, json],
      );
    },

    async deleteStream(streamId, expected: ExpectedRevision = 'any') {
      const res = await query<{ revision: string }>(
        // truncateBefore keeps the old events hidden once the stream is appended to again.
        `update es_streams
         set deleted = true, metadata = metadata || jsonb_build_object('truncateBefore', (revision + 1)::text)
         where stream_id = $1 and not deleted and revision >= 0 and ($2::bigint < 0 or revision = $2::bigint)
         returning revision`,
        [streamId, expected === 'any' ? '-2' : expectedToSql(expected).toString()],
      );
      if (res.rowCount === 0 && expected !== 'any') {
        throw new WrongExpectedVersionError(streamId, expected, await store.streamRevision(streamId));
      }
    },

    async headPosition(): Promise<Position> {
      const res = await query<{ tx: string; pos: string }>(
        `select transaction_id::text as tx, global_position as pos from es_events
         where transaction_id < (select es_horizon())
         order by transaction_id desc, global_position desc limit 1`,
      );
      const row = res.rows[0];
      return row ? { transaction: BigInt(row.tx), sequence: BigInt(row.pos) } : START;
    },

    async tailPosition(): Promise<Position> {
      const res = await query<{ tx: string; pos: string }>(
        `select transaction_id::text as tx, global_position as pos from es_events order by transaction_id desc, global_position desc limit 1`,
      );
      const row = res.rows[0];
      return row ? { transaction: BigInt(row.tx), sequence: BigInt(row.pos) } : START;
    },

    async logId(): Promise<string> {
      return (await query<{ id: string }>('select id::text as id from es_log')).rows[0]!.id;
    },

    async close() {
      wake.close();
      if (ownsPool) await pool.end();
    },
  };
  return store;
}
