import type { Knex } from 'knex';
import { DIFFICULTY_LABELS, DIFFICULTY_RULES, type DifficultyLabel, type LearningLanguage } from '@verba/contracts';

/**
 * The difficulty rule of spec §9 (contracts' DIFFICULTY_RULES) as a SQL expression giving the label's
 * index in DIFFICULTY_LABELS, so a library page can be filtered and sorted by label inside one query.
 * Arguments are SQL expressions of whole numbers; the comparisons are exact like difficultyFromCounts.
 */
export function labelIndexSql(total: string, known: string, uncertain: string): string {
  const rules = DIFFICULTY_RULES.map((r) => {
    const cap = r.maxUncertainPercent === undefined ? '' : ` and ${uncertain} * 100 <= ${r.maxUncertainPercent} * ${total}`;
    return `when ${known} * 100 >= ${r.minKnownPercent} * ${total}${cap} then ${DIFFICULTY_LABELS.indexOf(r.label)}`;
  });
  return `(case when ${total} <= 0 then 0 ${rules.join(' ')} else ${DIFFICULTY_LABELS.length - 1} end)`;
}

export const labelAt = (index: number): DifficultyLabel => DIFFICULTY_LABELS[index] ?? 'Very Difficult';

/**
 * Known and uncertain word occurrences per article for one reader: the articles' precomputed word sets
 * (arrays of word hashes) unnested and hash-joined with the reader's words in those languages.
 * `articleIds` is a SQL expression yielding ids, without bindings (it appears twice); the one binding
 * this adds is the reader's id. Both sides are materialized and joined on one number, so the planner
 * hash-joins them; ids are looked up with `= any(array)` index scans rather than joins.
 */
export function wordCountsSql(articleIds: string): string {
  return `with words as (
                 select w.article_id, u.hash, u.occurrences
                   from library_article_words w, unnest(w.word_hashes, w.occurrences) as u(hash, occurrences)
                  where w.article_id = any(array(${articleIds}))),
               reader as materialized (
                 select r.word_hash, (r.status = 'known')::int as known from library_reader_words r
                  where r.user_id = ? and r.language = any(array(select distinct a.language from library_articles a where a.id = any(array(${articleIds})))))
          select words.article_id,
                 sum(words.occurrences * reader.known)::int as known,
                 -- the reader's words are known or uncertain: the rest of the matches are uncertain
                 sum(words.occurrences * (1 - reader.known))::int as uncertain
            from words join reader on reader.word_hash = words.hash
           group by words.article_id`;
}

/** Labels of many articles for one reader in one query (the library page does the same inside its query). */
export async function labelsFor(db: Knex, userId: string, language: LearningLanguage, articleIds: string[]): Promise<Map<string, DifficultyLabel>> {
  const { rows } = await db.raw(
    `with ids as (select unnest(?::uuid[]) as id),
          counts as (${wordCountsSql('select id from ids')})
     select a.id, ${labelIndexSql('a.total_words', 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)')} as label_index
       from library_articles a left join counts c on c.article_id = a.id
      where a.id in (select id from ids) and a.language = ?`,
    [articleIds, userId, language],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
}
