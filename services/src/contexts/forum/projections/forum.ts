import { defineProjection, insert, remove, update, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import {
  PostDeleted,
  PostEdited,
  PostHidden,
  PostReported,
  PostUpvoted,
  PostWritten,
  ThreadLocked,
  ThreadRead,
  ThreadStarted,
  ThreadSubscriptionChanged,
} from '../events';

/**
 * The event's place in the log: a post's `seq`, and for a reader, the place they last read up to (or began
 * following from). Posts are shown in it, and a post counts as unread when its place is after the reader's
 * (timestamps can tie; a place is the log's own order).
 */
const placeOf = (e: { position: { sequence: bigint } }) => String(e.position.sequence);
const reader = (d: { threadId: string; userId: string }) => ({ thread_id: d.threadId, user_id: d.userId });

/**
 * The forum's read model: threads, posts (text opened from the authors' seals), votes, reports and
 * readers (following, last read). A post's upvotes are its rows in forum_votes, counted when read. A deleted
 * account's threads and posts stay in place with their text erased and the author shown as a deleted
 * account; their votes, reports and follows go.
 */
export const forumProjection = defineProjection({
  name: 'forum',
  // 3: declared; a post's place is its event's place in the log, upvotes are counted from the votes on read.
  version: 3,
  tables: {
    forum_threads: {
      key: ['id'],
      columns: {
        id: 'uuid',
        language: 'text',
        attached_kind: 'text?',
        attached_target: 'text?',
        title: 'text',
        author_id: 'uuid',
        author_deleted: 'boolean',
        locked: 'boolean',
        posts: 'integer',
        created_at: 'timestamptz',
        last_post_at: 'timestamptz',
      },
      indexes: [['language', 'last_post_at']],
    },
    forum_posts: {
      key: ['id'],
      columns: {
        id: 'uuid',
        seq: 'bigint',
        thread_id: 'uuid',
        author_id: 'uuid',
        author_deleted: 'boolean',
        body: 'text',
        quote_post_id: 'uuid?',
        created_at: 'timestamptz',
        edited_at: 'timestamptz?',
        deleted: 'boolean',
        hidden: 'boolean',
      },
      indexes: [['thread_id', 'seq'], ['author_id']],
    },
    forum_votes: {
      key: ['post_id', 'user_id'],
      columns: { post_id: 'uuid', user_id: 'uuid' },
      indexes: [['user_id']],
    },
    forum_reports: {
      key: ['post_id', 'reporter_id'],
      columns: { post_id: 'uuid', reporter_id: 'uuid', reason: 'text', details: 'text?', at: 'timestamptz' },
    },
    forum_readers: {
      key: ['thread_id', 'user_id'],
      columns: { thread_id: 'uuid', user_id: 'uuid', subscribed: 'boolean', last_read_seq: 'bigint' },
      indexes: [['user_id']],
    },
  },
  on: [
    when(
      ThreadStarted,
      (d) => [
        insert('forum_threads', {
          id: d.threadId,
          language: d.language,
          attached_kind: d.attachedTo?.kind ?? null,
          attached_target: d.attachedTo?.targetId ?? null,
          title: d.title,
          author_id: d.authorId,
          author_deleted: false,
          locked: false,
          posts: 0,
          created_at: d.at,
          last_post_at: d.at,
        }),
      ],
      { sealed: ['title'] },
    ),
    when(ThreadLocked, (d) => [update('forum_threads', { id: d.threadId }, { locked: d.locked })]),
    // A post is written once (its stream starts with it), so its thread counts it once.
    when(
      PostWritten,
      (d, e) => [
        insert('forum_posts', {
          id: d.postId,
          seq: placeOf(e),
          thread_id: d.threadId,
          author_id: d.authorId,
          author_deleted: false,
          body: d.body,
          quote_post_id: d.quotePostId,
          created_at: d.at,
          edited_at: null,
          deleted: false,
          hidden: false,
        }),
        update('forum_threads', { id: d.threadId }, { last_post_at: d.at }, { add: { posts: 1 } }),
      ],
      { sealed: ['body'] },
    ),
    when(PostEdited, (d) => [update('forum_posts', { id: d.postId }, { body: d.body, edited_at: d.at })], { sealed: ['body'] }),
    when(PostDeleted, (d) => [update('forum_posts', { id: d.postId }, { deleted: true, body: '' })]),
    when(PostHidden, (d) => [update('forum_posts', { id: d.postId }, { hidden: d.hidden })]),
    when(
      PostReported,
      (d) => [
        insert('forum_reports', { post_id: d.postId, reporter_id: d.reporterId, reason: d.reason, details: d.details || null, at: d.at }),
      ],
      { sealed: ['details'] },
    ),
    when(PostUpvoted, (d) => {
      const vote = { post_id: d.postId, user_id: d.userId };
      return [d.upvoted ? insert('forum_votes', vote) : remove('forum_votes', vote)];
    }),
    // Following starts from what is there now: only later replies count as unread.
    when(ThreadSubscriptionChanged, (d, e) => [
      insert('forum_readers', { ...reader(d), subscribed: d.subscribed, last_read_seq: placeOf(e) }),
      update('forum_readers', reader(d), { subscribed: d.subscribed }),
    ]),
    when(ThreadRead, (d, e) => [
      insert('forum_readers', { ...reader(d), subscribed: false, last_read_seq: placeOf(e) }),
      update('forum_readers', reader(d), { last_read_seq: placeOf(e) }),
    ]),
    when(UserDeleted, (d) => [
      update('forum_threads', { author_id: d.userId }, { title: '', author_deleted: true }),
      update('forum_posts', { author_id: d.userId }, { body: '', author_deleted: true }),
      remove('forum_votes', { user_id: d.userId }),
      remove('forum_reports', { reporter_id: d.userId }),
      remove('forum_readers', { user_id: d.userId }),
    ]),
  ],
});
