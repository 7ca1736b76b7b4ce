import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import type { EventStore, NewEvent, RecordedEvent } from '../event-store/port';
import { z } from 'zod';
import { defineEvent, readEventData } from '../decider/events';
import { writesAsStatements, type Projection } from './projection';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import { tallyProjection } from '../../../test-support/platform/tally-projection';
import { readWholeLog } from '../../../test-support/platform/whole-log';
import { ProjectionRunner } from './runner';

const ev = (type: string): NewEvent => ({ id: randomUUID(), type, version: 1, data: {} });

/** The projection with `first` run before each of its batches (to fail or stall it). */
const beforeApply = (p: Projection, first: () => Promise<void>): Projection => ({
  ...p,
  async apply(...args) {
    await first();
    await p.apply(...args);
  },
});

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`projection runner on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let store: EventStore & { pool: import('pg').Pool };
    let knex: Knex;

    beforeAll(async () => {
      db = await engine.create();
      store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
      await migrateEventStore(store.pool);
      knex = createKnex(db.connectionString, { namedStatements: db.namedStatements });
    });
    afterAll(async () => {
      await knex?.destroy();
      await store?.close();
      await db?.drop();
    });

    async function tally(name: string) {
      const rows = await knex(`${name}_streams`).select('stream_id', 'events', 'last_type').orderBy('stream_id');
      return rows.filter((r: { stream_id: string }) => r.stream_id.startsWith(name));
    }

    it('projects appended events, resumes after a restart without repeating any, and waits for a position', async () => {
      const name = `p${randomUUID().slice(0, 8)}`;
      const p = tallyProjection({ name, keepOrder: false });
      const runner = new ProjectionRunner({ store, db: knex, projections: [p] });
      await runner.start();
      await store.append(`${name}-a`, [ev('A1'), ev('A2')], 'no_stream');
      const { position } = await store.append(`${name}-b`, [ev('B1')], 'no_stream');
      expect(await runner.waitFor(position, { timeoutMs: 5000 })).toBe(true);
      expect(await tally(name)).toEqual([
        { stream_id: `${name}-a`, events: 2, last_type: 'A2' },
        { stream_id: `${name}-b`, events: 1, last_type: 'B1' },
      ]);
      await runner.stop();

      const more = await store.append(`${name}-a`, [ev('A3')], 1n);
      const again = new ProjectionRunner({ store, db: knex, projections: [p] });
      await again.start();
      expect(await again.waitFor(more.position, { timeoutMs: 5000 })).toBe(true);
      expect(await tally(name)).toEqual([
        { stream_id: `${name}-a`, events: 3, last_type: 'A3' },
        { stream_id: `${name}-b`, events: 1, last_type: 'B1' },
      ]);
      const far = { transaction: more.position.transaction + 1_000_000n, sequence: 0n };
      expect(await again.waitFor(far, { timeoutMs: 100 })).toBe(false);
      await again.stop();
    });

    it("runs a projection's upkeep (ANALYZE) after its batch committed, outside it, and never for a failed batch", async () => {
      const name = `u${randomUUID().slice(0, 8)}`;
      await knex.raw(`create table ${name}_upkeep (batch_tx text, upkeep_tx text, rows_seen int)`);
      let fail = true;
      const p: Projection = {
        name,
        version: 1,
        tables: [`${name}_rows`],
        eventTypes: [`${name}.E`],
        async setup(trx, t) {
          await trx.schema.createTable(t(`${name}_rows`), (tb) => tb.text('id'));
        },
        async apply(events, { trx, t, maintain }) {
          await trx(t(`${name}_rows`)).insert(events.map((e) => ({ id: e.id })));
          const { rows } = await trx.raw('select pg_current_xact_id()::text as tx');
          // What it sees shows when and where it ran: after the commit it counts this batch's rows.
          maintain!(`insert into ${name}_upkeep select ?, pg_current_xact_id()::text, (select count(*) from ??)`, [
            rows[0].tx,
            t(`${name}_rows`),
          ]);
          if (fail) {
            fail = false;
            throw new Error('this batch rolls back: its upkeep must not run');
          }
        },
      };
      const runner = new ProjectionRunner({ store, db: knex, projections: [p], retryDelayMs: 5 });
      await runner.start();
      const { position } = await store.append(`${name}-a`, [ev(`${name}.E`), ev(`${name}.E`)], 'no_stream');
      expect(await runner.waitFor(position, { timeoutMs: 5000 })).toBe(true);
      let upkeep: { batch_tx: string; upkeep_tx: string; rows_seen: number }[] = [];
      for (let i = 0; i < 100 && !upkeep.length; i++, await new Promise((r) => setTimeout(r, 20)))
        upkeep = await knex(`${name}_upkeep`).select();
      await runner.stop();
      expect(upkeep).toHaveLength(1);
      expect(upkeep[0]!.upkeep_tx).not.toBe(upkeep[0]!.batch_tx);
      expect(upkeep[0]!.rows_seen).toBe(2);
    });

    async function appendMany(prefix: string, streams: number, perStream: number) {
      let last;
      for (let r = 0; r < perStream; r++) {
        for (let s = 0; s < streams; s++) last = await store.append(`${prefix}-${s}`, [ev(`E${r}`)], 'any');
      }
      return last!;
    }

    async function appliedOrder(name: string) {
      const rows = await knex(`${name}_applied`).where('stream_id', 'like', `${name}-%`).orderBy('seq').select('event_id');
      return rows.map((r: { event_id: string }) => r.event_id);
    }

    async function logOrder(prefix: string) {
      return (await readWholeLog(store)).filter((e) => e.streamId.startsWith(prefix)).map((e) => e.id);
    }

    it('retries a batch that failed half-way from its checkpoint, without skipping or repeating', async () => {
      const name = `c${randomUUID().slice(0, 8)}`;
      const base = tallyProjection({ name });
      let calls = 0;
      const crashing = {
        ...base,
        async apply(...args: Parameters<typeof base.apply>) {
          await base.apply(...args); // writes happen, then the process "dies" before commit
          if (++calls === 2) throw new Error('simulated crash mid-batch');
        },
      };
      const runner = new ProjectionRunner({ store, db: knex, projections: [crashing], batchSize: 7, retryDelayMs: 5 });
      await runner.start();
      const last = await appendMany(name, 3, 10);
      expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      expect(calls).toBeGreaterThan(2);
      expect(await appliedOrder(name)).toEqual(await logOrder(name));
      expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([10, 10, 10]);
    });

    it('reads the log once for all projections; one that fails catches up alone without holding the others back', async () => {
      const name = `s${randomUUID().slice(0, 8)}`;
      let subscriptions = 0;
      const counting: EventStore = {
        ...store,
        subscribeToAll: (opts, handler) => {
          subscriptions++;
          return store.subscribeToAll(opts, handler);
        },
      };
      let failing = false; // the first start builds every read model from the log; it must succeed
      const broken = beforeApply(tallyProjection({ name: `${name}c` }), async () => {
        if (failing) throw new Error('read model unavailable');
      });
      const runner = new ProjectionRunner({
        store: counting,
        db: knex,
        projections: [tallyProjection({ name: `${name}a` }), tallyProjection({ name: `${name}b` }), broken],
        batchSize: 5,
        retryDelayMs: 5,
      });
      await runner.start();
      failing = true;
      const first = await appendMany(name, 2, 5);
      expect(await runner.waitFor(first.position, { projections: [`${name}a`, `${name}b`], timeoutMs: 10_000 })).toBe(true);
      expect(await runner.waitFor(first.position, { projections: [`${name}c`], timeoutMs: 200 })).toBe(false);
      failing = false;
      const last = await appendMany(name, 2, 5);
      expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      expect(subscriptions).toBe(1);
      const log = await logOrder(name);
      for (const p of ['a', 'b', 'c']) {
        const applied = await knex(`${name}${p}_applied`).where('stream_id', 'like', `${name}-%`).orderBy('seq').pluck('event_id');
        expect(applied).toEqual(log);
      }
    });

    it('commits the batches projections are handed together in one transaction; a failing one falls back alone', async () => {
      const name = `g${randomUUID().slice(0, 8)}`;
      let failing = false;
      const flaky = beforeApply(tallyProjection({ name: `${name}c` }), async () => {
        if (failing) throw new Error('read model unavailable');
      });
      const names = [`${name}a`, `${name}b`, `${name}c`];
      const runner = new ProjectionRunner({
        store,
        db: knex,
        projections: [tallyProjection({ name: names[0] }), tallyProjection({ name: names[1] }), flaky],
        retryDelayMs: 5,
      });
      await runner.start();
      // The transaction that last moved each checkpoint.
      const movedBy = async () => {
        const rows = await knex('projection_checkpoints').whereIn('name', names).select('name', knex.raw('xmin::text as tx'));
        return new Map(rows.map((r: { name: string; tx: string }) => [r.name, r.tx]));
      };
      // A projection joins the group after a few batches written fast (batch-group.ts).
      let last;
      for (let i = 0; i < 5; i++) {
        last = await store.append(`${name}-s`, [ev(`E${i}`)], 'any');
        expect(await runner.waitFor(last.position, { timeoutMs: 5000 })).toBe(true);
      }
      const together = await movedBy();
      expect(new Set(together.values()).size).toBe(1);

      failing = true;
      const failed = await store.append(`${name}-s`, [ev('F')], 'any');
      expect(await runner.waitFor(failed.position, { projections: names.slice(0, 2), timeoutMs: 5000 })).toBe(true);
      expect(await runner.waitFor(failed.position, { projections: names.slice(2), timeoutMs: 200 })).toBe(false);
      const apart = await movedBy();
      expect(apart.get(names[0]!)).not.toBe(apart.get(names[1]!)); // the group rolled back; each committed alone
      failing = false;
      expect(await runner.waitFor(failed.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      const log = await logOrder(name);
      for (const n of names)
        expect(await knex(`${n}_applied`).where('stream_id', 'like', `${name}-%`).orderBy('seq').pluck('event_id')).toEqual(log);
    });

    it("plans a live batch's statements from the data as appended (parsed then), older versions upcast and parsed", async () => {
      const name = `v${randomUUID().slice(0, 8)}`;
      const Counted = defineEvent(`${name}.Counted`, z.object({ n: z.number() }), {
        version: 2,
        upcasters: { 1: (d) => ({ n: Number(d['count']) }) },
      });
      const seen: unknown[] = [];
      const p: Projection = {
        name,
        version: 1,
        tables: [],
        async setup() {},
        eventTypes: [Counted.type],
        ...writesAsStatements((events) => {
          for (const e of events) seen.push(readEventData(Counted, e));
          return [];
        }),
      };
      const runner = new ProjectionRunner({ store, db: knex, projections: [p] });
      await runner.start();
      // An extra field the schema would strip shows whether the data was parsed again.
      await store.append(`${name}-a`, [{ id: randomUUID(), type: Counted.type, version: 2, data: { n: 1, extra: 'kept' } }], 'no_stream');
      const { position } = await store.append(
        `${name}-a`,
        [{ id: randomUUID(), type: Counted.type, version: 1, data: { count: '2', extra: 'stripped' } }],
        0n,
      );
      expect(await runner.waitFor(position, { timeoutMs: 5000 })).toBe(true);
      await runner.stop();
      expect(seen).toEqual([{ n: 1, extra: 'kept' }, { n: 2 }]);
    });

    // Only where transactions run side by side: on PGlite an open transaction stops every other connection,
    // so there a slow batch stops all of them by the engine's nature (not a gap of the runner).
    const onConcurrentEngine = (engine.label.includes('PGlite') ? () => undefined : it) as typeof it;
    onConcurrentEngine('does not hold the other projections back while one is slow', async () => {
      const name = `w${randomUUID().slice(0, 8)}`;
      let slow = false;
      const sluggish = beforeApply(tallyProjection({ name: `${name}s` }), async () => {
        if (slow) await new Promise((r) => setTimeout(r, 1500));
      });
      const runner = new ProjectionRunner({ store, db: knex, projections: [tallyProjection({ name: `${name}f` }), sluggish] });
      await runner.start();
      slow = true;
      const t0 = Date.now();
      const first = await store.append(`${name}-a`, [ev('A')], 'no_stream');
      expect(await runner.waitFor(first.position, { projections: [`${name}f`], timeoutMs: 5000 })).toBe(true);
      const second = await store.append(`${name}-a`, [ev('B')], 0n);
      expect(await runner.waitFor(second.position, { projections: [`${name}f`], timeoutMs: 5000 })).toBe(true);
      expect(Date.now() - t0).toBeLessThan(1200); // the fast one did not wait for the slow batch
      slow = false;
      expect(await runner.waitFor(second.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      const log = await logOrder(name);
      for (const p of ['f', 's']) {
        const applied = await knex(`${name}${p}_applied`).where('stream_id', 'like', `${name}-%`).orderBy('seq').pluck('event_id');
        expect(applied).toEqual(log);
      }
    });

    it('moves the stored checkpoints of projections with nothing to apply within the period, each at its own time', async () => {
      const name = `i${randomUUID().slice(0, 8)}`;
      const period = 600;
      const idle = Array.from({ length: 6 }, (_, i) => ({
        ...tallyProjection({ name: `${name}${i}`, keepOrder: false }),
        eventTypes: ['NeverAppended'],
      }));
      const runner = new ProjectionRunner({ store, db: knex, projections: idle, idleCheckpointMs: period });
      await runner.start();
      const names = idle.map((p) => p.name);
      const stored = async () =>
        new Map(
          (await knex('projection_checkpoints').whereIn('name', names).select('name', 'commit_position')).map((r) => [
            r.name,
            r.commit_position,
          ]),
        );
      const before = await stored();
      // Events none of them applies, a batch every few milliseconds; note when each stored checkpoint first moves.
      const firstMove = new Map<string, number>();
      const t0 = Date.now();
      while (Date.now() - t0 < 2 * period + 400 && firstMove.size < names.length) {
        await store.append(`${name}-x`, [ev('Other')], 'any');
        for (const [n, at] of await stored()) if (at !== before.get(n) && !firstMove.has(n)) firstMove.set(n, Date.now() - t0);
        await new Promise((r) => setTimeout(r, 5));
      }
      await runner.stop();
      expect(firstMove.size).toBe(names.length);
      const times = [...firstMove.values()];
      // Each within its period (twice that at worst: a batch found it overdue after a pause), and spread over
      // the period instead of all in the first batch past a shared deadline.
      expect(Math.max(...times)).toBeLessThan(2 * period + 300);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(period / 3);
    });

    it('applies a paced projection in fewer, larger batches, without holding back the others', async () => {
      const name = `q${randomUUID().slice(0, 8)}`;
      const batches = { paced: 0, prompt: 0 };
      const counted = (key: keyof typeof batches, p: Projection): Projection => ({
        ...p,
        async apply(events, ctx) {
          batches[key]++;
          await p.apply(events, ctx);
        },
      });
      const paced = { ...counted('paced', tallyProjection({ name: `${name}p` })), minBatchIntervalMs: 300 };
      const prompt = counted('prompt', tallyProjection({ name: `${name}f` }));
      const runner = new ProjectionRunner({ store, db: knex, projections: [paced, prompt] });
      await runner.start();
      batches.paced = batches.prompt = 0;
      let last;
      for (let i = 0; i < 20; i++) {
        last = await store.append(`${name}-${i % 3}`, [ev(`E${i}`)], 'any');
        // The one that is not paced shows each write at once, as read-your-writes needs.
        expect(await runner.waitFor(last.position, { projections: [prompt.name], timeoutMs: 250 })).toBe(true);
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await runner.waitFor(last!.position, { timeoutMs: 5000 })).toBe(true);
      await runner.stop();
      expect(batches.prompt).toBeGreaterThanOrEqual(10);
      expect(batches.paced).toBeLessThanOrEqual(batches.prompt / 3);
      const log = await logOrder(name);
      for (const p of ['p', 'f']) {
        const applied = await knex(`${name}${p}_applied`).where('stream_id', 'like', `${name}-%`).orderBy('seq').pluck('event_id');
        expect(applied).toEqual(log);
      }
    });

    it("hands afterCommit (or the worker's progress report) only the projection's events, as type, version and data", async () => {
      const name = `c${randomUUID().slice(0, 8)}`;
      const seen: unknown[][] = [];
      const reported: unknown[][] = [];
      const p = (hookName: string): Projection => ({
        name: hookName,
        version: 1,
        tables: [],
        eventTypes: [`${name}.Wanted`],
        async setup() {},
        async apply() {},
        afterCommit: (events) => void seen.push(events),
      });
      const direct = new ProjectionRunner({ store, db: knex, projections: [p(`${name}-direct`)] });
      const viaWorker = new ProjectionRunner({
        store,
        db: knex,
        projections: [p(`${name}-worker`)],
        onProgress: (_projection, _position, committed) => void (committed && reported.push(committed)),
      });
      await direct.start();
      await viaWorker.start();
      const wanted: NewEvent = { id: randomUUID(), type: `${name}.Wanted`, version: 1, data: { n: 1 } };
      const { position } = await store.append(`${name}-s`, [ev(`${name}.Other`), wanted, ev(`${name}.Other`)], 'no_stream');
      expect(await direct.waitFor(position, { timeoutMs: 5000 })).toBe(true);
      expect(await viaWorker.waitFor(position, { timeoutMs: 5000 })).toBe(true);
      await direct.stop();
      await viaWorker.stop();
      const only = [{ type: `${name}.Wanted`, version: 1, data: { n: 1 } }];
      expect(seen).toEqual([only]); // toEqual: no id, position or metadata beside them
      expect(reported).toEqual([only]);
      expect(Object.keys(reported[0]![0] as object).sort()).toEqual(['data', 'type', 'version']);
    });

    it('ignores events a store delivers twice (the log reader hands each projection only what lies after it)', async () => {
      const name = `d${randomUUID().slice(0, 8)}`;
      let previous: import('../event-store/port').RecordedEvent[] = [];
      const stuttering: EventStore = {
        ...store,
        subscribeToAll: (opts, handler) =>
          store.subscribeToAll(opts, async (batch) => {
            const withRepeat = [...previous.slice(-2), ...batch];
            previous = batch;
            await handler(withRepeat);
          }),
      };
      const runner = new ProjectionRunner({ store: stuttering, db: knex, projections: [tallyProjection({ name })], batchSize: 4 });
      await runner.start();
      const last = await appendMany(name, 2, 6);
      expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      expect(await appliedOrder(name)).toEqual(await logOrder(name));
      expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([6, 6]);
    });

    it('rebuilds a read model beside the live one while writes go on, then switches to an equal copy', async () => {
      const name = `r${randomUUID().slice(0, 8)}`;
      const runner = new ProjectionRunner({ store, db: knex, projections: [tallyProjection({ name })], batchSize: 50 });
      await runner.start();
      await appendMany(name, 5, 20);
      const writing = appendMany(name, 5, 4);
      const seenDuring: number[] = [];
      const rebuilt = await runner.rebuild(name, async () => {
        seenDuring.push((await tally(name)).length);
      });
      const last = await writing;
      expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      expect(rebuilt.generation).toBe(2);
      expect(await appliedOrder(name)).toEqual(await logOrder(name));
      expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([24, 24, 24, 24, 24]);
      const tables = await knex('pg_tables').where('tablename', 'like', `${name}%`).pluck('tablename');
      expect(tables.sort()).toEqual([`${name}_applied__g2`, `${name}_streams__g2`]);
    });

    // PGlite serves every connection from one session: no query of another session can hold a view there.
    if (engine.label === 'PostgreSQL') {
      it('switches to a rebuilt read model without deadlocking a query that reads its views', async () => {
        const name = `d${randomUUID().slice(0, 8)}`;
        const runner = new ProjectionRunner({ store, db: knex, projections: [tallyProjection({ name })], batchSize: 50 });
        await runner.start();
        const last = await appendMany(name, 3, 5);
        expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
        const reader = new pg.Client({ connectionString: db.connectionString });
        await reader.connect();
        try {
          // A query that has locked the second view (applied) as it planned, and will want the first (streams).
          await reader.query('begin');
          await reader.query(`select count(*) from ${name}_applied`);
          const rebuilding = runner.rebuild(name);
          rebuilding.catch(() => undefined); // awaited below
          // The switch holds the first view and waits for the second.
          await expect
            .poll(
              async () =>
                (
                  await knex.raw(`select count(*)::int as n from pg_locks where not granted and relation = to_regclass(?)`, [
                    `${name}_applied`,
                  ])
                ).rows[0].n,
              { timeout: 20_000 },
            )
            .toBe(1);
          // Without the switch giving way, one of the two ends with "deadlock detected".
          const streams = await reader.query(`select count(*)::int as n from ${name}_streams where stream_id like $1`, [`${name}-%`]);
          expect(streams.rows[0].n).toBe(3);
          await reader.query('commit');
          expect((await rebuilding).generation).toBe(2);
          expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([5, 5, 5]);
        } finally {
          await reader.end();
          await runner.stop();
        }
      });
    }

    it("rebuilds with a projection's bulk fold (one write for the log so far), then what came meanwhile batch by batch", async () => {
      const name = `b${randomUUID().slice(0, 8)}`;
      const plain = tallyProjection({ name });
      let bulkWrites = 0;
      const p: Projection = {
        ...plain,
        bulk() {
          const held: RecordedEvent[] = [];
          return {
            add: (events) => void held.push(...events),
            write: async (ctx) => {
              bulkWrites++;
              await plain.apply(held, ctx);
            },
          };
        },
      };
      const runner = new ProjectionRunner({ store, db: knex, projections: [p], batchSize: 50 });
      await runner.start(); // builds generation 1 (the store holds other tests' events): a bulk write too
      await appendMany(name, 5, 20);
      const writing = appendMany(name, 5, 4);
      bulkWrites = 0;
      const rebuilt = await runner.rebuild(name);
      const last = await writing;
      expect(await runner.waitFor(last.position, { timeoutMs: 10_000 })).toBe(true);
      await runner.stop();
      expect(rebuilt.generation).toBe(2);
      expect(bulkWrites).toBe(1);
      expect(await appliedOrder(name)).toEqual(await logOrder(name));
      expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([24, 24, 24, 24, 24]);
    });

    it('rebuilds on start when the projection version changed', async () => {
      const name = `v${randomUUID().slice(0, 8)}`;
      const v1 = new ProjectionRunner({ store, db: knex, projections: [tallyProjection({ name, version: 1 })] });
      await v1.start();
      const last = await appendMany(name, 2, 3);
      expect(await v1.waitFor(last.position, { timeoutMs: 5000 })).toBe(true);
      await v1.stop();
      const v2 = new ProjectionRunner({ store, db: knex, projections: [tallyProjection({ name, version: 2 })] });
      await v2.start();
      await v2.stop();
      const state = await knex('projection_state').where({ name }).first();
      expect(state).toMatchObject({ version: 2, active_generation: 2 });
      expect((await tally(name)).map((r: { events: number }) => r.events)).toEqual([3, 3]);
    });
  });
}
