import { fetchRoute, useCommand, useRouteQuery } from '@verba/kit/query';
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

// Reads go through useRouteQuery (a "Load more" page outside render through fetchRoute), writes through
// useCommand: each read waits for this tab's latest write, so a write shows in every read after it.

export type Language = LearningLanguage;
export { LANGUAGE_NAMES };
export const isLanguage = isLearningLanguage;

export type ThreadView = z.output<(typeof getForumThread)['response']>;
export type ThreadsPage = z.output<(typeof listForumThreads)['response']>;

const after = (cursor: string | undefined) => (cursor ? { cursor } : {});

/** The forum's categories (a language each, with its thread count). */
export const useCategories = () => useRouteQuery(listForumCategories);
/** The first page of a category's threads, most recently active first. */
export const useThreads = (language: Language) => useRouteQuery(listForumThreads, { query: { language } });
/** The next page of threads, after the server's cursor ("Load more"). */
export const fetchThreads = (language: Language, cursor: string) => fetchRoute(listForumThreads, { query: { language, cursor } });
/** A thread and a page of its posts: the first page without a cursor, each next one from the previous page's cursor. */
export const useThreadPage = (threadId: string, cursor?: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useRouteQuery(getForumThread, { params: { threadId }, query: after(cursor) }, { enabled });
/** The threads the learner follows, with their unread replies. */
export const useSubscriptions = () => useRouteQuery(listForumSubscriptions);
/** The thread of an article or chapter (404/403 when the learner may not open it), and the target's language. */
export const useDiscussion = (kind: 'article' | 'chapter', targetId: string) =>
  useRouteQuery(getDiscussion, { params: { kind, targetId } });

export interface NewThread {
  language: Language;
  title: string;
  body: string;
  attachedTo?: { kind: 'article' | 'chapter'; targetId: string };
}

export function useStartThread() {
  const { mutateAsync } = useCommand(startForumThread);
  return (input: NewThread) => mutateAsync({ body: input });
}
export function useReply(threadId: string) {
  const { mutateAsync } = useCommand(replyToForumThread);
  return (body: string, quotePostId?: string) =>
    mutateAsync({ params: { threadId }, body: { body, ...(quotePostId ? { quotePostId } : {}) } });
}
export function useFollow(threadId: string) {
  const { mutateAsync } = useCommand(subscribeForumThread);
  return (subscribed: boolean) => mutateAsync({ params: { threadId }, body: { subscribed } });
}
export const useMarkRead = () => useCommand(markForumThreadRead);
/** A post's own writes: edit, delete, upvote. */
export function usePostCommands(postId: string) {
  const edit = useCommand(editForumPost).mutateAsync;
  const remove = useCommand(deleteForumPost).mutateAsync;
  const vote = useCommand(upvoteForumPost).mutateAsync;
  return {
    edit: (body: string) => edit({ params: { postId }, body: { body } }),
    remove: () => remove({ params: { postId } }),
    upvote: (upvoted: boolean) => vote({ params: { postId }, body: { upvoted } }),
  };
}
export function useReport(postId: string) {
  const { mutateAsync } = useCommand(reportForumPost);
  return (reason: ForumReportReason, details: string) =>
    mutateAsync({ params: { postId }, body: { reason, ...(details ? { details } : {}) } });
}
