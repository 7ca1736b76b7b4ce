import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runEventStoreContract } from '../../../../test-support/platform/event-store-contract-suite';
import { testEngines } from '../../../../test-support/platform/databases';
import { readLogUntil } from '../../../../test-support/platform/whole-log';
import { createPostgresEventStore, migrateEventStore } from './adapter';

for (const engine of await testEngines()) {
  if (engine.skipReason) {
    describe.skip(`event store contract: postgres adapter on ${engine.label} (${engine.skipReason})`, () => {
      it('runs where the server is reachable', () => undefined);
    });
    continue;
  }
  runEventStoreContract(`postgres adapter on ${engine.label}`, async () => {
    const db = await engine.create();
    const store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements, poolSize: 60 });
    await migrateEventStore(store.pool);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await db.drop();
      },
    };
  });
}

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`postgres adapter reads on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    it('gives each event the time it was stored, to the millisecond, by readAll and readStream alike', async () => {
      const db = await engine.create();
      const store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
      try {
        await migrateEventStore(store.pool);
        const streamId = `time-${randomUUID()}`;
        await store.append(streamId, [{ id: randomUUID(), type: 'A', version: 1, data: {} }], 'no_stream');
        const stored = (await store.pool.query<{ created_at: Date }>('select created_at from es_events where stream_id = $1', [streamId]))
          .rows[0]!.created_at;
        const [viaStream] = await store.readStream(streamId);
        const viaLog = (await readLogUntil(store, (log) => log.some((e) => e.streamId === streamId))).find((e) => e.streamId === streamId)!;
        expect(viaStream!.createdAt.getTime()).toBe(stored.getTime());
        expect(viaLog.createdAt.getTime()).toBe(stored.getTime());
      } finally {
        await store.close();
        await db.drop();
      }
    });
  });
}
