import type { Knex } from 'knex';
import {
  FORUM_EDIT_WINDOW_MS,
  FORUM_MESSAGES as M,
  FORUM_PAGE_SIZE,
  LEARNING_LANGUAGES,
  type ForumPost,
  type ForumReportReason,
  type ThreadSummary,
} from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import type { People } from '../../platform/module';
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
  seq: string | number;
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

type Names = Map<string, string>;

/** Ids of articles and of chapters, by kind: those threads hang on, or those of them a caller may open now. */
export type Targets = Record<'article' | 'chapter', string[]>;
/** Which threads' targets to collect: a language's, or those a reader follows. */
export type TargetScope = { language: string } | { subscriber: string };

/**
 * Threads that hang on nothing, or on an article or chapter in `open` (the owners said the caller may open
 * it now): in SQL, so a page, its total and its cursor count only what the caller may see.
 */
const openTo = (open: Targets, t: string) => (w: Knex.QueryBuilder) =>
  w
    .whereNull(`${t}.attached_kind`)
    .orWhere((a) => a.where(`${t}.attached_kind`, 'article').whereRaw(`${t}.attached_target = any(?::text[])`, [open.article]))
    .orWhere((c) => c.where(`${t}.attached_kind`, 'chapter').whereRaw(`${t}.attached_target = any(?::text[])`, [open.chapter]));

/** A post's upvotes: its votes, counted as it is read (the primary key of forum_votes starts with the post). */
const upvotes = (db: Knex, posts: string) =>
  db.raw('(select count(*) from forum_votes v where v.post_id = ??.id)::int as upvotes', [posts]);

/** A page was read with one row more than it shows: that row only says whether more follow. */
const trim = <T>(rows: T[]) => ({ rows: rows.slice(0, FORUM_PAGE_SIZE), more: rows.length > FORUM_PAGE_SIZE });

/**
 * How a learner appears: their display name, asked from identity at read time (the forum keeps no names,
 * in its events or its tables), or "Deleted account" once the account is gone.
 */
export const authorLabel = (names: Names, authorId: string, deleted: boolean) =>
  deleted ? M.deletedAccount : (names.get(authorId) ?? M.unknownAuthor);

const summary = (r: ThreadRow, names: Names): ThreadSummary => ({
  id: r.id,
  language: r.language,
  attachedTo: r.attached_kind && r.attached_target ? { kind: r.attached_kind, targetId: r.attached_target } : null,
  title: r.title,
  author: authorLabel(names, r.author_id, r.author_deleted),
  locked: r.locked,
  replies: Math.max(0, r.posts - 1),
  lastPostAt: new Date(r.last_post_at).getTime(),
});

