import { readRoute, sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import {
  deleteForumPost,
  editForumPost,
  getDiscussion,
  getForumThread,
  listForumCategories,
  listForumSubscriptions,
  listForumThreads,
  markForumThreadRead,
  replyToForumThread,
  reportForumPost,
  startForumThread,
  subscribeForumThread,
  upvoteForumPost,
} from '@verba/contracts/http';
import { LANGUAGE_NAMES, isLearningLanguage, type ForumReportReason, type LearningLanguage } from '@verba/contracts';
import type { z } from 'zod';

// Reads go through the kit (useRouteQuery, readRoute): each waits for this tab's latest write (read-your-writes).

export type Language = LearningLanguage;
export { LANGUAGE_NAMES };
export const isLanguage = isLearningLanguage;

export type ThreadView = z.output<(typeof getForumThread)['response']>;
export type ThreadsPage = z.output<(typeof listForumThreads)['response']>;

const after = (cursor: string | undefined) => (cursor ? { cursor } : {});

/** The forum's categories (a language each, with its thread count). */
export const useCategories = () => useRouteQuery(listForumCategories);
/** A page of threads or of a thread's posts; the next one goes on after the server's cursor ("Load more"). */
export const fetchThreads = (language: Language, cursor?: string) => readRoute(listForumThreads, { query: { language, ...after(cursor) } });
export const fetchThread = (threadId: string, cursor?: string) => readRoute(getForumThread, { params: { threadId }, query: after(cursor) });
/** The threads the learner follows, with their unread replies. */
export const useSubscriptions = () => useRouteQuery(listForumSubscriptions);
/** The thread of an article or chapter (404/403 when the learner may not open it), and the target's language. */
export const fetchDiscussion = (kind: 'article' | 'chapter', targetId: string) => readRoute(getDiscussion, { params: { kind, targetId } });

export const startThread = (input: {
  language: Language;
  title: string;
  body: string;
  attachedTo?: { kind: 'article' | 'chapter'; targetId: string };
}) => sendCommand(startForumThread, { body: input });
export const replyTo = (threadId: string, body: string, quotePostId?: string) =>
  sendCommand(replyToForumThread, { params: { threadId }, body: { body, ...(quotePostId ? { quotePostId } : {}) } });
export const editPost = (postId: string, body: string) => sendCommand(editForumPost, { params: { postId }, body: { body } });
export const deletePost = (postId: string) => sendCommand(deleteForumPost, { params: { postId } });
export const upvote = (postId: string, upvoted: boolean) => sendCommand(upvoteForumPost, { params: { postId }, body: { upvoted } });
export const report = (postId: string, reason: ForumReportReason, details: string) =>
  sendCommand(reportForumPost, { params: { postId }, body: { reason, ...(details ? { details } : {}) } });
export const follow = (threadId: string, subscribed: boolean) =>
  sendCommand(subscribeForumThread, { params: { threadId }, body: { subscribed } });
export const markRead = (threadId: string) => sendCommand(markForumThreadRead, { params: { threadId } });
