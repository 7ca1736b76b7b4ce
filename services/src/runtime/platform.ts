import type { Knex } from 'knex';
import type { Config } from '../platform/config';
import { openDatabase, type Database } from '../platform/db/database';
import { createKnex } from '../platform/db/knex';
import { createPostgresEventStore, migrateEventStore } from '../platform/event-store/postgres/adapter';
import type { EventStore } from '../platform/event-store/port';
import type { Logger } from '../platform/logger';
import type { Module } from '../platform/module';
import { ProjectionRunner, migrateProjections } from '../platform/projections/runner';

export interface Platform {
  database: Database;
  store: EventStore;
  db: Knex;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

/** Opens the database, the event store and knex, and runs every migration. Nothing is started yet. */
export async function openPlatform(config: Config, log: Logger, modules: readonly Module[]): Promise<Platform> {
  if (config.EVENTSTORE_URL) {
    log.warn('EVENTSTORE_URL is set, but read models and checkpoints still need PostgreSQL; using the PostgreSQL event store');
  }
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  log.info({ embedded: database.embedded }, database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL');
  const store = createPostgresEventStore({ connectionString: database.connectionString, poolSize: 20 });
  await migrateEventStore(store.pool);
  const db = createKnex(database.connectionString, {
    poolSize: 10,
    log: { warn: (m) => log.warn(m), error: (m) => log.error(m) },
  });
  await migrateProjections(db);
  for (const m of modules) await m.migrate?.(db);
  const runner = new ProjectionRunner({
    store,
    db,
    projections: modules.flatMap((m) => m.projections ?? []),
    log,
  });
  return {
    database,
    store,
    db,
    runner,
    async close() {
      await runner.stop();
      await db.destroy();
      await store.close();
      await database.close();
    },
  };
}
