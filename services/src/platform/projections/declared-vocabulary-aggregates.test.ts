import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { averageOf, countOf, defineProjection, insert, remove, update, upsert, when } from './declare';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/**
 * Aggregate columns (a count and an average of another table's rows), number array columns and updates of
 * key columns, on a toy read model: posts, their scores (one per user, replaced) and their tags.
 */
const Posted = defineEvent('test.Posted', z.object({ id: z.uuid(), tags: z.array(z.enum(['1', '-9223372036854775808', '42'])) }));
const Scored = defineEvent('test.Scored', z.object({ id: z.uuid(), user: z.uuid(), score: z.number().int().min(1).max(5) }));
const Dropped = defineEvent('test.Dropped', z.object({ id: z.uuid() }));
const Left = defineEvent('test.Left', z.object({ user: z.uuid() }));
const Renamed = defineEvent('test.Renamed', z.object({ user: z.uuid() }));

const posts = defineProjection({
  name: 'test-aggregates',
  version: 1,
  tables: {
    posts: {
      key: ['id'],
      columns: { id: 'uuid', tags: 'bigint[]', sizes: 'integer[]', average: 'double precision', scores: 'integer' },
      aggregates: { average: averageOf('scores', 'score', 'post_id'), scores: countOf('scores', 'post_id') },
    },
    scores: { key: ['post_id', 'user_id'], columns: { post_id: 'uuid', user_id: 'uuid', score: 'integer' } },
  },
  on: [
    when(Posted, (d) => [insert('posts', { id: d.id, tags: d.tags, sizes: d.tags.map((t) => t.length) })]),
    when(Scored, (d) => [upsert('scores', { post_id: d.id, user_id: d.user, score: d.score })]),
    when(Dropped, (d) => [remove('scores', { post_id: d.id }), remove('posts', { id: d.id })]),
    // Whose scores they were is not said: the platform recomputes every post's.
    when(Left, (d) => [remove('scores', { user_id: d.user })]),
    // The scores stay, under the event's id: a key column updated.
    when(Renamed, (d, { id }) => [update('scores', { user_id: d.user }, { user_id: id })]),
  ],
});

const [p1, p2] = ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002'];
const [ana, ben, cyd] = [1, 2, 3].map((n) => `b0000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const renaming = 'c0000000-0000-4000-8000-000000000001';
const posted = (id: string, tags: string[] = ['42']) => ({ type: Posted.type, data: { id, tags } });
const scored = (id: string, user: string, score: number) => ({ type: Scored.type, data: { id, user, score } });

describe('declared aggregate and array columns', () => {
  afterAll(closeSpecDatabase);

  it('a count and an average of the rows pointing at a row (a replaced score counts once), 0 without any', async () => {
    await projectionSpec(posts)
      .given([posted(p1, ['1', '-9223372036854775808']), scored(p1, ana, 1)])
      .when([
        scored(p1, ben, 2),
        scored(p1, ana, 4),
        scored(p1, cyd, 5),
        posted(p2, []),
        scored('a0000000-0000-4000-8000-000000000009', ana, 3),
      ])
      .then({
        posts: [
          { id: p1, tags: ['1', '-9223372036854775808'], sizes: [1, 20], average: 11 / 3, scores: 3 },
          { id: p2, tags: [], sizes: [], average: 0, scores: 0 },
        ],
      });
  });

  it('a row written after the rows pointing at it counts them; a removal by another column recomputes every row', async () => {
    await projectionSpec(posts)
      .given([scored(p1, ana, 2), scored(p2, ana, 4), scored(p2, ben, 1)])
      .when([posted(p1), posted(p2), { type: Left.type, data: { user: ana } }])
      .then({
        posts: [
          { id: p1, tags: ['42'], sizes: [2], average: 0, scores: 0 },
          { id: p2, tags: ['42'], sizes: [2], average: 1, scores: 1 },
        ],
      });
  });

  it('an update of a key column moves the rows to their new key; the aggregates do not change', async () => {
    await projectionSpec(posts)
      .given([posted(p1), scored(p1, ana, 2), scored(p1, ben, 3)])
      .when({ type: Renamed.type, id: renaming, data: { user: ana } })
      .then({
        posts: [{ id: p1, tags: ['42'], sizes: [2], average: 2.5, scores: 2 }],
        scores: [
          { post_id: p1, user_id: ben, score: 3 },
          { post_id: p1, user_id: renaming, score: 2 },
        ],
      });
  });

  it('key-moving updates in one batch each find the rows as the one before left them', async () => {
    const again = 'c0000000-0000-4000-8000-000000000002';
    await projectionSpec(posts)
      .given([posted(p1), scored(p1, ana, 2), scored(p1, ben, 3)])
      .when([
        { type: Renamed.type, id: renaming, data: { user: ana } },
        // ana's scores moved already: this one finds none.
        { type: Renamed.type, id: again, data: { user: ana } },
        // The first rename's new id is found, and moved on.
        { type: Renamed.type, id: cyd, data: { user: renaming } },
      ])
      .then({
        posts: [{ id: p1, tags: ['42'], sizes: [2], average: 2.5, scores: 2 }],
        scores: [
          { post_id: p1, user_id: ben, score: 3 },
          { post_id: p1, user_id: cyd, score: 2 },
        ],
      });
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    expect(await checkEquivalence(await specDatabase(), posts, { runs: 150 })).toBe(150);
  }, 120_000);
});
