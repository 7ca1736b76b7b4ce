import { z } from 'zod';
import { ArticleCategorySchema } from '../domain/categories';
import { DIFFICULTY_LABELS } from '../domain/difficulty';
import { LearningLanguageSchema } from '../domain/languages';
import { visibleName } from '../domain/names';
import { LevelSchema } from '../domain/levels';
import { ADMIN_PAGE_SIZE, CommandIdSchema, PositionSchema, defineRoute, pageFields, pageQuery } from './route';

/**
 * Free users may keep this many private articles; public articles need Master (they then wait for an
 * admin's approval). Master users and admins have no private limit.
 */
export const FREE_PRIVATE_ARTICLE_LIMIT = 5;
export const ARTICLE_NAME_MAX = 200;
export const ARTICLE_CONTENT_MAX = 100_000;
export const ARTICLE_TRANSLATION_MAX = 100_000;
export const AUTHOR_NAME_MAX = 60;
export const LIBRARY_PAGE_SIZE_MAX = 100;
export const FLAG_REASON_MAX = 500;

/** The library's user-facing texts (problem+json `message`). */
export const LIBRARY_MESSAGES = {
  required: 'Required',
  nameTooLong: `Maximum ${ARTICLE_NAME_MAX} letters are allowed`,
  contentTooLong: `Maximum ${ARTICLE_CONTENT_MAX} letters are allowed`,
  authorTooLong: `Maximum ${AUTHOR_NAME_MAX} letters are allowed`,
  imageAddress: 'The image address must start with https:// or http://',
  articleNotFound: 'Article not found',
  seriesNotFound: 'Series not found',
  premiumOnly: 'This article is for Master subscribers. Upgrade to Master to read it.',
  publicNeedsMaster: 'Publishing in the public library needs a Master subscription.',
  privateLimit: `Free accounts can keep up to ${FREE_PRIVATE_ARTICLE_LIMIT} private articles. Upgrade to Master for more.`,
  notAuthor: 'You can only change your own articles.',
  notSeriesAuthor: 'You can only change your own series.',
  premiumAdminOnly: 'Only administrators can make an article premium-only.',
  onlyPrivateDelete: 'Only private articles can be deleted.',
  onlyPrivateFlag: 'Only private articles can be flagged for approval.',
  notPending: 'This article is not waiting for approval.',
  pageRange: 'The page number must be between 1 and the total pages',
  rate: 'The rating must be a whole number from 1 to 5',
  progressRange: 'Progress must be between 0 and 100',
  reasonRequired: 'A reason is required',
  reasonTooLong: `Maximum ${FLAG_REASON_MAX} letters are allowed`,
  otherUsersProgress: 'You can only see your own reading progress.',
  idsTooMany: 'At most 50 articles at once',
  notFlagged: 'This article is not flagged.',
} as const;
const M = LIBRARY_MESSAGES;

export const DifficultyLabelSchema = z.enum(DIFFICULTY_LABELS);
export const ContentFormatSchema = z.enum(['text', 'html']);
/** 'oldest' lists a series in reading order (its first part was published first). */
export const ARTICLE_SORTS = ['newest', 'oldest', 'name', 'rating', 'difficulty'] as const;

/** An article as the library lists it (no content); `difficulty` is measured against the caller's dictionary. */
export const ArticleSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  languageCode: LearningLanguageSchema,
  category: ArticleCategorySchema,
  generalDifficulty: LevelSchema,
  totalWords: z.number().int(),
  authorDisplayName: z.string(),
  creationDate: z.number().int(),
  averageRating: z.number(),
  /** How many users rated it (each user rates once). */
  ratings: z.number().int(),
  totalReads: z.number().int(),
  previewImgSrc: z.string().nullable(),
  isPrivate: z.boolean(),
  needApprove: z.boolean(),
  isPremiumOnly: z.boolean(),
  seriesId: z.uuid().nullable(),
  seriesTitle: z.string().nullable(),
  /** True when the caller wrote it. */
  isAuthor: z.boolean(),
  difficulty: DifficultyLabelSchema,
  /** True while the label is estimated from the caller's onboarding level (too few marked words yet). */
  difficultyEstimated: z.boolean().default(false),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/**
 * A line's start and end in seconds: the shape of admin-audio's SentenceTimingSchema (written out here so the
 * reader's bundle, which imports this file, does not take in the admin audio routes).
 */
