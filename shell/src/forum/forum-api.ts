import { client, positions, sendCommandUnparsed } from '@verba/kit';
import type { ForumPost, ForumReportReason, ThreadSummary } from '@verba/contracts';

// Schema-free calls (client.send), as on every shell page; reads wait for the tab's latest write.
const after = async (path: string) => {
  const p = await positions.settled();
  return p ? `${path}${path.includes('?') ? '&' : '?'}minPosition=${p}` : path;
};
async function get<T>(path: string): Promise<T> {
  return (await client.send('GET', await after(path))) as T;
}

export type Language = 'de' | 'fr' | 'es' | 'ru';
export const LANGUAGE_NAMES: Record<Language, string> = { de: 'German', fr: 'French', es: 'Spanish', ru: 'Russian' };
export const isLanguage = (s: string): s is Language => s in LANGUAGE_NAMES;

export interface ThreadView {
  thread: ThreadSummary & { subscribed: boolean; unread: number };
  posts: ForumPost[];
  page: number;
  total: number;
  nextCursor: string | null;
}
export interface ThreadsPage {
  threads: ThreadSummary[];
  total: number;
  nextCursor: string | null;
}

const withCursor = (sep: '?' | '&', cursor: string | undefined) => (cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : '');

export const fetchCategories = () => get<{ categories: { language: Language; threads: number }[] }>('/api/forum/categories');
/** A page of threads or of a thread's posts; the next one goes on after the server's cursor ("Load more"). */
export const fetchThreads = (language: Language, cursor?: string) =>
  get<ThreadsPage>(`/api/forum/threads?language=${language}${withCursor('&', cursor)}`);
export const fetchThread = (threadId: string, cursor?: string) =>
  get<ThreadView>(`/api/forum/threads/${threadId}${withCursor('?', cursor)}`);
export const fetchSubscriptions = () => get<{ threads: (ThreadSummary & { unread: number })[] }>('/api/forum/subscriptions');
/** The thread of an article or chapter (404/403 when the learner may not open it), and the target's language. */
export const fetchDiscussion = (kind: string, targetId: string) =>
  get<{ threadId: string; started: boolean; language: Language }>(
    `/api/forum/discussions/${encodeURIComponent(kind)}/${encodeURIComponent(targetId)}`,
  );

export const startThread = (input: {
  language: Language;
  title: string;
  body: string;
  attachedTo?: { kind: 'article' | 'chapter'; targetId: string };
}) => sendCommandUnparsed('POST', '/api/forum/threads', input) as Promise<{ threadId: string }>;
export const replyTo = (threadId: string, body: string, quotePostId?: string) =>
  sendCommandUnparsed('POST', `/api/forum/threads/${threadId}/posts`, { body, ...(quotePostId ? { quotePostId } : {}) });
export const editPost = (postId: string, body: string) => sendCommandUnparsed('PATCH', `/api/forum/posts/${postId}`, { body });
export const deletePost = (postId: string) =>
  client.send('DELETE', `/api/forum/posts/${postId}`).then((r) => positions.record((r as { position?: string }).position));
export const upvote = (postId: string, upvoted: boolean) => sendCommandUnparsed('PUT', `/api/forum/posts/${postId}/upvote`, { upvoted });
export const report = (postId: string, reason: ForumReportReason, details: string) =>
  sendCommandUnparsed('POST', `/api/forum/posts/${postId}/report`, { reason, ...(details ? { details } : {}) });
export const follow = (threadId: string, subscribed: boolean) =>
  sendCommandUnparsed('PUT', `/api/forum/threads/${threadId}/subscription`, { subscribed });
export const markRead = (threadId: string) => sendCommandUnparsed('POST', `/api/forum/threads/${threadId}/read`, {});
