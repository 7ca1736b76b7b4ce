import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type pg from 'pg';
import { parseIntegrationEvent } from '@verba/contracts/integration';
import { createKnex } from '../db/knex';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '../event-store/port';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import { createInProcessPublisher, type DeliveredMessage, type InProcessPublisher } from './in-process';
import type { IntegrationPublisher } from './publisher';
import { IntegrationRelay, type RelayOptions } from './relay';
import { captureLog, other, testMappers, userDeleted, wordStatus } from '../../../test-support/platform/integration-fixtures';

const TOPICS = ['verba.vocabulary', 'verba.identity'];
const idOf = (m: { value: string }) => (JSON.parse(m.value) as { id: string }).id;

function collect(bus: InProcessPublisher): DeliveredMessage[] {
  const got: DeliveredMessage[] = [];
  for (const t of TOPICS) bus.subscribe(t, (m) => void got.push(m));
  return got;
}

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`integration relay on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let store: EventStore & { pool: pg.Pool };
    let knex: Knex;
    const relays: IntegrationRelay[] = [];

    beforeAll(async () => {
      db = await engine.create();
      store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
      await migrateEventStore(store.pool);
      knex = createKnex(db.connectionString, { namedStatements: db.namedStatements });
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
    });
    afterAll(async () => {
      await knex?.destroy();
      await store?.close();
      await db?.drop();
    });

    function relay(o: Partial<RelayOptions> & Pick<RelayOptions, 'name' | 'publisher'>): IntegrationRelay {
      const r = new IntegrationRelay({ store, db: knex, mappers: testMappers(o.name!), batchSize: 3, retryDelayMs: 5, ...o });
      relays.push(r);
      return r;
    }

    async function log(): Promise<RecordedEvent[]> {
      const all: RecordedEvent[] = [];
      for (;;) {
        const batch = await store.readAll({ after: all.at(-1)?.position ?? START, maxCount: 1000 });
        if (batch.length === 0) return all;
        all.push(...batch);
      }
    }

    /** Ids of the events the tag's mappers publish, in log order, per topic. */
    async function expected(tag: string, after: Position = START): Promise<Record<string, string[]>> {
      const events = (await log()).filter((e) => comparePositions(e.position, after) > 0);
      const ids = (type: string) => events.filter((e) => e.type === `${tag}.${type}`).map((e) => e.id);
      return { 'verba.vocabulary': ids('WordStatusChanged'), 'verba.identity': ids('UserDeleted') };
    }

    const byTopic = (got: DeliveredMessage[]) => Object.fromEntries(TOPICS.map((t) => [t, got.filter((m) => m.topic === t).map(idOf)]));

    async function checkpoint(name: string): Promise<Position> {
      const row = await knex('relay_checkpoints').where({ name }).first();
      return { transaction: BigInt(row.commit_position), sequence: BigInt(row.prepare_position) };
    }

    it('publishes mapped events in log order, nothing else, and resumes after a restart', async () => {
      const tag = `t${randomUUID().slice(0, 8)}`;
      const users = [randomUUID(), randomUUID(), randomUUID()];
      const bus = createInProcessPublisher();
      const got = collect(bus);
      const first = relay({ name: tag, publisher: bus });
      await first.start();
      await store.append(`${tag}-a`, [other(tag, 'Unmapped')], 'no_stream');
      for (let round = 0; round < 4; round++) {
        for (const u of users) {
          await store.append(`${tag}-vocab-${u}`, [wordStatus(tag, u, `w${round}`), other(tag, round % 2 ? 'Ignored' : 'Unmapped')], 'any');
        }
      }
      let last = await store.append(`${tag}-user-${users[0]}`, [userDeleted(tag, users[0]!)], 'any');
      expect(await first.waitFor(last.position, 10_000)).toBe(true);

      expect(byTopic(got)).toEqual(await expected(tag));
      expect(got).toHaveLength(13);
      for (const m of got) {
        const e = parseIntegrationEvent(m.value);
        expect(m.key).toBe(e.data.userId);
        expect(m.headers).toMatchObject({ 'verba-event-id': e.id, 'verba-event-type': e.type, 'verba-event-version': '1' });
      }
      expect(comparePositions(first.position()!, last.position)).toBe(0);
      expect(await checkpoint(tag)).toEqual(last.position);
      await first.stop();

      const before = last.position;
      last = await store.append(`${tag}-vocab-${users[1]}`, [wordStatus(tag, users[1]!, 'later'), other(tag, 'Unmapped')], 'any');
      const bus2 = createInProcessPublisher();
      const got2 = collect(bus2);
      const second = relay({ name: tag, publisher: bus2 });
      await second.start();
      expect(await second.waitFor(last.position, 10_000)).toBe(true);
      // A graceful stop checkpointed everything: exactly the new events, no duplicates.
      expect(byTopic(got2)).toEqual(await expected(tag, before));
      expect(got2).toHaveLength(1);
    });

    it('retries a failing publisher from the checkpoint with growing back-off and skips nothing', async () => {
      const tag = `t${randomUUID().slice(0, 8)}`;
      const u = randomUUID();
      const bus = createInProcessPublisher();
      const got = collect(bus);
      let calls = 0;
      const flaky: IntegrationPublisher = {
        name: 'flaky',
        async publish(topic, messages) {
          if (++calls <= 4) throw new Error(`broker unavailable (${calls})`);
          await bus.publish(topic, messages);
        },
        close: () => bus.close(),
      };
      let last;
      for (let i = 0; i < 8; i++) last = await store.append(`${tag}-vocab`, [wordStatus(tag, u, `w${i}`), other(tag, 'Unmapped')], 'any');
      const log = captureLog();
      const r = relay({ name: tag, publisher: flaky, log });
      await r.start();
      expect(await r.waitFor(last!.position, 10_000)).toBe(true);
      expect(byTopic(got)).toEqual(await expected(tag));
      expect(got).toHaveLength(8); // the failures published nothing, so no duplicates either
      const failures = log.lines.filter((l) => l.level === 'error');
      expect(failures.map((l) => l.obj.retryInMs)).toEqual([5, 10, 20, 40]);
    });

    it('after a crash between publish and checkpoint, republishes exactly the unacknowledged batch', async () => {
      const tag = `t${randomUUID().slice(0, 8)}`;
      const u = randomUUID();
      let last;
      for (let i = 0; i < 9; i++) last = await store.append(`${tag}-vocab`, [wordStatus(tag, u, `w${i}`)], 'any');

      const bus = createInProcessPublisher();
      const gotBeforeCrash = collect(bus);
      let calls = 0;
      let unacknowledged: string[] = [];
      let crashed: Promise<void> | undefined;
      const crashing: IntegrationPublisher = {
        name: 'crashing',
        async publish(topic, messages) {
          await bus.publish(topic, messages); // the broker has them...
          if (++calls === 2) {
            unacknowledged = messages.map(idOf);
            crashed = doomed.stop(); // ...and the process dies before recording that
            throw new Error('crashed before the checkpoint');
          }
        },
        close: async () => {},
      };
      const doomed = relay({ name: tag, publisher: crashing });
      await doomed.start();
      await expect.poll(() => crashed !== undefined, { timeout: 10_000 }).toBe(true);
      await crashed;
      expect(unacknowledged.length).toBeGreaterThan(0);
      const stored = await checkpoint(tag);
      expect(stored).toEqual(doomed.position());

      const bus2 = createInProcessPublisher();
      const gotAfter = collect(bus2);
      const restarted = relay({ name: tag, publisher: bus2 });
      await restarted.start();
      expect(await restarted.waitFor(last!.position, 10_000)).toBe(true);

      const before = gotBeforeCrash.map(idOf);
      const after = gotAfter.map(idOf);
      const duplicates = after.filter((id) => before.includes(id));
      expect(duplicates).toEqual(unacknowledged);
      expect(after.slice(0, unacknowledged.length)).toEqual(unacknowledged);
      const all = (await expected(tag))['verba.vocabulary'];
      expect([...before, ...after.slice(unacknowledged.length)]).toEqual(all);
    });

    it('never skips an event whose mapping fails: it stops there until the mapper is fixed', async () => {
      const tag = `t${randomUUID().slice(0, 8)}`;
      const u = randomUUID();
      const mappers = testMappers(tag);
      const map = mappers[`${tag}.WordStatusChanged`]!;
      let broken = true;
      mappers[`${tag}.WordStatusChanged`] = (e) => {
        if (broken && e.data.word === 'bad') throw new Error('mapper bug');
        return map(e);
      };
      await store.append(`${tag}-vocab`, [wordStatus(tag, u, 'ok')], 'any');
      const bad = await store.append(`${tag}-vocab`, [wordStatus(tag, u, 'bad')], 'any');
      const last = await store.append(`${tag}-vocab`, [wordStatus(tag, u, 'after')], 'any');
      const bus = createInProcessPublisher();
      const got = collect(bus);
      const log = captureLog();
      const r = relay({ name: tag, publisher: bus, mappers, log });
      await r.start();
      await expect.poll(() => log.lines.filter((l) => l.level === 'error').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      expect(comparePositions(r.position()!, bad.position)).toBeLessThan(0);
      expect(got.map((m) => parseIntegrationEvent(m.value).data)).not.toContainEqual(expect.objectContaining({ word: 'bad' }));

      broken = false;
      expect(await r.waitFor(last.position, 10_000)).toBe(true);
      expect(byTopic(got)).toEqual(await expected(tag));
    });

    it('stop() lets the in-flight batch finish publishing and checkpointing', async () => {
      const tag = `t${randomUUID().slice(0, 8)}`;
      const u = randomUUID();
      for (let i = 0; i < 6; i++) await store.append(`${tag}-vocab`, [wordStatus(tag, u, `w${i}`)], 'any');
      const bus = createInProcessPublisher();
      const got = collect(bus);
      let entered!: () => void;
      const inFlight = new Promise<void>((r) => (entered = r));
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const slow: IntegrationPublisher = {
        name: 'slow',
        async publish(topic, messages) {
          entered();
          await gate;
          await bus.publish(topic, messages);
        },
        close: async () => {},
      };
      const r = relay({ name: tag, publisher: slow });
      await r.start();
      await inFlight;
      const atStop = r.position()!;
      let stopped = false;
      const stopping = r.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect(got.length).toBeGreaterThan(0);
      expect(got.length).toBeLessThan(6); // stopped after that batch
      expect(comparePositions(r.position()!, atStop)).toBeGreaterThan(0);
      expect(await checkpoint(tag)).toEqual(r.position());
      expect(byTopic(got)['verba.vocabulary']).toEqual((await expected(tag))['verba.vocabulary']!.slice(0, got.length));
    });
  });
}
