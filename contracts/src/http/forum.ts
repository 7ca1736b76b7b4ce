import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { FORUM_BODY_MAX, FORUM_MESSAGES as M, FORUM_REASON_MAX, FORUM_REPORT_REASONS, FORUM_TITLE_MAX } from '../domain/forum';
import { visibleName } from '../domain/names';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

// ---- Forum: categories per language, a thread per library article and course chapter ----

const text = (max: number, tooLong: string) => z.string({ error: M.required }).trim().min(1, M.required).max(max, tooLong);
const TitleSchema = visibleName(z.string({ error: M.required }))
  .min(1, M.required)
  .max(FORUM_TITLE_MAX, M.titleMax);
/** Markdown; the server renders it to sanitized HTML on every read. */
const BodySchema = text(FORUM_BODY_MAX, M.bodyMax);
const threadParams = z.object({ threadId: z.uuid({ error: M.threadNotFound }) });
const postParams = z.object({ postId: z.uuid({ error: M.postNotFound }) });
const positionOnly = z.object({ position: PositionSchema.optional() });
const minPosition = { minPosition: PositionSchema.optional() };
const page = { page: z.coerce.number().int().min(1).max(10_000).default(1) };
/** "Load more" goes on from where the last page ended (a new post cannot shift what comes next); it wins over `page`. */
const threadCursor = {
  cursor: z
    .string()
    .regex(/^\d{1,15}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, M.badCursor)
    .optional(),
};
const postCursor = {
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, M.badCursor)
    .optional(),
};
const nextCursor = { nextCursor: z.string().nullable() };

export const ForumReportReasonSchema = z.enum(FORUM_REPORT_REASONS, { error: M.reasonRequired });

export const DiscussionKindSchema = z.enum(['article', 'chapter']);
/** What a discussion hangs on: a library article or a course chapter, by its id. */
export const AttachedToSchema = z.object({
  kind: DiscussionKindSchema,
  targetId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, M.threadNotFound),
});

