import { LIBRARY_MESSAGES as M } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import { retriedCreate, type Actor } from './article-decider';
import type { SeriesEvent } from '../events';
import type { Verdict } from '../adapters/moderation';

type Created = Extract<SeriesEvent, { type: 'library.SeriesCreated' }>['data'];
export type SeriesDraft = Omit<Created, 'seriesId' | 'languageCode' | 'authorId' | 'at'>;

export type SeriesCommand =
  | { kind: 'publish'; seriesId: string; languageCode: Created['languageCode']; draft: SeriesDraft; at: string } // Verba's own series
  | {
      kind: 'create';
      actor: Actor;
      seriesId: string;
      languageCode: Created['languageCode'];
      draft: SeriesDraft;
      verdict?: Verdict;
      at: string;
    }
  | { kind: 'update'; actor: Actor; seriesId: string; draft: SeriesDraft; verdict?: Verdict; at: string }
  | { kind: 'delete'; actor: Actor; seriesId: string; at: string };

export interface SeriesState {
  exists: boolean;
  deleted: boolean;
  /** null for Verba's own series: only admins may change them. */
  authorId?: string | null;
  isPrivate: boolean;
}

/** Public series need Master (admins excepted) and a passing moderation check of their title and description. */
function checkDraft(draft: SeriesDraft, actor: Actor, verdict: Verdict | undefined): void {
  if (draft.isPrivate || actor.isAdmin) return;
  if (actor.subscription !== 'master') throw new DomainError(M.publicNeedsMaster, 403);
  if (!verdict) throw new Error('A public series needs a moderation verdict');
  if ('declined' in verdict) throw new DomainError(verdict.reason, 422);
}

function requireAuthor(s: SeriesState, actor: Actor): void {
  const visible = s.exists && !s.deleted && (!s.isPrivate || s.authorId === actor.userId || actor.isAdmin);
  if (!visible) throw new DomainError(M.seriesNotFound, 404);
  if (s.authorId !== actor.userId && !actor.isAdmin) throw new DomainError(M.notSeriesAuthor, 403);
}

export const seriesDecider: Decider<SeriesCommand, SeriesState, SeriesEvent> = {
  initialState: () => ({ exists: false, deleted: false, isPrivate: true }),
  decide(c, s) {
    switch (c.kind) {
      case 'publish':
        return s.exists
          ? []
          : [
              {
                type: 'library.SeriesCreated',
                data: { seriesId: c.seriesId, languageCode: c.languageCode, authorId: null, ...c.draft, at: c.at },
              },
            ];
      case 'create':
        if (s.exists) return retriedCreate(s.authorId, c.actor);
        checkDraft(c.draft, c.actor, c.verdict);
        return [
          {
            type: 'library.SeriesCreated',
            data: { seriesId: c.seriesId, languageCode: c.languageCode, authorId: c.actor.userId, ...c.draft, at: c.at },
          },
        ];
      case 'update':
        requireAuthor(s, c.actor);
        checkDraft(c.draft, c.actor, c.verdict);
        return [{ type: 'library.SeriesUpdated', data: { seriesId: c.seriesId, ...c.draft, at: c.at } }];
      case 'delete':
        requireAuthor(s, c.actor);
        return [{ type: 'library.SeriesDeleted', data: { seriesId: c.seriesId, at: c.at } }];
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'library.SeriesCreated':
        return { exists: true, deleted: false, authorId: e.data.authorId, isPrivate: e.data.isPrivate };
      case 'library.SeriesUpdated':
        return { ...s, isPrivate: e.data.isPrivate };
      case 'library.SeriesDeleted':
        return { ...s, deleted: true };
    }
  },
};
