import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { defineProjection, increment, removeFromList, update, upsert, when } from './declare';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/** Row changes as handlers combine them, on a toy read model: counters of rows that must exist, dates. */
const Opened = defineEvent('test.Opened', z.object({ id: z.uuid(), label: z.string() }));
const Counted = defineEvent('test.Counted', z.object({ id: z.uuid(), label: z.string(), by: z.number().int(), at: z.iso.datetime() }));

const Placed = defineEvent('test.Placed', z.object({ id: z.uuid(), list: z.uuid().nullable(), idx: z.number().int().min(0).max(3) }));
const Taken = defineEvent('test.Taken', z.object({ id: z.uuid() }));

const counters = defineProjection({
  name: 'test-counters',
  version: 1,
  tables: {
    counters: { key: ['id'], columns: { id: 'uuid', label: 'text', count: 'integer' } },
    days: { key: ['id', 'day'], columns: { id: 'uuid', day: 'date', count: 'integer' } },
    items: { key: ['id'], columns: { id: 'uuid', list: 'uuid?', idx: 'integer' } },
  },
  on: [
    when(Opened, (d) => [upsert('counters', { id: d.id, label: d.label, count: 0 })]),
    when(Counted, (d) => [
      update('counters', { id: d.id }, { label: d.label }, { add: { count: d.by } }),
      increment('days', { id: d.id, day: d.at.slice(0, 10), count: d.by }),
    ]),
    when(Placed, (d) => [upsert('items', { id: d.id, list: d.list, idx: d.idx })]),
    when(Taken, (d) => [removeFromList('items', { id: d.id }, { list: ['list'], index: 'idx' })]),
  ],
});

const id = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const counted = (by: number, label: string, cid = id) => ({
  type: Counted.type,
  data: { id: cid, label, by, at: '2026-03-01T10:00:00.000Z' },
});

describe('declared row changes', () => {
  afterAll(closeSpecDatabase);

  it("an update's `add` adds to the row's column (summed within a batch), its `set` the last; no row, no change", async () => {
    await projectionSpec(counters)
      .given([{ type: Opened.type, data: { id, label: 'new' } }, counted(2, 'two')])
      .when([counted(3, 'three'), counted(-1, 'last'), counted(5, 'none', other)])
      .then({
        counters: [{ id, label: 'last', count: 4 }],
        days: [
          { id, day: new Date('2026-03-01T00:00:00.000Z'), count: 4 },
          { id: other, day: new Date('2026-03-01T00:00:00.000Z'), count: 5 },
        ],
      });
  });

  it('removing from a list closes the gap in that list only (several removals in one batch, one gone before)', async () => {
    const [a, b, c, d, e] = [1, 2, 3, 4, 5].map((n) => `c0000000-0000-4000-8000-00000000000${n}`);
    const placed = (item: string, list: string | null, idx: number) => ({ type: Placed.type, data: { id: item, list, idx } });
    await projectionSpec(counters)
      .given([placed(a!, id, 0), placed(b!, id, 1), placed(c!, id, 2), placed(d!, id, 3), placed(e!, other, 2)])
      .when([b, d, b, 'c0000000-0000-4000-8000-000000000009'].map((item) => ({ type: Taken.type, data: { id: item } })))
      .then({
        items: [
          { id: a, list: id, idx: 0 },
          { id: c, list: id, idx: 1 },
          { id: e, list: other, idx: 2 },
        ],
      });
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), counters, { runs: 100 })).toBe(100);
  }, 60_000);
});
