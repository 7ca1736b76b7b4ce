import {
  DESIRED_RETENTION,
  UNDO_MESSAGES,
  type FlashcardOrigin,
  type FlashcardStatus,
  type LearningLanguage,
  type ReviewRating,
  type ReviewSource,
} from '@verba/contracts';
import type { LearnerScheduler } from '@verba/contracts/fsrs';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { FlashcardEvent, FsrsCard, SchedulerEvent } from './events';
import { newSchedule, reschedule } from './domain/scheduler';

export const FLASHCARD_NOT_FOUND = 'Flashcard not found';

interface CardRef {
  userId: string;
  cardId: string;
  /** ISO time of the command: the decider never reads the clock. */
  at: string;
}

export type FlashcardCommand = CardRef &
  (
    | {
        kind: 'create';
        language: LearningLanguage;
        sourceValue: string;
        targetValue: string;
        origin: FlashcardOrigin | null;
        originId: string | null;
        originName: string | null;
        sentence?: string;
        /** Set when the text fields are sealed for the user. */
        sealedFor?: string;
      }
    | {
        kind: 'edit';
        sourceValue: string;
        targetValue: string;
        /** A new sentence; null or '' removes it; absent leaves it. */
        sentence?: string | null;
        /** The text a picked sentence came from: the card's origin from now on; absent leaves the origin. */
        origin?: FlashcardOrigin;
        originId?: string;
        originName?: string | null;
        sealedFor?: string;
      }
    | { kind: 'delete' }
    | { kind: 'status'; status: FlashcardStatus }
    | {
        kind: 'review';
        reviewId: string;
        rating: ReviewRating;
        source: ReviewSource;
        /** The learner's scheduler (their fitted parameters and desired retention); the defaults without it. */
        scheduler?: LearnerScheduler | null;
        /** The learner's own day of `at` (their time zone): a game's or the reader's review counts once on it. UTC's without it. */
        day?: string;
      }
    | { kind: 'undo-review'; reviewId: string }
  );

/** Enough for any retry: a client retries a request long before ten more reviews of the same card. */
const RECENT_REVIEWS = 10;

export interface FlashcardState {
  phase: 'none' | 'active' | 'deleted';
  language?: LearningLanguage;
  sourceValue: string;
  targetValue: string;
  /** The card's sentence and origin (sealed as the events carry them), so an edit changing nothing decides nothing. */
  sentence?: string | null;
  origin?: { origin: FlashcardOrigin | null; originId: string | null; originName: string | null };
  status: FlashcardStatus;
  schedule?: FsrsCard;
  /** Reviews of every kind, scheduled or not (spec's timePracticed). */
  timePracticed: number;
  /** Ids of the latest reviews, so a retried review (same id) decides nothing. */
  recentReviews: string[];
  /** UTC day (YYYY-MM-DD) of the last game review that was scheduled: games schedule once a day. */
  gameDay?: string;
  /** The card's last review when it was a flashcard review: the one review Undo may take back. */
  undoable?: { reviewId: string; before: FsrsCard; at: string };
  /** Reviews undone lately, so undoing one again (another request) decides nothing. */
  undone?: string[];
}

const utcDay = (iso: string) => iso.slice(0, 10);

function decide(c: FlashcardCommand, s: FlashcardState): FlashcardEvent[] {
  const ref = { userId: c.userId, cardId: c.cardId };
  if (c.kind === 'create') {
    // The id is taken: a retry, or the same word from the same origin again (one card each). A card deleted
    // earlier may be made again (a retried old create carries its old event ids, which the store dedupes).
    if (s.phase === 'active') return [];
    const { language, sourceValue, targetValue, origin, originId, originName, at } = c;
    const sealed = c.sealedFor ? { sealedFor: c.sealedFor } : {};
    const sentence = c.sentence ? { sentence: c.sentence } : {};
    return [
      {
        type: 'practice.FlashcardCreated',
        data: { ...ref, language, sourceValue, targetValue, origin, originId, originName, ...sentence, at, ...sealed },
      },
    ];
  }
  if (c.kind === 'delete' && s.phase === 'deleted') return [];
  if (s.phase !== 'active') throw new DomainError(FLASHCARD_NOT_FOUND, 404);
  switch (c.kind) {
    case 'edit': {
      const sentence = c.sentence === undefined ? undefined : c.sentence || null;
      const newSentence = sentence !== undefined && sentence !== (s.sentence ?? null);
      const was = s.origin;
      const newOrigin =
        c.origin !== undefined && (c.origin !== was?.origin || c.originId !== was.originId || (c.originName ?? null) !== was.originName);
      if (c.sourceValue === s.sourceValue && c.targetValue === s.targetValue && !newSentence && !newOrigin) return [];
      return [
        {
          type: 'practice.FlashcardEdited',
          data: {
            ...ref,
            sourceValue: c.sourceValue,
            targetValue: c.targetValue,
            ...(newSentence ? { sentence } : {}),
            ...(newOrigin ? { origin: c.origin, originId: c.originId ?? '', originName: c.originName ?? null } : {}),
            at: c.at,
            ...(c.sealedFor ? { sealedFor: c.sealedFor } : {}),
          },
        },
      ];
    }
    case 'delete':
      return [{ type: 'practice.FlashcardDeleted', data: { ...ref, at: c.at } }];
    case 'status':
      if (c.status === s.status) return [];
      return [{ type: 'practice.FlashcardStatusChanged', data: { ...ref, status: c.status, at: c.at } }];
    case 'review': {
      if (s.recentReviews.includes(c.reviewId)) return [];
      const before = s.schedule!;
      const day = c.day ?? utcDay(c.at);
      const scheduled = c.source === 'flashcards' || s.gameDay !== day;
      // Clocks of several API instances may disagree slightly: never review before the last review.
      const when = before.lastReview && c.at < before.lastReview ? before.lastReview : c.at;
      const after = scheduled ? reschedule(before, new Date(when), c.rating, c.scheduler) : before;
      return [
        {
          type: 'practice.FlashcardReviewed',
          data: {
            ...ref,
            reviewId: c.reviewId,
            language: s.language!,
            rating: c.rating,
            source: c.source,
            scheduled,
            before,
            after,
            at: c.at,
            ...(c.source === 'flashcards' ? {} : { day }),
          },
        },
      ];
    }
    case 'undo-review': {
      if (s.undone?.includes(c.reviewId)) return [];
      // Only the latest review can go: undoing an earlier one would drop the reviews made on top of it.
      if (s.undoable?.reviewId !== c.reviewId) throw new DomainError(UNDO_MESSAGES.notLast, 409);
      const { before, at } = s.undoable;
      return [
        {
          type: 'practice.FlashcardReviewUndone',
          data: { ...ref, reviewId: c.reviewId, language: s.language!, restored: before, reviewedAt: at, at: c.at },
        },
      ];
    }
  }
}

