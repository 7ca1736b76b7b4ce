import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type LearningLanguage } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import type { Actor } from '../deciders/article-decider';
import { mayUsePremium } from '../../../platform/entitlements';

/** The article must be visible to the reader (404) and, when premium-only, readable by them (403). */
export async function readable(db: Knex, viewer: Actor, articleId: string): Promise<{ language: LearningLanguage }> {
  const row = await db('library_articles')
    .where({ id: articleId })
    .first('language', 'author_id', 'is_private', 'need_approve', 'is_premium_only');
  const own = row?.author_id === viewer.userId || viewer.isAdmin;
  if (!row || (!own && (row.is_private || row.need_approve))) throw new DomainError(M.articleNotFound, 404);
  if (row.is_premium_only && !mayUsePremium(viewer, { authorId: row.author_id })) throw new DomainError(M.premiumOnly, 403);
  return { language: row.language };
}

/** A reader's bookmark, rating and progress. */
export class ReaderQueries {
  constructor(private readonly db: Knex) {}

  async getBookmark(viewer: Actor, articleId: string) {
    await readable(this.db, viewer, articleId);
    const row = await this.db('library_bookmarks')
      .where({ user_id: viewer.userId, article_id: articleId })
      .first('page_number', 'total_pages');
    return { bookmark: row ? { articleId, pageNumber: row.page_number as number, totalPages: row.total_pages as number } : null };
  }

  async getRating(viewer: Actor, articleId: string) {
    await readable(this.db, viewer, articleId);
    const [article, own] = await Promise.all([
      this.db('library_articles').where({ id: articleId }).first('average_rating', 'ratings'),
      this.db('library_ratings').where({ article_id: articleId, user_id: viewer.userId }).first('rating'),
    ]);
    return {
      articleId,
      rating: (own?.rating as number | undefined) ?? null,
      averageRating: Number(article?.average_rating ?? 0),
      ratings: Number(article?.ratings ?? 0),
    };
  }

  async getProgress(userId: string, language: LearningLanguage) {
    const rows: { article_id: string; progress: number; updated_at: Date }[] = await this.db('library_progress')
      .where({ user_id: userId, language })
      .orderBy('updated_at', 'desc')
      .select('article_id', 'progress', 'updated_at');
    return rows.map((r) => ({
      articleId: r.article_id,
      progress: r.progress,
      completed: r.progress >= 100,
      updatedAt: new Date(r.updated_at).getTime(),
    }));
  }
}
