import { z } from 'zod';
import { ArticleCategorySchema, ContentFormatSchema, LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/**
 * What an author wrote is sealed with their data key (platform/personal-data): these string fields then
 * hold tokens and `sealedFor` names the author, so erasing the key erases the text from the log. Events
 * written before sealing (and Verba's own content) carry the text in clear and no `sealedFor`.
 */
export const ARTICLE_SEALED_FIELDS = ['name', 'content', 'translation', 'authorDisplayName', 'previewImgSrc'] as const;
export const SERIES_SEALED_FIELDS = ['title', 'description', 'authorDisplayName', 'previewImgSrc'] as const;
const sealedFor = { sealedFor: z.uuid().optional() };
/** A clear name is at most 200 characters; a sealed one is a longer token. */
const nameLength = (d: { name: string; sealedFor?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!d.sealedFor && d.name.length > 200) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Too long' });
};

/** The editable part of an article, as stored (already sanitized). */
const articleBody = {
  languageCode: LearningLanguageSchema,
  name: z.string().min(1),
  category: ArticleCategorySchema,
  level: LevelSchema,
  content: z.string().min(1),
  contentFormat: ContentFormatSchema,
  translation: z.string(),
  previewImgSrc: z.string().nullable(),
  authorDisplayName: z.string(),
  isPrivate: z.boolean(),
  isPremiumOnly: z.boolean(),
  seriesId: z.uuid().nullable(),
  ...sealedFor,
};

/** The settings of Verba's own public plain-text articles (what v1 events implied). */
export const PUBLIC_TEXT_ARTICLE = {
  contentFormat: 'text',
  translation: '',
  previewImgSrc: null,
  isPrivate: false,
  isPremiumOnly: false,
  seriesId: null,
} as const;

/**
 * An article entered the library: public (demo or admin content), private to its author, or public and
 * waiting for approval (needApprove). v1 only had public demo articles; it is upcast on read.
 */
export const ArticlePublished = defineEvent(
  'library.ArticlePublished',
  z
    .object({
      articleId: z.uuid(),
      ...articleBody,
      /** null for content written by Verba itself. */
      authorId: z.uuid().nullable(),
      needApprove: z.boolean(),
      at: z.iso.datetime(),
      /**
       * Imported subtitles (issue 40): each paragraph's start and end in seconds, in order. Library's own
       * event only (ArticlePublished is no integration event), so adding it versions nothing public.
       */
      cues: z.array(z.object({ start: z.number().min(0), end: z.number().min(0) })).optional(),
    })
    .superRefine(nameLength),
  {
    version: 2,
    upcasters: {
      1: (data) => ({
        ...data,
        ...PUBLIC_TEXT_ARTICLE,
        authorId: null,
        needApprove: false,
      }),
    },
  },
);

/** The author (or an admin) replaced the article's text and settings. */
export const ArticleUpdated = defineEvent(
  'library.ArticleUpdated',
  z.object({ articleId: z.uuid(), ...articleBody, needApprove: z.boolean(), at: z.iso.datetime() }).superRefine(nameLength),
);

const articleAt = z.object({ articleId: z.uuid(), at: z.iso.datetime() });
export const ArticleApproved = defineEvent('library.ArticleApproved', articleAt);
/** Declined articles stay with their author as private ones, with the reason. */
export const ArticleDeclined = defineEvent('library.ArticleDeclined', articleAt.extend({ reason: z.string().min(1) }));
export const ArticleMadePublicPremium = defineEvent('library.ArticleMadePublicPremium', articleAt);
export const ArticleFlaggedForApproval = defineEvent('library.ArticleFlaggedForApproval', articleAt);
export const ArticleDeleted = defineEvent('library.ArticleDeleted', articleAt);

const readerArticle = { userId: z.uuid(), articleId: z.uuid(), at: z.iso.datetime() };
export const ArticleRated = defineEvent('library.ArticleRated', z.object({ ...readerArticle, rating: z.number().int().min(1).max(5) }));
export const BookmarkSet = defineEvent(
  'library.BookmarkSet',
  z.object({ ...readerArticle, pageNumber: z.number().int().min(1), totalPages: z.number().int().min(1) }),
);
export const ReadingProgressRecorded = defineEvent(
  'library.ReadingProgressRecorded',
  z.object({ ...readerArticle, language: LearningLanguageSchema, progress: z.number().int().min(0).max(100) }),
);
/** A reader opened the article (counted once per reader, article and UTC day). */
export const ArticleRead = defineEvent(
  'library.ArticleRead',
  z.object({ ...readerArticle, language: LearningLanguageSchema, day: z.iso.date() }),
);
/**
 * A reader asked the moderators to review an article they did not write, saying why. The reason is
 * what the reader wrote, so it is sealed with their data key (`sealedFor`). Rating-like: one record per
 * reader and article, a new reason replaces the old one.
 */
export const ArticleFlaggedForReview = defineEvent(
  'library.ArticleFlaggedForReview',
  z.object({ ...readerArticle, reason: z.string().min(1), ...sealedFor }),
);
export const FLAG_SEALED_FIELDS = ['reason'] as const;

const seriesBody = {
  title: z.string().min(1),
  description: z.string(),
  previewImgSrc: z.string().nullable(),
  authorDisplayName: z.string(),
  isPrivate: z.boolean(),
  ...sealedFor,
};
export const SeriesCreated = defineEvent(
  'library.SeriesCreated',
  // authorId is null for series written by Verba itself (the demo library).
  z.object({
    seriesId: z.uuid(),
    languageCode: LearningLanguageSchema,
    authorId: z.uuid().nullable(),
    ...seriesBody,
    at: z.iso.datetime(),
  }),
);
export const SeriesUpdated = defineEvent('library.SeriesUpdated', z.object({ seriesId: z.uuid(), ...seriesBody, at: z.iso.datetime() }));
export const SeriesDeleted = defineEvent('library.SeriesDeleted', z.object({ seriesId: z.uuid(), at: z.iso.datetime() }));

/**
 * A user's private-article count moved (one stream per user: the authoring quota). Each event carries the
 * running count, so a decision reads only the stream's last event; appends with the expected revision
 * serialize one user's creations, which makes the free limit exact under concurrency.
 */
export const PrivateArticleCountChanged = defineEvent(
  'library.PrivateArticleCountChanged',
  z.object({
    userId: z.uuid(),
    articleId: z.uuid(),
    change: z.enum(['taken', 'freed']),
    privateArticles: z.number().int().min(0),
    at: z.iso.datetime(),
  }),
);
export const quotaEvents = [PrivateArticleCountChanged] as const;
export type QuotaEvent = EventOf<(typeof quotaEvents)[number]>;
export const quotaStream = (userId: string) => `library-quota-${userId}`;

export const articleStream = (articleId: string) => `library-article-${articleId}`;
export const seriesStream = (seriesId: string) => `library-series-${seriesId}`;
/** Reader streams are per reader and article (reads also per day), so each stays a handful of events. */
export const ratingStream = (articleId: string, userId: string) => `library-rating-${articleId}.${userId}`;
export const bookmarkStream = (userId: string, articleId: string) => `library-bookmark-${userId}.${articleId}`;
export const progressStream = (userId: string, articleId: string) => `library-progress-${userId}.${articleId}`;
export const flagStream = (articleId: string, userId: string) => `library-flag-${articleId}.${userId}`;
export const readStream = (userId: string, articleId: string, day: string) => `library-read-${userId}.${articleId}.${day}`;

// Admin moderation (issue 17), appended here so other additions to this file merge cleanly.
/** An admin dismissed the flags of an article: it stays as it is. */
export const ArticleFlagDismissed = defineEvent('library.ArticleFlagDismissed', articleAt);
/** An admin approved a private article its author flagged: it is public now (not premium). */
export const ArticleMadePublic = defineEvent('library.ArticleMadePublic', articleAt);

// Reading time (issue 39.6), appended here so other additions to this file merge cleanly.
/**
 * The reader's active time on one page (visible tab, an interaction in the last two minutes, capped per report)
 * with the page's words: analytics' minutes read, words read and words a minute. One stream per reader and
 * UTC day keeps each bounded; the command id makes a resent report count once.
 */
export const ReadingTimeRecorded = defineEvent(
  'library.ReadingTimeRecorded',
  z.object({
    userId: z.uuid(),
    articleId: z.uuid(),
    language: LearningLanguageSchema,
    pageNumber: z.number().int().min(1),
    seconds: z.number().int().positive(),
    words: z.number().int().min(0),
    at: z.iso.datetime(),
  }),
);
export const readingTimeEvents = [ReadingTimeRecorded] as const;
export type ReadingTimeEvent = EventOf<(typeof readingTimeEvents)[number]>;
export const readingTimeStream = (userId: string, day: string) => `library-reading-time-${userId}.${day}`;

export const articleEvents = [
  ArticlePublished,
  ArticleUpdated,
  ArticleApproved,
  ArticleDeclined,
  ArticleMadePublicPremium,
  ArticleFlaggedForApproval,
  ArticleDeleted,
  ArticleFlagDismissed,
  ArticleMadePublic,
] as const;
export const readerEvents = [ArticleRated, BookmarkSet, ReadingProgressRecorded, ArticleRead, ArticleFlaggedForReview] as const;
export const seriesEvents = [SeriesCreated, SeriesUpdated, SeriesDeleted] as const;
export const libraryEvents = [...articleEvents, ...readerEvents, ...seriesEvents, ...readingTimeEvents] as const;

export type ArticleEvent = EventOf<(typeof articleEvents)[number]>;
export type ReaderEvent = EventOf<(typeof readerEvents)[number]>;
export type SeriesEvent = EventOf<(typeof seriesEvents)[number]>;
export type LibraryEvent = EventOf<(typeof libraryEvents)[number]>;
