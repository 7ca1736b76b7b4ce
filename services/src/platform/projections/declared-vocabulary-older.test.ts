import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { upsert, when } from './declaration';
import { defineProjection } from './declared-projection';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/** `upsert(..., { olderBy })`, the mirror of newerBy: the lowest value wins (a first day), whatever the order. */
const Seen = defineEvent('test.Seen', z.object({ id: z.uuid(), label: z.string(), at: z.iso.datetime() }));

const firstSeen = defineProjection({
  name: 'test-first-seen',
  version: 1,
  tables: { seen: { key: ['id'], columns: { id: 'uuid', day: 'date', label: 'text' } } },
  on: [when(Seen, (d) => [upsert('seen', { id: d.id, day: d.at.slice(0, 10), label: d.label }, { olderBy: 'day' })])],
});

const id = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const seen = (label: string, at: string, sid = id) => ({ type: Seen.type, data: { id: sid, label, at } });
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('upsert olderBy', () => {
  afterAll(closeSpecDatabase);

  it('keeps the row of the lowest day: a later day changes nothing, an earlier one replaces it, in a batch and across', async () => {
    await projectionSpec(firstSeen)
      .given([seen('march', '2026-03-05T10:00:00.000Z')])
      .when([
        seen('april', '2026-04-01T00:00:00.000Z'),
        seen('february', '2026-02-10T08:00:00.000Z'),
        seen('january', '2026-01-20T08:00:00.000Z'),
        seen('late', '2026-02-11T08:00:00.000Z'),
        seen('only', '2026-05-01T00:00:00.000Z', other),
      ])
      .then({
        seen: [
          { id, day: day('2026-01-20'), label: 'january' },
          { id: other, day: day('2026-05-01'), label: 'only' },
        ],
      });
  });

  it('an equal day changes nothing (the first of it stays)', async () => {
    await projectionSpec(firstSeen)
      .given([seen('first', '2026-03-05T10:00:00.000Z')])
      .when([seen('second', '2026-03-05T23:00:00.000Z')])
      .then({ seen: [{ id, day: day('2026-03-05'), label: 'first' }] });
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), firstSeen, { runs: 100 })).toBe(100);
  }, 60_000);
});
