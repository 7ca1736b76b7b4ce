import type { Knex } from 'knex';
import type { FamilyOverrides, LearningLanguage } from '@verba/contracts';

/** The read model of projections/families.ts, by name: a route of another context declares it among its reads. */
export const FAMILIES_READ_MODEL = { name: 'vocabulary-families' } as const;

/**
 * What changes one learner's word families in a language besides the dictionary's links: their own choices
 * (base words set by hand, forms split off) and admins' corrections. With `words`, only those forms' rows
 * (a page's look-up); without, all (a count of the whole dictionary: a learner's own rows and the language's
 * corrections are few beside it).
 */
export async function familyOverrides(
  db: Knex,
  userId: string,
  language: LearningLanguage,
  words?: readonly string[],
): Promise<FamilyOverrides> {
  const only = (q: Knex.QueryBuilder) => (words ? q.whereIn('word', words) : q);
  const [own, corrected] = await Promise.all([
    only(db('vocabulary_own_bases').where({ user_id: userId, language })).select<{ word: string; base: string }[]>('word', 'base'),
    only(db('vocabulary_base_corrections').where({ language })).select<{ word: string; base: string }[]>('word', 'base'),
  ]);
  return { own: new Map(own.map((r) => [r.word, r.base])), corrected: new Map(corrected.map((r) => [r.word, r.base])) };
}
