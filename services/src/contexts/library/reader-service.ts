import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type LearningLanguage } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { formatPosition, type EventStore } from '../../platform/event-store/port';
import type { Actor } from './deciders/article-decider';
import { bookmarkStream, progressStream, ratingStream, readerEvents, readStream, type ReaderEvent } from './events';
import { bookmarkDecider, progressDecider, ratingDecider, readDecider } from './deciders/reader-decider';

const codec = new EventCodec([...readerEvents]);

/** A reader's own records about articles they can read: ratings, bookmarks, progress, reads. */
export class ReaderService {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The article must be visible to the reader (404) and, when premium-only, readable by them (403). */
  async readable(viewer: Actor, articleId: string): Promise<{ language: LearningLanguage }> {
    const row = await this.db('library_articles')
      .where({ id: articleId })
      .first('language', 'author_id', 'is_private', 'need_approve', 'is_premium_only');
    const own = row?.author_id === viewer.userId || viewer.isAdmin;
    if (!row || (!own && (row.is_private || row.need_approve))) throw new DomainError(M.articleNotFound, 404);
    if (row.is_premium_only && !own && !viewer.isMaster) throw new DomainError(M.premiumOnly, 403);
    return { language: row.language };
  }

  private async record<C, S>(decider: Decider<C, S, ReaderEvent>, streamId: string, command: C, viewer: Actor, commandId: string = randomUUID()) {
    const r = await handleCommand({ store: this.store, codec, decider, streamId, command, commandId, metadata: { userId: viewer.userId } });
    return r.position ? { position: formatPosition(r.position) } : {};
  }

  async rate(viewer: Actor, articleId: string, rating: number, commandId?: string) {
    await this.readable(viewer, articleId);
    const at = this.now().toISOString();
    return this.record(ratingDecider, ratingStream(articleId, viewer.userId), { userId: viewer.userId, articleId, rating, at }, viewer, commandId);
  }

  async bookmark(viewer: Actor, articleId: string, pageNumber: number, totalPages: number, commandId?: string) {
    await this.readable(viewer, articleId);
    const at = this.now().toISOString();
    return this.record(bookmarkDecider, bookmarkStream(viewer.userId, articleId), { userId: viewer.userId, articleId, pageNumber, totalPages, at }, viewer, commandId);
  }

  async progress(viewer: Actor, articleId: string, language: LearningLanguage, progress: number, commandId?: string) {
    const article = await this.readable(viewer, articleId);
    if (article.language !== language) throw new DomainError(M.articleNotFound, 404);
    const at = this.now().toISOString();
    return this.record(progressDecider, progressStream(viewer.userId, articleId), { userId: viewer.userId, articleId, language, progress, at }, viewer, commandId);
  }

  /** Counts a read once per reader, article and UTC day; also what "last articles" follows. */
  async read(viewer: Actor, articleId: string, language: LearningLanguage, commandId?: string) {
    const article = await this.readable(viewer, articleId);
    if (article.language !== language) throw new DomainError(M.articleNotFound, 404);
    const at = this.now().toISOString();
    const day = at.slice(0, 10);
    return this.record(readDecider, readStream(viewer.userId, articleId, day), { userId: viewer.userId, articleId, language, day, at }, viewer, commandId);
  }

  async getBookmark(viewer: Actor, articleId: string) {
    await this.readable(viewer, articleId);
    const row = await this.db('library_bookmarks').where({ user_id: viewer.userId, article_id: articleId }).first('page_number', 'total_pages');
    return { bookmark: row ? { articleId, pageNumber: row.page_number as number, totalPages: row.total_pages as number } : null };
  }

  async getRating(viewer: Actor, articleId: string) {
    await this.readable(viewer, articleId);
    const [article, own] = await Promise.all([
      this.db('library_articles').where({ id: articleId }).first('average_rating', 'ratings'),
      this.db('library_ratings').where({ article_id: articleId, user_id: viewer.userId }).first('rating'),
    ]);
    return { articleId, rating: (own?.rating as number | undefined) ?? null, averageRating: Number(article?.average_rating ?? 0), ratings: Number(article?.ratings ?? 0) };
  }

  async getProgress(userId: string, language: LearningLanguage) {
    const rows: { article_id: string; progress: number; updated_at: Date }[] = await this.db('library_progress')
      .where({ user_id: userId, language })
      .orderBy('updated_at', 'desc')
      .select('article_id', 'progress', 'updated_at');
    return rows.map((r) => ({ articleId: r.article_id, progress: r.progress, completed: r.progress >= 100, updatedAt: new Date(r.updated_at).getTime() }));
  }
}
