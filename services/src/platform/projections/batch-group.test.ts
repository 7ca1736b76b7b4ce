import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { ReusedTransactions } from '../db/reused-transactions';
import type { Position } from '../event-store/port';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import { BatchGroup, ProjectionMoved, type GroupedBatch } from './batch-group';
import { applyStatements, type WriteStatement } from './projection';
import { migrateProjections } from './runner';

const at = (n: number): Position => ({ transaction: BigInt(n), sequence: BigInt(n) });

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`batch groups on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let knex: Knex;
    let transactions: ReusedTransactions;

    beforeAll(async () => {
      db = await engine.create();
      knex = createKnex(db.connectionString, { namedStatements: db.namedStatements });
      await migrateProjections(knex);
      await knex.schema.createTable('bg_rows', (tb) => {
        tb.text('projection').notNullable();
        tb.text('value').notNullable();
        tb.primary(['projection', 'value']);
      });
      transactions = new ReusedTransactions(knex);
    });
    afterAll(async () => {
      await knex?.destroy();
      await db?.drop();
    });

    /** Projections at position 0 of generation 1. */
    async function projections(count: number): Promise<string[]> {
      const names = Array.from({ length: count }, () => `bg-${randomUUID().slice(0, 8)}`);
      await knex('projection_state').insert(names.map((name) => ({ name, active_generation: 1, version: 1 })));
      await knex('projection_checkpoints').insert(names.map((name) => ({ name, generation: 1, version: 1 })));
      return names;
    }

    /** A batch writing `values` as rows of its projection, offered as statements (or only as a write). */
    function batch(
      name: string,
      from: number,
      to: number,
      values: string[],
      options: { statements?: boolean; alone?: () => void } = {},
    ): GroupedBatch {
      const statements = (): WriteStatement[] => [
        {
          sql: 'insert into bg_rows (projection, value) select ?, v from unnest(?::text[]) v',
          bindings: [name, `{${values.join(',')}}`],
          hot: true,
        },
      ];
      return {
        name,
        generation: 1,
        from: at(from),
        to: at(to),
        write: (trx) => applyStatements(statements(), trx),
        ...(options.statements === false ? {} : { statements }),
        alone: (write) => {
          options.alone?.();
          return transactions.run(async (trx) => {
            const moved = await trx('projection_checkpoints')
              .where({ name, generation: 1, commit_position: from })
              .update({ commit_position: to, prepare_position: to });
            if (moved !== 1) throw new ProjectionMoved('checkpoint moved');
            await write(trx);
          });
        },
      };
    }

    const rows = async (name: string) => knex('bg_rows').where({ projection: name }).orderBy('value').pluck('value');
    const checkpoint = async (name: string) =>
      Number((await knex('projection_checkpoints').where({ name }).first('commit_position')).commit_position);
    const movedBy = async (names: string[]) =>
      new Set(
        (await knex('projection_checkpoints').whereIn('name', names).select(knex.raw('xmin::text as tx'))).map((r: { tx: string }) => r.tx),
      );

    it('commits the batches submitted together in one transaction, with or without statements', async () => {
      for (const statements of [true, false]) {
        const group = new BatchGroup(transactions, 0);
        const names = await projections(3);
        let alone = 0;
        let atOnce = 0;
        const runAtOnce = transactions.runAtOnce.bind(transactions);
        transactions.runAtOnce = (list) => (atOnce++, runAtOnce(list));
        await Promise.all(names.map((n, i) => group.submit(batch(n, 0, 5, [`v${i}`, 'shared'], { statements, alone: () => alone++ }))));
        transactions.runAtOnce = runAtOnce;
        expect(alone).toBe(0);
        // Where statements are prepared, a group whose writes are all statements goes in one round trip.
        expect(atOnce).toBe(statements && db.namedStatements ? 1 : 0);
        expect(await movedBy(names)).toHaveLength(1);
        for (const [i, n] of names.entries()) {
          expect(await rows(n)).toEqual(['shared', `v${i}`]);
          expect(await checkpoint(n)).toBe(5);
        }
      }
    });

    it('a checkpoint another runner moved fails only its own batch, and nothing of it is written', async () => {
      const group = new BatchGroup(transactions, 0);
      const [a, b] = await projections(2);
      await knex('projection_checkpoints').where({ name: b }).update({ commit_position: 3, prepare_position: 3 });
      const outcomes = await Promise.allSettled([group.submit(batch(a!, 0, 5, ['a'])), group.submit(batch(b!, 0, 5, ['b']))]);
      expect(outcomes[0].status).toBe('fulfilled');
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(ProjectionMoved) });
      expect(await rows(a!)).toEqual(['a']);
      expect(await rows(b!)).toEqual([]);
      expect([await checkpoint(a!), await checkpoint(b!)]).toEqual([5, 3]);
    });

    it('a failing write rolls the group back; each member then commits alone and only the failing one fails', async () => {
      const group = new BatchGroup(transactions, 0);
      const [a, b, c] = await projections(3);
      await knex('bg_rows').insert({ projection: b, value: 'taken' });
      let alone = 0;
      const outcomes = await Promise.allSettled(
        [a, b, c].map((n) => group.submit(batch(n!, 0, 5, [n === b ? 'taken' : 'fresh'], { alone: () => alone++ }))),
      );
      expect(alone).toBe(3);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await rows(a!)).toEqual(['fresh']);
      expect(await rows(c!)).toEqual(['fresh']);
      expect([await checkpoint(a!), await checkpoint(b!), await checkpoint(c!)]).toEqual([5, 0, 5]);
    });

    it('a projection joins after a few fast batches alone, and leaves after a slow one', async () => {
      const group = new BatchGroup(transactions);
      const [fast, slow] = await projections(2);
      let alone = 0;
      const round = (from: number, slowMs = 0) =>
        Promise.all([
          group.submit(batch(fast!, from, from + 1, [`f${from}`], { alone: () => alone++ })),
          group.submit({
            ...batch(slow!, from, from + 1, [`s${from}`], { statements: false, alone: () => alone++ }),
            write: async (trx) => {
              await new Promise((r) => setTimeout(r, slowMs));
              await applyStatements([{ sql: 'insert into bg_rows values (?, ?)', bindings: [slow!, `s${from}`], hot: false }], trx);
            },
          }),
        ]);
      for (let i = 0; i < 3; i++) await round(i);
      expect(alone).toBe(6);
      await round(3, 150); // together, and too slow: the slow one goes alone next time
      expect(alone).toBe(6);
      await round(4);
      expect(alone).toBe(8);
      expect(await rows(slow!)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    });
  });
}
