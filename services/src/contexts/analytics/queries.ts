import type { Knex } from 'knex';
import { LEARNING_LANGUAGES, type HistoricalRow, type LanguageAnalytics, type LearningLanguage, type UserAnalytics } from '@verba/contracts';
import type { TableNames } from '../../platform/projections/projection';

/** Live views are named after the logical tables; as-of copies have their own names (as-of.ts). */
const live: TableNames = (logical) => logical;

/** Days since the last activity that make a user mid-term, then long-term inactive (docs/architecture.md). */
export const MID_TERM_INACTIVE_DAYS = 14;
export const LONG_TERM_INACTIVE_DAYS = 60;

const int = (v: unknown) => Number(v ?? 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

export class AnalyticsQueries {
  constructor(
    private readonly db: Knex,
    private readonly t: TableNames = live,
  ) {}

  /** Spec §3 language analytics of every learning language over [from, to] (UTC days, both included). */
  async languages(from: string, to: string): Promise<LanguageAnalytics[]> {
    const { db, t } = this;
    const [users, activity, articles, chapters] = await Promise.all([
      db(`${t('analytics_user_languages')} as ul`)
        .leftJoin(`${t('analytics_users')} as u`, 'u.user_id', 'ul.user_id')
        .where('ul.joined_day', '<=', to)
        .groupBy('ul.language')
        .select('ul.language')
        .select(db.raw('count(*) as total'), db.raw('count(*) filter (where u.premium) as premium'), db.raw('count(*) filter (where ul.joined_day >= ?) as new', [from])),
      db(t('analytics_activity'))
        .whereBetween('day', [from, to])
        .groupBy('language')
        .select('language')
        .select(db.raw('count(distinct user_id) as active'), db.raw('sum(reads) as reads'), db.raw('sum(chapters) as chapters'), db.raw('sum(seconds) as seconds')),
      db(t('analytics_articles')).whereBetween('day', [from, to]).groupBy('language').select('language', db.raw('count(distinct article_id) as n')),
      db(t('analytics_chapters')).whereBetween('day', [from, to]).groupBy('language').select('language', db.raw('count(distinct chapter_id) as n')),
    ]);
    const by = <R extends { language: string }>(rows: R[]) => new Map(rows.map((r) => [r.language, r]));
    const [u, a, ar, ch] = [by(users as never[]), by(activity as never[]), by(articles as never[]), by(chapters as never[])] as Map<string, Record<string, unknown>>[];
    return LEARNING_LANGUAGES.map((language) => {
      const active = int(a!.get(language)?.active);
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

  /** Per user and language: words, reads, chapters, cards, reviews, time, last activity. */
  async users(options: { language?: LearningLanguage; userId?: string; sort: string; limit: number; offset: number }): Promise<{ total: number; users: UserAnalytics[] }> {
    const { db, t } = this;
    const scope = (q: Knex.QueryBuilder) => {
      if (options.language) q.where('ul.language', options.language);
      if (options.userId) q.where('ul.user_id', options.userId);
      return q;
    };
    const totalRow = await scope(db(`${t('analytics_user_languages')} as ul`)).count<{ n: string }[]>('* as n').first();
    const words = db(t('analytics_words'))
      .select('user_id', 'language')
      .select(db.raw("count(*) filter (where status = 'known') as known"), db.raw("count(*) filter (where status = 'uncertain') as uncertain"))
      .groupBy('user_id', 'language')
      .as('w');
    const acts = db(t('analytics_activity'))
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
   * on their days in any language). See MID_TERM_INACTIVE_DAYS for the inactive buckets.
   */
  async history(options: { from: string; to: string; granularity: 'day' | 'month'; language?: LearningLanguage }): Promise<HistoricalRow[]> {
    const { db, t } = this;
    const step = options.granularity === 'day' ? '1 day' : '1 month';
    const lang = options.language ?? null;
    // The planner's guesses for generate_series make this look costly enough to JIT-compile, which takes
    // longer than running it: off for this one statement.
    const result = await db.transaction(async (trx): Promise<{ rows: Record<string, unknown>[] }> => {
      await trx.raw('set local jit = off');
      return trx.raw(
      `with periods as (
         select p::date as start,
                least((p + interval '${step}' - interval '1 day')::date, ?::date) as finish
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
         select count(*) filter (where p.finish - last between ${MID_TERM_INACTIVE_DAYS} and ${LONG_TERM_INACTIVE_DAYS - 1}) as mid,
                count(*) filter (where p.finish - last >= ${LONG_TERM_INACTIVE_DAYS}) as long
         from (select m.user_id, coalesce((select max(day) from act a where a.user_id = m.user_id and a.day <= p.finish), m.joined) as last
               from members m where m.joined <= p.finish) s
       ) l
       order by p.start`,
      [options.to, options.granularity, options.from, options.to, t('analytics_activity'), lang, lang, t('analytics_user_languages'), lang, lang],
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
