import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex';
import { testEngines, type TestDatabase } from '../../../test-support/platform/databases';
import {
  canCopyFromStdin,
  copyRows,
  copyText,
  deleteRows,
  insertRows,
  loadWithoutIndexes,
  writeRowsStatements,
  type Column,
} from './bulk-load';
import { applyStatements } from './projection';

const COLS: Column[] = [
  ['id', 'int'],
  ['label', 'text'],
  ['day', 'date'],
  ['flag', 'boolean'],
  ['ref', 'uuid'],
];

// Text that COPY's text format must escape or could mistake for its own markers.
const ODD = [
  'plain',
  'tab\there',
  'new\nline',
  'carriage\rreturn',
  'back\\slash',
  '\\N',
  '\\.',
  'ends with a backslash \\',
  '',
  'ünïcödé Ёлка 漢字 🦊',
  'a|pipe',
  '"quoted", comma',
  'mixed \\t\t\\n\n end',
  // ... and that an array literal (the unnest writes' parameters) must quote.
  'NULL',
  '{braces}',
  '  spaced  ',
];

function oddRows(): unknown[][] {
  const rows: unknown[][] = ODD.map((label, i) => [i, label, `2026-0${1 + (i % 9)}-1${i % 10}`, i % 2 === 0, randomUUID()]);
  return [...rows, [ODD.length, null, null, null, null]];
}

