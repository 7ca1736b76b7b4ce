import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { defineProjection, insert, update, when } from './declare';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/** A handler may read its event's place in the log (the envelope's `position`): a toy list ordered by it. */
const Added = defineEvent('test.Added', z.object({ id: z.uuid(), list: z.uuid() }));
const Seen = defineEvent('test.Seen', z.object({ list: z.uuid() }));

const lists = defineProjection({
  name: 'test-positions',
  version: 1,
  tables: {
    items: { key: ['id'], columns: { id: 'uuid', list: 'uuid', place: 'bigint' }, indexes: [['list', 'place']] },
    lists: { key: ['list'], columns: { list: 'uuid', seen_up_to: 'bigint' } },
  },
  on: [
    when(Added, (d, e) => [insert('items', { id: d.id, list: d.list, place: String(e.position.sequence) })]),
    when(Seen, (d, e) => [
      insert('lists', { list: d.list, seen_up_to: String(e.position.sequence) }),
      update('lists', { list: d.list }, { seen_up_to: String(e.position.sequence) }),
    ]),
  ],
});

const list = 'a0000000-0000-4000-8000-000000000001';
const [a, b] = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'];

describe("a handler reads its event's position", () => {
  afterAll(closeSpecDatabase);

  it("a row keeps the place of the event that made it (the spec's events are at 1, 2, ...), later ones move it on", async () => {
    await projectionSpec(lists)
      .given([
        { type: Added.type, data: { id: b, list } },
        { type: Seen.type, data: { list } },
      ])
      .when([
        { type: Added.type, data: { id: a, list } },
        { type: Added.type, data: { id: b, list } },
        { type: Seen.type, data: { list } },
      ])
      .then({
        items: [
          { id: a, list, place: '3' },
          { id: b, list, place: '1' },
        ],
        lists: [{ list, seen_up_to: '5' }],
      });
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), lists, { runs: 60 })).toBe(60);
  }, 60_000);
});
