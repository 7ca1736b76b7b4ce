import { tokenize } from '@verba/contracts';
import {
  adminPagesCache,
  averageOf,
  countOf,
  defineProjection,
  insert,
  remove,
  update,
  upsert,
  when,
} from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import {
  ARTICLE_SEALED_FIELDS,
  ArticleApproved,
  ArticleDeclined,
  ArticleDeleted,
  ArticleFlagDismissed,
  ArticleFlaggedForApproval,
  ArticleMadePublic,
  ArticleMadePublicPremium,
  ArticlePublished,
  ArticleRated,
  ArticleRead,
  ArticleUpdated,
  SERIES_SEALED_FIELDS,
  SeriesCreated,
  SeriesDeleted,
  SeriesUpdated,
  type ArticleEvent,
} from '../events';
import { visibleText } from '../domain/sanitize';
import { familyHash, wordHash } from '../domain/word-hash';

/** Each distinct word (dictionary key) of a text and how often it occurs; the sum is the word count. */
export function wordCounts(content: string, format: 'text' | 'html'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(visibleText(content, format))) {
    if (token.kind === 'word') counts.set(token.key, (counts.get(token.key) ?? 0) + 1);
  }
  return counts;
}

type Written = Extract<ArticleEvent, { type: 'library.ArticlePublished' | 'library.ArticleUpdated' }>['data'];

