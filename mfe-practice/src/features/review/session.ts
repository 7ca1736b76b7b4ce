import type { ReviewRating } from '@verba/contracts';

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
}

/**
 * A review session. The latest rating stays `pending` (not yet sent) until the next card is rated or
 * the session ends, so undoing it is free: nothing was recorded, the back end needs no compensation.
 */
export interface SessionState {
  cards: readonly SessionCard[];
  index: number;
  flipped: boolean;
  ratings: ReadonlyArray<{ id: string; rating: ReviewRating }>;
  /** The last rating, until it is handed over for sending. */
  pending: { id: string; rating: ReviewRating } | null;
}

export type SessionAction = { type: 'flip' } | { type: 'rate'; rating: ReviewRating } | { type: 'undo' } | { type: 'sent' };

export const startSession = (cards: readonly SessionCard[]): SessionState => ({ cards, index: 0, flipped: false, ratings: [], pending: null });

export const isFinished = (s: SessionState): boolean => s.index >= s.cards.length;

export function sessionReducer(s: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'flip':
      return isFinished(s) ? s : { ...s, flipped: !s.flipped };
    case 'rate': {
      const card = s.cards[s.index];
      if (!card || !s.flipped) return s; // rate only once the answer was seen
      const review = { id: card.id, rating: action.rating };
      return { ...s, index: s.index + 1, flipped: false, ratings: [...s.ratings, review], pending: review };
    }
    case 'undo':
      if (!s.pending) return s;
      return { ...s, index: s.index - 1, flipped: true, ratings: s.ratings.slice(0, -1), pending: null };
    case 'sent':
      return { ...s, pending: null };
  }
}

/** How many cards got each rating, in the buttons' order. */
export const countRatings = (s: SessionState) =>
  RATINGS.map(({ rating, label }) => ({ rating, label, count: s.ratings.filter((r) => r.rating === rating).length }));
