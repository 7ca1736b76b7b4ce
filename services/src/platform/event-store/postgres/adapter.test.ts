import { describe, it } from 'vitest';
import { runEventStoreContract } from '../../../../test-support/platform/event-store-contract-suite';
import { testEngines } from '../../../../test-support/platform/databases';
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
    const store = createPostgresEventStore({ connectionString: db.connectionString, poolSize: 60 });
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
