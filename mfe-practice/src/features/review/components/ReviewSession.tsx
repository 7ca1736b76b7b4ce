import { useEffect, useReducer, useRef } from 'react';
import { Button } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import type { ReviewRating } from '@verba/contracts';
import { notAShortcut } from '../../../shared/keys';
import { RATINGS, isFinished, sessionReducer, startSession, type SessionCard } from '../session';
import { ReviewSummary } from './ReviewSummary';
import { useRatingSender } from './useRatingSender';


/**
 * Space flips, 1-4 rate (once flipped), U undoes the last rating. A rating is sent when the next card
 * is rated (or the session ends), so Undo only drops what was never sent.
 */
export function ReviewSession({ cards, onRestart }: { cards: readonly SessionCard[]; onRestart: () => void }) {
  const [state, dispatch] = useReducer(sessionReducer, cards, startSession);
  const { send, saving } = useRatingSender();
  const finished = isFinished(state);
  const card = state.cards[state.index];

  const rate = (rating: ReviewRating) => {
    if (!state.flipped) return;
    if (state.pending) send(state.pending);
    dispatch({ type: 'rate', rating });
  };

  // The session's end sends the last rating; leaving the page early sends what is pending too.
  const pendingRef = useRef(state.pending);
  pendingRef.current = state.pending;
  useEffect(() => {
    if (finished && state.pending) {
      send(state.pending);
      dispatch({ type: 'sent' });
    }
  }, [finished, state.pending, send]);
  useEffect(() => () => void (pendingRef.current && send(pendingRef.current)), [send]);

  const handlers = useRef({ rate, dispatch });
  handlers.current = { rate, dispatch };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event)) return;
      if (event.key === ' ') {
        event.preventDefault(); // no page scroll, and no click of a focused button
        if (event.type === 'keydown' && !event.repeat) handlers.current.dispatch({ type: 'flip' });
        return;
      }
      if (event.type !== 'keydown') return;
      const rating = RATINGS.find((r) => r.key === event.key);
      if (rating) handlers.current.rate(rating.rating);
      else if (event.key === 'u' || event.key === 'U') handlers.current.dispatch({ type: 'undo' });
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, []);

  if (finished || !card) return <ReviewSummary state={state} saving={saving} onRestart={onRestart} />;

  const done = state.index;
  return (
    <section className="pr-review" aria-label="Review session">
      <div className="pr-review__progress">
        <ProgressBar value={(done / state.cards.length) * 100} label="Session progress" />
        <span className="pr-muted">
          Card {done + 1} of {state.cards.length}
        </span>
      </div>
      <button
        type="button"
        className={`pr-flashcard${state.flipped ? ' pr-flashcard--flipped' : ''}`}
        onClick={() => dispatch({ type: 'flip' })}
      >
        <span className="pr-flashcard__source">{card.sourceValue}</span>
        {state.flipped ? <span className="pr-flashcard__target">{card.targetValue}</span> : <span className="pr-flashcard__hint">Press Space to show the answer</span>}
      </button>
      {state.flipped ? (
        <div className="pr-ratings" role="group" aria-label="How well did you know it?">
          {RATINGS.map(({ rating, label, key }) => (
            <Button key={rating} variant="secondary" className={`pr-rating pr-rating--${rating}`} onClick={() => rate(rating)} aria-keyshortcuts={key}>
              {label} <kbd>{key}</kbd>
            </Button>
          ))}
        </div>
      ) : (
        <div className="pr-ratings">
          <Button onClick={() => dispatch({ type: 'flip' })} aria-keyshortcuts="Space">
            Show answer <kbd>Space</kbd>
          </Button>
        </div>
      )}
      <div className="pr-review__undo">
        <Button variant="ghost" size="sm" disabled={!state.pending} onClick={() => dispatch({ type: 'undo' })} aria-keyshortcuts="U">
          Undo last rating <kbd>U</kbd>
        </Button>
      </div>
    </section>
  );
}