export const CueTimingSchema = z.object({ start: z.number().min(0), end: z.number().min(0) });

export const ArticleSchema = ArticleSummarySchema.extend({
  /** `text`: plain text, paragraphs separated by a blank line; `html`: sanitized rich text (harmless tags only). */
  content: z.string(),
  contentFormat: ContentFormatSchema,
  translation: z.string(),
  /** Shown to the author only: an admin's reason for declining it. */
  declineReason: z.string().nullable(),
  /** Flagged by its author for approval (private articles). */
  flagged: z.boolean(),
  /**
   * Imported subtitles only: each line's (paragraph's) start and end in seconds, one per paragraph of
   * `content`, in order. Left out for other articles, and once an edit changed the number of paragraphs.
   */
  cues: z.array(CueTimingSchema).optional(),
});
export type Article = z.infer<typeof ArticleSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
const articleId = z.uuid({ message: M.articleNotFound });
const written = z.object({ position: PositionSchema.optional() });

export const listArticles = defineRoute({
  method: 'GET',
  path: '/api/articles',
  access: 'user',
  summary: 'Library page: visible articles in one language, filtered, searched, sorted and labelled',
  query: z.object({
    languageCode: LearningLanguageSchema,
    category: ArticleCategorySchema.optional(),
    level: LevelSchema.optional(),
    difficulty: DifficultyLabelSchema.optional(),
    seriesId: z.uuid().optional(),
    premium: booleanQuery.optional(),
    /** all: public and the caller's own; public: the public library; mine: the caller's own. */
    scope: z.enum(['all', 'public', 'mine']).default('all'),
    search: z.string().trim().max(ARTICLE_NAME_MAX).optional(),
    sort: z.enum(ARTICLE_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIBRARY_PAGE_SIZE_MAX).default(50),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({
    articles: z.array(ArticleSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
});
export type ListArticlesQuery = z.output<(typeof listArticles)['query']>;

export const getArticle = defineRoute({
  method: 'GET',
  path: '/api/articles/:id',
  access: 'user',
  summary: 'One article with its text (premium-only text for Master subscribers)',
  params: z.object({ id: articleId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: ArticleSchema,
});

export const lastArticles = defineRoute({
  method: 'GET',
  path: '/api/articles/last-articles',
  access: 'user',
  summary: "The caller's last read articles in one language (or the given ids, in that order)",
  query: z.object({
    languageCode: LearningLanguageSchema,
    ids: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)))
      .pipe(z.array(articleId).max(50, M.idsTooMany).optional()),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({ articles: z.array(ArticleSummarySchema) }),
});

export const BookmarkSchema = z.object({
  articleId: z.uuid(),
  totalPages: z.number().int(),
  pageNumber: z.number().int(),
});

export const getBookmark = defineRoute({
  method: 'GET',
  path: '/api/articles/bookmark',
  access: 'user',
  summary: "The caller's bookmark in one article (null when none)",
  query: z.object({ articleId, minPosition: PositionSchema.optional() }),
  response: z.object({ bookmark: BookmarkSchema.nullable() }),
});

export const setBookmark = defineRoute({
  method: 'POST',
  path: '/api/articles/bookmark',
  access: 'user',
  summary: 'Bookmark a page of an article',
  body: z
    .object({
      articleId,
      totalPages: z.number({ message: M.pageRange }).int(M.pageRange).min(1, M.pageRange).max(100_000, M.pageRange),
      pageNumber: z.number({ message: M.pageRange }).int(M.pageRange).min(1, M.pageRange),
      commandId: CommandIdSchema.optional(),
    })
    .refine((b) => b.pageNumber <= b.totalPages, { message: M.pageRange, path: ['pageNumber'] }),
  response: written,
});

export const getRating = defineRoute({
  method: 'GET',
  path: '/api/articles/rating',
  access: 'user',
  summary: "An article's average rating and the caller's own rating",
  query: z.object({ articleId, minPosition: PositionSchema.optional() }),
  response: z.object({ articleId: z.uuid(), rating: z.number().int().nullable(), averageRating: z.number(), ratings: z.number().int() }),
});

export const rateArticle = defineRoute({
  method: 'POST',
  path: '/api/articles/rating',
  access: 'user',
  summary: 'Rate an article 1 to 5 (one rating per user; rating again replaces it)',
  body: z.object({
    articleId,
    rate: z.number({ message: M.rate }).int(M.rate).min(1, M.rate).max(5, M.rate),
    commandId: CommandIdSchema.optional(),
  }),
  response: written,
});

export const ProgressItemSchema = z.object({
  articleId: z.uuid(),
  /** Percent read, 0 to 100; 100 is completed. */
  progress: z.number().int(),
  completed: z.boolean(),
  updatedAt: z.number().int(),
});

export const getArticleProgress = defineRoute({
  method: 'GET',
  path: '/api/articles/progress',
  access: 'user',
  summary: "Reading progress of the caller's articles in one language",
  query: z.object({ languageCode: LearningLanguageSchema, uid: z.uuid().optional(), minPosition: PositionSchema.optional() }),
  response: z.object({ languageCode: LearningLanguageSchema, items: z.array(ProgressItemSchema) }),
});

export const addArticleProgress = defineRoute({
  method: 'POST',
  path: '/api/articles/progress/add',
  access: 'user',
  summary: 'Record how far the caller read an article',
  body: z.object({
    articleProgressItem: z.object({
      articleId,
      progress: z.number({ message: M.progressRange }).int(M.progressRange).min(0, M.progressRange).max(100, M.progressRange),
    }),
    language: LearningLanguageSchema,
    commandId: CommandIdSchema.optional(),
  }),
  response: written,
});

export const CreateCheckSchema = z.object({
  canCreatePrivate: z.boolean(),
  canCreatePublic: z.boolean(),
  privateArticles: z.number().int(),
  /** null: no limit (Master, admins). */
  privateArticleLimit: z.number().int().nullable(),
});

export const canCreate = defineRoute({
  method: 'GET',
  path: '/api/articles/create',
  access: 'user',
  summary: 'May the caller create an article (of the given kind)? 403 when not',
  query: z.object({ isPrivate: booleanQuery.optional() }),
  response: CreateCheckSchema,
});

/** An image address: http(s) only, so no `javascript:` or `data:` URL is ever stored. */
export const ImageSrcSchema = z
  .string()
  .trim()
  .max(2000, M.imageAddress)
  .regex(/^https?:\/\/[^\s"'<>]+$/i, M.imageAddress);

/** A form's image address field: an empty box means no image (null), anything else must be an address. */
export const ImageSrcFieldSchema = z
  .string()
  .transform((s) => s.trim() || null)
  .pipe(ImageSrcSchema.nullable());

/** A form's series choice: "no series" (the empty option) is null, anything else a series id. */
export const SeriesIdFieldSchema = z
  .string()
  .transform((s) => s || null)
  .pipe(z.uuid({ message: M.seriesNotFound }).nullable());

/** What an author writes; text is sanitized on the server before it is stored. */
export const ArticleInputSchema = z.object({
  languageCode: LearningLanguageSchema,
  name: visibleName(z.string({ message: M.required }))
    .min(1, M.required)
    .max(ARTICLE_NAME_MAX, M.nameTooLong),
  category: ArticleCategorySchema,
  generalDifficulty: LevelSchema,
  content: z.string({ message: M.required }).trim().min(1, M.required).max(ARTICLE_CONTENT_MAX, M.contentTooLong),
  contentFormat: ContentFormatSchema.default('text'),
  translation: z.string().max(ARTICLE_TRANSLATION_MAX, M.contentTooLong).default(''),
  previewImgSrc: ImageSrcSchema.nullable().default(null),
  authorDisplayName: visibleName().max(AUTHOR_NAME_MAX, M.authorTooLong).default(''),
  isPrivate: z.boolean().default(true),
  isPremiumOnly: z.boolean().default(false),
  seriesId: z.uuid({ message: M.seriesNotFound }).nullable().default(null),
});
export type ArticleInput = z.output<typeof ArticleInputSchema>;

const savedArticle = z.object({ article: ArticleSchema, position: PositionSchema.optional() });

export const createArticle = defineRoute({
  method: 'POST',
  path: '/api/articles/create',
  access: 'user',
  summary: 'Add an article (private, or public pending approval after a moderation check)',
  status: 201,
  body: ArticleInputSchema.extend({ commandId: CommandIdSchema.optional() }),
  response: savedArticle,
});

export const updateArticle = defineRoute({
  method: 'POST',
  path: '/api/articles/update',
  access: 'user',
  summary: 'Replace the text and settings of one of the caller’s articles',
  body: ArticleInputSchema.extend({ articleId, commandId: CommandIdSchema.optional() }),
  response: savedArticle,
});

export const countRead = defineRoute({
  method: 'PATCH',
  path: '/api/articles/totalReads',
  access: 'user',
  summary: 'Record a read of an article and remember it as last read; total reads count each reader once, however often they come back',
  body: z.object({ articleId, language: LearningLanguageSchema, commandId: CommandIdSchema.optional() }),
  response: written,
});

/** Spec §7 User: POST user/last-articles (articleId) — the same record as a counted read. */
export const addLastArticle = defineRoute({
  method: 'POST',
  path: '/api/user/last-articles',
  access: 'user',
  summary: "Remember an article among the caller's last read ones (and count the read, once a day)",
  body: z.object({ articleId, language: LearningLanguageSchema, commandId: CommandIdSchema.optional() }),
  response: written,
});

export const deletePrivateArticle = defineRoute({
  method: 'DELETE',
  path: '/api/articles/private/delete',
  access: 'user',
  summary: 'Delete one of the caller’s private articles',
  query: z.object({ articleId }),
  response: written,
});

export const userArticles = defineRoute({
  method: 'GET',
  path: '/api/articles/user-articles',
  access: 'user',
  summary: "The caller's own articles (private, pending and public), newest first",
  query: z.object({ languageCode: LearningLanguageSchema.optional(), minPosition: PositionSchema.optional() }),
  response: z.object({ articles: z.array(ArticleSummarySchema) }),
});

export const flagArticles = defineRoute({
  method: 'POST',
  path: '/api/articles/add-flagged',
  access: 'user',
  summary:
    'Flag articles: the caller’s own private ones for approval into the public library, any other article they can read for an admin’s review (a reason is then required; who, why and when are kept for the moderators)',
  body: z.object({
    articleIds: z.array(articleId).min(1, M.required).max(50, M.idsTooMany),
    /** Why the article should be reviewed; required for articles the caller did not write. */
    reason: z.string({ message: M.reasonRequired }).trim().max(FLAG_REASON_MAX, M.reasonTooLong).optional(),
    commandId: CommandIdSchema.optional(),
  }),
  response: z.object({ flagged: z.number().int(), position: PositionSchema.optional() }),
});

export const pendingArticles = defineRoute({
  method: 'GET',
  path: '/api/admin/library/pending',
  access: 'admin',
  summary: 'Public articles waiting for approval and private ones flagged by their authors, the oldest article first, a page at a time',
  query: z.object({ ...pageQuery(ADMIN_PAGE_SIZE), minPosition: PositionSchema.optional() }),
  response: z.object({ articles: z.array(ArticleSchema), ...pageFields }),
});

export const approveArticle = defineRoute({
  method: 'POST',
  path: '/api/admin/library/approve',
  access: 'admin',
  summary: 'Approve a pending public article',
  body: z.object({ articleId }),
  response: written,
});

export const declineArticle = defineRoute({
  method: 'POST',
  path: '/api/admin/library/decline',
  access: 'admin',
  summary: 'Decline a pending or flagged article with a reason (it stays private to its author)',
  body: z.object({
    articleId,
    reason: z.string({ message: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500),
  }),
  response: written,
});

export const makePublicPremium = defineRoute({
  method: 'POST',
  path: '/api/admin/library/make-public-premium',
  access: 'admin',
  summary: 'Make a private (or pending) article public and premium-only',
  body: z.object({ articleId }),
  response: written,
});

export const libraryRoutes = {
  listArticles,
  getArticle,
  lastArticles,
  addLastArticle,
  getBookmark,
  setBookmark,
  getRating,
  rateArticle,
  getProgress: getArticleProgress,
  addProgress: addArticleProgress,
  canCreate,
  createArticle,
  updateArticle,
  countRead,
  deletePrivateArticle,
  userArticles,
  flagArticles,
  pendingArticles,
  approveArticle,
  declineArticle,
  makePublicPremium,
};
