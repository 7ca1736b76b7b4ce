import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '../../../platform/db/knex';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../../platform/event-store/postgres/adapter';
import { asOfTables, rebuildAsOf } from '../../../platform/projections/as-of';
import type { Projection, TableNames } from '../../../platform/projections/projection';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../../test-support/platform/databases';
import { History, composedAnalyticsProjection, untilReadable, uuidOf } from '../../../../test-support/analytics-history';

/**
 * The as-of property (issue 18): for a random history and a random date, the read model rebuilt from the
 * whole log as of that date equals what the live projection held at the end of that date, whatever
 * batches the live runner happened to apply.
 */
const pgProbe = await probeRealPostgres();
const RUNS = 100;
const START = Date.UTC(2026, 6, 1);
const LANGS = ['de', 'fr', 'es', 'ru'] as const;
const STATUSES = ['new', 'known', 'uncertain'] as const;
const STATES = ['new', 'learning', 'review', 'relearning'] as const;

const action = fc.record({
  kind: fc.constantFrom('onboard', 'switch', 'time', 'read', 'chapter', 'card', 'review', 'uncard', 'word', 'premium', 'ended', 'deleted'),
  user: fc.integer({ min: 1, max: 4 }),
  lang: fc.constantFrom(...LANGS),
  thing: fc.integer({ min: 1, max: 3 }),
  status: fc.constantFrom(...STATUSES),
  seconds: fc.integer({ min: 1, max: 3600 }),
  minute: fc.integer({ min: 0, max: 120 * 24 * 60 }),
});

type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

/** Registers every user at the start, then plays the actions in time order; nothing after a deletion. */
function historyOf(actions: Action[]): History {
  const h = new History();
  const at = (minute: number) => new Date(START + minute * 60_000).toISOString();
  for (let u = 1; u <= 4; u++) h.registered(uuidOf(u), at(0));
  const gone = new Set<number>();
  for (const a of [...actions].sort((x, y) => x.minute - y.minute)) {
    if (gone.has(a.user)) continue;
    const user = uuidOf(a.user);
    const when = at(a.minute + 1);
    switch (a.kind) {
      case 'onboard':
        h.onboarded(user, a.lang, when);
        break;
      case 'switch':
        h.switchedTo(user, a.lang, when);
        break;
      case 'time':
        h.time(user, a.lang, a.seconds, when);
        break;
      case 'read':
        h.read(user, uuidOf(100 + a.thing), a.lang, when);
        break;
      case 'chapter':
        h.chapter(user, uuidOf(200 + a.thing), when);
        break;
      case 'card':
        h.cardCreated(user, uuidOf(300 + a.thing), a.lang, when);
        break;
      case 'review':
        h.review(user, uuidOf(300 + a.thing), a.lang, when, { state: STATES[a.seconds % 4], reps: a.seconds % 7, lapses: a.seconds % 3 });
        break;
      case 'uncard':
        h.cardDeleted(user, uuidOf(300 + a.thing), when);
        break;
      case 'word':
        h.word(user, a.lang, `w${a.thing}`, a.status, when);
        break;
      case 'premium':
        h.subscription(user, 'Started', 'active', when);
        break;
      case 'ended':
        h.subscription(user, 'Ended', 'canceled', when);
        break;
      case 'deleted':
        h.deleted(user, when);
        gone.add(a.user);
        break;
    }
  }
  return h;
}

describe.skipIf(!pgProbe.available)('analytics rebuilt as of a date equals the live projection on that date (PostgreSQL)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Knex;
  let projection: Projection;
  const live: TableNames = (logical) => `${logical}__live`;

  beforeAll(async () => {
    database = await createRealTestDatabase();
    store = createPostgresEventStore({ connectionString: database.connectionString });
    await migrateEventStore(store.pool);
    db = createKnex(database.connectionString, { poolSize: 4 });
    projection = await composedAnalyticsProjection();
  });
  afterAll(async () => {
    await db?.destroy();
    await store?.close();
    await database?.drop();
  });

  const contents = async (t: TableNames) => {
    const out: Record<string, unknown[]> = {};
    for (const table of projection.tables) {
      const { rows } = await db.raw(`select * from ?? order by 1, 2, 3`, [t(table)]);
      out[table] = (rows as Record<string, unknown>[]).map((r) => JSON.stringify(r)).sort();
    }
    return out;
  };

  it(`holds for ${RUNS} random histories, dates and live batchings`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 0, maxLength: 40 }),
        fc.integer({ min: -1, max: 125 }),
        fc.integer({ min: 1, max: 7 }),
        async (actions, dayOffset, batch) => {
          const history = historyOf(actions);
          const day = new Date(START + dayOffset * 86_400_000).toISOString().slice(0, 10);
          const end = START + (dayOffset + 1) * 86_400_000;

          // Live: the runner applied, in batches, what had been appended by the end of that day.
          await db.transaction(async (trx) => {
            for (const table of projection.tables) await trx.raw('drop table if exists ??', [live(table)]);
            await projection.setup(trx, live);
          });
          const prefix = history.recorded().filter((e) => Date.parse(String(e.data.at)) < end);
          for (let i = 0; i < prefix.length; i += batch) {
            await db.transaction((trx) => projection.apply(prefix.slice(i, i + batch), { trx, t: live }));
          }

          // As of: the whole log (later days included) in the event store, rebuilt for that day.
          await store.pool.query('truncate es_events, es_streams');
          for (const { streamId, event } of history.appends) await store.append(streamId, [event], 'any');
          await untilReadable(store, history.appends.length);
          await rebuildAsOf(store, db, projection, day, { batchSize: 16 });

          expect(await contents(asOfTables(day))).toEqual(await contents(live));
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);

  it(`the bulk fold of a rebuild (the whole log in memory, one write) equals the batches applied live, ${RUNS / 2} random histories`, async () => {
    const bulk: TableNames = (logical) => `${logical}__bulk`;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 0, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), async (actions, batch) => {
        const events = historyOf(actions)
          .recorded()
          .filter((e) => projection.eventTypes!.includes(e.type));
        await db.transaction(async (trx) => {
          for (const table of projection.tables) await trx.raw('drop table if exists ??, ??', [live(table), bulk(table)]);
          await projection.setup(trx, live);
          await projection.setup(trx, bulk);
        });
        for (let i = 0; i < events.length; i += batch) {
          await db.transaction((trx) => projection.apply(events.slice(i, i + batch), { trx, t: live }));
        }
        const fold = projection.bulk!();
        for (let i = 0; i < events.length; i += batch) fold.add(events.slice(i, i + batch));
        await db.transaction((trx) => fold.write({ trx, t: bulk }));
        expect(await contents(bulk)).toEqual(await contents(live));
      }),
      { numRuns: RUNS / 2, endOnFailure: true },
    );
  }, 300_000);
});
