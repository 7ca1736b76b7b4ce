import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../../test-support/platform/databases';
import { START, type NewEvent } from '../port';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from './adapter';
import { BEGIN_READ_MODEL_WRITE_SQL } from './read-horizon';
import { readToTail } from '../read-to-tail';

const ev = (): NewEvent => ({ id: randomUUID(), type: 'E', version: 1, data: {} });
const real = await probeRealPostgres();

// Concurrent transactions need real PostgreSQL (PGlite serves one transaction at a time).
describe.skipIf(!real.available)(`visibility horizon on PostgreSQL ${real.skipReason}`, () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let other: pg.Pool;

  beforeAll(async () => {
    db = await createRealTestDatabase();
    store = createPostgresEventStore({ connectionString: db.connectionString, namedStatements: db.namedStatements });
    await migrateEventStore(store.pool);
    await store.pool.query('create table scratch (n int)');
    other = new pg.Pool({ connectionString: db.connectionString, max: 4 });
  });
  afterAll(async () => {
    await other?.end();
    await store?.close();
    await db?.drop();
  });

  /** Opens a transaction that has a transaction id (it wrote a row), optionally as a read-model writer. */
  async function openTransaction(readModelWriter: boolean): Promise<pg.PoolClient> {
    const client = await other.connect();
    await client.query('begin');
    if (readModelWriter) await client.query(`select ${BEGIN_READ_MODEL_WRITE_SQL}`);
    await client.query('insert into scratch values (1)');
    return client;
  }

  async function visibleIds(): Promise<string[]> {
    return (await store.readAll({ after: START, maxCount: 10_000 })).map((e) => e.id);
  }

  it('does not let an open read-model writer transaction hold back readers', async () => {
    const writer = await openTransaction(true);
    try {
      const e = ev();
      const { position } = await store.append(`s-${randomUUID()}`, [e], 'no_stream');
      // Polled: transactions of other tests on the same server hold readers back for a moment too.
      await expect.poll(visibleIds, { timeout: 15_000 }).toContain(e.id);
      await expect.poll(() => store.headPosition(), { timeout: 15_000 }).toEqual(position);
    } finally {
      await writer.query('commit');
      writer.release();
    }
  });

  it('still holds readers back behind any other open transaction', async () => {
    const plain = await openTransaction(false);
    let e: NewEvent;
    try {
      e = ev();
      await store.append(`s-${randomUUID()}`, [e], 'no_stream');
      expect(await visibleIds()).not.toContain(e.id);
    } finally {
      await plain.query('commit');
      plain.release();
    }
    await expect.poll(visibleIds, { timeout: 15_000 }).toContain(e.id);
  });

  it('holds readers back behind an appender even while read-model writers are open around it', async () => {
    const before = await openTransaction(true);
    const appender = await other.connect();
    const hidden = ev();
    try {
      await appender.query('begin');
      await appender.query('select * from es_append($1, -1, $2::jsonb)', [`s-${randomUUID()}`, JSON.stringify([hidden])]);
      const after = await openTransaction(true);
      const later = ev();
      await store.append(`s-${randomUUID()}`, [later], 'no_stream');
      const ids = await visibleIds();
      // The appender may still commit with a lower transaction id than `later`: both wait for it.
      expect(ids).not.toContain(hidden.id);
      expect(ids).not.toContain(later.id);
      await after.query('commit');
      after.release();
      await appender.query('commit');
      expect(await visibleIds()).toEqual(expect.arrayContaining([hidden.id, later.id]));
    } finally {
      appender.release();
      await before.query('commit');
      before.release();
    }
  });

  // A long transaction elsewhere on the server (another service's migration, another test's database),
  // plain or written inside a savepoint as knex nests transactions.
  it.each([
    ['transaction', [] as string[]],
    ['subtransaction (a savepoint that wrote)', ['savepoint nested']],
  ])("does not let another database's open %s hold back readers", async (_kind, nesting) => {
    const neighbour = await createRealTestDatabase();
    const client = new pg.Client({ connectionString: neighbour.connectionString });
    await client.connect();
    try {
      await client.query('begin');
      for (const sql of nesting) await client.query(sql);
      await client.query('create table busy (n int)');
      const e = ev();
      await store.append(`s-${randomUUID()}`, [e], 'no_stream');
      await expect.poll(visibleIds, { timeout: 15_000 }).toContain(e.id);
      await client.query('rollback');
    } finally {
      await client.end();
      await neighbour.drop();
    }
  });

  it('reads a one-shot pass to the committed tail, waiting out a transaction that holds the horizon back', async () => {
    const before = await store.tailPosition();
    const plain = await openTransaction(false);
    const e = ev();
    const { position } = await store.append(`s-${randomUUID()}`, [e], 'no_stream');
    expect(await store.tailPosition()).toEqual(position);
    // Readers cannot see it yet: a pass that stopped at the first short page would miss it.
    expect((await store.readAll({ after: before, maxCount: 100 })).map((x) => x.id)).not.toContain(e.id);
    const release = setTimeout(() => void plain.query('commit').finally(() => plain.release()), 300);
    const read: string[] = [];
    for await (const page of readToTail(store, { after: before, batchSize: 100 })) read.push(...page.map((x) => x.id));
    clearTimeout(release);
    expect(read).toContain(e.id);
  });

  it('refuses to append inside a read-model writer transaction', async () => {
    const client = await other.connect();
    try {
      await client.query('begin');
      await client.query(`select ${BEGIN_READ_MODEL_WRITE_SQL}`);
      await expect(client.query('select * from es_append($1, -2, $2::jsonb)', ['refused', JSON.stringify([ev()])])).rejects.toMatchObject({
        code: 'VX004',
      });
      await client.query('rollback');
      // The setting ends with the transaction: the same connection appends afterwards.
      await client.query('select * from es_append($1, -2, $2::jsonb)', ['allowed', JSON.stringify([ev()])]);
    } finally {
      client.release();
    }
  });
});
