import { randomUUID } from 'node:crypto';
import { createPostgresEventStore, migrateEventStore } from '../../src/platform/event-store/postgres/adapter';
import { hasSessionPerConnection } from '../../src/platform/db/server-kind';
import { START, type EventStore, type Position } from '../../src/platform/event-store/port';
import { EVENT_TYPE, pause, type Contender } from './contender';

/** Our PostgreSQL event store (services/src/platform/event-store/postgres), configured as the runtime configures it. */
export async function openOurs(url: string, poolSize: number): Promise<Contender & { store: EventStore }> {
  const store = createPostgresEventStore({ connectionString: url, poolSize, namedStatements: await hasSessionPerConnection(url) });
  await migrateEventStore(store.pool);
  return {
    label: 'ours',
    store,
    async append(stream, payloads, length) {
      const events = payloads.map((data) => ({ id: randomUUID(), type: EVENT_TYPE, version: 1, data }));
      // Our revisions are 0-based: a stream of `length` events is at revision length - 1.
      await store.append(stream, events, length === 0 ? 'no_stream' : BigInt(length - 1));
    },
    async readAll(pageSize, expected, giveUpMs = 10_000) {
      const deadline = Date.now() + giveUpMs;
      let after: Position = START;
      let events = 0;
      let waits = 0;
      while (events < expected) {
        const page = await store.readAll({ after, maxCount: pageSize });
        if (page.length === 0) {
          if (Date.now() > deadline) break;
          waits++;
          await pause(1);
          continue;
        }
        events += page.length;
        after = page[page.length - 1]!.position;
      }
      return { events, waits };
    },
    close: () => store.close(),
  };
}
