import { tokenize } from '@verba/contracts';
import { EventCodec, readEventData } from '../../../platform/decider/events';
import { openSealed } from '../../../platform/personal-data/keys';
import { UserDeleted } from '../../identity/published';
import type { ApplyContext, Projection } from '../../../platform/projections/projection';
import {
  ARTICLE_SEALED_FIELDS,
  ArticleRated,
  ArticleRead,
  SERIES_SEALED_FIELDS,
  articleEvents,
  seriesEvents,
  type ArticleEvent,
  type SeriesEvent,
} from '../events';
import { visibleText } from '../domain/sanitize';
import { StatisticsKeeper } from '../../../platform/projections/statistics-keeper';
import { wordHash } from '../domain/word-hash';
import { wordRanks } from '../domain/word-ranks';
import { adminReads } from '../../../platform/projections/admin-reads';

const statistics = new StatisticsKeeper();
const handled = [...articleEvents, ...seriesEvents, ArticleRated, ArticleRead];
const codec = new EventCodec(handled);

/** Each distinct word (dictionary key) of a text and how often it occurs; the sum is the word count. */
export function wordCounts(content: string, format: 'text' | 'html'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(visibleText(content, format))) {
    if (token.kind === 'word') counts.set(token.key, (counts.get(token.key) ?? 0) + 1);
  }
  return counts;
}

type Written = Extract<ArticleEvent, { type: 'library.ArticlePublished' | 'library.ArticleUpdated' }>['data'];

/**
 * Stores the article's word set as parallel arrays (word hashes, occurrences, and each word's frequency
 * rank in its language, 0 outside the list); returns the word count. The ranks are no longer read: the
 * estimated labels go by the text's level since issue 36 (contracts' difficulty-estimate.ts).
 */
async function writeWords(ctx: ApplyContext, a: Written): Promise<number> {
  const { trx, t } = ctx;
  const counts = wordCounts(a.content, a.contentFormat);
  const ranks = wordRanks(a.languageCode);
  const words = [...counts.keys()];
  const row = {
    language: a.languageCode,
    word_hashes: words.map((w) => wordHash(a.languageCode, w)),
    occurrences: [...counts.values()],
    word_ranks: words.map((w) => ranks.get(w) ?? 0),
  };
  await trx(t('library_article_words'))
    .insert({ article_id: a.articleId, ...row })
    .onConflict('article_id')
    .merge();
  await statistics.wrote(ctx, t('library_article_words'), 1);
  return row.occurrences.reduce((sum, n) => sum + n, 0);
}

const editable = (a: Written) => ({
  language: a.languageCode,
  name: a.name,
  category: a.category,
  level: a.level,
  content: a.content,
  content_format: a.contentFormat,
  translation: a.translation,
  preview_img_src: a.previewImgSrc,
  author_display_name: a.authorDisplayName,
  is_private: a.isPrivate,
  is_premium_only: a.isPremiumOnly,
  series_id: a.seriesId,
  need_approve: a.needApprove,
  updated_at: a.at,
});

async function applyArticle(ctx: ApplyContext, e: ArticleEvent): Promise<void> {
  const { trx, t } = ctx;
  const articles = () => trx(t('library_articles')).where({ id: e.data.articleId });
  switch (e.type) {
    case 'library.ArticlePublished': {
      const total = await writeWords(ctx, e.data);
      await trx(t('library_articles'))
        .insert({ id: e.data.articleId, ...editable(e.data), author_id: e.data.authorId, total_words: total, created_at: e.data.at })
        .onConflict('id')
        .ignore();
      await statistics.wrote(ctx, t('library_articles'), 1);
      return;
    }
    case 'library.ArticleUpdated': {
      const total = await writeWords(ctx, e.data);
      await articles().update({
        ...editable(e.data),
        total_words: total,
        decline_reason: null,
        flagged: trx.raw('flagged and ?', [e.data.isPrivate]),
      });
      return;
    }
    case 'library.ArticleApproved':
      await articles().update({ need_approve: false, decline_reason: null });
      return;
    case 'library.ArticleDeclined':
      await articles().update({ is_private: true, need_approve: false, flagged: false, decline_reason: e.data.reason });
      return;
    case 'library.ArticleMadePublicPremium':
      await articles().update({ is_private: false, need_approve: false, flagged: false, is_premium_only: true, decline_reason: null });
      return;
    case 'library.ArticleFlaggedForApproval':
      await articles().update({ flagged: true, decline_reason: null });
      return;
    case 'library.ArticleFlagDismissed':
      await articles().update({ flagged: false });
      return;
    case 'library.ArticleMadePublic':
      await articles().update({ is_private: false, need_approve: false, flagged: false, decline_reason: null });
      return;
    case 'library.ArticleDeleted':
      await trx(t('library_article_words')).where({ article_id: e.data.articleId }).delete();
      await trx(t('library_ratings')).where({ article_id: e.data.articleId }).delete();
      await trx(t('library_article_readers')).where({ article_id: e.data.articleId }).delete();
      await articles().delete();
      return;
  }
}