function evolve(s: FlashcardState, e: FlashcardEvent): FlashcardState {
  switch (e.type) {
    case 'practice.FlashcardCreated':
      return {
        phase: 'active',
        language: e.data.language,
        sourceValue: e.data.sourceValue,
        targetValue: e.data.targetValue,
        sentence: e.data.sentence ?? null,
        origin: { origin: e.data.origin, originId: e.data.originId, originName: e.data.originName },
        status: 'uncertain',
        schedule: newSchedule(new Date(e.data.at)),
        timePracticed: 0,
        recentReviews: [],
      };
    case 'practice.FlashcardEdited':
      return {
        ...s,
        sourceValue: e.data.sourceValue,
        targetValue: e.data.targetValue,
        ...(e.data.sentence !== undefined ? { sentence: e.data.sentence } : {}),
        ...(e.data.origin !== undefined
          ? { origin: { origin: e.data.origin, originId: e.data.originId ?? null, originName: e.data.originName ?? null } }
          : {}),
      };
    case 'practice.FlashcardDeleted':
      return { ...s, phase: 'deleted' };
    case 'practice.FlashcardStatusChanged':
      return { ...s, status: e.data.status };
    case 'practice.FlashcardReviewed': {
      const game = e.data.source !== 'flashcards' && e.data.scheduled;
      const recentReviews = [...s.recentReviews, e.data.reviewId].slice(-RECENT_REVIEWS);
      const undoable = e.data.source === 'flashcards' ? { reviewId: e.data.reviewId, before: e.data.before, at: e.data.at } : undefined;
      return {
        ...s,
        schedule: e.data.after,
        timePracticed: s.timePracticed + 1,
        recentReviews,
        undoable,
        ...(game ? { gameDay: e.data.day ?? utcDay(e.data.at) } : {}),
      };
    }
    case 'practice.FlashcardReviewUndone':
      return {
        ...s,
        schedule: e.data.restored,
        timePracticed: s.timePracticed - 1,
        undoable: undefined,
        undone: [...(s.undone ?? []), e.data.reviewId].slice(-RECENT_REVIEWS),
      };
  }
}

/** One flashcard: created Uncertain, edited, marked, reviewed with FSRS (the last review undoable), deleted. */
export const flashcardDecider: Decider<FlashcardCommand, FlashcardState, FlashcardEvent> = {
  initialState: () => ({ phase: 'none', sourceValue: '', targetValue: '', status: 'uncertain', timePracticed: 0, recentReviews: [] }),
  decide,
  evolve,
};

export type SchedulerCommand = { userId: string; at: string } & (
  | { kind: 'set-retention'; desiredRetention: number }
  | { kind: 'record-fit'; parameters: number[]; reviews: number; logLoss: number; defaultLogLoss: number; trigger: 'learner' | 'automatic' }
);

export interface SchedulerState {
  desiredRetention?: number;
  /**
   * Reviews the last fit learned from. An automatic fit on no more reviews records nothing: a repeated trigger,
   * or one that started before a newer fit and finished after it. The learner's own fit always counts (after
   * they deleted cards it may rightly learn from fewer).
   */
  fittedOn?: number;
}

/** A learner's scheduler: fitted parameters are used only when they predicted the held-out reviews better. */
export const schedulerDecider: Decider<SchedulerCommand, SchedulerState, SchedulerEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    if (c.kind === 'set-retention') {
      if (c.desiredRetention === (s.desiredRetention ?? DESIRED_RETENTION.default)) return [];
      return [{ type: 'practice.DesiredRetentionSet', data: { userId: c.userId, desiredRetention: c.desiredRetention, at: c.at } }];
    }
    if (s.fittedOn !== undefined && (c.trigger === 'automatic' ? c.reviews <= s.fittedOn : c.reviews === s.fittedOn)) return [];
    const { userId, parameters, reviews, logLoss, defaultLogLoss, trigger, at } = c;
    const adopted = Number.isFinite(logLoss) && logLoss < defaultLogLoss;
    return [{ type: 'practice.SchedulerFitted', data: { userId, parameters, reviews, logLoss, defaultLogLoss, adopted, trigger, at } }];
  },
  evolve(s, e) {
    return e.type === 'practice.DesiredRetentionSet'
      ? { ...s, desiredRetention: e.data.desiredRetention }
      : { ...s, fittedOn: e.data.reviews };
  },
};
