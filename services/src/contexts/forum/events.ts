import { z } from 'zod';
import { AttachedToSchema, ForumReportReasonSchema, LearningLanguageSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

const at = z.iso.datetime();
/** What a learner wrote is sealed with their key (crypto-shredded when their account is deleted). */
const sealedFor = z.uuid().optional();

/** A learner started a thread; its first post follows as PostWritten on the post's own stream. */
export const ThreadStarted = defineEvent(
  'forum.ThreadStarted',
  z.object({
    threadId: z.uuid(),
    language: LearningLanguageSchema,
    attachedTo: AttachedToSchema.nullable(),
    title: z.string(),
    authorId: z.uuid(),
    at,
    sealedFor,
  }),
);
/** An admin locked (or unlocked) a thread against new replies. */
export const ThreadLocked = defineEvent('forum.ThreadLocked', z.object({ threadId: z.uuid(), locked: z.boolean(), by: z.string(), at }));

export const PostWritten = defineEvent(
  'forum.PostWritten',
  z.object({ postId: z.uuid(), threadId: z.uuid(), authorId: z.uuid(), body: z.string(), quotePostId: z.uuid().nullable(), at, sealedFor }),
);
export const PostEdited = defineEvent(
  'forum.PostEdited',
  z.object({ postId: z.uuid(), threadId: z.uuid(), body: z.string(), at, sealedFor }),
);
export const PostDeleted = defineEvent('forum.PostDeleted', z.object({ postId: z.uuid(), threadId: z.uuid(), at }));
export const PostHidden = defineEvent(
  'forum.PostHidden',
  z.object({ postId: z.uuid(), threadId: z.uuid(), hidden: z.boolean(), by: z.string(), at }),
);
/**
 * A learner reported a post: a reason from the fixed list (not personal), and their own words sealed.
 * v1 had only free text: it reads as "other" with that text as the details (still sealed as it was).
 */
export const PostReported = defineEvent(
  'forum.PostReported',
  z.object({
    postId: z.uuid(),
    threadId: z.uuid(),
    reporterId: z.uuid(),
    reason: ForumReportReasonSchema,
    details: z.string().nullable(),
    at,
    sealedFor,
  }),
  { version: 2, upcasters: { 1: ({ reason, ...rest }) => ({ ...rest, reason: 'other', details: reason }) } },
);
export const PostUpvoted = defineEvent('forum.PostUpvoted', z.object({ postId: z.uuid(), userId: z.uuid(), upvoted: z.boolean(), at }));
export const ThreadSubscriptionChanged = defineEvent(
  'forum.ThreadSubscriptionChanged',
  z.object({ threadId: z.uuid(), userId: z.uuid(), subscribed: z.boolean(), at }),
);
export const ThreadRead = defineEvent('forum.ThreadRead', z.object({ threadId: z.uuid(), userId: z.uuid(), at }));

export const threadEvents = [ThreadStarted, ThreadLocked] as const;
export const postEvents = [PostWritten, PostEdited, PostDeleted, PostHidden, PostReported] as const;
export const readerEvents = [PostUpvoted, ThreadSubscriptionChanged, ThreadRead] as const;
export const forumEvents = [...threadEvents, ...postEvents, ...readerEvents] as const;
export type ThreadEvent = EventOf<(typeof threadEvents)[number]>;
export type PostEvent = EventOf<(typeof postEvents)[number]>;
export type ReaderEvent = EventOf<(typeof readerEvents)[number]>;

/** Small streams: a thread's own facts; each post's life; one reader's vote on a post; one reader's following of a thread. */
export const threadStream = (threadId: string) => `forum-thread-${threadId}`;
export const postStream = (postId: string) => `forum-post-${postId}`;
export const voteStream = (postId: string, userId: string) => `forum-vote-${postId}.${userId}`;
export const readerStream = (threadId: string, userId: string) => `forum-reader-${threadId}.${userId}`;
