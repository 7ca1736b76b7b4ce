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
 * Known and uncertain word occurrences per article for one reader: the article's precomputed word set
 * joined with the reader's words. `articleIds` is a SQL expression yielding ids (a subquery or a list);
 * the single binding it adds is the reader's id.
 */
export function wordCountsSql(articleIds: string): string {
  return `select w.article_id,
                 coalesce(sum(w.occurrences) filter (where r.status = 'known'), 0)::int as known,
                 coalesce(sum(w.occurrences) filter (where r.status = 'uncertain'), 0)::int as uncertain
            from library_article_words w
            join library_reader_words r on r.user_id = ? and r.language = w.language and r.word = w.word
           where w.article_id in (${articleIds})
           group by w.article_id`;
}

/** Labels of many articles for one reader in one query (the library page does the same inside its query). */
export async function labelsFor(db: Knex, userId: string, language: LearningLanguage, articleIds: string[]): Promise<Map<string, DifficultyLabel>> {
  const { rows } = await db.raw(
    `select a.id, ${labelIndexSql('a.total_words', 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)')} as label_index
       from library_articles a
       left join (${wordCountsSql('select unnest(?::uuid[])')}) c on c.article_id = a.id
      where a.id = any(?::uuid[]) and a.language = ?`,
    [userId, articleIds, articleIds, language],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
}