/** The article's word set as parallel arrays (word hashes, their families' hashes and occurrences) and its word count. */
function wordsOf(a: Written) {
  const counts = wordCounts(a.content, a.contentFormat);
  const occurrences = [...counts.values()];
  const keys = [...counts.keys()];
  return {
    words: {
      article_id: a.articleId,
      language: a.languageCode,
      word_hashes: keys.map((w) => wordHash(a.languageCode, w)),
      family_hashes: keys.map((w) => familyHash(a.languageCode, w)),
      occurrences,
    },
    total: occurrences.reduce((sum, n) => sum + n, 0),
  };
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

const article = (e: { articleId: string }) => ({ id: e.articleId });

/**
 * The library's articles, their word sets (for difficulty labels), series, ratings and readers. Word counts
 * and word sets are computed once, here, when a text is written, never per request; what authors wrote is
 * opened with their key (an erased author's text reads empty). An article's rating (average and count) and
 * total reads are aggregates of its ratings and readers, kept by the platform.
 *
 * Erasure: the user's articles (with their word sets) and series go, and their ratings of other articles
 * (the averages follow); their reads stay counted (a number, not who): their rows in the readers table are
 * given the erasure event's id instead of theirs. What hangs on an erased author's articles by article alone
 * (other readers' ratings and reads) is no longer read, as the article is gone; an article of someone else
 * in an erased author's series keeps a series id no read shows (series are read through library_series).
 */
export const articlesProjection = defineProjection({
  name: 'library-articles',
  // 6: declared; the word set carries its author (erasure) and no longer the unused frequency ranks; ratings
  // and reads are aggregate columns, an erased reader's rows stay under the erasure's id. 7: the word set
  // carries each word's family hash (issue 38.2); the rebuild fills it for the articles written before.
  // 8: an imported subtitle's timing of each paragraph (cues, issue 40).
  version: 8,
  tables: {
    library_articles: {
      key: ['id'],
      columns: {
        id: 'uuid',
        language: 'text',
        name: 'text',
        category: 'text',
        level: 'text',
        total_words: 'integer',
        content: 'text',
        content_format: 'text',
        translation: 'text',
        preview_img_src: 'text?',
        author_id: 'uuid?',
        author_display_name: 'text',
        is_private: 'boolean',
        need_approve: 'boolean',
        flagged: 'boolean',
        is_premium_only: 'boolean',
        series_id: 'uuid?',
        decline_reason: 'text?',
        average_rating: 'double precision',
        ratings: 'integer',
        total_reads: 'integer',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        // Imported subtitles: [{ start, end }] in seconds, one per paragraph of the text as imported.
        cues: 'jsonb?',
      },
      indexes: [['language', 'created_at'], ['author_id'], ['series_id']],
      aggregates: {
        average_rating: averageOf('library_ratings', 'rating', 'article_id'),
        ratings: countOf('library_ratings', 'article_id'),
        // Readers, not visits: a reader's row is there once however often they come back.
        total_reads: countOf('library_article_readers', 'article_id'),
      },
      growsFast: true,
    },
    // One row per article: its distinct words (wordHash), their families (familyHash) and how often each
    // occurs, as parallel arrays.
    library_article_words: {
      key: ['article_id'],
      columns: {
        article_id: 'uuid',
        author_id: 'uuid?',
        language: 'text',
        word_hashes: 'bigint[]',
        family_hashes: 'bigint[]',
        occurrences: 'integer[]',
      },
      indexes: [['author_id']],
      growsFast: true,
    },
    library_series: {
      key: ['id'],
      columns: {
        id: 'uuid',
        language: 'text',
        author_id: 'uuid?', // null for Verba's own series
        title: 'text',
        description: 'text',
        preview_img_src: 'text?',
        author_display_name: 'text',
        is_private: 'boolean',
        created_at: 'timestamptz',
      },
      indexes: [['language'], ['author_id']],
    },
    library_ratings: {
      key: ['article_id', 'user_id'],
      columns: { article_id: 'uuid', user_id: 'uuid', rating: 'integer' },
      indexes: [['user_id']],
    },
    // Who has read each article (an erased reader as their erasure's id).
    library_article_readers: {
      key: ['article_id', 'user_id'],
      columns: { article_id: 'uuid', user_id: 'uuid' },
      indexes: [['user_id']],
    },
  },
  // The admin pages' cached reads go stale with each batch, and all go after an author's erasure.
  caches: [adminPagesCache({ purgedBy: [UserDeleted] })],
  on: [
    when(
      ArticlePublished,
      (a) => {
        const { words, total } = wordsOf(a);
        return [
          upsert('library_article_words', { ...words, author_id: a.authorId }),
          insert('library_articles', {
            id: a.articleId,
            ...editable(a),
            author_id: a.authorId,
            total_words: total,
            flagged: false,
            decline_reason: null,
            created_at: a.at,
            cues: a.cues ?? null,
          }),
        ];
      },
      { sealed: ARTICLE_SEALED_FIELDS },
    ),
    when(
      ArticleUpdated,
      (a) => {
        const { words, total } = wordsOf(a);
        return [
          upsert('library_article_words', words),
          // A flag asking approval stays only on a private article.
          update('library_articles', article(a), {
            ...editable(a),
            total_words: total,
            decline_reason: null,
            ...(a.isPrivate ? {} : { flagged: false }),
          }),
        ];
      },
      { sealed: ARTICLE_SEALED_FIELDS },
    ),
    when(ArticleApproved, (e) => [update('library_articles', article(e), { need_approve: false, decline_reason: null })]),
    when(ArticleDeclined, (e) => [
      update('library_articles', article(e), { is_private: true, need_approve: false, flagged: false, decline_reason: e.reason }),
    ]),
    when(ArticleMadePublicPremium, (e) => [
      update('library_articles', article(e), {
        is_private: false,
        need_approve: false,
        flagged: false,
        is_premium_only: true,
        decline_reason: null,
      }),
    ]),
    when(ArticleFlaggedForApproval, (e) => [update('library_articles', article(e), { flagged: true, decline_reason: null })]),
    when(ArticleFlagDismissed, (e) => [update('library_articles', article(e), { flagged: false })]),
    when(ArticleMadePublic, (e) => [
      update('library_articles', article(e), { is_private: false, need_approve: false, flagged: false, decline_reason: null }),
    ]),
    when(ArticleDeleted, (e) => [
      remove('library_article_words', { article_id: e.articleId }),
      remove('library_ratings', { article_id: e.articleId }),
      remove('library_article_readers', { article_id: e.articleId }),
      remove('library_articles', article(e)),
    ]),
    // One rating per reader and article: a new one replaces theirs.
    when(ArticleRated, (e) => [upsert('library_ratings', { article_id: e.articleId, user_id: e.userId, rating: e.rating })]),
    when(ArticleRead, (e) => [insert('library_article_readers', { article_id: e.articleId, user_id: e.userId })]),
    when(
      SeriesCreated,
      (s) => [
        insert('library_series', {
          id: s.seriesId,
          language: s.languageCode,
          author_id: s.authorId,
          title: s.title,
          description: s.description,
          preview_img_src: s.previewImgSrc,
          author_display_name: s.authorDisplayName,
          is_private: s.isPrivate,
          created_at: s.at,
        }),
      ],
      { sealed: SERIES_SEALED_FIELDS },
    ),
    when(
      SeriesUpdated,
      (s) => [
        update(
          'library_series',
          { id: s.seriesId },
          {
            title: s.title,
            description: s.description,
            preview_img_src: s.previewImgSrc,
            author_display_name: s.authorDisplayName,
            is_private: s.isPrivate,
          },
        ),
      ],
      { sealed: SERIES_SEALED_FIELDS },
    ),
    when(SeriesDeleted, (s) => [
      update('library_articles', { series_id: s.seriesId }, { series_id: null }),
      remove('library_series', { id: s.seriesId }),
    ]),
    when(UserDeleted, ({ userId }, { id }) => [
      remove('library_article_words', { author_id: userId }),
      remove('library_articles', { author_id: userId }),
      remove('library_series', { author_id: userId }),
      remove('library_ratings', { user_id: userId }),
      update('library_article_readers', { user_id: userId }, { user_id: id }),
    ]),
  ],
});
