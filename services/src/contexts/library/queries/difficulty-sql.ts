import type { Knex } from 'knex';
import {
  ARTICLE_CONTENT_MAX,
  DIFFICULTY_LABELS,
  DIFFICULTY_RULES,
  ESTIMATED_KNOWN_PERCENT_TABLE,
  LEARNING_LANGUAGES,
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
function estimateSql(reader: string): string {
  // Marks are counted only up to the threshold: a reader with 20,000 words costs no more than one with 500.
  // Ignored words are no marks: they count nowhere.
  return `(select l.language, l.level
             from library_reader_levels l
            where l.user_id = ${reader}
              and (select count(*) from (select 1 from library_reader_words r
                                          where r.user_id = l.user_id and r.language = l.language and r.status <> 'ignored'
                                          limit ${MARKS_FOR_PERSONAL_LABELS}) m) < ${MARKS_FOR_PERSONAL_LABELS})`;
}

/** contracts' estimatedKnownPercent for a text level and a reader level, as one lookup of the same table. */
function knownPercentSql(textLevel: string, readerLevel: string): string {
  const pairs = ESTIMATED_KNOWN_PERCENT_TABLE.map((p) => `when '${p.textLevel}:${p.learnerLevel}' then ${p.percent}`).join(' ');
  return `(case ${textLevel} || ':' || ${readerLevel} ${pairs} end)`;
}

/**
 * A word's status as the weight of its occurrences in the label query's one sum: each count takes 17 bits of
 * a float8's 53 exact ones (an article has at most ARTICLE_CONTENT_MAX characters, so under 2^17 words).
 */
const KNOWN = 1;
const UNCERTAIN = 2 ** 17;
const IGNORED = 2 ** 34;
// A word takes a letter and a separator at least: the counts fit their 17 bits while articles stay this short.
if (ARTICLE_CONTENT_MAX >= 2 * UNCERTAIN) throw new Error('ARTICLE_CONTENT_MAX outgrew the label query’s packed counts');
/** The learning languages as a SQL array, for probes of the reader words' key (user, language, word). */
const LANGUAGES = `array[${LEARNING_LANGUAGES.map((l) => `'${l}'`).join(', ')}]`;
/** A weight as a float8 constant (folded when the query is planned). */
const f8 = (weight: number) => `${weight}::float8`;

/** The three counts out of the packed sum (float8: whole numbers, exact). */
const unpack = (packed: string) =>
  `(${packed}::bigint % ${UNCERTAIN})::int as known, (${packed}::bigint / ${UNCERTAIN} % ${UNCERTAIN})::int as uncertain,
   (${packed}::bigint / ${IGNORED})::int as ignored`;

/**
 * One reader's family overrides as (language, word_hash, family_hash) rows, a row a form at most: their own choices, else
 * admins' corrections (projections/families.ts). `reader` and `again` are the reader's id (SQL), used twice.
 */
export const overridesSql = (
  reader: string,
  again: string,
) => `(select f.language, f.word_hash, f.family_hash from library_own_families f where f.user_id = ${reader}
                      union all
                      select c.language, c.word_hash, c.family_hash from library_family_corrections c
                       where not exists (select 1 from library_own_families f
                                          where f.user_id = ${again} and f.language = c.language and f.word_hash = c.word_hash))`;

/** How a label counts an article's word against the reader's words: by family (the product's rule) or by form alone. */
export type Counting = 'families' | 'forms';

/**
 * Known, uncertain and ignored word occurrences per article for one reader: each article's precomputed word set
 * (arrays of word hashes, family hashes and occurrences) summed against the reader's words. The reader's words
 * are uncorrelated subqueries, which PostgreSQL runs once and keeps as hash tables ("hashed SubPlan"), so each
 * article word costs one to three hash lookups, whatever the planner's statistics. Word hashes include the
 * language, so the reader's words of every language can be used.
 * (PostgreSQL hashes a subplan whose result fits in hash_mem: 8 MB by default, some 150,000 words.)
 *
 * Word families (issue 38.2, contracts' countedByFamily): an article's word is Known when the reader marked
 * any form of its family Known (its base word or another form: knowing "gehen" knows "ging"), else Uncertain
 * when any form is Uncertain; a word the reader Ignored counts nowhere whatever its family, and Ignored is
 * the form's own (ignoring "gehen" leaves "ging" counted). A form's family is the one the learner sees
 * (contracts' familyBase): their own choice (a base word set by hand, or the form split off), else an admin's
 * correction, else the dictionary's link stored in the read models (projections/families.ts keeps the first
 * two). `forms` counts each word by its own mark only, the rule before families, kept for the library
 * benchmark's comparison.
 *
 * While a reader has a level in the article's language and few marks there (contracts' labelsAreEstimated),
 * the estimated share of the article's unmarked words counts as known too (`known` is then an exact
 * numeric with two decimals) and `estimated` is true: contracts' estimatedDifficulty is the same rule.
 * Ignored words (names, numbers, foreign words) count nowhere: `ignored` is their occurrences, which the
 * label takes off the article's total (countedTotalSql), and the estimate leaves them out of the unmarked.
 * `articleIds` is a SQL expression yielding ids, without bindings; the bindings returned are the reader's.
 * Besides the counts, each row carries its article's `total_words` and `language` (labelsFor labels from them).
 */
export function wordCountsSql(articleIds: string, userId: string, counting: Counting = 'families'): { sql: string; bindings: string[] } {
  const percent = knownPercentSql('la.level', 'e.level');
  const bindings: string[] = [];
  const reader = () => {
    bindings.push(userId);
    return '?';
  };
  // Families as the learner sees them (contracts' familyBase): a form's own override (their choice, else an
  // admin's correction: few rows) wins over the dictionary's link stored with the word. The sets the words are
  // looked up in are uncorrelated subqueries, each run once and kept as a hash table. The SQL is built in its
  // text's order, each `reader()` taking its binding in turn.
  const families = counting === 'families';
  // A mark's family as the reader sees it: its override's if it has one (the overridden marks found by the read
  // model's key: a probe a language and override), else the stored dictionary link (the others: each a probe of
  // the overrides' small hash table; the planner would otherwise hash every mark of the reader to join them).
  const effective = (statuses: string) =>
    `select r.family_hash, r.status from library_reader_words r
      where r.user_id = ${reader()} and r.status in (${statuses}) and r.word_hash not in (select x.word_hash from overrides x)
     union all
     select o.family_hash, r.status from library_reader_words r join overrides o on o.word_hash = r.word_hash
      where r.user_id = ${reader()} and r.language = any(${LANGUAGES}) and r.word_hash = any(array(select x.word_hash from overrides x))
        and r.status in (${statuses})`;
  const marked = (status: string) =>
    families
      ? `(select m.family_hash from (${effective(`'${status}'`)}) m)`
      : `(select r.word_hash from library_reader_words r where r.user_id = ${reader()} and r.status = '${status}')`;
  // With families: the reader's Ignored words, their overrides, and each overridden form's status through its
  // family (1 Known, 2 Uncertain: the best among the marks whose family, as the reader sees it, is the override's),
  // from one pass over the reader's marks that keeps only the overrides' families (no second set of all of them).
  const cte = families
    ? `with overrides as ${overridesSql(reader(), reader())},
            ignored_words as (select r.word_hash from library_reader_words r where r.user_id = ${reader()} and r.status = 'ignored'),
            overridden as (
              select o.word_hash, f.status from overrides o
                join (select m.family_hash, min(case m.status when 'known' then 1 else 2 end) as status
                        from (${effective(`'known', 'uncertain'`)}) m
                       where m.family_hash in (select x.family_hash from overrides x)
                       group by 1) f on f.family_hash = o.family_hash)`
    : '';
  const byFamily = (family: string) =>
    `when ${family} in ${marked('known')} then ${f8(KNOWN)} when ${family} in ${marked('uncertain')} then ${f8(UNCERTAIN)}`;
  // Each word's status for the label, looked up in turn, as its weight: IGNORED (the word's own, which wins), KNOWN
  // (anywhere in the family: over Uncertain), UNCERTAIN, 0 New. With families, the first lookup finds the rare
  // words that are Ignored or whose family the learner or an admin changed (it replaces the lookup of the Ignored
  // alone: no more lookups a word than before); only those look further, in the small sets above (a correlated
  // subquery would be costed once a word, past the planner's JIT threshold).
  const weight = families
    ? `case when u.hash in (select i.word_hash from ignored_words i union all select o.word_hash from overrides o)
              then case when u.hash in (select i.word_hash from ignored_words i) then ${f8(IGNORED)}
                        when u.hash in (select v.word_hash from overridden v where v.status = 1) then ${f8(KNOWN)}
                        when u.hash in (select v.word_hash from overridden v where v.status = 2) then ${f8(UNCERTAIN)}
                        else ${f8(0)} end
            ${byFamily('u.family')} else ${f8(0)} end`
    : `case when u.hash in (select r.word_hash from library_reader_words r where r.user_id = ${reader()} and r.status = 'ignored')
              then ${f8(IGNORED)} ${byFamily('u.hash')} else ${f8(0)} end`;
  // Unnested in the select list (ProjectSet, the arrays in step), not in FROM (ROWS FROM keeps each array in a
  // tuplestore), and summed as they come: each word's status is a weight (KNOWN, UNCERTAIN, IGNORED: powers of two
  // far enough apart) and one float8 sum carries the three counts, exact below 2^53, which the select above takes
  // apart. One sum needs no level between the words and the aggregate to compute the status once a word
  // (`offset 0`, as before), and each level costs about as much as the sums (services/bench/NOTES.md).
  const words = families
    ? 'select unnest(w.word_hashes) as hash, unnest(w.family_hashes) as family, unnest(w.occurrences) as occurrences'
    : 'select unnest(w.word_hashes) as hash, unnest(w.occurrences) as occurrences';
  const counts = `select coalesce(sum(u.occurrences * (${weight})), 0) as packed from (${words}) u`;
  const estimate = estimateSql(reader());
  const sql = `${cte}
          select w.article_id,
                 x.known + coalesce(${percent}, 0) * (la.total_words - x.known - x.uncertain - x.ignored) / 100.0 as known,
                 x.uncertain, x.ignored, e.level is not null as estimated, la.total_words, la.language
            from library_article_words w
            join library_articles la on la.id = w.article_id
            cross join lateral (${counts}) p
            cross join lateral (select ${unpack('p.packed')}) x
            left join ${estimate} e on e.language = w.language
           where w.article_id = any(array(${articleIds}))`;
  return { sql, bindings };
}

/** An article's words that the difficulty rule counts: its total less the reader's Ignored occurrences (`c`: wordCountsSql's row). */
export const countedTotalSql = (article: string, counts = 'c') => `(${article}.total_words - coalesce(${counts}.ignored, 0))`;

/**
 * Labels of many articles for one reader in one query (the library page does the same inside its query): from
 * the counts' rows themselves, not a join of the articles with them, which the planner (told of 10 articles by
 * `any(array(...))`) would loop over, 1,000 x 1,000 rows for 1,000 articles. An article has one word set from
 * its first version on; one without would be labelled as having no words, as the page does.
 */
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
     select c.article_id as id, ${labelIndexSql(countedTotalSql('c'), 'c.known', 'c.uncertain')} as label_index
       from counts c where c.language = ?
     union all
     select a.id, ${labelIndexSql('a.total_words', '0', '0')} from library_articles a
      where a.id in (select id from ids) and a.language = ?
        and not exists (select 1 from library_article_words w where w.article_id = a.id)`,
    [articleIds, ...counts.bindings, language, language],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
}