export const ThreadSummarySchema = z.object({
  id: z.uuid(),
  language: LearningLanguageSchema,
  attachedTo: AttachedToSchema.nullable(),
  /** Empty when the author's account was deleted (their text is erased). */
  title: z.string(),
  author: z.string(),
  locked: z.boolean(),
  replies: z.number().int(),
  lastPostAt: z.number().int(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const ForumPostSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  mine: z.boolean(),
  /** Sanitized HTML of the Markdown body; empty when deleted, hidden (to learners) or erased. */
  html: z.string(),
  quote: z.object({ postId: z.uuid(), author: z.string(), html: z.string() }).nullable(),
  createdAt: z.number().int(),
  editedAt: z.number().int().nullable(),
  deleted: z.boolean(),
  hidden: z.boolean(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
  /** The caller may still edit it (own, not deleted, within the edit window). */
  editable: z.boolean(),
  /** The Markdown as written, only to its author while it is editable (the edit form starts from it). */
  markdown: z.string().nullable(),
});
export type ForumPost = z.infer<typeof ForumPostSchema>;

export const listForumCategories = defineRoute({
  method: 'GET',
  path: '/api/forum/categories',
  access: 'user',
  summary: 'The forum categories, one per learning language, with their thread counts',
  response: z.object({ categories: z.array(z.object({ language: LearningLanguageSchema, threads: z.number().int() })) }),
});

export const listForumThreads = defineRoute({
  method: 'GET',
  path: '/api/forum/threads',
  access: 'user',
  summary: 'Threads of a language, the most recently active first, a page at a time',
  query: z.object({ language: LearningLanguageSchema, ...page, ...threadCursor, ...minPosition }),
  response: z.object({ threads: z.array(ThreadSummarySchema), page: z.number().int(), total: z.number().int(), ...nextCursor }),
});

export const getDiscussion = defineRoute({
  method: 'GET',
  path: '/api/forum/discussions/:kind/:targetId',
  access: 'user',
  summary:
    "The thread of an article or chapter the caller may open: its id (fixed by the target), whether it has started, and the target's language",
  params: z.object({ kind: DiscussionKindSchema, targetId: AttachedToSchema.shape.targetId }),
  query: z.object(minPosition),
  response: z.object({ threadId: z.uuid(), started: z.boolean(), language: LearningLanguageSchema }),
  errors: { 403: 'the chapter or article is for Master subscribers', 404: 'no such article or chapter, or not one the caller may open' },
});

export const startForumThread = defineRoute({
  method: 'POST',
  path: '/api/forum/threads',
  access: 'user',
  summary: "Start a thread in a language's category, or the discussion of an article or chapter",
  body: z.object({
    commandId: CommandIdSchema,
    language: LearningLanguageSchema,
    title: TitleSchema,
    body: BodySchema,
    attachedTo: AttachedToSchema.optional(),
  }),
  response: z.object({ threadId: z.uuid(), postId: z.uuid(), position: PositionSchema.optional() }),
  status: 201,
  errors: {
    400: M.wrongLanguage,
    403: 'the chapter or article discussed is for Master subscribers',
    404: 'no such article or chapter discussed, or not one the caller may open',
    409: M.started,
    429: M.tooMany,
  },
});

export const getForumThread = defineRoute({
  method: 'GET',
  path: '/api/forum/threads/:threadId',
  access: 'user',
  summary: 'A thread and a page of its posts, oldest first',
  params: threadParams,
  query: z.object({ ...page, ...postCursor, ...minPosition }),
  response: z.object({
    thread: ThreadSummarySchema.extend({ subscribed: z.boolean(), unread: z.number().int() }),
    posts: z.array(ForumPostSchema),
    page: z.number().int(),
    total: z.number().int(),
    ...nextCursor,
  }),
  errors: { 404: M.threadNotFound },
});

export const replyToForumThread = defineRoute({
  method: 'POST',
  path: '/api/forum/threads/:threadId/posts',
  access: 'user',
  summary: 'Reply to a thread, optionally quoting one of its posts',
  params: threadParams,
  body: z.object({ commandId: CommandIdSchema, body: BodySchema, quotePostId: z.uuid({ error: M.postNotFound }).optional() }),
  response: z.object({ postId: z.uuid(), position: PositionSchema.optional() }),
  status: 201,
  errors: { 404: M.threadNotFound, 409: M.locked, 429: M.tooMany },
});

export const editForumPost = defineRoute({
  method: 'PATCH',
  path: '/api/forum/posts/:postId',
  access: 'user',
  summary: 'Edit your own post within the edit window',
  params: postParams,
  body: z.object({ body: BodySchema }),
  response: positionOnly,
  errors: { 403: `${M.notYours} / ${M.editWindow}`, 404: M.postNotFound },
});

export const deleteForumPost = defineRoute({
  method: 'DELETE',
  path: '/api/forum/posts/:postId',
  access: 'user',
  summary: 'Delete your own post (its text goes; the place in the thread stays)',
  params: postParams,
  response: positionOnly,
  errors: { 403: M.notYours, 404: M.postNotFound },
});

export const upvoteForumPost = defineRoute({
  method: 'PUT',
  path: '/api/forum/posts/:postId/upvote',
  access: 'user',
  summary: "Upvote another learner's post, or take the upvote back",
  params: postParams,
  body: z.object({ upvoted: z.boolean() }),
  response: positionOnly,
  errors: { 403: M.ownUpvote, 404: M.postNotFound },
});

export const reportForumPost = defineRoute({
  method: 'POST',
  path: '/api/forum/posts/:postId/report',
  access: 'user',
  summary: 'Report a post to the moderators: a reason from the fixed list, and optional details',
  params: postParams,
  body: z.object({ reason: ForumReportReasonSchema, details: z.string().trim().max(FORUM_REASON_MAX, M.reasonMax).optional() }),
  response: positionOnly,
  errors: { 404: M.postNotFound },
});

export const subscribeForumThread = defineRoute({
  method: 'PUT',
  path: '/api/forum/threads/:threadId/subscription',
  access: 'user',
  summary: 'Follow a thread (its unread replies are counted) or stop following it',
  params: threadParams,
  body: z.object({ subscribed: z.boolean() }),
  response: positionOnly,
  errors: { 404: M.threadNotFound },
});

export const markForumThreadRead = defineRoute({
  method: 'POST',
  path: '/api/forum/threads/:threadId/read',
  access: 'user',
  summary: 'Mark every post of a thread read (its unread count goes to 0)',
  params: threadParams,
  response: positionOnly,
  errors: { 404: M.threadNotFound },
});

export const listForumSubscriptions = defineRoute({
  method: 'GET',
  path: '/api/forum/subscriptions',
  access: 'user',
  summary: 'The threads you follow with their unread replies',
  query: z.object(minPosition),
  response: z.object({ threads: z.array(ThreadSummarySchema.extend({ unread: z.number().int() })) }),
});

/** One reported post as moderators see it: its text as written, its thread, and every report on it. */
export const ForumReportSchema = z.object({
  /** `text` is the Markdown as written (shown as plain text), also for a hidden post. */
  post: ForumPostSchema.extend({ threadId: z.uuid(), text: z.string() }),
  thread: z.object({ id: z.uuid(), title: z.string(), language: LearningLanguageSchema, locked: z.boolean() }),
  /** `details` is what the reporter added in their own words (plain text), null when nothing. */
  reports: z.array(
    z.object({ reporter: z.string(), reason: ForumReportReasonSchema, details: z.string().nullable(), at: z.number().int() }),
  ),
  /** Neither hidden nor deleted yet: it still waits for a moderator. */
  open: z.boolean(),
});
export type ForumReport = z.infer<typeof ForumReportSchema>;

export const adminListForumReports = defineRoute({
  method: 'GET',
  path: '/api/admin/forum/reports',
  access: 'admin',
  summary: 'Reported forum posts, open ones first, then the most recently reported, a page at a time',
  query: z.object({ ...page, ...minPosition }),
  response: z.object({ reports: z.array(ForumReportSchema), page: z.number().int(), total: z.number().int(), open: z.number().int() }),
});

export const adminHideForumPost = defineRoute({
  method: 'PUT',
  path: '/api/admin/forum/posts/:postId/hidden',
  access: 'admin',
  summary: 'Hide a post from learners (or show it again)',
  params: postParams,
  body: z.object({ hidden: z.boolean() }),
  response: positionOnly,
  errors: { 404: M.postNotFound },
});

export const adminLockForumThread = defineRoute({
  method: 'PUT',
  path: '/api/admin/forum/threads/:threadId/locked',
  access: 'admin',
  summary: 'Lock a thread against new replies (or unlock it)',
  params: threadParams,
  body: z.object({ locked: z.boolean() }),
  response: positionOnly,
  errors: { 404: M.threadNotFound },
});

export const forumRoutes = {
  listForumCategories,
  listForumThreads,
  getDiscussion,
  startForumThread,
  getForumThread,
  replyToForumThread,
  editForumPost,
  deleteForumPost,
  upvoteForumPost,
  reportForumPost,
  subscribeForumThread,
  markForumThreadRead,
  listForumSubscriptions,
  adminListForumReports,
  adminHideForumPost,
  adminLockForumThread,
};
