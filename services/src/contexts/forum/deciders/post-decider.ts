import { FORUM_EDIT_WINDOW_MS, FORUM_MESSAGES as M, type ForumReportReason } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { PostEvent } from '../events';

type Written = Extract<PostEvent, { type: 'forum.PostWritten' }>['data'];

export type PostCommand =
  | { kind: 'write'; data: Written }
  | { kind: 'edit'; postId: string; userId: string; body: string; at: string; sealedFor?: string }
  | { kind: 'delete'; postId: string; userId: string; at: string }
  | { kind: 'hide'; postId: string; hidden: boolean; by: string; at: string }
  | {
      kind: 'report';
      postId: string;
      reporterId: string;
      reason: ForumReportReason;
      details: string | null;
      at: string;
      sealedFor?: string;
    };

export type PostState =
  | { status: 'none' }
  | {
      status: 'live' | 'deleted';
      threadId: string;
      authorId: string;
      writtenAt: string;
      body: string;
      hidden: boolean;
      reporters: string[];
    };

/**
 * The rules of one post: only its author edits (within the edit window) or deletes it; editing to the
 * same text, deleting twice, hiding a hidden post and a second report by the same learner change nothing.
 */
export const postDecider: Decider<PostCommand, PostState, PostEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, s) {
    if (c.kind === 'write') return s.status === 'none' ? [{ type: 'forum.PostWritten', data: c.data }] : [];
    if (s.status === 'none') throw new DomainError(M.postNotFound, 404);
    const { threadId } = s;
    switch (c.kind) {
      case 'edit':
        if (s.authorId !== c.userId) throw new DomainError(M.notYours, 403);
        if (s.status === 'deleted') throw new DomainError(M.postNotFound, 404);
        if (Date.parse(c.at) - Date.parse(s.writtenAt) > FORUM_EDIT_WINDOW_MS) throw new DomainError(M.editWindow, 403);
        if (c.body === s.body) return [];
        return [
          {
            type: 'forum.PostEdited',
            data: { postId: c.postId, threadId, body: c.body, at: c.at, ...(c.sealedFor ? { sealedFor: c.sealedFor } : {}) },
          },
        ];
      case 'delete':
        if (s.authorId !== c.userId) throw new DomainError(M.notYours, 403);
        return s.status === 'deleted' ? [] : [{ type: 'forum.PostDeleted', data: { postId: c.postId, threadId, at: c.at } }];
      case 'hide':
        return s.hidden === c.hidden
          ? []
          : [{ type: 'forum.PostHidden', data: { postId: c.postId, threadId, hidden: c.hidden, by: c.by, at: c.at } }];
      case 'report':
        if (s.status === 'deleted') throw new DomainError(M.postNotFound, 404);
        if (s.reporters.includes(c.reporterId)) return [];
        return [
          {
            type: 'forum.PostReported',
            data: {
              postId: c.postId,
              threadId,
              reporterId: c.reporterId,
              reason: c.reason,
              details: c.details,
              at: c.at,
              ...(c.sealedFor ? { sealedFor: c.sealedFor } : {}),
            },
          },
        ];
    }
  },
  evolve(s, e) {
    if (e.type === 'forum.PostWritten') {
      return {
        status: 'live',
        threadId: e.data.threadId,
        authorId: e.data.authorId,
        writtenAt: e.data.at,
        body: e.data.body,
        hidden: false,
        reporters: [],
      };
    }
    if (s.status === 'none') return s;
    switch (e.type) {
      case 'forum.PostEdited':
        return { ...s, body: e.data.body };
      case 'forum.PostDeleted':
        return { ...s, status: 'deleted' };
      case 'forum.PostHidden':
        return { ...s, hidden: e.data.hidden };
      case 'forum.PostReported':
        return { ...s, reporters: [...s.reporters, e.data.reporterId] };
    }
  },
};
