import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { increment, remove, upsert, when } from './declaration';
import { defineProjection } from './declared-projection';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/**
 * `when(..., { lookup })`: a handler's changes see one row of the projection's own tables as the changes of
 * the events before it left it, in the same batch or an earlier one (a learner's current language).
 */
const Chose = defineEvent('test.Chose', z.object({ user: z.uuid(), language: z.enum(['de', 'fr']) }));
const Left = defineEvent('test.Left', z.object({ user: z.uuid() }));
const Done = defineEvent('test.Done', z.object({ user: z.uuid() }));

const done = defineProjection({
  name: 'test-lookup',
  version: 1,
  tables: {
    learners: { key: ['user_id'], columns: { user_id: 'uuid', language: 'text' } },
    done: { key: ['user_id', 'language'], columns: { user_id: 'uuid', language: 'text', n: 'integer' } },
  },
  on: [
    when(Chose, (d) => [upsert('learners', { user_id: d.user, language: d.language })]),
    when(Left, (d) => [remove('learners', { user_id: d.user })]),
    when(Done, (d, _e, found) => (found ? [increment('done', { user_id: d.user, language: found.language as string, n: 1 })] : []), {
      lookup: (d) => ({ table: 'learners' as const, key: { user_id: d.user } }),
    }),
  ],
});

const ana = 'a0000000-0000-4000-8000-000000000001';
const ben = 'a0000000-0000-4000-8000-000000000002';
const chose = (user: string, language: string) => ({ type: Chose.type, data: { user, language } });
const finished = (user: string) => ({ type: Done.type, data: { user } });

describe('a lookup of a row', () => {
  afterAll(closeSpecDatabase);

  it('sees the row as stored before the batch, then as the batch changes it, event by event', async () => {
    await projectionSpec(done)
      .given([chose(ana, 'de')])
      .when([finished(ana), chose(ana, 'fr'), finished(ana), finished(ana), { type: Left.type, data: { user: ana } }, finished(ana)])
      .then({
        learners: [],
        done: [
          { user_id: ana, language: 'de', n: 1 },
          { user_id: ana, language: 'fr', n: 2 },
        ],
      });
  });

  it('finds nothing for a row not there yet (the handler decides: here, no change)', async () => {
    await projectionSpec(done)
      .given([])
      .when([finished(ben), chose(ben, 'de'), finished(ben)])
      .then({ done: [{ user_id: ben, language: 'de', n: 1 }] });
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), done, { runs: 100 })).toBe(100);
  }, 60_000);
});
