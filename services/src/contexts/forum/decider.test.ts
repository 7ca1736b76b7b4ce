import { describe, expect, it } from 'vitest';
import { FORUM_MESSAGES as M } from '@verba/contracts';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { postDecider, type PostCommand } from './deciders/post-decider';
import { readerDecider } from './deciders/reader-decider';
import { threadDecider } from './deciders/thread-decider';
import { readEventData } from '../../platform/decider/events';
import { PostReported, type PostEvent, type ThreadEvent } from './events';

const postId = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const threadId = '7f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f401';
const ana = '1f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f400';
const ben = '2f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f402';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes)).toISOString();

const written: PostEvent = {
  type: 'forum.PostWritten',
  data: { postId, threadId, authorId: ana, body: 'Hallo', quotePostId: null, at: at(0) },
};
const edit = (userId: string, minutes: number, body = 'Hallo!'): PostCommand => ({ kind: 'edit', postId, userId, body, at: at(minutes) });

describe('post decider', () => {
  const spec = deciderSpec(postDecider);
  it('lets the author edit within 15 minutes', () =>
    spec
      .given([written])
      .when(edit(ana, 15))
      .then([{ type: 'forum.PostEdited', data: { postId, threadId, body: 'Hallo!', at: at(15) } }]));
  it('refuses an edit after the window, or by someone else', () => {
    spec.given([written]).when(edit(ana, 16)).thenThrows(M.editWindow);
    spec.given([written]).when(edit(ben, 1)).thenThrows(M.notYours);
  });
  it('changes nothing for the same text, a second delete or a second report by one learner', () => {
    spec
      .given([written])
      .when(edit(ana, 1, 'Hallo'))
      .then([]);
    spec
      .given([written, { type: 'forum.PostDeleted', data: { postId, threadId, at: at(1) } }])
      .when({ kind: 'delete', postId, userId: ana, at: at(2) })
      .then([]);
    const reported: PostEvent = {
      type: 'forum.PostReported',
      data: { postId, threadId, reporterId: ben, reason: 'spam', details: null, at: at(1) },
    };
    spec
      .given([written, reported])
      .when({ kind: 'report', postId, reporterId: ben, reason: 'abuse', details: null, at: at(2) })
      .then([]);
  });
  it('records the reason from the list and the details of a report', () =>
    spec
      .given([written])
      .when({ kind: 'report', postId, reporterId: ben, reason: 'other', details: 'sealed', at: at(1), sealedFor: ben })
      .then([
        {
          type: 'forum.PostReported',
          data: { postId, threadId, reporterId: ben, reason: 'other', details: 'sealed', at: at(1), sealedFor: ben },
        },
      ]));
  it('reads a v1 report (free text) as "other" with that text as its details', () => {
    const v1 = { type: PostReported.type, version: 1, data: { postId, threadId, reporterId: ben, reason: 'Werbung', at: at(1) } };
    expect(readEventData(PostReported, v1)).toEqual({ postId, threadId, reporterId: ben, reason: 'other', details: 'Werbung', at: at(1) });
  });
  it('refuses to act on a post that does not exist', () =>
    spec
      .given([])
      .when({ kind: 'hide', postId, hidden: true, by: ben, at: at(1) })
      .thenThrows(M.postNotFound));
});

describe('thread decider', () => {
  const spec = deciderSpec(threadDecider);
  const started: ThreadEvent = {
    type: 'forum.ThreadStarted',
    data: { threadId, language: 'de', attachedTo: null, title: 'T', authorId: ana, at: at(0) },
  };
  it('starts a thread once (a discussion has one thread)', () =>
    spec.given([started]).when({ kind: 'start', data: started.data }).thenThrows(M.started));
  it('locks an open thread, and locking a locked one changes nothing', () => {
    const locked: ThreadEvent = { type: 'forum.ThreadLocked', data: { threadId, locked: true, by: ben, at: at(1) } };
    spec
      .given([started])
      .when({ kind: 'lock', threadId, locked: true, by: ben, at: at(1) })
      .then([locked]);
    spec
      .given([started, locked])
      .when({ kind: 'lock', threadId, locked: true, by: ben, at: at(2) })
      .then([]);
  });
});

describe('reader decider', () => {
  const spec = deciderSpec(readerDecider);
  it('counts an upvote once', () => {
    const up = { type: 'forum.PostUpvoted' as const, data: { postId, userId: ben, upvoted: true, at: at(1) } };
    spec
      .given([up])
      .when({ kind: 'vote', data: { ...up.data, at: at(2) }, authorId: ana })
      .then([]);
  });
  it("refuses an upvote of one's own post, and lets one given before the rule be taken back", () => {
    spec
      .given([])
      .when({ kind: 'vote', data: { postId, userId: ana, upvoted: true, at: at(1) }, authorId: ana })
      .thenThrows(M.ownUpvote);
    const own = { type: 'forum.PostUpvoted' as const, data: { postId, userId: ana, upvoted: true, at: at(1) } };
    spec
      .given([own])
      .when({ kind: 'vote', data: { ...own.data, upvoted: false, at: at(2) }, authorId: ana })
      .then([{ type: 'forum.PostUpvoted', data: { ...own.data, upvoted: false, at: at(2) } }]);
  });
});
