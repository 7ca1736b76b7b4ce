import { z } from 'zod';
import { ArticleCategorySchema } from '../domain/categories';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import {
  ArticleInputSchema,
  ArticleSchema,
  ArticleSummarySchema,
  ARTICLE_NAME_MAX,
  LIBRARY_MESSAGES,
  LIBRARY_PAGE_SIZE_MAX,
} from './library';
import { SeriesInputSchema, SeriesSchema } from './series';
import { ADMIN_PAGE_SIZE, CommandIdSchema, PositionSchema, defineRoute, pageFields, pageQuery } from './route';

/** Texts of the admin library pages' answers (problem+json `message`). */
export const ADMIN_LIBRARY_MESSAGES = {
  reasonRequired: LIBRARY_MESSAGES.reasonRequired,
  notFlagged: LIBRARY_MESSAGES.notFlagged,
  notPending: LIBRARY_MESSAGES.notPending,
  idsRequired: 'Choose at least one article',
  idsTooMany: LIBRARY_MESSAGES.idsTooMany,
  visibility: 'Visibility is public, private or premium',
  sort: 'Sort by newest, oldest, name, rating or reads',
} as const;
const M = ADMIN_LIBRARY_MESSAGES;

const articleId = z.uuid({ message: LIBRARY_MESSAGES.articleNotFound });
const seriesId = z.uuid({ message: LIBRARY_MESSAGES.seriesNotFound });
const written = z.object({ position: PositionSchema.optional() });
const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Who flagged an article and why (older flags, and flags by an erased account, name nobody). */
export const ArticleFlagSchema = z.object({
  flaggedBy: z.string().nullable(),
  /** The flagger's display name; null when unknown or erased (the flag stays, by nobody). */
  flaggedByName: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
});
export type ArticleFlag = z.infer<typeof ArticleFlagSchema>;

