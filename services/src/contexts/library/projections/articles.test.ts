import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { wordHash } from '../domain/word-hash';
import {
  ArticleDeclined,
  ArticleDeleted,
  ArticleFlaggedForApproval,
  ArticlePublished,
  ArticleRated,
  ArticleRead,
  ArticleUpdated,
  SeriesCreated,
  SeriesDeleted,
} from '../events';
import { articlesProjection } from './articles';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const cyd = 'b0000000-0000-4000-8000-000000000003';
const haus = 'c0000000-0000-4000-8000-000000000001';
const baum = 'c0000000-0000-4000-8000-000000000002';
const reihe = 'd0000000-0000-4000-8000-000000000001';
const erasure = 'e0000000-0000-4000-8000-000000000001';
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T09:00:00.000Z';

const body = (content: string, isPrivate = false) => ({
  languageCode: 'de',
  name: 'Das Haus',
  category: 'Travel',
  level: 'A2',
  content,
  contentFormat: 'text',
  translation: '',
  previewImgSrc: null,
  authorDisplayName: 'Ana',
  isPrivate,
  isPremiumOnly: false,
  seriesId: null,
  needApprove: false,
});
const published = (articleId: string, authorId: string | null, content = 'Das Haus und das Haus.') => ({
  type: ArticlePublished.type,
  data: { articleId, authorId, ...body(content), at },
});
const rated = (articleId: string, userId: string, rating: number) => ({ type: ArticleRated.type, data: { articleId, userId, rating, at } });
const read = (articleId: string, userId: string, day = '2026-03-01') => ({
  type: ArticleRead.type,
  data: { articleId, userId, language: 'de', day, at },
});

/** The row of an article as published from `body`, before anyone rates or reads it. */
const row = (id: string, authorId: string | null, totalWords = 5) => ({
  id,
  language: 'de',
  name: 'Das Haus',
  category: 'Travel',
  level: 'A2',
  total_words: totalWords,
  content: 'Das Haus und das Haus.',
  content_format: 'text',
  translation: '',
  preview_img_src: null,
  author_id: authorId,
  author_display_name: 'Ana',
  is_private: false,
  need_approve: false,
  flagged: false,
  is_premium_only: false,
  series_id: null,
  decline_reason: null,
  average_rating: 0,
  ratings: 0,
  total_reads: 0,
  created_at: new Date(at),
  updated_at: new Date(at),
  cues: null,
});
const hashes = (...words: string[]) => words.map((w) => wordHash('de', w));
/** An article's word set: each word's hash, its base word's (its family's) and its occurrences. */
const wordSet = (words: [word: string, base: string, occurrences: number][]) => ({
  word_hashes: hashes(...words.map(([w]) => w)),
  family_hashes: hashes(...words.map(([, base]) => base)),
  occurrences: words.map(([, , n]) => n),
});
const dasHaus = wordSet([
  ['das', 'das', 2],
  ['haus', 'haus', 2],
  ['und', 'und', 1],
]);

