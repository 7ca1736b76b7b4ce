import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import { BEGIN_READ_MODEL_WRITE_SQL } from '../event-store/postgres/read-horizon';
import { START, type EventStore } from '../event-store/port';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../test-support/platform/databases';
import { tallyProjection } from '../../../test-support/platform/tally-projection';
import { readLogUntil } from '../../../test-support/platform/whole-log';
import { ProjectionRunner, migrateProjections } from './runner';

/**
 * Randomized: concurrent writers with rollbacks and long transactions, and long read-model writer
 * transactions (which readers of the log leave out of their horizon), while a projector is killed and
 * restarted mid-batch. Two projections share the runner's log reader, one of them crashing now and then.
 * Each must see exactly the committed events, once each, in log order, and equal a rebuild from scratch.
 * Only real PostgreSQL has the concurrency this needs.
 */
const real = await probeRealPostgres();
const RUNS = Number(process.env.LOG_CONSISTENCY_RUNS ?? 200);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface WriteOp {
  stream: number;
  events: number;
  holdMs: number;
  rollback: boolean;
  viaStore: boolean;
  /** A read-model writer's transaction (lock, a write, held open), appending nothing. */
  readModelWriter: boolean;
}

const opArb: fc.Arbitrary<WriteOp> = fc.record({
  stream: fc.integer({ min: 0, max: 5 }),
  events: fc.integer({ min: 1, max: 3 }),
  holdMs: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 20, max: 60 }), // a long-running transaction holding back the visible log
    },
  ),
  rollback: fc.boolean().map((b) => b && Math.random() < 0.5),
  viaStore: fc.boolean(),
  readModelWriter: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
});

const scenarioArb = fc.record({
  writers: fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 5 }),
  batchSize: fc.integer({ min: 1, max: 6 }),
  kills: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
  crashEveryNthBatch: fc.option(fc.integer({ min: 2, max: 5 }), { nil: undefined }),
});

describe.skipIf(!real.available)(`log consistency under concurrency on PostgreSQL ${real.skipReason}`, () => {
  let db: TestDatabase;
  let store: EventStore & { pool: pg.Pool };
  let knex: Knex;
  let writers: pg.Pool;

  beforeAll(async () => {
    db = await createRealTestDatabase();
    store = createPostgresEventStore({
      connectionString: db.connectionString,
      namedStatements: db.namedStatements,
      poolSize: 10,
      maxPollMs: 5,
    });
    await migrateEventStore(store.pool);
    knex = createKnex(db.connectionString, {
      namedStatements: db.namedStatements,
      poolSize: 5,
      applicationName: 'verba-test-projector',
      log: { warn() {}, error() {} }, // the test kills connections on purpose
    });
    await migrateProjections(knex);
    writers = new pg.Pool({ connectionString: db.connectionString, max: 10 });
    await writers.query('create table read_model_scratch (n int)');
  });
  afterAll(async () => {
    await writers?.end();
    await knex?.destroy();
    await store?.close();
    await db?.drop();
  });

  async function write(prefix: string, op: WriteOp, committed: string[]): Promise<void> {
    const events = Array.from({ length: op.events }, () => ({ id: randomUUID(), type: 'E', version: 1, data: {} }));
    const stream = `${prefix}-${op.stream}`;
    if (op.readModelWriter) {
      const client = await writers.connect();
      try {
        await client.query('begin');
        await client.query(`select ${BEGIN_READ_MODEL_WRITE_SQL}`);
        await client.query('insert into read_model_scratch values (1)');
        await sleep(op.holdMs + 20); // long: it would have held the log back before the horizon left it out
        await client.query(op.rollback ? 'rollback' : 'commit');
      } finally {
        client.release();
      }
      return;
    }
    if (op.viaStore && !op.rollback && op.holdMs === 0) {
      await store.append(stream, events, 'any');
      committed.push(...events.map((e) => e.id));
      return;
    }
    const client = await writers.connect();
    try {
      await client.query('begin');
      await client.query('select * from es_append($1, -2, $2::jsonb)', [stream, JSON.stringify(events)]);
      if (op.holdMs) await sleep(op.holdMs);
      if (op.rollback) {
        await client.query('rollback');
      } else {
        await client.query('commit');
        committed.push(...events.map((e) => e.id));
      }
    } finally {
      client.release();
    }
  }

  it(`finds no skipped, duplicated or reordered event over ${RUNS} runs`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        run++;
        await knex.raw('truncate es_events, es_streams');
        const name = `lc${run}`;
        const base = tallyProjection({ name });
        let batches = 0;
        const projection = {
          ...base,
          async apply(...args: Parameters<typeof base.apply>) {
            await base.apply(...args);
            if (scenario.crashEveryNthBatch && ++batches % scenario.crashEveryNthBatch === 0) {
              throw new Error('simulated crash after writing, before commit');
            }
          },
        };
        const steady = tallyProjection({ name: `${name}s` });
        const projections = [projection, steady];
        let runner = new ProjectionRunner({ store, db: knex, projections, batchSize: scenario.batchSize, retryDelayMs: 1 });
        await runner.start();

        const committed: string[] = [];
        const writing = Promise.all(
          scenario.writers.map(async (ops) => {
            for (const op of ops) await write(name, op, committed);
          }),
        );
        for (const delay of scenario.kills) {
          await sleep(delay);
          if (delay % 2 === 0) {
            // Kill the projector's connection mid-transaction, as a crashed process would leave it (only
            // this database's: the same test may be running against another database of the server).
            await store.pool.query(
              `select pg_terminate_backend(pid) from pg_stat_activity
               where application_name = 'verba-test-projector' and datname = current_database()
                 and state <> 'idle' and pid <> pg_backend_pid()`,
            );
          } else {
            await runner.stop();
            runner = new ProjectionRunner({ store, db: knex, projections, batchSize: scenario.batchSize, retryDelayMs: 1 });
            await runner.start();
          }
        }
        await writing;

        // Committed events become visible once every older transaction (the projector's too) has ended.
        const log = await readLogUntil(store, (events) => events.length >= committed.length, 5000);
        const head = log.length ? log[log.length - 1]!.position : START;
        expect(await runner.waitFor(head, { timeoutMs: 20_000 })).toBe(true);
        await runner.stop();

        // The log holds exactly the committed events, each stream in revision order.
        expect(new Set(log.map((e) => e.id))).toEqual(new Set(committed));
        expect(log).toHaveLength(committed.length);
        const lastRevision = new Map<string, bigint>();
        for (const e of log) {
          expect(e.revision).toBe((lastRevision.get(e.streamId) ?? -1n) + 1n);
          lastRevision.set(e.streamId, e.revision);
        }
        // Each projection applied each of them once, in log order.
        for (const p of projections) {
          const applied = await knex(`${p.name}_applied`).orderBy('seq').pluck('event_id');
          expect(applied).toEqual(log.map((e) => e.id));
        }
        // And its read model equals a rebuild from scratch.
        const live = await knex(`${name}_streams`).orderBy('stream_id').select();
        batches = 0;
        const rebuilder = new ProjectionRunner({ store, db: knex, projections: [base], batchSize: 50 });
        await rebuilder.rebuild(name);
        expect(await knex(`${name}_streams`).orderBy('stream_id').select()).toEqual(live);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
