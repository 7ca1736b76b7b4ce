import type { Knex } from 'knex';
import {
  DIFFICULTY_LABELS,
  DIFFICULTY_RULES,
  ESTIMATED_KNOWN_WORDS,
  LEVELS,
  MARKS_FOR_PERSONAL_LABELS,
  type DifficultyLabel,
  type LearningLanguage,
} from '@verba/contracts';

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

/** The reader's estimate per language, while it applies: the number of most frequent words taken as known. */
function estimateSql(): string {
  const ranks = LEVELS.map((level) => `when '${level}' then ${ESTIMATED_KNOWN_WORDS[level]}`).join(' ');
  // Marks are counted only up to the threshold: a reader with 20,000 words costs no more than one with 500.
  return `(select l.language, case l.level ${ranks} else 0 end as known_ranks
             from library_reader_levels l
            where l.user_id = ?
              and (select count(*) from (select 1 from library_reader_words r
                                          where r.user_id = l.user_id and r.language = l.language
                                          limit ${MARKS_FOR_PERSONAL_LABELS}) m) < ${MARKS_FOR_PERSONAL_LABELS})`;
}

/**
 * Known and uncertain word occurrences per article for one reader: each article's precomputed word set
 * (arrays of word hashes, occurrences and frequency ranks) summed against the reader's words. The reader's
 * words are uncorrelated subqueries, which PostgreSQL runs once and keeps as hash tables ("hashed SubPlan"),
 * so each article word costs a hash lookup or two, whatever the planner's statistics, and there is no join
 * to misplan. Word hashes include the language, so the reader's words of every language can be used.
 * (PostgreSQL hashes a subplan whose result fits in hash_mem: 8 MB by default, some 150,000 words.)
 * While a reader has a level in the article's language and few marks there (contracts' labelsAreEstimated),
 * the article's words among the level's most frequent count as known too, unless marked uncertain, and
 * `estimated` is true (contracts' estimatedDifficulty is the same rule). The two cases are two branches of
 * the lateral, each gated by a one-time filter on the estimate, so a reader without one (most readers, once
 * they have marked 500 words) pays nothing per article word for the estimate's rank test.
 * `articleIds` is a SQL expression yielding ids, without bindings; the bindings returned are the reader's.
 */
export function wordCountsSql(articleIds: string, userId: string): { sql: string; bindings: string[] } {
  const words = (status: string) => `(select r.word_hash from library_reader_words r where r.user_id = ? and r.status = '${status}')`;
  const sum = (filter: string) => `coalesce(sum(u.occurrences) filter (where ${filter}), 0)::int`;
  const uncertain = `${sum(`u.hash in ${words('uncertain')}`)} as uncertain`;
  return {
    sql: `select w.article_id, x.known, x.uncertain, e.known_ranks is not null as estimated
            from library_article_words w
            left join ${estimateSql()} e on e.language = w.language
            cross join lateral (
              select ${sum(`u.hash in ${words('known')}`)} as known, ${uncertain}
                from unnest(w.word_hashes, w.occurrences) as u(hash, occurrences)
               where e.known_ranks is null having e.known_ranks is null
              union all
              select ${sum(`u.hash in ${words('known')} or (u.rank between 1 and e.known_ranks and u.hash not in ${words('uncertain')})`)} as known,
                     ${uncertain}
                from unnest(w.word_hashes, w.occurrences, w.word_ranks) as u(hash, occurrences, rank)
               where e.known_ranks is not null having e.known_ranks is not null) x
           where w.article_id = any(array(${articleIds}))`,
    bindings: [userId, userId, userId, userId, userId, userId],
  };
}

/** Labels of many articles for one reader in one query (the library page does the same inside its query). */
export async function labelsFor(db: Knex, userId: string, language: LearningLanguage, articleIds: string[]): Promise<Map<string, DifficultyLabel>> {
  const counts = wordCountsSql('select id from ids', userId);
  const { rows } = await db.raw(
    `with ids as (select unnest(?::uuid[]) as id),
          counts as (${counts.sql})
     select a.id, ${labelIndexSql('a.total_words', 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)')} as label_index
       from library_articles a left join counts c on c.article_id = a.id
      where a.id in (select id from ids) and a.language = ?`,
    [articleIds, ...counts.bindings, language],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
}
