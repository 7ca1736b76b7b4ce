import type { Knex } from 'knex';
import {
  DEFAULT_TIME_ZONE,
  LEARNING_LANGUAGES,
  familyBaseOf,
  familyCounts,
  familyLevelHint,
  type DailyGoal,
  type FamilyOverrides,
  type HistoricalRow,
  type LanguageAnalytics,
  type LearningLanguage,
  type Level,
  type UserAnalytics,
} from '@verba/contracts';
import { baseForms } from '../../platform/base-forms';
import type { TableNames } from '../../platform/projections/projection';
import { dashboardFigures, flashcardFigures, textReading } from './domain/learner-progress';

/** Live views are named after the logical tables; as-of copies have their own names (as-of.ts). */
const live: TableNames = (logical) => logical;

/** Days since the last activity that make a user mid-term, then long-term inactive (docs/decisions.md, Analytics). */
export const MID_TERM_INACTIVE_DAYS = 14;
export const LONG_TERM_INACTIVE_DAYS = 60;

const int = (v: unknown) => Number(v ?? 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Distinct members active in [from, to] per language, from a gap rollup: each counts on its first day there (gapsOf in platform/projections/declaration.ts). */
// `language in (...)` lets the (language, day, ...) primary keys serve the day range of every language.
const distinctInRange = (db: Knex, gaps: string, languages: readonly LearningLanguage[], from: string, to: string) =>
  db(gaps)
    .whereIn('language', languages)
    .whereBetween('day', [from, to])
    .whereRaw('(gap = 0 or gap > day - ?::date)', [from])
    .groupBy('language')
    .select('language', db.raw('sum(n) as n'));

export class AnalyticsQueries {
  constructor(
    private readonly db: Knex,
    private readonly t: TableNames = live,
    /**
     * A learner's own family choices and admins' corrections in a language (vocabulary's, wired in module.ts);
     * without it, families are the dictionary's alone.
     */
    private readonly overridesOf: (userId: string, language: LearningLanguage) => Promise<FamilyOverrides> = async () => ({}),
  ) {}

  /** Spec §3 language analytics of the learning languages (all, or those asked for) over [from, to] (UTC days, both included). */
  async languages(from: string, to: string, languages: readonly LearningLanguage[] = LEARNING_LANGUAGES): Promise<LanguageAnalytics[]> {
    const { db, t } = this;
    const [users, activity, active, articles, chapters] = await Promise.all([
      db(`${t('analytics_user_languages')} as ul`)
        .leftJoin(`${t('analytics_users')} as u`, 'u.user_id', 'ul.user_id')
        .whereIn('ul.language', languages)
        .where('ul.joined_day', '<=', to)
        .groupBy('ul.language')
        .select('ul.language')
        .select(
          db.raw('count(*) as total'),
          db.raw('count(*) filter (where u.premium) as premium'),
          db.raw('count(*) filter (where ul.joined_day >= ?) as new', [from]),
        ),
      // From the per-day rollups (projections/tables.ts): about 30 rows a language for 30 days.
      db(t('analytics_language_days'))
        .whereIn('language', languages)
        .whereBetween('day', [from, to])
        .groupBy('language')
        .select('language', db.raw('sum(reads) as reads'), db.raw('sum(chapters) as chapters'), db.raw('sum(seconds) as seconds')),
      distinctInRange(db, t('analytics_active_gaps'), languages, from, to),
      distinctInRange(db, t('analytics_article_gaps'), languages, from, to),
      distinctInRange(db, t('analytics_chapter_gaps'), languages, from, to),
    ]);
    const by = <R extends { language: string }>(rows: R[]) => new Map(rows.map((r) => [r.language, r]));
    const [u, a, ac, ar, ch] = [
      by(users as never[]),
      by(activity as never[]),
      by(active as never[]),
      by(articles as never[]),
      by(chapters as never[]),
    ] as Map<string, Record<string, unknown>>[];
    return LEARNING_LANGUAGES.filter((l) => languages.includes(l)).map((language) => {
      const active = int(ac!.get(language)?.n);
      const reads = int(a!.get(language)?.reads);
      const done = int(a!.get(language)?.chapters);
      const seconds = int(a!.get(language)?.seconds);
      const per = (n: number) => (active ? round2(n / active) : 0);
      return {
        language,
        totalUsers: int(u!.get(language)?.total),
        totalPremiumUsers: int(u!.get(language)?.premium),
        totalActiveUsers: active,
        totalNewUsers: int(u!.get(language)?.new),
        totalReads: reads,
        totalChapters: done,
        timeSpent: seconds,
        totalArticles: int(ar!.get(language)?.n),
        chapters: int(ch!.get(language)?.n),
        averages: { reads: per(reads), chapters: per(done), timeSpent: per(seconds) },
      };
    });
  }

  /**
   * One learner's words known and uncertain in a language, and the word families they make (contracts'
   * familyCounts, base words from the offline dictionary's links, read on the first count of a language),
   * with the spec §4 level hint by families (GET dictionary/analytics). The learner's own splits and base
   * words set by hand, and admins' corrections, decide a form's family before the dictionary's link (contracts'
   * familyBase). Ignored words count nowhere.
   */
  async dictionary(
    userId: string,
    language: LearningLanguage,
  ): Promise<{ known: number; uncertain: number; total: number; familiesKnown: number; familiesUncertain: number; levelHint: Level }> {
    const [rows, forms, overrides] = await Promise.all([
      this.db(this.t('analytics_words'))
        .where({ user_id: userId, language })
        .whereIn('status', ['known', 'uncertain'])
        .select<{ word: string; status: string }[]>('word', 'status'),
      baseForms.of(language),
      this.overridesOf(userId, language),
    ]);
    const known = rows.filter((r) => r.status === 'known').length;
    const uncertain = rows.length - known;
    const families = familyCounts(
      rows,
      familyBaseOf((word) => forms.baseOf(word), overrides),
    );
    return { known, uncertain, total: known + uncertain, ...families, levelHint: familyLevelHint(families) };
  }

  /**
   * One learner's dashboard figures in one language, as of `now`, in days of their time zone (UTC by default);
   * with a daily goal, the streak counts the days it was met.
   */
  progress(userId: string, language: LearningLanguage, now: Date, zone = DEFAULT_TIME_ZONE, goal: DailyGoal | null = null) {
    return dashboardFigures(this.db, this.t, userId, language, now, zone, this.overridesOf(userId, language), goal);
  }

  /** One learner's words read and words a minute in one text. */
  reading(userId: string, articleId: string) {
    return textReading(this.db, this.t, userId, articleId);
  }

  /** One learner's practice figures in one language, as of `now` (GET flashcards/analytics), in days of their time zone. */
  flashcards(userId: string, language: LearningLanguage, now: Date, zone = DEFAULT_TIME_ZONE) {
    return flashcardFigures(this.db, this.t, userId, language, now, zone);
  }

  /**
   * Per user and language: words, reads, chapters, cards, reviews, time, last activity. With a range, the
   * users who had joined the language by its end and what they did within it; words and cards as they are now.
   */
  async users(options: {
    language?: LearningLanguage;
    userId?: string;
    range?: { from: string; to: string };
    sort: string;
    limit: number;
    offset: number;
  }): Promise<{ total: number; users: UserAnalytics[] }> {
    const { db, t } = this;
    const { range } = options;
    const scope = (q: Knex.QueryBuilder) => {
      if (options.language) q.where('ul.language', options.language);
      if (options.userId) q.where('ul.user_id', options.userId);
      if (range) q.where('ul.joined_day', '<=', range.to);
      return q;
    };
    const totalRow = await scope(db(`${t('analytics_user_languages')} as ul`))
      .count<{ n: string }[]>('* as n')
      .first();
    const words = db(t('analytics_words'))
      .select('user_id', 'language')
      .select(
        db.raw("count(*) filter (where status = 'known') as known"),
        db.raw("count(*) filter (where status = 'uncertain') as uncertain"),
      )
      .groupBy('user_id', 'language')
      .as('w');
    const acts = db(t('analytics_activity'))
      .modify((q) => (range ? q.whereBetween('day', [range.from, range.to]) : q))
      .select('user_id', 'language')
      .select(db.raw('sum(reads) as reads, sum(chapters) as chapters, sum(reviews) as reviews, sum(seconds) as seconds, max(day) as last'))
      .groupBy('user_id', 'language')
      .as('a');
    const cards = db(t('analytics_cards')).select('user_id', 'language').count('* as cards').groupBy('user_id', 'language').as('c');
    const on = (alias: string) =>
      function (this: Knex.JoinClause) {
        this.on(`${alias}.user_id`, 'ul.user_id').andOn(`${alias}.language`, 'ul.language');
      };
    const order: Record<string, string> = {
      lastActivity: 'a.last desc nulls last',
      timeSpent: 'coalesce(a.seconds, 0) desc',
      reads: 'coalesce(a.reads, 0) desc',
      wordsKnown: 'coalesce(w.known, 0) desc',
      reviews: 'coalesce(a.reviews, 0) desc',
    };
    const rows = (await scope(db(`${t('analytics_user_languages')} as ul`))
      .leftJoin(words, on('w'))
      .leftJoin(acts, on('a'))
      .leftJoin(cards, on('c'))
      .select('ul.user_id', 'ul.language', 'w.known', 'w.uncertain', 'a.reads', 'a.chapters', 'a.reviews', 'a.seconds', 'c.cards')
      .select(db.raw("to_char(a.last, 'YYYY-MM-DD') as last"))
      .orderByRaw(`${order[options.sort] ?? order.lastActivity}, ul.user_id, ul.language`)
      .limit(options.limit)
      .offset(options.offset)) as Record<string, unknown>[];
    return {
      total: int(totalRow?.n),
      users: rows.map((r) => ({
        userId: r.user_id as string,
        language: r.language as LearningLanguage,
        wordsKnown: int(r.known),
        wordsUncertain: int(r.uncertain),
        reads: int(r.reads),
        chapters: int(r.chapters),
        cards: int(r.cards),
        reviews: int(r.reviews),
        timeSpent: int(r.seconds),
        lastActivity: (r.last as string | null) ?? null,
      })),
    };
  }

  /**
   * Historical rows per day or month over [from, to], for one language or all (a user then counts once,
   * on their days in any language). See MID_TERM_INACTIVE_DAYS for the inactive buckets: they are taken at
   * the period's last day, or at `asOf` (today) when that comes first, so this month's row says who is
   * inactive now, not who will be at the month's end.
   */
  async history(options: {
    from: string;
    to: string;
    granularity: 'day' | 'month';
    language?: LearningLanguage;
    asOf?: string;
  }): Promise<HistoricalRow[]> {
    const { db, t } = this;
    const step = options.granularity === 'day' ? '1 day' : '1 month';
    const lang = options.language ?? null;
    const asOf = options.asOf ?? null;
    // The planner's guesses for generate_series make this look costly enough to JIT-compile, which takes
    // longer than running it: off for this one statement.
    const result = await db.transaction(async (trx): Promise<{ rows: Record<string, unknown>[] }> => {
      await trx.raw('set local jit = off');
      return trx.raw(
        `with periods as (
         select p::date as start,
                least((p + interval '${step}' - interval '1 day')::date, ?::date) as finish,
                least((p + interval '${step}' - interval '1 day')::date, ?::date, coalesce(?::date, ?::date)) as seen
         from generate_series(date_trunc(?, ?::date), ?::date, interval '${step}') p
       ),
       act as (
         select user_id, day, sum(reads) reads, sum(chapters) chapters, sum(reviews) reviews, sum(seconds) seconds
         from ?? where (?::text is null or language = ?) group by user_id, day
       ),
       members as (
         select user_id, min(joined_day) joined from ?? where (?::text is null or language = ?) group by user_id
       )
       select to_char(p.start, 'YYYY-MM-DD') as period,
         (select count(distinct user_id) from act where day between p.start and p.finish) as active,
         (select count(*) from members where joined between p.start and p.finish) as new,
         (select count(*) from (select distinct user_id from act where day between p.start and p.finish) x
            where (select max(day) from act b where b.user_id = x.user_id and b.day < p.start) <= p.start - ${MID_TERM_INACTIVE_DAYS}) as returning,
         l.mid, l.long,
         (select coalesce(sum(reads), 0) from act where day between p.start and p.finish) as reads,
         (select coalesce(sum(chapters), 0) from act where day between p.start and p.finish) as chapters,
         (select coalesce(sum(reviews), 0) from act where day between p.start and p.finish) as reviews,
         (select coalesce(sum(seconds), 0) from act where day between p.start and p.finish) as seconds
       from periods p
       cross join lateral (
         select count(*) filter (where p.seen - last between ${MID_TERM_INACTIVE_DAYS} and ${LONG_TERM_INACTIVE_DAYS - 1}) as mid,
                count(*) filter (where p.seen - last >= ${LONG_TERM_INACTIVE_DAYS}) as long
         from (select m.user_id, coalesce((select max(day) from act a where a.user_id = m.user_id and a.day <= p.seen), m.joined) as last
               from members m where m.joined <= p.seen) s
       ) l
       order by p.start`,
        [
          options.to,
          options.to,
          asOf,
          options.to,
          options.granularity,
          options.from,
          options.to,
          t('analytics_activity'),
          lang,
          lang,
          t('analytics_user_languages'),
          lang,
          lang,
        ],
      );
    });
    return result.rows.map((r) => ({
      period: r.period as string,
      activeUsers: int(r.active),
      newUsers: int(r.new),
      returningUsers: int(r.returning),
      midTermInactiveUsers: int(r.mid),
      longTermInactiveUsers: int(r.long),
      reads: int(r.reads),
      chapters: int(r.chapters),
      reviews: int(r.reviews),
      timeSpent: int(r.seconds),
    }));
  }
}
