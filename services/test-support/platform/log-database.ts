import type { Knex } from 'knex';
import { createKnex } from '../../src/platform/db/knex';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../src/platform/event-store/postgres/adapter';
import type { TestDatabase } from './databases';

/** A test database with the event store's schema, its store and a knex on it; `close` drops it all. */
export async function openLogDatabase(create: () => Promise<TestDatabase>): Promise<{
  db: TestDatabase;
  store: PostgresEventStore;
  knex: Knex;
  close(): Promise<void>;
}> {
  const db = await create();
  const store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
  await migrateEventStore(store.pool);
  const knex = createKnex(db.connectionString, { namedStatements: db.namedStatements });
  return {
    db,
    store,
    knex,
    async close() {
      await knex.destroy();
      await store.close();
      await db.drop();
    },
  };
}
