import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import type { EventStore } from '../event-store/port';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import { ItemAdded, TallyClosed, tallyDecider } from '../../../test-support/platform/tally-decider';
import { EventCodec } from './events';
import { handleCommand } from './handle-command';
import { fold, type Decider } from './decider';
import { z } from 'zod';
import { defineEvent, type EventOf } from './events';
import { COMMAND_ID_REUSED } from '@verba/contracts/http';

const codec = new EventCodec([ItemAdded, TallyClosed]);
const now = '2026-11-22T10:00:00.000Z';

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`command handler on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let store: EventStore & { pool: import('pg').Pool };

    beforeAll(async () => {
      db = await engine.create();
      store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements, poolSize: 20 });
      await migrateEventStore(store.pool);
    });
    afterAll(async () => {
      await store?.close();
      await db?.drop();
    });

    const run = (streamId: string, item: string, commandId = randomUUID(), actor: string | null = null) =>
      handleCommand({ store, codec, decider: tallyDecider, streamId, command: { kind: 'add', item, amount: 1, now }, commandId, actor });

    it("stamps who asked (the actor) and the command's id on the events' metadata, and nobody for the system", async () => {
      const streamId = `tally-${randomUUID()}`;
      const commandId = randomUUID();
      await run(streamId, 'fig', commandId, 'c0ffee00-0000-4000-8000-000000000001');
      await run(streamId, 'kiwi');
      const [byUser, bySystem] = await store.readStream(streamId);
      expect(byUser!.metadata).toMatchObject({ userId: 'c0ffee00-0000-4000-8000-000000000001', causationId: commandId });
      expect(bySystem!.metadata?.userId).toBeUndefined();
    });

    it('applies all of 50 concurrent commuting commands on one stream, none lost', async () => {
      const streamId = `tally-${randomUUID()}`;
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => run(streamId, `item-${i}`)));
      const state = fold(
        tallyDecider,
        (await store.readStream(streamId)).map((r) => codec.decode(r)),
      );
      expect(Object.keys(state.items).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `item-${i}`).sort());
      expect(results.every((r) => r.position !== undefined)).toBe(true);
      if (engine.label === 'PostgreSQL') expect(Math.max(...results.map((r) => r.attempts))).toBeGreaterThan(1);
    }, 90_000); // one winner a round and back-offs of up to a second: 20-25 s on PostgreSQL on a slow host

    it('appends a retried command (same command id) only once', async () => {
      const streamId = `tally-${randomUUID()}`;
      const commandId = randomUUID();
      const first = await run(streamId, 'apple', commandId);
      const retry = await run(streamId, 'apple', commandId);
      expect(first.events).toHaveLength(1);
      expect(retry.events).toHaveLength(0);
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('takes a retry that decides again (a stale state) as the earlier append, and answers 409 to a command id reused for anything else', async () => {
      const { StreamStateCache } = await import('./state-cache');
      const streamId = `tally-${randomUUID()}`;
      const commandId = randomUUID();
      const alice = 'c0ffee00-0000-4000-8000-00000000000a';
      const send = (stream: string, item: string, actor: string, at = now) =>
        handleCommand({
          store,
          codec,
          decider: tallyDecider,
          streamId: stream,
          command: { kind: 'add', item, amount: 1, now: at },
          commandId,
          actor,
          stateCache: new StreamStateCache(),
          assumeNew: true,
        });
      const first = await send(streamId, 'apple', alice);
      // Decided on an assumed-new stream, a little later: the same events but their time, so the earlier append.
      expect((await send(streamId, 'apple', alice, '2026-11-22T10:00:05.000Z')).position).toEqual(first.position);
      for (const reuse of [
        () => send(streamId, 'kiwi', alice),
        () => send(`tally-${randomUUID()}`, 'apple', alice),
        () => send(streamId, 'apple', 'c0ffee00-0000-4000-8000-00000000000b'),
      ]) {
        await expect(reuse()).rejects.toMatchObject({ status: 409, message: COMMAND_ID_REUSED });
      }
      expect((await store.readStream(streamId)).map((e) => (e.data as { item: string }).item)).toEqual(['apple']);
    });

    it('takes a retry made after the stream moved on as the earlier append, though its events carry a count that moved too', async () => {
      // A counter whose events carry the running total: a retry decided on today's state differs from the
      // earlier append in that total, but deciding again on the state before that append gives it back.
      const Counted = defineEvent('Counted', z.object({ key: z.string(), total: z.number().int() }));
      const counter: Decider<{ key: string }, { total: number; keys: string[] }, EventOf<typeof Counted>> = {
        initialState: () => ({ total: 0, keys: [] }),
        decide: (c, s) => (s.keys.includes(c.key) ? [] : [{ type: 'Counted', data: { key: c.key, total: s.total + 1 } }]),
        evolve: (s, e) => ({ total: e.data.total, keys: [...s.keys, e.data.key] }),
      };
      const countCodec = new EventCodec([Counted]);
      const streamId = `counter-${randomUUID()}`;
      const alice = 'c0ffee00-0000-4000-8000-00000000000a';
      const count = (key: string, commandId: string) =>
        handleCommand({ store, codec: countCodec, decider: counter, streamId, command: { key }, commandId, actor: alice });
      const first = await count('a', 'c0ffee00-0000-4000-8000-0000000000f1');
      await count('b', randomUUID());
      // Not idempotent in the decider (b came since), so the same ids reach the store with total 3, not 1.
      const lenient: typeof counter = { ...counter, decide: (c, s) => [{ type: 'Counted', data: { key: c.key, total: s.total + 1 } }] };
      const retry = await handleCommand({
        store,
        codec: countCodec,
        decider: lenient,
        streamId,
        command: { key: 'a' },
        commandId: 'c0ffee00-0000-4000-8000-0000000000f1',
        actor: alice,
      });
      expect(retry.position).toEqual(first.position);
      await expect(
        handleCommand({
          store,
          codec: countCodec,
          decider: lenient,
          streamId,
          command: { key: 'z' },
          commandId: 'c0ffee00-0000-4000-8000-0000000000f1',
          actor: alice,
        }),
      ).rejects.toMatchObject({ status: 409 });
      expect((await store.readStream(streamId)).map((e) => (e.data as { key: string }).key)).toEqual(['a', 'b']);
    });

    it('returns the domain error and appends nothing when the decider refuses', async () => {
      const streamId = `tally-${randomUUID()}`;
      await handleCommand({
        store,
        codec,
        decider: tallyDecider,
        streamId,
        command: { kind: 'close', now },
        commandId: randomUUID(),
        actor: null,
      });
      await expect(run(streamId, 'pear')).rejects.toThrow('The tally is closed');
      expect(await store.readStream(streamId)).toHaveLength(1);
    });
  });
}

describe('command handler shortcuts (state cache, assumed-new streams)', () => {
  it('reads the stream when an assumed-new stream exists, and confirms no-op decisions against the store', async () => {
    const { StreamStateCache } = await import('./state-cache');
    const store = await import('../../../test-support/platform/databases').then(async (m) => {
      const db = await m.createEmbeddedTestDatabase();
      const { createPostgresEventStore, migrateEventStore } = await import('../event-store/postgres/adapter');
      const s = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
      await migrateEventStore(s.pool);
      return { s, db };
    });
    try {
      const streamId = `tally-${randomUUID()}`;
      const run = (item: string, stateCache = new StreamStateCache<import('../../../test-support/platform/tally-decider').TallyState>()) =>
        handleCommand({
          store: store.s,
          codec,
          decider: tallyDecider,
          streamId,
          command: { kind: 'add', item, amount: 1, now },
          commandId: randomUUID(),
          actor: null,
          stateCache,
          assumeNew: true,
        });
      expect((await run('apple')).attempts).toBe(1);
      // A fresh cache (another process, or after a restart) assumes the stream is new: the append
      // conflicts, the stream is read, and the decision is made on the real state.
      const second = await run('pear');
      expect(second.attempts).toBe(2);
      expect(second.events).toHaveLength(1);
      // "apple" again on an assumed-new stream would be a change; on the real state it is a no-op.
      const again = await run('apple');
      expect(again.events).toHaveLength(0);
      expect((await store.s.readStream(streamId)).map((e) => (e.data as { item: string }).item)).toEqual(['apple', 'pear']);
    } finally {
      await store.s.close();
      await store.db.drop();
    }
  });
});
