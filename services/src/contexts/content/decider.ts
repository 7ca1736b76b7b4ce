import { ANNOUNCEMENT_MESSAGES, type AnnouncementInput } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { ContentEvent, DismissalEvent } from './events';

export const ANNOUNCEMENT_NOT_FOUND = ANNOUNCEMENT_MESSAGES.notFound;

export type AnnouncementCommand =
  | { kind: 'publish'; id: string; input: AnnouncementInput; by: string; at: string }
  | { kind: 'revise'; id: string; input: AnnouncementInput; by: string; at: string }
  | { kind: 'delete'; id: string; by: string; at: string };

export type AnnouncementState = { status: 'none' } | { status: 'live'; input: AnnouncementInput } | { status: 'deleted' };

const sameInput = (a: AnnouncementInput, b: AnnouncementInput) => JSON.stringify(a) === JSON.stringify(b);

const toData = (id: string, input: AnnouncementInput, by: string, at: string) => ({
  announcementId: id,
  visibleTo: input.visibleTo,
  blocks: input.content.blocks,
  dismissBehavior: input.dismissBehavior,
  active: input.active,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  by,
  at,
});

/**
 * Publishing an id that exists already changes nothing (a retried create); revising to the same content
 * changes nothing; revising or deleting what is not there is a 404.
 */
export const announcementDecider: Decider<AnnouncementCommand, AnnouncementState, ContentEvent> = {
  initialState: () => ({ status: 'none' }),
  decide(c, s) {
    switch (c.kind) {
      case 'publish':
        return s.status === 'none' ? [{ type: 'content.AnnouncementPublished', data: toData(c.id, c.input, c.by, c.at) }] : [];
      case 'revise':
        if (s.status !== 'live') throw new DomainError(ANNOUNCEMENT_NOT_FOUND, 404);
        return sameInput(s.input, c.input) ? [] : [{ type: 'content.AnnouncementRevised', data: toData(c.id, c.input, c.by, c.at) }];
      case 'delete':
        if (s.status !== 'live') throw new DomainError(ANNOUNCEMENT_NOT_FOUND, 404);
        return [{ type: 'content.AnnouncementDeleted', data: { announcementId: c.id, by: c.by, at: c.at } }];
    }
  },
  evolve(_s, e) {
    if (e.type === 'content.AnnouncementDeleted') return { status: 'deleted' };
    const { visibleTo, blocks, dismissBehavior, active, startsAt = null, endsAt = null } = e.data;
    return { status: 'live', input: { visibleTo, content: { blocks }, dismissBehavior, active, startsAt, endsAt } };
  },
};

export type DismissalCommand = { kind: 'dismiss'; announcementId: string; userId: string; at: string };
export interface DismissalState {
  dismissed: readonly string[];
}

/** A learner's lasting dismissals: dismissing a banner again (another browser, a retry) changes nothing. */
export const dismissalDecider: Decider<DismissalCommand, DismissalState, DismissalEvent> = {
  initialState: () => ({ dismissed: [] }),
  decide(c, s) {
    if (s.dismissed.includes(c.announcementId)) return [];
    return [{ type: 'content.AnnouncementDismissed', data: { announcementId: c.announcementId, userId: c.userId, at: c.at } }];
  },
  evolve(s, e) {
    return { dismissed: [...s.dismissed, e.data.announcementId] };
  },
};
