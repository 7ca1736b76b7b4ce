import type { Knex } from 'knex';
import {
  DIFFICULTY_LABELS,
  DIFFICULTY_RULES,
  ESTIMATED_KNOWN_PERCENT_TABLE,
  MARKS_FOR_PERSONAL_LABELS,
  type DifficultyLabel,
  type LearningLanguage,
} from '@verba/contracts';

/**
 * The difficulty rule of spec §9 (contracts' DIFFICULTY_RULES) as a SQL expression giving the label's
 * index in DIFFICULTY_LABELS, so a library page can be filtered and sorted by label inside one query.
 * Arguments are SQL expressions of whole (or exact numeric) numbers; the comparisons are exact like difficultyFromCounts.
 */
export function labelIndexSql(total: string, known: string, uncertain: string): string {
  const rules = DIFFICULTY_RULES.map((r) => {
    const cap = r.maxUncertainPercent === undefined ? '' : ` and ${uncertain} * 100 <= ${r.maxUncertainPercent} * ${total}`;
    return `when ${known} * 100 >= ${r.minKnownPercent} * ${total}${cap} then ${DIFFICULTY_LABELS.indexOf(r.label)}`;
  });
  return `(case when ${total} <= 0 then 0 ${rules.join(' ')} else ${DIFFICULTY_LABELS.length - 1} end)`;
}

export const labelAt = (index: number): DifficultyLabel => DIFFICULTY_LABELS[index] ?? 'Very Difficult';

/** The reader's level per language, while their labels are estimated from it (few marks there yet). */
function estimateSql(): string {
  // Marks are counted only up to the threshold: a reader with 20,000 words costs no more than one with 500.
  // Ignored words are no marks: they count nowhere.
  return `(select l.language, l.level
             from library_reader_levels l
            where l.user_id = ?
              and (select count(*) from (select 1 from library_reader_words r
                                          where r.user_id = l.user_id and r.language = l.language and r.status <> 'ignored'
                                          limit ${MARKS_FOR_PERSONAL_LABELS}) m) < ${MARKS_FOR_PERSONAL_LABELS})`;
}

/** contracts' estimatedKnownPercent for a text level and a reader level, as one lookup of the same table. */
function knownPercentSql(textLevel: string, readerLevel: string): string {
  const pairs = ESTIMATED_KNOWN_PERCENT_TABLE.map((p) => `when '${p.textLevel}:${p.learnerLevel}' then ${p.percent}`).join(' ');
  return `(case ${textLevel} || ':' || ${readerLevel} ${pairs} end)`;
}

/** How a label counts an article's word against the reader's words: by family (the product's rule) or by form alone. */
export type Counting = 'families' | 'forms';

/**
 * Known, uncertain and ignored word occurrences per article for one reader: each article's precomputed word set
 * (arrays of word hashes, family hashes and occurrences) summed against the reader's words. The reader's words
 * are uncorrelated subqueries, which PostgreSQL runs once and keeps as hash tables ("hashed SubPlan"), so each
 * article word costs one to three hash lookups, whatever the planner's statistics, and there is no join to
 * misplan. Word hashes include the language, so the reader's words of every language can be used.
 * (PostgreSQL hashes a subplan whose result fits in hash_mem: 8 MB by default, some 150,000 words.)
 *
 * Word families (issue 38.2, contracts' countedByFamily): an article's word is Known when the reader marked
 * any form of its family Known (its base word or another form: knowing "gehen" knows "ging"), else Uncertain
 * when any form is Uncertain; a word the reader Ignored counts nowhere whatever its family, and Ignored is
 * the form's own (ignoring "gehen" leaves "ging" counted). `forms` counts each word by its own mark only, the
 * rule before families, kept for the library benchmark's comparison.
 *
 * While a reader has a level in the article's language and few marks there (contracts' labelsAreEstimated),
 * the estimated share of the article's unmarked words counts as known too (`known` is then an exact
 * numeric with two decimals) and `estimated` is true: contracts' estimatedDifficulty is the same rule.
 * Ignored words (names, numbers, foreign words) count nowhere: `ignored` is their occurrences, which the
 * label takes off the article's total (countedTotalSql), and the estimate leaves them out of the unmarked.
 * `articleIds` is a SQL expression yielding ids, without bindings; the bindings returned are the reader's.
 */
export function wordCountsSql(articleIds: string, userId: string, counting: Counting = 'families'): { sql: string; bindings: string[] } {
  const column = counting === 'families' ? 'family_hash' : 'word_hash';
  const marked = (status: string, of = column) =>
    `(select r.${of} from library_reader_words r where r.user_id = ? and r.status = '${status}')`;
  const sum = (status: number) => `coalesce(sum(u.occurrences) filter (where u.status = ${status}), 0)::int`;
  const percent = knownPercentSql('la.level', 'e.level');
  const of = counting === 'families' ? 'u.family' : 'u.hash';
  // Each word's status for the label, looked up in turn: 3 Ignored (the word's own, which wins), 1 Known
  // (anywhere in the family: over Uncertain), 2 Uncertain, 0 New.
  const status = `case when u.hash in ${marked('ignored', 'word_hash')} then 3 when ${of} in ${marked('known')} then 1
                       when ${of} in ${marked('uncertain')} then 2 else 0 end`;
  // Unnested in the select list (ProjectSet, the arrays in step), not in FROM (ROWS FROM keeps each array in a
  // tuplestore); `offset 0` keeps the status one column, computed once a word, where the sums would each
  // repeat its lookups. Together 1.3-1.5x faster than the query before families (services/bench/NOTES.md).
  const words =
    counting === 'families'
      ? 'select unnest(w.word_hashes) as hash, unnest(w.family_hashes) as family, unnest(w.occurrences) as occurrences'
      : 'select unnest(w.word_hashes) as hash, unnest(w.occurrences) as occurrences';
  const sql = `select w.article_id,
                 x.known + coalesce(${percent}, 0) * (x.total - x.known - x.uncertain - x.ignored) / 100.0 as known,
                 x.uncertain, x.ignored, e.level is not null as estimated
            from library_article_words w
            join library_articles la on la.id = w.article_id
            left join ${estimateSql()} e on e.language = w.language
            cross join lateral (
              select ${sum(1)} as known, ${sum(2)} as uncertain, ${sum(3)} as ignored,
                     coalesce(sum(u.occurrences), 0)::int as total
                from (select u.occurrences, ${status} as status from (${words}) u offset 0) u) x
           where w.article_id = any(array(${articleIds}))`;
  // The reader's id: once for the estimate, once for each of their three sets of words.
  return { sql, bindings: [userId, userId, userId, userId] };
}

/** An article's words that the difficulty rule counts: its total less the reader's Ignored occurrences (`c`: wordCountsSql's row). */
export const countedTotalSql = (article: string, counts = 'c') => `(${article}.total_words - coalesce(${counts}.ignored, 0))`;

/** Labels of many articles for one reader in one query (the library page does the same inside its query). */
export async function labelsFor(
  db: Knex,
  userId: string,
  language: LearningLanguage,
  articleIds: string[],
  counting: Counting = 'families',
): Promise<Map<string, DifficultyLabel>> {
  const counts = wordCountsSql('select id from ids', userId, counting);
  const { rows } = await db.raw(
    `with ids as (select unnest(?::uuid[]) as id),
          counts as (${counts.sql})
     select a.id, ${labelIndexSql(countedTotalSql('a'), 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)')} as label_index
       from library_articles a left join counts c on c.article_id = a.id
      where a.id in (select id from ids) and a.language = ?`,
    [articleIds, ...counts.bindings, language],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
}
