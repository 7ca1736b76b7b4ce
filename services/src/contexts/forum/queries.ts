import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { FORUM_EDIT_WINDOW_MS, FORUM_MESSAGES as M, FORUM_PAGE_SIZE, LEARNING_LANGUAGES, type ForumPost, type ThreadSummary } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { renderMarkdown } from '../../platform/markdown';

interface ThreadRow {
  id: string;
  language: ThreadSummary['language'];
  attached_kind: 'article' | 'chapter' | null;
  attached_target: string | null;
  title: string;
  author_id: string;
  author_deleted: boolean;
  locked: boolean;
  posts: number;
  last_post_at: Date;
}
interface PostRow {
  id: string;
  thread_id: string;
  author_id: string;
  author_deleted: boolean;
  body: string;
  quote_post_id: string | null;
  created_at: Date;
  edited_at: Date | null;
  deleted: boolean;
  hidden: boolean;
  upvotes: number;
}

/**
 * How a learner appears: a pseudonym made from their id (the forum holds no names; nobody's account
 * data is shown to others), or "Deleted account" once the account is gone.
 */
export const authorLabel = (authorId: string, deleted: boolean) =>
  deleted ? M.deletedAccount : `Learner ${createHash('sha256').update(`forum-author:${authorId}`).digest('hex').slice(0, 6)}`;

const summary = (r: ThreadRow): ThreadSummary => ({
  id: r.id,
  language: r.language,
  attachedTo: r.attached_kind && r.attached_target ? { kind: r.attached_kind, targetId: r.attached_target } : null,
  title: r.title,
  author: authorLabel(r.author_id, r.author_deleted),
  locked: r.locked,
  replies: Math.max(0, r.posts - 1),
  lastPostAt: new Date(r.last_post_at).getTime(),
});

/** Reads of the forum's read model, paged on the server; post text is rendered to sanitized HTML here. */
export class ForumQueries {
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date,
  ) {}

  async categories() {
    const counts = (await this.db('forum_threads').select('language').count({ n: '*' }).groupBy('language')) as { language: string; n: string | number }[];
    return LEARNING_LANGUAGES.map((language) => ({ language, threads: Number(counts.find((c) => c.language === language)?.n ?? 0) }));
  }

  async threads(language: string, page: number) {
    const base = this.db('forum_threads').where({ language });
    const [{ n }] = (await base.clone().count({ n: '*' })) as [{ n: string | number }];
    const rows = (await base.clone().orderBy('last_post_at', 'desc').orderBy('id').limit(FORUM_PAGE_SIZE).offset((page - 1) * FORUM_PAGE_SIZE)) as ThreadRow[];
    return { threads: rows.map(summary), page, total: Number(n) };
  }

  async threadExists(threadId: string): Promise<boolean> {
    return !!(await this.db('forum_threads').where({ id: threadId }).first('id'));
  }

  async thread(threadId: string, viewerId: string, page: number, viewerIsAdmin: boolean) {
    const row = (await this.db('forum_threads').where({ id: threadId }).first()) as ThreadRow | undefined;
    if (!row) throw new HttpError(404, M.threadNotFound);
    const reader = await this.db('forum_readers').where({ thread_id: threadId, user_id: viewerId }).first('subscribed');
    const rows = (await this.db('forum_posts').where({ thread_id: threadId }).orderBy('seq').limit(FORUM_PAGE_SIZE).offset((page - 1) * FORUM_PAGE_SIZE)) as PostRow[];
    const quoted = await this.postsById(rows.flatMap((r) => (r.quote_post_id ? [r.quote_post_id] : [])));
    const mineVoted = new Set(
      rows.length ? ((await this.db('forum_votes').where({ user_id: viewerId }).whereIn('post_id', rows.map((r) => r.id)).pluck('post_id')) as string[]) : [],
    );
    return {
      thread: { ...summary(row), subscribed: !!reader?.subscribed, unread: await this.unread(threadId, viewerId) },
      posts: rows.map((r) => this.post(r, viewerId, viewerIsAdmin, mineVoted.has(r.id), quoted.get(r.quote_post_id ?? ''))),
      page,
      total: row.posts,
    };
  }

  /** Replies by others after the reader last read the thread (all of them when never read). */
  private async unread(threadId: string, userId: string): Promise<number> {
    const reader = await this.db('forum_readers').where({ thread_id: threadId, user_id: userId }).first('last_read_seq');
    const q = this.db('forum_posts').where({ thread_id: threadId, deleted: false }).whereNot({ author_id: userId });
    if (reader) q.where('seq', '>', reader.last_read_seq);
    const [{ n }] = (await q.count({ n: '*' })) as [{ n: string | number }];
    return Number(n);
  }

  async hasUnread(threadId: string, userId: string): Promise<boolean> {
    return (await this.unread(threadId, userId)) > 0;
  }

  async subscriptions(userId: string) {
    const rows = (await this.db('forum_readers as r').join('forum_threads as t', 't.id', 'r.thread_id').where({ 'r.user_id': userId, 'r.subscribed': true }).orderBy('t.last_post_at', 'desc').select('t.*')) as ThreadRow[];
    return Promise.all(rows.map(async (r) => ({ ...summary(r), unread: await this.unread(r.id, userId) })));
  }

  async reports() {
    const reported = this.db('forum_reports').select('post_id').select(this.db.raw('array_agg(reason order by at) as reasons')).count({ n: '*' }).groupBy('post_id').as('rep');
    const rows = (await this.db('forum_posts as p').join(reported, 'rep.post_id', 'p.id').select('p.*', 'rep.reasons', 'rep.n').orderBy('rep.n', 'desc').limit(100)) as (PostRow & {
      reasons: string[];
      n: string | number;
    })[];
    return rows.map((r) => ({ post: { ...this.post(r, '', true, false, undefined), threadId: r.thread_id, text: r.body }, reasons: r.reasons, reports: Number(r.n) }));
  }

  private async postsById(ids: string[]): Promise<Map<string, PostRow>> {
    if (!ids.length) return new Map();
    const rows = (await this.db('forum_posts').whereIn('id', ids)) as PostRow[];
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** A deleted or hidden post keeps its place; learners see no text (admins still see a hidden post's). */
  private visibleHtml(r: PostRow, viewerIsAdmin: boolean): string {
    if (r.deleted || (r.hidden && !viewerIsAdmin)) return '';
    return renderMarkdown(r.body, { images: false });
  }

  private post(r: PostRow, viewerId: string, viewerIsAdmin: boolean, upvotedByMe: boolean, quoted: PostRow | undefined): ForumPost {
    const mine = r.author_id === viewerId && !r.author_deleted;
    const editable = mine && !r.deleted && this.now().getTime() - new Date(r.created_at).getTime() <= FORUM_EDIT_WINDOW_MS;
    return {
      id: r.id,
      author: authorLabel(r.author_id, r.author_deleted),
      mine,
      html: this.visibleHtml(r, viewerIsAdmin),
      quote: quoted ? { postId: quoted.id, author: authorLabel(quoted.author_id, quoted.author_deleted), html: this.visibleHtml(quoted, viewerIsAdmin) } : null,
      createdAt: new Date(r.created_at).getTime(),
      editedAt: r.edited_at ? new Date(r.edited_at).getTime() : null,
      deleted: r.deleted,
      hidden: r.hidden,
      upvotes: r.upvotes,
      upvotedByMe,
      editable,
      markdown: editable ? r.body : null,
    };
  }
}