describe('copyText', () => {
  it('writes nulls as \\N and escapes backslashes and the delimiting characters', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText('\\N')).toBe('\\\\N');
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText(true)).toBe('t');
    expect(copyText(false)).toBe('f');
    expect(copyText(42)).toBe('42');
    expect(copyText('Ёлка 🦊')).toBe('Ёлка 🦊');
  });
});

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`bulk loads on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let db: TestDatabase;
    let knex: Knex;

    beforeAll(async () => {
      db = await engine.create();
      knex = createKnex(db.connectionString, { namedStatements: db.namedStatements });
    });
    afterAll(async () => {
      await knex?.destroy();
      await db?.drop();
    });

    async function freshTable(): Promise<string> {
      const table = `bulk_${randomUUID().slice(0, 8)}`;
      await knex.schema.createTable(table, (tb) => {
        tb.integer('id').primary();
        tb.text('label');
        tb.date('day');
        tb.boolean('flag');
        tb.uuid('ref');
        tb.index(['label']);
      });
      return table;
    }

    async function stored(table: string) {
      const { rows } = await knex.raw(`select id, label, to_char(day, 'YYYY-MM-DD') as day, flag, ref from ?? order by id`, [table]);
      return (rows as Record<string, unknown>[]).map((r) => [r.id, r.label, r.day, r.flag, r.ref]);
    }

    it('COPY FROM STDIN is used on PostgreSQL and not on PGlite, whose bridge cannot serve it', async () => {
      expect(await knex.transaction((trx) => canCopyFromStdin(trx))).toBe(!engine.label.includes('PGlite'));
    });

    for (const copy of [true, false]) {
      if (copy && engine.label.includes('PGlite')) continue;
      it(`${copy ? 'COPY' : 'the unnest fallback'} writes exactly the rows, odd text and nulls included, and the indexes come back`, async () => {
        const table = await freshTable();
        const rows = oddRows();
        const meanwhile = await knex.transaction((trx) =>
          loadWithoutIndexes(
            trx,
            [table],
            () => copyRows(trx, table, COLS, rows, copy),
            () => 'computed while indexing',
          ),
        );
        expect(meanwhile).toBe('computed while indexing');
        expect(await stored(table)).toEqual(rows);
        const { rows: indexes } = await knex.raw('select indexdef from pg_indexes where tablename = ? order by indexdef', [table]);
        expect(indexes).toHaveLength(2);
        // The primary key is back: a duplicate id is refused.
        await expect(knex(table).insert({ id: 0, label: 'again' })).rejects.toThrow(/duplicate key/);
      });
    }

    it('upserts and deletes by keys of odd text, numbers and booleans', async () => {
      const table = await freshTable();
      const rows = oddRows();
      await knex.transaction((trx) => insertRows(trx, table, COLS, rows, null));
      const relabelled = rows.map((r) => [r[0], `${String(r[1])}!`, r[2], r[3], r[4]]);
      await knex.transaction(async (trx) => {
        await insertRows(trx, table, COLS, relabelled, { key: ['id'], merge: 'label = excluded.label' });
        await deleteRows(
          trx,
          table,
          [
            ['label', 'text'],
            ['flag', 'boolean'],
          ],
          relabelled.filter((r) => r[3] === true).map((r) => [r[1], r[3]]),
        );
      });
      expect(await stored(table)).toEqual(relabelled.filter((r) => r[3] !== true));
    });

    it('upserts some rows and deletes others in one write, whichever of the two is empty', async () => {
      const table = await freshTable();
      const rows = oddRows();
      await knex.transaction((trx) => insertRows(trx, table, COLS, rows, null));
      const key: Column[] = [['id', 'int']];
      const merge = { key: ['id'], merge: 'label = excluded.label' };
      // Relabel the even ids and add one; delete the odd ids.
      const changed = [
        ...rows.filter((r) => Number(r[0]) % 2 === 0).map((r) => [r[0], `${String(r[1])}?`, r[2], r[3], r[4]]),
        [100, 'new', null, null, null],
      ];
      const gone = rows.filter((r) => Number(r[0]) % 2 === 1).map((r) => [r[0]]);
      const statements: string[] = [];
      const count = (q: { sql: string }) => void (q.sql.includes(table) && statements.push(q.sql));
      knex.on('query', count);
      await knex.transaction((trx) =>
        applyStatements(writeRowsStatements(table, { cols: COLS, rows: changed, conflict: merge }, { cols: key, keys: gone }), trx),
      );
      knex.off('query', count);
      expect(statements).toHaveLength(1); // one round trip
      expect(await stored(table)).toEqual(changed.sort((a, b) => Number(a[0]) - Number(b[0])));
      for (const [rows, keys] of [
        [[], [[0]]],
        [[[0, 'back', null, null, null]], []],
      ] as const) {
        await knex.transaction((trx) =>
          applyStatements(writeRowsStatements(table, { cols: COLS, rows, conflict: merge }, { cols: key, keys }), trx),
        );
      }
      expect((await stored(table)).map((r) => r[1])).toEqual(['back', ...changed.slice(1).map((r) => r[1])]);
    });

    it('loads many rows over several chunks of COPY text (or statements of the fallback)', async () => {
      const table = await freshTable();
      const copy = await knex.transaction((trx) => canCopyFromStdin(trx));
      const rows = Array.from({ length: 60_000 }, (_, i) => [i, `row ${i}\t${'x'.repeat(i % 50)}`, '2026-05-01', i % 3 === 0, null]);
      await knex.transaction((trx) => copyRows(trx, table, COLS, rows, copy));
      const { rows: summary } = await knex.raw(
        `select count(*)::int as n, count(distinct label)::int as labels, sum(id)::bigint::text as ids from ??`,
        [table],
      );
      expect(summary[0]).toEqual({ n: 60_000, labels: 60_000, ids: String((59_999 * 60_000) / 2) });
      expect(await knex(table).where({ id: 12_345 }).first('label')).toEqual({ label: `row 12345\t${'x'.repeat(12_345 % 50)}` });
    });

    it('a row the table refuses fails the load and rolls the transaction back', async () => {
      const table = await freshTable();
      const copy = await knex.transaction((trx) => canCopyFromStdin(trx));
      await expect(
        knex.transaction(async (trx) => {
          await trx(table).insert({ id: -1, label: 'before the load' });
          await copyRows(
            trx,
            table,
            COLS,
            [
              [1, 'fine', null, null, null],
              [2, 'bad', 'not a date', null, null],
            ],
            copy,
          );
        }),
      ).rejects.toThrow();
      expect(Number((await knex(table).count('* as n').first())!.n)).toBe(0);
    });
  });
}