/** An article as the admin lists see it: every state, with the decline reason and the flags. */
export const AdminArticleSchema = ArticleSummarySchema.extend({
  flagged: z.boolean(),
  declineReason: z.string().nullable(),
  /** null for Verba's own articles. */
  authorId: z.uuid().nullable(),
  flags: z.array(ArticleFlagSchema),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

/** public: in the library for everyone (premium ones included); premium: Master only; private: the author's. */
export const ADMIN_ARTICLE_VISIBILITY = ['public', 'private', 'premium'] as const;

/** The admin article list's orders: by date added, title, average rating, or readers (most first). */
export const ADMIN_ARTICLE_SORTS = ['newest', 'oldest', 'name', 'rating', 'reads'] as const;
export type AdminArticleSort = (typeof ADMIN_ARTICLE_SORTS)[number];

export const adminLibraryOverview = defineRoute({
  method: 'GET',
  path: '/api/admin/library/overview',
  access: 'admin',
  summary: 'Counts of the library for the admin overview (articles by state, series)',
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({
    articles: z.number().int(),
    public: z.number().int(),
    private: z.number().int(),
    premium: z.number().int(),
    pending: z.number().int(),
    flagged: z.number().int(),
    series: z.number().int(),
  }),
});

export const adminListArticles = defineRoute({
  method: 'GET',
  path: '/api/admin/library/articles',
  access: 'admin',
  summary: 'Every article (any author, any state), filtered, searched by title, sorted and paged (newest first unless asked)',
  query: z.object({
    languageCode: LearningLanguageSchema.optional(),
    level: LevelSchema.optional(),
    category: ArticleCategorySchema.optional(),
    visibility: z.enum(ADMIN_ARTICLE_VISIBILITY, { message: M.visibility }).optional(),
    pending: booleanQuery.optional(),
    flagged: booleanQuery.optional(),
    search: z.string().trim().max(ARTICLE_NAME_MAX).optional(),
    sort: z.enum(ADMIN_ARTICLE_SORTS, { message: M.sort }).default('newest'),
    ...pageQuery(ADMIN_PAGE_SIZE, LIBRARY_PAGE_SIZE_MAX),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({ articles: z.array(AdminArticleSchema), ...pageFields }),
});
export type AdminListArticlesQuery = z.output<(typeof adminListArticles)['query']>;

export const adminGetArticle = defineRoute({
  method: 'GET',
  path: '/api/admin/library/articles/:articleId',
  access: 'admin',
  summary: 'One article with its text, in any state (for the admin editor)',
  params: z.object({ articleId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: ArticleSchema.extend({ authorId: z.uuid().nullable() }),
});

/** The learner's article form, plus premium and category (both already in it) for admins. */
export const AdminArticleInputSchema = ArticleInputSchema;

export const adminCreateArticle = defineRoute({
  method: 'POST',
  path: '/api/admin/library/articles',
  access: 'admin',
  summary: "Add one of Verba's own articles (no author; public, private or premium; no approval needed)",
  status: 201,
  body: AdminArticleInputSchema.extend({ commandId: CommandIdSchema.optional() }),
  response: z.object({ articleId: z.uuid(), position: PositionSchema.optional() }),
});

export const adminUpdateArticle = defineRoute({
  method: 'PUT',
  path: '/api/admin/library/articles/:articleId',
  access: 'admin',
  summary: 'Replace the text and settings of any article (its author keeps authorship)',
  params: z.object({ articleId }),
  body: AdminArticleInputSchema.extend({ commandId: CommandIdSchema.optional() }),
  response: written,
});

export const adminDeleteArticle = defineRoute({
  method: 'DELETE',
  path: '/api/admin/library/articles/:articleId',
  access: 'admin',
  summary: 'Delete any article, public ones included',
  params: z.object({ articleId }),
  response: written,
});

export const adminReviewArticles = defineRoute({
  method: 'POST',
  path: '/api/admin/library/review',
  access: 'admin',
  summary: 'Approve, decline (with a reason the author sees) or dismiss the flag of several articles at once',
  description: 'Every article is checked first: if one cannot take the action, the answer is an error and no article changes.',
  body: z
    .object({
      action: z.enum(['approve', 'decline', 'dismiss']),
      articleIds: z.array(articleId, { message: M.idsRequired }).min(1, M.idsRequired).max(50, M.idsTooMany),
      reason: z.string().trim().max(500).optional(),
      commandId: CommandIdSchema.optional(),
    })
    .refine((b) => b.action !== 'decline' || !!b.reason, { message: M.reasonRequired, path: ['reason'] }),
  response: z.object({ changed: z.number().int(), position: PositionSchema.optional() }),
  errors: { 404: 'An article does not exist', 409: 'An article is not in a state the action applies to' },
});

export const adminFlaggedArticles = defineRoute({
  method: 'GET',
  path: '/api/admin/library/flagged',
  access: 'admin',
  summary: 'Flagged articles with who flagged them and why, the oldest article first, a page at a time',
  query: z.object({ ...pageQuery(ADMIN_PAGE_SIZE), minPosition: PositionSchema.optional() }),
  response: z.object({ articles: z.array(AdminArticleSchema), ...pageFields }),
});

export const AdminSeriesSchema = SeriesSchema.extend({ authorId: z.uuid().nullable() });

export const adminListSeries = defineRoute({
  method: 'GET',
  path: '/api/admin/series',
  access: 'admin',
  summary: 'Every series (any author, private ones included), newest first, a page at a time',
  query: z.object({
    languageCode: LearningLanguageSchema.optional(),
    ...pageQuery(ADMIN_PAGE_SIZE),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({ series: z.array(AdminSeriesSchema), ...pageFields }),
});

export const adminGetSeries = defineRoute({
  method: 'GET',
  path: '/api/admin/series/:seriesId',
  access: 'admin',
  summary: 'One series (any author, private included), for its editor',
  params: z.object({ seriesId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: AdminSeriesSchema,
  errors: { 404: LIBRARY_MESSAGES.seriesNotFound },
});

export const adminCreateSeries = defineRoute({
  method: 'POST',
  path: '/api/admin/series',
  access: 'admin',
  summary: "Add one of Verba's own series (no author)",
  status: 201,
  body: SeriesInputSchema.extend({ commandId: CommandIdSchema.optional() }),
  response: z.object({ seriesId: z.uuid(), position: PositionSchema.optional() }),
});

export const adminUpdateSeries = defineRoute({
  method: 'PUT',
  path: '/api/admin/series/:seriesId',
  access: 'admin',
  summary: 'Change any series (its language stays)',
  params: z.object({ seriesId }),
  body: SeriesInputSchema.omit({ languageCode: true }).extend({ commandId: CommandIdSchema.optional() }),
  response: written,
});

export const adminDeleteSeries = defineRoute({
  method: 'DELETE',
  path: '/api/admin/series/:seriesId',
  access: 'admin',
  summary: 'Delete any series (its articles stay, outside any series)',
  params: z.object({ seriesId }),
  response: written,
});

export const adminLibraryRoutes = {
  adminLibraryOverview,
  adminListArticles,
  adminGetArticle,
  adminCreateArticle,
  adminUpdateArticle,
  adminDeleteArticle,
  adminReviewArticles,
  adminFlaggedArticles,
  adminListSeries,
  adminGetSeries,
  adminCreateSeries,
  adminUpdateSeries,
  adminDeleteSeries,
};
