import { FORUM_MESSAGES as M } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { ThreadEvent } from '../events';

type Started = Extract<ThreadEvent, { type: 'forum.ThreadStarted' }>['data'];

export type ThreadCommand = { kind: 'start'; data: Started } | { kind: 'lock'; threadId: string; locked: boolean; by: string; at: string };
export type ThreadState = { status: 'none' } | { status: 'open' | 'locked'; authorId: string };

/** Starting a thread twice is a 409 (a discussion of an article has one thread); locking follows admins. */
export const threadDecider: Decider<ThreadCommand, ThreadState, ThreadEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, s) {
    if (c.kind === 'start') {
      if (s.status !== 'none') throw new DomainError(M.started, 409);
      return [{ type: 'forum.ThreadStarted', data: c.data }];
    }
    if (s.status === 'none') throw new DomainError(M.threadNotFound, 404);
    if ((s.status === 'locked') === c.locked) return [];
    return [{ type: 'forum.ThreadLocked', data: { threadId: c.threadId, locked: c.locked, by: c.by, at: c.at } }];
  },
  evolve(s, e) {
    if (e.type === 'forum.ThreadStarted') return { status: 'open', authorId: e.data.authorId };
    if (s.status === 'none') return s;
    return { ...s, status: e.data.locked ? 'locked' : 'open' };
  },
};
