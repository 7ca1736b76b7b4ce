import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../test-support/platform/databases';
import { tallyProjection } from '../../../test-support/platform/tally-projection';
import { readWholeLog } from '../../../test-support/platform/whole-log';
import { createKnex } from '../db/knex';
import { comparePositions, START, type EventStore, type Position } from '../event-store/port';
import { connectEventStoreDb } from '../event-store/select';
import { ProjectionRunner, migrateProjections } from './runner';

/**
 * Randomized, on EventStoreDB: concurrent writers append through the port while the projector is
 * stopped and restarted and one projection crashes now and then; checkpoints live in PostgreSQL. Each
 * projection must apply exactly the appended events, once each, in $all order, and equal a rebuild.
 * Runs where EVENTSTORE_URL reaches a server (none can run on the development machines).
 */
const url = process.env['EVENTSTORE_URL']?.trim();
const real = await probeRealPostgres();
const skipReason = !url ? 'skipped: no EVENTSTORE_URL (no EventStoreDB server can run on this machine)' : real.skipReason;
const RUNS = Number(process.env.LOG_CONSISTENCY_RUNS ?? 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const opArb = fc.record({
  stream: fc.integer({ min: 0, max: 5 }),
  events: fc.integer({ min: 1, max: 3 }),
  pauseMs: fc.integer({ min: 0, max: 8 }),
});
const scenarioArb = fc.record({
  writers: fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 5 }),
  batchSize: fc.integer({ min: 1, max: 6 }),
  restarts: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }),
  crashEveryNthBatch: fc.option(fc.integer({ min: 2, max: 5 }), { nil: undefined }),
});

describe.skipIf(!!skipReason)(`log consistency on EventStoreDB ${skipReason}`, () => {
  let db: TestDatabase;
  let store: EventStore;
  let knex: Knex;

  beforeAll(async () => {
    db = await createRealTestDatabase();
    store = await connectEventStoreDb(url!, 20_000);
    knex = createKnex(db.connectionString, { poolSize: 5, log: { warn() {}, error() {} } });
    await migrateProjections(knex);
  });
  afterAll(async () => {
    await knex?.destroy();
    await store?.close();
    await db?.drop();
  });

  it(`finds no skipped, duplicated or reordered event over ${RUNS} runs`, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        run++;
        // The server's log is shared and cannot be emptied: each run has its own streams and projections.
        const prefix = `lc-${randomUUID()}`;
        const name = `lce${run}`;
        const base = tallyProjection({ name });
        let batches = 0;
        const crashing = {
          ...base,
          async apply(...args: Parameters<typeof base.apply>) {
            await base.apply(...args);
            // Only batches of this run crash: start() catches up on earlier runs' events and would throw.
            const ours = args[0].some((e) => e.streamId.startsWith(`${prefix}-`));
            if (ours && scenario.crashEveryNthBatch && ++batches % scenario.crashEveryNthBatch === 0)
              throw new Error('simulated crash before commit');
          },
        };
        const projections = [crashing, tallyProjection({ name: `${name}s` })];
        const start = () => new ProjectionRunner({ store, db: knex, projections, batchSize: scenario.batchSize, retryDelayMs: 1 });
        let runner = start();
        await runner.start();

        const appended = new Set<string>();
        let head: Position = START;
        const writing = Promise.all(
          scenario.writers.map(async (ops) => {
            for (const op of ops) {
              const events = Array.from({ length: op.events }, () => ({ id: randomUUID(), type: 'E', version: 1, data: {} }));
              const { position } = await store.append(`${prefix}-${op.stream}`, events, 'any');
              for (const e of events) appended.add(e.id);
              if (comparePositions(position, head) > 0) head = position;
              if (op.pauseMs) await sleep(op.pauseMs);
            }
          }),
        );
        for (const delay of scenario.restarts) {
          await sleep(delay);
          await runner.stop();
          runner = start();
          await runner.start();
        }
        await writing;
        expect(await runner.waitFor(head, { timeoutMs: 20_000 })).toBe(true);
        await runner.stop();

        const ours = (await readWholeLog(store)).filter((e) => e.streamId.startsWith(`${prefix}-`));
        expect(new Set(ours.map((e) => e.id))).toEqual(appended);
        for (const p of projections) {
          const applied = (await knex(`${p.name}_applied`).orderBy('seq').pluck('event_id')).filter((id: string) => appended.has(id));
          expect(applied).toEqual(ours.map((e) => e.id));
        }
        const live = await knex(`${name}_streams`).where('stream_id', 'like', `${prefix}-%`).orderBy('stream_id').select();
        await new ProjectionRunner({ store, db: knex, projections: [base], batchSize: 50 }).rebuild(name);
        expect(await knex(`${name}_streams`).where('stream_id', 'like', `${prefix}-%`).orderBy('stream_id').select()).toEqual(live);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