describe('library-articles', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(articlesProjection);

  it('publishes an article with its word count and word set (each distinct word, its family and how often it occurs)', async () => {
    await spec
      .given([])
      .when(published(haus, ana))
      .then({
        library_articles: [row(haus, ana)],
        library_article_words: [{ article_id: haus, author_id: ana, language: 'de', ...dasHaus }],
      });
  });

  it('keeps an imported subtitle’s timings of its lines (issue 40); other articles have none', async () => {
    const cues = [
      { start: 1, end: 2.5 },
      { start: 2.5, end: 4 },
    ];
    const lines = published(haus, ana, 'Das Haus.\n\nUnd das Haus.');
    const subtitles = { ...lines, data: { ...lines.data, cues } };
    await spec
      .given([subtitles])
      .when(published(baum, ana))
      .then({
        library_articles: [
          { ...row(haus, ana), content: 'Das Haus.\n\nUnd das Haus.', total_words: 5, cues },
          { ...row(baum, ana), cues: null },
        ],
        library_article_words: [
          { article_id: haus, author_id: ana, language: 'de', ...dasHaus },
          { article_id: baum, author_id: ana, language: 'de', ...dasHaus },
        ],
      });
  });

  it('an update replaces text and word set (a form’s family is its base word’s), clears a decline and keeps the approval flag only on a private article', async () => {
    const updated = (isPrivate: boolean) => ({
      type: ArticleUpdated.type,
      data: { articleId: haus, ...body('Er ging, Bäume.', isPrivate), at: later },
    });
    const flaggedAndDeclined = [
      published(haus, ana),
      { type: ArticleFlaggedForApproval.type, data: { articleId: haus, at } },
      { type: ArticleDeclined.type, data: { articleId: haus, reason: 'Spam', at } },
      { type: ArticleFlaggedForApproval.type, data: { articleId: haus, at } },
    ];
    const after = { ...row(haus, ana, 3), content: 'Er ging, Bäume.', updated_at: new Date(later), decline_reason: null };
    await spec
      .given(flaggedAndDeclined)
      .when(updated(true))
      .then({
        library_articles: [{ ...after, is_private: true, flagged: true }],
        library_article_words: [
          {
            article_id: haus,
            author_id: ana,
            language: 'de',
            ...wordSet([
              ['er', 'er', 1],
              ['ging', 'gehen', 1],
              ['bäume', 'baum', 1],
            ]),
          },
        ],
      });
    await spec
      .given(flaggedAndDeclined)
      .when(updated(false))
      .then({ library_articles: [{ ...after, is_private: false, flagged: false }] });
  });

  it('ratings: one per reader (a new one replaces theirs), averaged; reads: readers, not visits', async () => {
    await spec
      .given([published(haus, ana), rated(haus, ben, 2)])
      .when([rated(haus, cyd, 5), rated(haus, ben, 4), read(haus, ben), read(haus, ben, '2026-03-02'), read(haus, cyd)])
      .then({
        library_articles: [{ ...row(haus, ana), average_rating: 4.5, ratings: 2, total_reads: 2 }],
        library_ratings: [
          { article_id: haus, user_id: ben, rating: 4 },
          { article_id: haus, user_id: cyd, rating: 5 },
        ],
      });
  });

  it('a deleted article goes with its words, ratings and readers; a deleted series leaves its articles', async () => {
    const inSeries = { ...published(baum, ana), data: { ...published(baum, ana).data, seriesId: reihe } };
    const series = {
      type: SeriesCreated.type,
      data: {
        seriesId: reihe,
        languageCode: 'de',
        authorId: ana,
        title: 'Reihe',
        description: '',
        previewImgSrc: null,
        authorDisplayName: 'Ana',
        isPrivate: false,
        at,
      },
    };
    await spec
      .given([series, published(haus, ana), inSeries, rated(haus, ben, 3), read(haus, ben)])
      .when([
        { type: ArticleDeleted.type, data: { articleId: haus, at } },
        { type: SeriesDeleted.type, data: { seriesId: reihe, at } },
      ])
      .then({
        library_articles: [row(baum, ana)],
        library_article_words: [{ article_id: baum, author_id: ana, language: 'de', ...dasHaus }],
        library_series: [],
        library_ratings: [],
        library_article_readers: [],
      });
  });

  it("erasure: the user's articles, word sets and series go, and their ratings (averages follow); their reads stay counted", async () => {
    await spec
      .given([published(haus, ana), published(baum, null), rated(baum, ben, 1), rated(baum, cyd, 4), read(baum, ben), read(baum, cyd)])
      .when({ type: UserDeleted.type, id: erasure, data: { userId: ben, at } })
      .then({
        library_articles: [row(haus, ana), { ...row(baum, null), average_rating: 4, ratings: 1, total_reads: 2 }],
        library_ratings: [{ article_id: baum, user_id: cyd, rating: 4 }],
        library_article_readers: [
          { article_id: baum, user_id: cyd },
          { article_id: baum, user_id: erasure },
        ],
      });
    await spec
      .given([published(haus, ana), published(baum, null)])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({
        library_articles: [row(baum, null)],
        library_article_words: [{ article_id: baum, author_id: null, language: 'de', ...dasHaus }],
      });
  });
});