/** What authors wrote, opened with their key (text of an erased author reads empty; their rows go at UserDeleted). */
async function opened<E extends { type: string; data: object }>({ trx }: ApplyContext, e: E): Promise<E> {
  if (e.type === 'library.ArticlePublished' || e.type === 'library.ArticleUpdated') {
    return { ...e, data: await openSealed(trx, e.data as Record<string, unknown>, ARTICLE_SEALED_FIELDS) };
  }
  if (e.type === 'library.SeriesCreated' || e.type === 'library.SeriesUpdated') {
    return { ...e, data: await openSealed(trx, e.data as Record<string, unknown>, SERIES_SEALED_FIELDS) };
  }
  return e;
}

/**
 * Erasure: everything the user wrote goes, public articles included (their text is sealed with the
 * author's key, which is gone), with the words, ratings and series membership that hang on it; and the
 * user's own ratings of other articles (their averages are recomputed).
 */
async function eraseUser({ trx, t }: ApplyContext, userId: string, rated: Set<string>): Promise<void> {
  const articleIds: string[] = await trx(t('library_articles')).where({ author_id: userId }).pluck('id');
  if (articleIds.length) {
    await trx(t('library_article_words')).whereIn('article_id', articleIds).delete();
    await trx(t('library_ratings')).whereIn('article_id', articleIds).delete();
    await trx(t('library_article_readers')).whereIn('article_id', articleIds).delete();
    await trx(t('library_articles')).whereIn('id', articleIds).delete();
    for (const id of articleIds) rated.delete(id);
  }
  const seriesIds: string[] = await trx(t('library_series')).where({ author_id: userId }).pluck('id');
  if (seriesIds.length) {
    await trx(t('library_articles')).whereIn('series_id', seriesIds).update({ series_id: null });
    await trx(t('library_series')).whereIn('id', seriesIds).delete();
  }
  // The erased reader's reads stay counted (a number, not who); the record of who read goes.
  await trx(t('library_article_readers')).where({ user_id: userId }).delete();
  const ratedByUser: string[] = await trx(t('library_ratings')).where({ user_id: userId }).pluck('article_id');
  await trx(t('library_ratings')).where({ user_id: userId }).delete();
  for (const id of ratedByUser) rated.add(id);
}

async function applySeries({ trx, t }: ApplyContext, e: SeriesEvent): Promise<void> {
  const d = e.data;
  switch (e.type) {
    case 'library.SeriesCreated':
      await trx(t('library_series'))
        .insert({
          id: e.data.seriesId,
          language: e.data.languageCode,
          author_id: e.data.authorId,
          title: e.data.title,
          description: e.data.description,
          preview_img_src: e.data.previewImgSrc,
          author_display_name: e.data.authorDisplayName,
          is_private: e.data.isPrivate,
          created_at: e.data.at,
        })
        .onConflict('id')
        .ignore();
      return;
    case 'library.SeriesUpdated':
      await trx(t('library_series')).where({ id: e.data.seriesId }).update({
        title: e.data.title,
        description: e.data.description,
        preview_img_src: e.data.previewImgSrc,
        author_display_name: e.data.authorDisplayName,
        is_private: e.data.isPrivate,
      });
      return;
    case 'library.SeriesDeleted':
      await trx(t('library_articles')).where({ series_id: d.seriesId }).update({ series_id: null });
      await trx(t('library_series')).where({ id: d.seriesId }).delete();
      return;
  }
}

/**
 * The library's articles, their word sets (for difficulty labels), series and ratings. Word counts and
 * word sets are computed once, here, when a text is written, never per request.
 */
