import type { ReviewRating } from '@verba/contracts';
import { reschedule, type FsrsSchedule, type LearnerScheduler } from '@verba/contracts/fsrs';
import { isRightRating } from '@verba/contracts';
import type { Review } from './api/review';
import { FORMATS, type ReviewFormat } from './formats';

export const RATINGS: ReadonlyArray<{ rating: ReviewRating; label: string; key: string }> = [
  { rating: 'again', label: 'Again', key: '1' },
  { rating: 'hard', label: 'Hard', key: '2' },
  { rating: 'good', label: 'Good', key: '3' },
  { rating: 'easy', label: 'Easy', key: '4' },
];

export interface SessionCard {
  id: string;
  sourceValue: string;
  targetValue: string;
  /** The sentence the word was met in (cards the reader made), shown with the answer. */
  sentence?: string;
  /** Where the card was saved from (the sentence links back to it). */
  origin?: 'article' | 'chapter' | null;
  originId?: string | null;
  originName?: string | null;
  /** How the card is reviewed this session (flip when not said). */
  format?: ReviewFormat;
  /** The card's FSRS schedule as the session last left it (previews the rating buttons' intervals). */
  schedule: FsrsSchedule;
}

/**
 * A review session, Anki's way. A card rated Again goes back into the session at its (re)learning step:
 * after the other cards, or before them once its step has passed; the session ends when every card was
 * answered other than Again. The latest rating stays `pending` (not yet sent) until the next card is rated
 * or the session ends, so undoing it during the session is free; once sent (the session's end) it is
 * undone on the server by its `reviewId`.
 */
export interface SessionState {
  cards: Readonly<Record<string, SessionCard>>;
  /** The card shown, or null when the session is complete. */
  current: string | null;
  /** Cards not yet shown, in order. */
  fresh: readonly string[];
  /** Cards rated Again, each back when its step is due (epoch ms). */
  relearning: ReadonlyArray<{ id: string; due: number }>;
  flipped: boolean;
  ratings: readonly Review[];
  /** The format each rating was answered in, in the order of `ratings` (kept apart: ratings are what is sent). */
  formats: readonly ReviewFormat[];
  /** The last rating, until it is handed over for sending. */
  pending: Review | null;
  /** The last rating once the server recorded it (the session's end), for Undo on the summary. */
  sent: (Review & { reviewId: string }) | null;
  /** The session as it was before the last rating: what Undo goes back to. */
  previous: SessionState | null;
}

export type SessionAction =
  | { type: 'flip' }
  /** `answered`: a card of an answer format was answered (it has no flip), so its grade may be recorded. */
  | { type: 'rate'; rating: ReviewRating; at: number; scheduler?: LearnerScheduler | null; answered?: boolean }
  /** A card reviewed otherwise from now on (listening typed when speech is unavailable). */
  | { type: 'reformat'; id: string; format: ReviewFormat }
  | { type: 'undo' }
  | { type: 'sending' }
  | { type: 'sent'; review: Review; reviewId: string };

export function startSession(cards: readonly SessionCard[]): SessionState {
  const [first, ...rest] = cards.map((c) => c.id);
  return {
    cards: Object.fromEntries(cards.map((c) => [c.id, c])),
    current: first ?? null,
    fresh: rest,
    relearning: [],
    flipped: false,
    ratings: [],
    formats: [],
    pending: null,
    sent: null,
    previous: null,
  };
}

export const isFinished = (s: SessionState): boolean => s.current === null;

/** Cards still to answer, the one shown included. */
export const remaining = (s: SessionState): number => (s.current ? 1 : 0) + s.fresh.length + s.relearning.length;

/**
 * The next card: a relearning card whose step has passed, else the next fresh card, else the relearning
 * card due soonest (nothing else is left, so it is shown early, as Anki's learn-ahead does).
 */
function pickNext(fresh: readonly string[], relearning: SessionState['relearning'], at: number) {
  const soonest = [...relearning].sort((a, b) => a.due - b.due)[0];
  if (soonest && (soonest.due <= at || fresh.length === 0))
    return { current: soonest.id, fresh, relearning: relearning.filter((r) => r !== soonest) };
  const [next = null, ...rest] = fresh;
  return { current: next, fresh: rest, relearning };
}

export function sessionReducer(s: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'flip':
      return isFinished(s) ? s : { ...s, flipped: !s.flipped };
    case 'rate': {
      const card = s.current ? s.cards[s.current] : undefined;
      if (!card || !(s.flipped || action.answered)) return s; // rate only once the answer was seen
      const review = { id: card.id, rating: action.rating };
      const schedule = reschedule(card.schedule, new Date(action.at), action.rating, action.scheduler);
      const relearning = action.rating === 'again' ? [...s.relearning, { id: card.id, due: Date.parse(schedule.due) }] : s.relearning;
      return {
        ...s,
        ...pickNext(s.fresh, relearning, action.at),
        cards: { ...s.cards, [card.id]: { ...card, schedule } },
        flipped: false,
        ratings: [...s.ratings, review],
        formats: [...s.formats, formatOf(card)],
        pending: review,
        sent: null,
        previous: { ...s, previous: null },
      };
    }
    case 'reformat': {
      const card = s.cards[action.id];
      return card ? { ...s, cards: { ...s.cards, [card.id]: { ...card, format: action.format } } } : s;
    }
    case 'undo': {
      // The caller undid a sent rating on the server first; a pending one was never sent.
      if (!s.previous || !(s.pending || s.sent)) return s;
      // A flipped card comes back on its answer side to be rated again; an answered one, to be answered again.
      const back = s.previous.current ? s.previous.cards[s.previous.current] : undefined;
      return { ...s.previous, flipped: !back || formatOf(back) === 'flip', pending: null, sent: null, previous: null };
    }
    case 'sending':
      return { ...s, pending: null };
    case 'sent':
      return isFinished(s) && s.previous ? { ...s, sent: { ...action.review, reviewId: action.reviewId } } : s;
  }
}

/** How many answers got each rating, in the buttons' order. */
export const countRatings = (s: SessionState) =>
  RATINGS.map(({ rating, label }) => ({ rating, label, count: s.ratings.filter((r) => r.rating === rating).length }));

export const formatOf = (card: SessionCard): ReviewFormat => card.format ?? 'flip';

/** Per format reviewed this session: how many answers were right (not rated Again) of how many, in the mix's order. */
export const formatAccuracy = (s: SessionState) =>
  FORMATS.map(({ format, label }) => {
    const ratings = s.ratings.filter((_, i) => s.formats[i] === format);
    return { format, label, right: ratings.filter((r) => isRightRating(r.rating)).length, total: ratings.length };
  }).filter((f) => f.total > 0);
