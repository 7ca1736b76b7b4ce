import type { Knex } from 'knex';
import type { AdminArticle, AdminListArticlesQuery, Article, ArticleFlag, LearningLanguage } from '@verba/contracts';
import type { CachedRead } from '../../../platform/http/cached-reads';
import type { People } from '../../../platform/module';
import type { Actor } from '../deciders/article-decider';
import { toSeries, type SeriesRow } from './series';
import { queryArticles, toArticle, toSummary, type ArticleQuery, type ArticleRow, type Sql } from './article-sql';
import { withAuthorNames } from './author-names';

const sql = (text: string, ...bindings: Knex.RawBinding[]): Sql => ({ sql: text, bindings });
/** Flagged: its author asked approval (the article's own flag) or readers flagged it for review (the flags read model). */
const FLAGGED = 'a.flagged or exists (select 1 from library_article_flags f where f.article_id = a.id)';
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const offset = (p: Paging) => (p.page - 1) * p.pageSize;

interface FlagRow {
  article_id: string;
  flagged_by: string | null;
  reason: string | null;
  at: Date | string;
}
export interface Paging {
  page: number;
  pageSize: number;
}
/** A page of articles as the read model has them (JSON-safe: cached as is), mapped per admin on the way out. */
interface ArticlePage {
  rows: ArticleRow[];
  total: number;
  flags: FlagRow[];
}

/**
 * The admin pages' reads: every article and series in any state, with flags and decline reasons. Each goes
 * through its route's cached read (`cached: 'admin'`, kept until a read model the route reads commits). What is
 * cached depends on the read models alone (queryArticles' adminView); who is asking only shapes the answer
 * (`isAuthor`), and names are asked for after the cache.
 */
export class AdminLibraryQueries {
  constructor(
    private readonly db: Knex,
    /** Identity's display names, asked after the cache: authors who gave no author name are named by them. */
    private readonly people: People,
  ) {}

  private named<R extends ArticleRow | SeriesRow>(rows: readonly R[]): Promise<R[]> {
    return withAuthorNames(this.people, rows);
  }

  overview(cached: CachedRead) {
    return cached(async () => {
      const a = await this.db('library_articles as a').first(
        this.db.raw('count(*)::int as articles'),
        this.db.raw('count(*) filter (where not is_private and not need_approve)::int as public'),
        this.db.raw('count(*) filter (where is_private)::int as private'),
        this.db.raw('count(*) filter (where is_premium_only)::int as premium'),
        this.db.raw('count(*) filter (where need_approve)::int as pending'),
        this.db.raw(`count(*) filter (where ${FLAGGED})::int as flagged`),
      );
      const s = await this.db('library_series').first(this.db.raw('count(*)::int as series'));
      return { ...(a as Record<string, number>), series: Number(s?.series ?? 0) } as {
        articles: number;
        public: number;
        private: number;
        premium: number;
        pending: number;
        flagged: number;
        series: number;
      };
    });
  }

  async list(admin: Actor, q: AdminListArticlesQuery, cached: CachedRead) {
    const page = await cached(async () => {
      const where: Sql[] = [sql('true')];
      if (q.languageCode) where.push(sql('a.language = ?', q.languageCode));
      if (q.level) where.push(sql('a.level = ?', q.level));
      if (q.category) where.push(sql('a.category = ?', q.category));
      if (q.visibility === 'public') where.push(sql('a.is_private = false and a.need_approve = false'));
      if (q.visibility === 'private') where.push(sql('a.is_private = true'));
      if (q.visibility === 'premium') where.push(sql('a.is_premium_only = true'));
      if (q.pending !== undefined) where.push(sql('a.need_approve = ?', q.pending));
      if (q.flagged !== undefined) where.push(sql(`(${FLAGGED}) = ?`, q.flagged));
      if (q.search) where.push(sql("a.name ilike '%' || ? || '%'", escapeLike(q.search)));
      return this.withFlags(admin, { where, sort: q.sort, limit: q.pageSize, offset: offset(q) });
    });
    return { articles: await this.summaries(admin, page), page: q.page, pageSize: q.pageSize, total: page.total };
  }

