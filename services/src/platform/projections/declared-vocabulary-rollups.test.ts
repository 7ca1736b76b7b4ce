import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { gapsOf, increment, remove, sumsOf, when } from './declaration';
import { defineProjection } from './declared-projection';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/**
 * Rollups the platform keeps from a source table (`sumsOf`, `gapsOf`): per-day sums, and distinct members
 * summarised by the gap to their previous day; a removal from the source (a user's deletion) leaves them.
 */
const Did = defineEvent(
  'test.Did',
  z.object({ user: z.uuid(), language: z.enum(['de', 'fr']), amount: z.number().int().min(-2).max(5), at: z.iso.datetime() }),
);
const Gone = defineEvent('test.Gone', z.object({ user: z.uuid() }));

const activity = defineProjection({
  name: 'test-rollups',
  version: 1,
  tables: {
    activity: {
      key: ['user_id', 'language', 'day'],
      columns: { user_id: 'uuid', language: 'text', day: 'date', amount: 'integer' },
    },
    days: sumsOf('activity', { by: { language: 'text', day: 'date' }, sums: { amount: 'bigint' } }),
    gaps: gapsOf('activity', { member: 'user_id', by: { language: 'text' }, day: 'day' }),
  },
  on: [
    when(Did, (d) => [increment('activity', { user_id: d.user, language: d.language, day: d.at.slice(0, 10), amount: d.amount })]),
    when(Gone, (d) => [remove('activity', { user_id: d.user })]),
  ],
});

const ana = 'a0000000-0000-4000-8000-000000000001';
const ben = 'a0000000-0000-4000-8000-000000000002';
const did = (user: string, at: string, amount = 1, language = 'de') => ({
  type: Did.type,
  data: { user, language, amount, at: `${at}T10:00:00.000Z` },
});
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('rollups of a source table', () => {
  afterAll(closeSpecDatabase);

  it('sums per group and day, and gaps: a day added between two changes the later one', async () => {
    await projectionSpec(activity)
      .given([did(ana, '2026-03-01', 2), did(ana, '2026-03-10'), did(ben, '2026-03-10', 3)])
      .when([did(ana, '2026-03-04'), did(ana, '2026-03-04', 4), did(ben, '2026-03-11', 0, 'fr')])
      .then({
        days: [
          { language: 'de', day: day('2026-03-01'), amount: '2' },
          { language: 'de', day: day('2026-03-04'), amount: '5' },
          { language: 'de', day: day('2026-03-10'), amount: '4' },
        ],
        gaps: [
          { language: 'de', day: day('2026-03-01'), gap: 0, n: 1 },
          { language: 'de', day: day('2026-03-04'), gap: 3, n: 1 },
          { language: 'de', day: day('2026-03-10'), gap: 0, n: 1 },
          { language: 'de', day: day('2026-03-10'), gap: 6, n: 1 },
          { language: 'fr', day: day('2026-03-11'), gap: 0, n: 1 },
        ],
      });
  });

  it("a removal from the source takes its rows' sums and days out; a group whose sums come to 0 has no row", async () => {
    await projectionSpec(activity)
      .given([did(ana, '2026-03-01', 2), did(ana, '2026-03-03'), did(ben, '2026-03-03', 3), did(ben, '2026-03-05', -1)])
      .when([did(ben, '2026-03-05', 1), { type: Gone.type, data: { user: ana } }, did(ana, '2026-03-09')])
      .then({
        days: [
          { language: 'de', day: day('2026-03-03'), amount: '3' },
          { language: 'de', day: day('2026-03-09'), amount: '1' },
        ],
        gaps: [
          { language: 'de', day: day('2026-03-03'), gap: 0, n: 1 },
          { language: 'de', day: day('2026-03-05'), gap: 2, n: 1 },
          { language: 'de', day: day('2026-03-09'), gap: 0, n: 1 },
        ],
      });
  });

  it('refuses a handler writing a rollup', async () => {
    const Wrong = defineEvent('test.Wrong', z.object({ user: z.uuid() }));
    const wrong = defineProjection({
      name: 'test-rollups-wrong',
      version: 1,
      tables: activity.declaration.tables,
      on: [when(Wrong, () => [increment('days', { language: 'de', day: '2026-03-01', amount: 1 })])],
    });
    await expect(
      projectionSpec(wrong)
        .given([])
        .when({ type: Wrong.type, data: { user: ana } })
        .then({}),
    ).rejects.toThrow(/derived/);
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), activity, { runs: 100 })).toBe(100);
  }, 120_000);
});
