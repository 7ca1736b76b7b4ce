import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { PersonalData } from '../../../platform/personal-data/keys';
import { closeSpecDatabase, projectionSpec, specDatabase } from '../../../platform/projections/projection-spec';
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
import { forumProjection } from './forum';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const thread = 'c0000000-0000-4000-8000-000000000001';
const [first, reply, late] = [1, 2, 3].map((n) => `d0000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T09:00:00.000Z';

const started = (title = 'Der, die, das?', authorId = ana) => ({
  type: ThreadStarted.type,
  data: { threadId: thread, language: 'de', attachedTo: { kind: 'article', targetId: 'art-1' }, title, authorId, at },
});
const written = (postId: string, authorId: string, when = at, body = 'Hallo', quotePostId: string | null = null) => ({
  type: PostWritten.type,
  data: { postId, threadId: thread, authorId, body, quotePostId, at: when },
});
const upvoted = (postId: string, userId: string, up = true) => ({ type: PostUpvoted.type, data: { postId, userId, upvoted: up, at } });
const following = (userId: string, subscribed: boolean) => ({
  type: ThreadSubscriptionChanged.type,
  data: { threadId: thread, userId, subscribed, at },
});
const read = (userId: string) => ({ type: ThreadRead.type, data: { threadId: thread, userId, at } });
const reported = (reporterId: string, reason: string, details: string | null) => ({
  type: PostReported.type,
  data: { postId: first, threadId: thread, reporterId, reason, details, at },
});

const threadRow = (change: Record<string, unknown> = {}) => ({
  id: thread,
  language: 'de',
  attached_kind: 'article',
  attached_target: 'art-1',
  title: 'Der, die, das?',
  author_id: ana,
  author_deleted: false,
  locked: false,
  posts: 0,
  created_at: new Date(at),
  last_post_at: new Date(at),
  ...change,
});
/** A post as written: `seq` is its event's place in the log (the spec's events are at 1, 2, ...). */
const postRow = (id: string, authorId: string, seq: number, change: Record<string, unknown> = {}) => ({
  id,
  seq: String(seq),
  thread_id: thread,
  author_id: authorId,
  author_deleted: false,
  body: 'Hallo',
  quote_post_id: null,
  created_at: new Date(at),
  edited_at: null,
  deleted: false,
  hidden: false,
  ...change,
});

describe('forum', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(forumProjection);

  it('a thread counts its posts and moves to its last post; each post takes its place in the log', async () => {
    await spec
      .given([started(), written(first, ana)])
      .when([written(reply, ben, later, 'Die!', first), written(late, ana, at)])
      .then({
        forum_threads: [threadRow({ posts: 3, last_post_at: new Date(at) })],
        forum_posts: [
          postRow(first, ana, 2),
          postRow(reply, ben, 3, { body: 'Die!', quote_post_id: first, created_at: new Date(later) }),
          postRow(late, ana, 4),
        ],
      });
  });

  it('edits, deletions (text gone), hiding and locking change the rows in place', async () => {
    await spec
      .given([started(), written(first, ana), written(reply, ben)])
      .when([
        { type: PostEdited.type, data: { postId: first, threadId: thread, body: 'Hallo!', at: later } },
        { type: PostDeleted.type, data: { postId: reply, threadId: thread, at: later } },
        { type: PostHidden.type, data: { postId: first, threadId: thread, hidden: true, by: 'admin', at } },
        { type: ThreadLocked.type, data: { threadId: thread, locked: true, by: 'admin', at } },
      ])
      .then({
        forum_threads: [threadRow({ posts: 2, locked: true })],
        forum_posts: [
          postRow(first, ana, 2, { body: 'Hallo!', edited_at: new Date(later), hidden: true }),
          postRow(reply, ben, 3, { body: '', deleted: true }),
        ],
      });
  });

  it('an upvote is a vote row, once per learner; taking it back removes it', async () => {
    await spec
      .given([started(), written(first, ana), written(reply, ana), upvoted(first, ben)])
      .when([upvoted(first, ben), upvoted(reply, ben), upvoted(reply, ana), upvoted(reply, ben, false)])
      .then({
        forum_votes: [
          { post_id: first, user_id: ben },
          { post_id: reply, user_id: ana },
        ],
      });
  });

  it("following starts at its event's place; reading moves it on; following again or stopping keeps it", async () => {
    await spec
      .given([started(), written(first, ana), following(ben, true), written(reply, ana)])
      .when([read(ben), following(ben, false), following(ben, true), read(ana)])
      .then({
        forum_readers: [
          { thread_id: thread, user_id: ana, subscribed: false, last_read_seq: '8' },
          { thread_id: thread, user_id: ben, subscribed: true, last_read_seq: '5' },
        ],
      });
  });

  it('a reporter reports a post once (the first report stays); empty details are none', async () => {
    await spec
      .given([started(), written(first, ana)])
      .when([reported(ben, 'spam', ''), reported(ben, 'abuse', 'Rude'), reported(ana, 'other', 'Off')])
      .then({
        forum_reports: [
          { post_id: first, reporter_id: ana, reason: 'other', details: 'Off', at: new Date(at) },
          { post_id: first, reporter_id: ben, reason: 'spam', details: null, at: new Date(at) },
        ],
      });
  });

  it("sealed text is opened with its author's key, and reads empty once the key is shredded", async () => {
    const personalData = new PersonalData(await specDatabase());
    const [kept, erased] = [randomUUID(), randomUUID()];
    const sealedStart = await personalData.seal(kept, started('Geheim', kept).data, ['title']);
    const sealedPost = await personalData.seal(erased, written(first, erased, at, 'Weg').data, ['body']);
    await personalData.shred(erased);
    await spec
      .given([{ type: ThreadStarted.type, data: sealedStart }])
      .when({ type: PostWritten.type, data: sealedPost })
      .then({
        forum_threads: [threadRow({ title: 'Geheim', author_id: kept, posts: 1 })],
        forum_posts: [postRow(first, erased, 2, { body: '' })],
      });
  });

  it("a deleted account's threads and posts stay, erased and marked; their votes, reports and follows go", async () => {
    await spec
      .given([
        started(),
        written(first, ana),
        written(reply, ben),
        upvoted(reply, ana),
        upvoted(first, ben),
        reported(ana, 'spam', null),
        following(ana, true),
        read(ben),
      ])
      .when({ type: UserDeleted.type, data: { userId: ana, at: later } })
      .then({
        forum_threads: [threadRow({ title: '', author_deleted: true, posts: 2 })],
        forum_posts: [postRow(first, ana, 2, { body: '', author_deleted: true }), postRow(reply, ben, 3)],
        forum_votes: [{ post_id: first, user_id: ben }],
        forum_reports: [],
        forum_readers: [{ thread_id: thread, user_id: ben, subscribed: false, last_read_seq: '8' }],
      });
  });
});
