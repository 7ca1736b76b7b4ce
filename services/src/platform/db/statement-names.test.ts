import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex, HOT_STATEMENT } from './knex';
import { statementName } from './statement-names';
import { hasSessionPerConnection } from './server-kind';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../event-store/postgres/adapter';
import { deleteRows, insertRows, type Column } from '../projections/bulk-load';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import { readLogUntil } from '../../../test-support/platform/whole-log';

const HOT_SQL = 'select ?::int + 1 as next';
const COLS: Column[] = [['id', 'int']];

describe('statementName', () => {
  it('gives one text one name and different texts different names', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1')).toMatch(/^verba_[0-9a-f]{24}$/);
  });
});

for (const engine of await testEngines()) {
  const named = engine.label === 'PostgreSQL';
  describe.skipIf(!!engine.skipReason)(`hot statements on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let knex: Knex;
    let store: PostgresEventStore;

    beforeAll(async () => {
      db = await engine.create();
      // One connection each, so the session asked about its prepared statements is the one that ran them.
      knex = createKnex(db.connectionString, { poolSize: 1, namedStatements: named });
      store = createPostgresEventStore({ connectionString: db.connectionString, poolSize: 1, namedStatements: named });
      await migrateEventStore(store.pool);
    });
    afterAll(async () => {
      await knex?.destroy();
      await store?.close();
      await db?.drop();
    });

    const prepared = async (run: (sql: string) => Promise<{ rows: { name: string; statement: string }[] }>) =>
      (await run("select name, statement from pg_prepared_statements where name like 'verba\\_%' order by statement")).rows;

    it(`tells ${engine.label} by its URL alone, as the runtime does (a URL may name a shared PGlite too)`, async () => {
      expect(await hasSessionPerConnection(db.connectionString)).toBe(named);
    });

    it(`${named ? 'prepares' : 'does not name'} a marked statement, with the same answers, in and out of transactions`, async () => {
      const first = await knex.raw(HOT_SQL, [1]).options(HOT_STATEMENT);
      const second = await knex.transaction((trx) => trx.raw(HOT_SQL, [41]).options(HOT_STATEMENT));
      await knex.raw('select ?::int as unmarked', [7]);
      expect([first.rows[0].next, second.rows[0].next]).toEqual([2, 42]);
      const rows = await prepared((sql) => knex.raw(sql));
      const marked = rows.filter((r) => r.statement.includes('+ 1 as next'));
      expect(marked.map((r) => r.name)).toEqual(named ? [statementName('select $1::int + 1 as next')] : []);
      expect(rows.some((r) => r.statement.includes('unmarked'))).toBe(false);
    });

    it(`${named ? 'prepares' : 'does not name'} a live batch's row writes, and plans a bulk write for its own size`, async () => {
      await knex.schema.createTable('hot_rows', (tb) => tb.integer('id').primary());
      await knex.transaction(async (trx) => {
        await insertRows(trx, 'hot_rows', COLS, [[1], [2], [3]], { key: ['id'], merge: null });
        await deleteRows(trx, 'hot_rows', COLS, [[2]]);
        await insertRows(
          trx,
          'hot_rows',
          COLS,
          Array.from({ length: 1500 }, (_, i) => [100 + i]),
          null,
        );
      });
      expect(Number((await knex('hot_rows').count({ n: '*' }))[0]!.n)).toBe(1502);
      const rows = await prepared((sql) => knex.raw(sql));
      const writes = rows.filter((r) => r.statement.includes('"hot_rows"'));
      // The small insert and the delete: two statements; the 1,500-row insert has no name.
      expect(writes.map((r) => r.statement.split(' ')[0])).toEqual(named ? ['delete', 'insert'] : []);
    });

    it(`${named ? 'prepares' : 'does not name'} the event store's appends and reads`, async () => {
      const event = (id: string) => ({ id, type: 'test.Happened', version: 1, data: { n: 1 } });
      await store.append('hot-1', [event('00000000-0000-4000-8000-000000000001')], 'no_stream');
      await store.append('hot-1', [event('00000000-0000-4000-8000-000000000002')], 0n);
      expect((await readLogUntil(store, (log) => log.length >= 2)).map((e) => e.streamId)).toEqual(['hot-1', 'hot-1']);
      expect((await store.readStream('hot-1')).map((e) => e.revision)).toEqual([0n, 1n]);
      const rows = await prepared((sql) => store.pool.query(sql));
      const functions = rows.map((r) => /from (es_append\w*|es_events)/.exec(r.statement)?.[1]).filter(Boolean);
      expect(new Set(functions)).toEqual(new Set(named ? ['es_append', 'es_events'] : []));
    });
  });
}
