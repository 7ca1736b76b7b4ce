import { FORUM_MESSAGES as M } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { ReaderEvent } from '../events';

type VoteData = Extract<ReaderEvent, { type: 'forum.PostUpvoted' }>['data'];
type SubscriptionData = Extract<ReaderEvent, { type: 'forum.ThreadSubscriptionChanged' }>['data'];
type ReadData = Extract<ReaderEvent, { type: 'forum.ThreadRead' }>['data'];

/** `authorId`: who wrote the post voted on (from its stream), as nobody upvotes their own. */
export type ReaderCommand =
  { kind: 'vote'; data: VoteData; authorId: string } | { kind: 'subscribe'; data: SubscriptionData } | { kind: 'read'; data: ReadData };
export interface ReaderState {
  upvoted: boolean;
  subscribed: boolean;
}

/**
 * One reader's upvote of a post, or following of a thread: a repeat of the current choice appends nothing.
 * An upvote of one's own post is refused (taking back one given before this rule stays possible).
 */
export const readerDecider: Decider<ReaderCommand, ReaderState, ReaderEvent> = {
  initialState: () => ({ upvoted: false, subscribed: false }),
  decide(c, s) {
    switch (c.kind) {
      case 'vote':
        if (c.data.upvoted && c.data.userId === c.authorId) throw new DomainError(M.ownUpvote, 403);
        return c.data.upvoted === s.upvoted ? [] : [{ type: 'forum.PostUpvoted', data: c.data }];
      case 'subscribe':
        return c.data.subscribed === s.subscribed ? [] : [{ type: 'forum.ThreadSubscriptionChanged', data: c.data }];
      case 'read':
        return [{ type: 'forum.ThreadRead', data: c.data }];
    }
  },
  evolve(s, e) {
    if (e.type === 'forum.PostUpvoted') return { ...s, upvoted: e.data.upvoted };
    if (e.type === 'forum.ThreadSubscriptionChanged') return { ...s, subscribed: e.data.subscribed };
    return s;
  },
};
