import type { Knex } from 'knex';
import {
  FREE_PRIVATE_ARTICLE_LIMIT,
  LIBRARY_MESSAGES as M,
  type Article,
  type ArticleSummary,
  type LearningLanguage,
  type Level,
  type ListArticlesQuery,
} from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import type { People } from '../../../platform/module';
import type { Actor } from '../deciders/article-decider';
import { listFilters, queryArticles, toArticle, toSummary, visibleTo, type ArticleQuery, type Sql } from './article-sql';
import { givenAuthorName, withAuthorNames } from './author-names';
import { mayUsePremium } from '../../../platform/entitlements';

const where = (text: string, ...bindings: Knex.RawBinding[]): Sql => ({ sql: text, bindings });

/** Articles as a viewer may see them (with difficulty labels against their words), and the admin queue. */
export class ArticleQueries {
  constructor(
    private readonly db: Knex,
    /** Identity's display names, for articles whose learner-author gave no author name. */
    private readonly people: People,
  ) {}

  /** queryArticles, with the authors who gave no name named. */
  private async query(viewer: Actor, q: ArticleQuery) {
    const { rows, total } = await queryArticles(this.db, viewer, q);
    return { rows: await withAuthorNames(this.people, rows), total };
  }

  /** What to store of an author name a learner's form sent (none for their own display name). */
  givenAuthorName(authorId: string | null, name: string): Promise<string> {
    return givenAuthorName(this.people, authorId, name);
  }

  /** The reader's level in a language, from their onboarding; undefined when they gave none. */
  async readerLevel(userId: string, language: LearningLanguage): Promise<Level | undefined> {
    const row = await this.db('library_reader_levels').where({ user_id: userId, language }).first('level');
    return row?.level as Level | undefined;
  }

  async privateArticles(userId: string): Promise<number> {
    const row = await this.db('library_articles').where({ author_id: userId, is_private: true }).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  /** GET articles/create: free users may write private articles up to the limit; public ones need Master. */
  async createCheck(actor: Actor, isPrivate?: boolean) {
    const unlimited = mayUsePremium(actor);
    const privateArticles = await this.privateArticles(actor.userId);
    const canCreatePrivate = unlimited || privateArticles < FREE_PRIVATE_ARTICLE_LIMIT;
    const canCreatePublic = unlimited;
    if (isPrivate === false && !canCreatePublic) throw new DomainError(M.publicNeedsMaster, 403);
    if ((isPrivate === true || !canCreatePublic) && !canCreatePrivate) throw new DomainError(M.privateLimit, 403);
    return { canCreatePrivate, canCreatePublic, privateArticles, privateArticleLimit: unlimited ? null : FREE_PRIVATE_ARTICLE_LIMIT };
  }

  async list(viewer: Actor, q: ListArticlesQuery) {
    const { rows, total } = await this.query(viewer, {
      where: listFilters(viewer, q),
      sort: q.sort,
      ...(q.difficulty ? { difficulty: q.difficulty } : {}),
      limit: q.pageSize,
      offset: (q.page - 1) * q.pageSize,
    });
    return { articles: rows.map((r) => toSummary(r, viewer)), page: q.page, pageSize: q.pageSize, total };
  }

  /** One article as the viewer may see it; premium-only text only for Master, its author and admins. */
  async get(viewer: Actor, id: string): Promise<Article | undefined> {
    const { rows } = await this.query(viewer, {
      where: [where('a.id = ?', id), visibleTo(viewer, true)],
      sort: 'newest',
      limit: 1,
      offset: 0,
      detail: true,
    });
    const row = rows[0];
    if (!row) return undefined;
    if (row.is_premium_only && !mayUsePremium(viewer, { authorId: row.author_id })) throw new DomainError(M.premiumOnly, 403);
    return toArticle(row, viewer);
  }

  /**
   * Of these ids, the articles the viewer may open: `get`'s rule (visible to them, and premium-only ones for
   * Master, their author and admins) for many at once, in one query.
   */
  async openable(viewer: Actor, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const visible = visibleTo(viewer, true);
    const q = this.db('library_articles as a')
      .whereRaw('a.id = any(?::uuid[])', [[...ids]])
      .whereRaw(`(${visible.sql})`, visible.bindings);
    // mayUsePremium in SQL: a viewer it does not let use every premium article may use their own.
    if (!mayUsePremium(viewer)) q.where((w) => w.where('a.is_premium_only', false).orWhere('a.author_id', viewer.userId));
    return new Set((await q.pluck('a.id')) as string[]);
  }

  async userArticles(viewer: Actor, language: LearningLanguage | undefined): Promise<ArticleSummary[]> {
    const filters = [where('a.author_id = ?', viewer.userId), ...(language ? [where('a.language = ?', language)] : [])];
    const { rows } = await this.query(viewer, { where: filters, sort: 'newest', limit: 10_000, offset: 0 });
    return rows.map((r) => toSummary(r, viewer));
  }

  /** The given ids in their order, or the viewer's last read articles (newest read first). */
  async lastArticles(viewer: Actor, language: LearningLanguage, ids: string[] | undefined): Promise<ArticleSummary[]> {
    const wanted =
      ids ??
      (
        await this.db('library_last_reads')
          .where({ user_id: viewer.userId, language })
          .orderBy('read_at', 'desc')
          .limit(10)
          .select('article_id')
      ).map((r: { article_id: string }) => r.article_id);
    if (!wanted.length) return [];
    const { rows } = await this.query(viewer, {
      where: [where('a.id = any(?::uuid[])', wanted), where('a.language = ?', language), visibleTo(viewer)],
      sort: 'newest',
      limit: wanted.length,
      offset: 0,
    });
    const byId = new Map(rows.map((r) => [r.id, toSummary(r, viewer)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }
}
