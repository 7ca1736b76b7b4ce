import { afterAll, describe, expect, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { WordStatusChanged } from '../events';
import { dictionaryCache, dictionaryKey, dictionaryProjection } from './dictionary';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T10:00:00.000Z';
const marked = (userId: string, word: string, status: string, when = at) => ({
  type: WordStatusChanged.type,
  data: { userId, language: 'de', word, status, at: when },
});

describe('vocabulary-dictionary', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(dictionaryProjection);

  it("keeps a word's last status", async () => {
    await spec
      .given([marked(ana, 'Haus', 'uncertain')])
      .when(marked(ana, 'Haus', 'known', later))
      .then({ dictionary_entries: [{ user_id: ana, language: 'de', word: 'Haus', status: 'known', updated_at: new Date(later) }] });
  });

  it('takes a word marked New out of the dictionary', async () => {
    await spec
      .given([marked(ana, 'Haus', 'known'), marked(ana, 'Baum', 'known')])
      .when(marked(ana, 'Haus', 'new'))
      .then({ dictionary_entries: [{ user_id: ana, language: 'de', word: 'Baum', status: 'known', updated_at: new Date(at) }] });
  });

  it('keeps an Ignored word as its own entry, and takes it out when marked New', async () => {
    await spec
      .given([marked(ana, 'Leipzig', 'new'), marked(ana, 'Haus', 'known')])
      .when(marked(ana, 'Leipzig', 'ignored', later))
      .then({
        dictionary_entries: [
          { user_id: ana, language: 'de', word: 'Haus', status: 'known', updated_at: new Date(at) },
          { user_id: ana, language: 'de', word: 'Leipzig', status: 'ignored', updated_at: new Date(later) },
        ],
      });
    await spec
      .given([marked(ana, 'Leipzig', 'ignored')])
      .when(marked(ana, 'Leipzig', 'new', later))
      .then({ dictionary_entries: [] });
  });

  it("erases a deleted learner's dictionary", async () => {
    await spec
      .given([marked(ana, 'Haus', 'known'), marked(ben, 'Haus', 'uncertain')])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({ dictionary_entries: [{ user_id: ben, language: 'de', word: 'Haus', status: 'uncertain', updated_at: new Date(at) }] });
  });

  it("brings a learner's cached dictionary up to date after a batch, in the query's order", async () => {
    const key = dictionaryKey(ana, 'de');
    await dictionaryCache.get(key, async () => [{ value: 'Zug', status: 'known' }]);
    dictionaryProjection.afterCommit!(
      [marked(ana, 'Apfel', 'uncertain'), marked(ana, 'Zug', 'new'), marked(ana, 'äpfel', 'known')].map((e) => ({ ...e, version: 1 })),
    );
    expect(await dictionaryCache.get(key, async () => [])).toEqual([
      { value: 'Apfel', status: 'uncertain' },
      { value: 'äpfel', status: 'known' },
    ]);
  });
});
