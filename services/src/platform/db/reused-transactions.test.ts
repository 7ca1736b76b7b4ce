import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, HOT_STATEMENT, type Knex } from './knex';
import { QUERY_OUTSIDE_TRANSACTION, quoteLiteral, ReusedTransactions } from './reused-transactions';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';

const count = async (knex: Knex) => Number((await knex('rt_rows').count({ n: '*' }))[0]!.n);

describe('a value sent as a literal', () => {
  it('is quoted exactly as node-pg quotes it, whatever quotes and backslashes it holds', () => {
    const alphabet = ["'", '\\', '"', 'a', 'é', ',', '{', '}', ' ', '\n', '😀'];
    const samples = ['', 'plain', "l'homme", 'C:\\dir', "it's a \\ and ''", '{"a\\"b","c"}'];
    // Every string of up to three of those characters, so each pair of neighbours is covered.
    let short = [''];
    for (let n = 0; n < 3; n++) short = short.flatMap((s) => alphabet.map((c) => s + c));
    for (const text of [...samples, ...short]) expect(quoteLiteral(text)).toBe(pg.escapeLiteral(text));
  });
});

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`reused transactions on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let knex: Knex;
    let transactions: ReusedTransactions;

    beforeAll(async () => {
      db = await engine.create();
      // One connection: every transaction below runs on the same one, as a busy projector's do.
      knex = createKnex(db.connectionString, { poolSize: 1, namedStatements: db.namedStatements });
      await knex.schema.createTable('rt_rows', (tb) => tb.integer('id').primary());
      transactions = new ReusedTransactions(knex);
    });
    afterAll(async () => {
      await knex?.destroy();
      await db?.drop();
    });

    it('commits the work as one transaction, and rolls all of it back when it fails', async () => {
      const seen = await transactions.run(async (trx) => {
        await trx('rt_rows').insert({ id: 1 });
        await trx.raw('insert into rt_rows values (?)', [2]).options(HOT_STATEMENT);
        return Number((await trx('rt_rows').count({ n: '*' }))[0]!.n);
      });
      expect(seen).toBe(2);
      expect(await count(knex)).toBe(2);

      await expect(
        transactions.run(async (trx) => {
          await trx('rt_rows').insert({ id: 3 });
          await trx('rt_rows').insert({ id: 1 }); // duplicate key
        }),
      ).rejects.toThrow(/duplicate key/);
      await expect(
        transactions.run(async (trx) => {
          await trx('rt_rows').insert({ id: 4 });
          throw new Error('the work failed after writing');
        }),
      ).rejects.toThrow('the work failed after writing');
      expect(await knex('rt_rows').orderBy('id').pluck('id')).toEqual([1, 2]);
    });

    it('sends a whole transaction at once where statements are prepared; a failing statement rolls all of it back', async () => {
      if (!db.namedStatements) {
        expect(transactions.atOnce).toBe(false); // PGlite: one backend behind every connection
        return;
      }
      const insert = (id: number, label: string) => ({
        sql: 'insert into rt_rows values (?) returning id, ?::text as label',
        bindings: [id, label],
      });
      for (const [i, t] of [transactions, new ReusedTransactions(knex)].entries()) {
        const answers = await t.runAtOnce([
          insert(30 + i, "l'apostrophe\\; drop table rt_rows"),
          { sql: 'select count(*)::int as n from rt_rows where id >= ?', bindings: [30] },
        ]);
        expect(answers).toEqual([[{ id: 30 + i, label: "l'apostrophe\\; drop table rt_rows" }], [{ n: 1 + i }]]);
      }
      // Each prepared once for the connection, whichever instance sent it first (a second PREPARE would fail).
      const { rows } = await transactions.run((trx) =>
        trx.raw("select count(*)::int as n from pg_prepared_statements where from_sql and name like 'verba\\_%\\_x'"),
      );
      expect(rows[0].n).toBe(2);
      await expect(transactions.runAtOnce([insert(32, 'new'), insert(30, 'taken')])).rejects.toThrow(/duplicate key/);
      expect(await knex('rt_rows').where('id', '>=', 30).orderBy('id').pluck('id')).toEqual([30, 31]);
      // The connection is usable after the rollback.
      expect(await transactions.runAtOnce([insert(32, 'after')])).toEqual([[{ id: 32, label: 'after' }]]);
      await knex('rt_rows').where('id', '>=', 30).delete();
    });

    it('hands every transaction on a connection the same knex, outside of which it runs nothing', async () => {
      let first: Knex.Transaction | undefined;
      await transactions.run(async (trx) => void (first = trx));
      let second: Knex.Transaction | undefined;
      await transactions.run(async (trx) => void (second = trx));
      expect(second).toBe(first);
      expect(first!.isCompleted()).toBe(true);
      // A query left behind by finished work is refused, not run outside any transaction.
      await expect(first!('rt_rows').insert({ id: 9 })).rejects.toThrow(QUERY_OUTSIDE_TRANSACTION);
      expect(await knex('rt_rows').where({ id: 9 }).first()).toBeUndefined();
    });

    it('leaves commit, rollback and nested transactions to the runner', async () => {
      await transactions.run(async (trx) => {
        expect(() => trx.commit()).toThrow(/committed or rolled back by the projection runner/);
        expect(() => trx.transaction(async () => undefined)).toThrow(/committed or rolled back by the projection runner/);
      });
    });

    // PGlite serves every connection from one session, which no one can terminate alone.
    if (engine.label !== 'PostgreSQL') return;
    it('recovers from a connection lost in the middle of the work', async () => {
      await expect(
        transactions.run(async (trx) => {
          await trx('rt_rows').insert({ id: 5 });
          await trx.raw('select pg_terminate_backend(pg_backend_pid())');
        }),
      ).rejects.toThrow();
      await transactions.run(async (trx) => void (await trx('rt_rows').insert({ id: 6 })));
      expect(await knex('rt_rows').whereIn('id', [5, 6]).pluck('id')).toEqual([6]);
    });
  });
}
