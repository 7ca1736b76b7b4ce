import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { EVENT_TYPE, pause, type Contender } from './contender';

/**
 * The peer: Emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql). It gets a pg.Pool of
 * the same size as ours. Its global read is `readMessagesBatch` (what its consumers poll with), run
 * through a dumbo executor on the same pool.
 */
export async function openPeer(url: string, poolSize: number): Promise<Contender> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
  const reader = dumbo({ connectionString: url, pool });
  // What its auto-migration would do on the first append; done here so no timed append pays for it.
  await store.schema.migrate();
  return {
    label: 'peer',
    async append(stream, payloads, length) {
      // Emmett stream versions count events: a stream of `length` events is at version `length`
      // (0n: the stream must not exist yet).
      await store.appendToStream(
        stream,
        payloads.map((data) => ({ type: EVENT_TYPE, data })),
        { expectedStreamVersion: BigInt(length) },
      );
    },
    async readAll(pageSize, expected, giveUpMs = 10_000) {
      const deadline = Date.now() + giveUpMs;
      let after = 0n;
      let events = 0;
      let waits = 0;
      while (events < expected) {
        const batch = await readMessagesBatch(reader.execute, { after, batchSize: pageSize });
        if (batch.messages.length === 0) {
          if (Date.now() > deadline) break;
          waits++;
          await pause(1);
          continue;
        }
        events += batch.messages.length;
        after = batch.currentGlobalPosition;
      }
      return { events, waits };
    },
    async close() {
      await store.close();
      await pool.end().catch(() => undefined);
    },
  };
}