/** Reads of the forum's read model, paged on the server; post text is rendered to sanitized HTML here. */
export class ForumQueries {
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date,
    private readonly people: People,
  ) {}

  /** The names of the authors of these rows (and of anyone else listed), in one lookup. */
  private names(rows: readonly { author_id: string }[], others: readonly string[] = []): Promise<Names> {
    return this.people.displayNames([...rows.map((r) => r.author_id), ...others]);
  }

  /** The distinct articles and chapters the threads in `scope` (every thread when none) hang on. */
  async targets(scope?: TargetScope): Promise<Targets> {
    const q = this.db('forum_threads as t').whereNotNull('t.attached_kind').distinct('t.attached_kind', 't.attached_target');
    if (scope && 'language' in scope) q.where('t.language', scope.language);
    if (scope && 'subscriber' in scope)
      q.join('forum_readers as r', 'r.thread_id', 't.id').where({ 'r.user_id': scope.subscriber, 'r.subscribed': true });
    const rows = (await q) as { attached_kind: keyof Targets; attached_target: string }[];
    const targets: Targets = { article: [], chapter: [] };
    for (const r of rows) targets[r.attached_kind].push(r.attached_target);
    return targets;
  }

  async categories(open: Targets) {
    const counts = (await this.db('forum_threads')
      .where(openTo(open, 'forum_threads'))
      .select('language')
      .count({ n: '*' })
      .groupBy('language')) as { language: string; n: string | number }[];
    return LEARNING_LANGUAGES.map((language) => ({ language, threads: Number(counts.find((c) => c.language === language)?.n ?? 0) }));
  }

  /** A page of a language's threads, by page number or after a cursor ("<last post ms>.<thread id>"). */
  async threads(language: string, open: Targets, page: number, cursor?: string) {
    const base = this.db('forum_threads').where({ language }).where(openTo(open, 'forum_threads'));
    const [{ n }] = (await base.clone().count({ n: '*' })) as [{ n: string | number }];
    const q = base
      .clone()
      .orderBy('last_post_at', 'desc')
      .orderBy('id')
      .limit(FORUM_PAGE_SIZE + 1);
    if (cursor) {
      const [ms, id] = cursor.split('.') as [string, string];
      const at = new Date(Number(ms));
      q.where((w) => w.where('last_post_at', '<', at).orWhere((same) => same.where('last_post_at', at).andWhere('id', '>', id)));
    } else q.offset((page - 1) * FORUM_PAGE_SIZE);
    const { rows, more } = trim((await q) as ThreadRow[]);
    const names = await this.names(rows);
    const last = rows.at(-1);
    return {
      threads: rows.map((r) => summary(r, names)),
      page,
      total: Number(n),
      nextCursor: more && last ? `${new Date(last.last_post_at).getTime()}.${last.id}` : null,
    };
  }

  async threadExists(threadId: string): Promise<boolean> {
    return !!(await this.db('forum_threads').where({ id: threadId }).first('id'));
  }

  /** A thread and a page of its posts, by page number or after a cursor (the last shown post's place in the log). */
  async thread(threadId: string, viewerId: string, page: number, viewerIsAdmin: boolean, cursor?: string) {
    const row = (await this.db('forum_threads').where({ id: threadId }).first()) as ThreadRow | undefined;
    if (!row) throw new HttpError(404, M.threadNotFound);
    const reader = await this.db('forum_readers').where({ thread_id: threadId, user_id: viewerId }).first('subscribed');
    const q = this.db('forum_posts')
      .select('forum_posts.*', upvotes(this.db, 'forum_posts'))
      .where({ thread_id: threadId })
      .orderBy('seq')
      .limit(FORUM_PAGE_SIZE + 1);
    if (cursor) q.where('seq', '>', cursor);
    else q.offset((page - 1) * FORUM_PAGE_SIZE);
    const { rows, more } = trim((await q) as PostRow[]);
    const quoted = await this.postsById(rows.flatMap((r) => (r.quote_post_id ? [r.quote_post_id] : [])));
    const mineVoted = new Set(
      rows.length
        ? ((await this.db('forum_votes')
            .where({ user_id: viewerId })
            .whereIn(
              'post_id',
              rows.map((r) => r.id),
            )
            .pluck('post_id')) as string[])
        : [],
    );
    const names = await this.names([row, ...rows, ...quoted.values()]);
    return {
      thread: { ...summary(row, names), subscribed: !!reader?.subscribed, unread: await this.unread(threadId, viewerId) },
      posts: rows.map((r) => this.post(r, names, viewerId, viewerIsAdmin, mineVoted.has(r.id), quoted.get(r.quote_post_id ?? ''))),
      page,
      total: row.posts,
      nextCursor: more && rows.length ? String(rows.at(-1)!.seq) : null,
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

  /** The threads a reader follows whose targets they may still open (`open`), with their unread replies. */
  async subscriptions(userId: string, open: Targets) {
    const rows = (await this.db('forum_readers as r')
      .join('forum_threads as t', 't.id', 'r.thread_id')
      .where({ 'r.user_id': userId, 'r.subscribed': true })
      .where(openTo(open, 't'))
      .orderBy('t.last_post_at', 'desc')
      .select('t.*')) as ThreadRow[];
    const names = await this.names(rows);
    return Promise.all(rows.map(async (r) => ({ ...summary(r, names), unread: await this.unread(r.id, userId) })));
  }

  /** Reported posts for moderators: open ones (neither hidden nor deleted) first, then by their latest report. */
  async reports(page: number) {
    const latest = this.db('forum_reports').select('post_id').max({ last_at: 'at' }).groupBy('post_id').as('rep');
    const base = this.db('forum_posts as p').join(latest, 'rep.post_id', 'p.id').join('forum_threads as t', 't.id', 'p.thread_id');
    const [[{ n }], [{ open }]] = (await Promise.all([
      base.clone().count({ n: '*' }),
      base.clone().where({ 'p.hidden': false, 'p.deleted': false }).count({ open: '*' }),
    ])) as [[{ n: string | number }], [{ open: string | number }]];
    const rows = (await base
      .clone()
      .select('p.*', upvotes(this.db, 'p'), 't.title as thread_title', 't.language as thread_language', 't.locked as thread_locked')
      .orderByRaw('(p.hidden or p.deleted) asc')
      .orderBy('rep.last_at', 'desc')
      .orderBy('p.id')
      .limit(FORUM_PAGE_SIZE)
      .offset((page - 1) * FORUM_PAGE_SIZE)) as (PostRow & {
      thread_title: string;
      thread_language: ThreadSummary['language'];
      thread_locked: boolean;
    })[];
    const reports = (
      rows.length
        ? await this.db('forum_reports')
            .whereIn(
              'post_id',
              rows.map((r) => r.id),
            )
            .orderBy('at')
        : []
    ) as { post_id: string; reporter_id: string; reason: ForumReportReason; details: string | null; at: Date }[];
    const names = await this.names(
      rows,
      reports.map((x) => x.reporter_id),
    );
    return {
      reports: rows.map((r) => ({
        post: { ...this.post(r, names, '', true, false, undefined), threadId: r.thread_id, text: r.body },
        thread: { id: r.thread_id, title: r.thread_title, language: r.thread_language, locked: r.thread_locked },
        reports: reports
          .filter((x) => x.post_id === r.id)
          .map((x) => ({
            reporter: authorLabel(names, x.reporter_id, false),
            reason: x.reason,
            details: x.details,
            at: new Date(x.at).getTime(),
          })),
        open: !r.hidden && !r.deleted,
      })),
      page,
      total: Number(n),
      open: Number(open),
    };
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

  private post(
    r: PostRow,
    names: Names,
    viewerId: string,
    viewerIsAdmin: boolean,
    upvotedByMe: boolean,
    quoted: PostRow | undefined,
  ): ForumPost {
    const mine = r.author_id === viewerId && !r.author_deleted;
    const editable = mine && !r.deleted && this.now().getTime() - new Date(r.created_at).getTime() <= FORUM_EDIT_WINDOW_MS;
    return {
      id: r.id,
      author: authorLabel(names, r.author_id, r.author_deleted),
      mine,
      html: this.visibleHtml(r, viewerIsAdmin),
      quote: quoted
        ? {
            postId: quoted.id,
            author: authorLabel(names, quoted.author_id, quoted.author_deleted),
            html: this.visibleHtml(quoted, viewerIsAdmin),
          }
        : null,
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