  async get(admin: Actor, articleId: string, cached: CachedRead) {
    const row = await cached(async () => {
      const { rows } = await queryArticles(this.db, admin, {
        where: [sql('a.id = ?', articleId)],
        sort: 'newest',
        limit: 1,
        offset: 0,
        detail: true,
        adminView: true,
      });
      return rows[0] ?? null;
    });
    if (!row) return undefined;
    const [named] = await this.named([row]);
    return { ...toArticle(named!, admin), authorId: row.author_id };
  }

  /** Flagged articles, the oldest article first, a page at a time. */
  async flagged(admin: Actor, p: Paging, cached: CachedRead): Promise<{ articles: AdminArticle[]; total: number }> {
    const page = await cached(() => this.withFlags(admin, { where: [sql(FLAGGED)], sort: 'oldest', limit: p.pageSize, offset: offset(p) }));
    return { articles: await this.summaries(admin, page), total: page.total };
  }

  /** The review queue: public articles waiting for approval and private ones their authors flagged, oldest first. */
  async pending(admin: Actor, p: Paging, cached: CachedRead): Promise<{ articles: Article[]; total: number }> {
    const { rows, total } = await cached(() =>
      queryArticles(this.db, admin, {
        where: [sql('a.need_approve or a.flagged')],
        sort: 'oldest',
        limit: p.pageSize,
        offset: offset(p),
        detail: true,
        adminView: true,
      }),
    );
    return { articles: (await this.named(rows)).map((r) => toArticle(r, admin)), total };
  }

  /** Every series (admins see private ones too) with how many articles each has, newest first, a page at a time. */
  async series(admin: Actor, language: LearningLanguage | undefined, p: Paging, cached: CachedRead) {
    const { rows, total } = await cached(async () => {
      const q = this.db('library_series as s')
        .select(
          's.*',
          this.db.raw('(select count(*)::int from library_articles a where a.series_id = s.id) as total_articles'),
          this.db.raw('count(*) over ()::int as total'),
        )
        .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }])
        .limit(p.pageSize)
        .offset(offset(p));
      if (language) q.where('s.language', language);
      const found = (await q) as (SeriesRow & { total: number })[];
      // A page past the end has no row to carry the total.
      const total =
        found[0]?.total ??
        Number(
          (
            await this.db('library_series')
              .modify((b) => void (language && b.where({ language })))
              .count({ n: '*' })
          )[0]!.n,
        );
      return { rows: found, total };
    });
    return { series: (await this.named(rows)).map((r) => ({ ...toSeries(r, admin), authorId: r.author_id })), total };
  }

  /** One series in any state, for its editor; undefined when there is none. */
  async oneSeries(admin: Actor, seriesId: string, cached: CachedRead) {
    const row = await cached(
      async () =>
        ((await this.db('library_series as s')
          .where('s.id', seriesId)
          .first('s.*', this.db.raw('(select count(*)::int from library_articles a where a.series_id = s.id) as total_articles'))) as
          SeriesRow | undefined) ?? null,
    );
    if (!row) return undefined;
    const [named] = await this.named([row]);
    return { ...toSeries(named!, admin), authorId: row.author_id };
  }

  private async withFlags(admin: Actor, q: Omit<ArticleQuery, 'detail' | 'adminView'>): Promise<ArticlePage> {
    const { rows, total } = await queryArticles(this.db, admin, { ...q, detail: true, adminView: true });
    const flags: FlagRow[] = rows.length
      ? await this.db('library_article_flags')
          .whereIn(
            'article_id',
            rows.map((r) => r.id),
          )
          .orderBy('at')
          .select('article_id', 'flagged_by', 'reason', 'at')
      : [];
    return { rows, total, flags };
  }

  private async summaries(admin: Actor, { rows, flags }: ArticlePage): Promise<AdminArticle[]> {
    const byArticle = new Map<string, ArticleFlag[]>();
    for (const f of flags) {
      const list = byArticle.get(f.article_id) ?? [];
      list.push({ flaggedBy: f.flagged_by, flaggedByName: null, reason: f.reason, at: new Date(f.at).toISOString() });
      byArticle.set(f.article_id, list);
    }
    return (await this.named(rows)).map((r) => ({
      ...toSummary(r, admin),
      flagged: (r.flagged ?? false) || byArticle.has(r.id),
      declineReason: r.decline_reason ?? null,
      authorId: r.author_id,
      flags: byArticle.get(r.id) ?? [],
    }));
  }
}