export const articlesProjection: Projection = {
  name: 'library-articles',
  version: 5,
  tables: ['library_articles', 'library_article_words', 'library_series', 'library_ratings', 'library_article_readers'],
  eventTypes: [...handled.map((e) => e.type), UserDeleted.type],
  // The admin pages' cached reads go stale with each batch, and all go after an author's erasure.
  ...adminReads.projectionHooks('library-articles', (e) => e.type === UserDeleted.type),
  async setup(trx, t) {
    await trx.schema.createTable(t('library_articles'), (tb) => {
      tb.uuid('id').primary();
      tb.text('language').notNullable();
      tb.text('name').notNullable();
      tb.text('category').notNullable();
      tb.text('level').notNullable();
      tb.integer('total_words').notNullable();
      tb.text('content').notNullable();
      tb.text('content_format').notNullable();
      tb.text('translation').notNullable();
      tb.text('preview_img_src');
      tb.uuid('author_id');
      tb.text('author_display_name').notNullable();
      tb.boolean('is_private').notNullable();
      tb.boolean('need_approve').notNullable();
      tb.boolean('flagged').notNullable().defaultTo(false);
      tb.boolean('is_premium_only').notNullable();
      tb.uuid('series_id');
      tb.text('decline_reason');
      tb.double('average_rating').notNullable().defaultTo(0);
      tb.integer('ratings').notNullable().defaultTo(0);
      tb.integer('total_reads').notNullable().defaultTo(0);
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.index(['language', 'created_at']);
      tb.index(['author_id']);
      tb.index(['series_id']);
    });
    // One row per article: its distinct words (wordHash), how often each occurs and its frequency rank, as parallel arrays.
    await trx.schema.createTable(t('library_article_words'), (tb) => {
      tb.uuid('article_id').primary();
      tb.text('language').notNullable();
      tb.specificType('word_hashes', 'bigint[]').notNullable();
      tb.specificType('occurrences', 'integer[]').notNullable();
      tb.specificType('word_ranks', 'integer[]').notNullable();
    });
    await trx.schema.createTable(t('library_series'), (tb) => {
      tb.uuid('id').primary();
      tb.text('language').notNullable();
      tb.uuid('author_id'); // null for Verba's own series
      tb.text('title').notNullable();
      tb.text('description').notNullable();
      tb.text('preview_img_src');
      tb.text('author_display_name').notNullable();
      tb.boolean('is_private').notNullable();
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.index(['language']);
      tb.index(['author_id']);
    });
    await trx.schema.createTable(t('library_ratings'), (tb) => {
      tb.uuid('article_id').notNullable();
      tb.uuid('user_id').notNullable();
      tb.integer('rating').notNullable();
      tb.primary(['article_id', 'user_id']);
    });
    // Who has read each article, so a reader counts once in total_reads however often they come back.
    await trx.schema.createTable(t('library_article_readers'), (tb) => {
      tb.uuid('article_id').notNullable();
      tb.uuid('user_id').notNullable();
      tb.primary(['article_id', 'user_id']);
      tb.index(['user_id']);
    });
  },
  async apply(events, ctx) {
    const { trx, t } = ctx;
    const rated = new Set<string>();
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await eraseUser(ctx, readEventData(UserDeleted, recorded).userId, rated);
        continue;
      }
      const e = await opened(ctx, codec.decode(recorded));
      if (e.type === 'library.ArticleRated') {
        await trx(t('library_ratings'))
          .insert({ article_id: e.data.articleId, user_id: e.data.userId, rating: e.data.rating })
          .onConflict(['article_id', 'user_id'])
          .merge(['rating']);
        rated.add(e.data.articleId);
      } else if (e.type === 'library.ArticleRead') {
        // Total reads count readers, not visits: only a reader's first read of the article counts.
        const first = await trx(t('library_article_readers'))
          .insert({ article_id: e.data.articleId, user_id: e.data.userId })
          .onConflict(['article_id', 'user_id'])
          .ignore()
          .returning('user_id');
        if (first.length) await trx(t('library_articles')).where({ id: e.data.articleId }).increment('total_reads', 1);
      } else if (e.type.startsWith('library.Series')) {
        await applySeries(ctx, e as SeriesEvent);
      } else {
        await applyArticle(ctx, e as ArticleEvent);
      }
    }
    // The average is recomputed from the one-per-user ratings, once per batch and article.
    for (const id of rated) {
      // An article whose last rating went (its rater erased) has no group below.
      await trx(t('library_articles'))
        .where({ id })
        .whereNotExists(trx(t('library_ratings')).where({ article_id: id }))
        .update({ average_rating: 0, ratings: 0 });
    }
    if (rated.size) {
      await trx.raw(
        `update ?? a set average_rating = s.avg, ratings = s.n
           from (select article_id, avg(rating)::float8 as avg, count(*)::int as n from ?? where article_id = any(?) group by article_id) s
          where a.id = s.article_id`,
        [t('library_articles'), t('library_ratings'), [...rated]],
      );
    }
  },
};
