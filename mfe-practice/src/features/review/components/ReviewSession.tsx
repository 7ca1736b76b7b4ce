import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { Button, toast } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import type { LearningLanguage, ReviewRating } from '@verba/contracts';
import { ratingIntervals } from '@verba/contracts/fsrs';
import { notAShortcut } from '../../../shared/keys';
import { inDialog } from '../keys';
import { CardSentence } from '../../../shared/CardSentence';
import { undoRating } from '../api/review';
import type { CardSettings } from '../api/card-settings';
import { speakWord } from '../api/speech';
import type { AnswerMode } from '../formats';
import { RATINGS, formatOf, isFinished, remaining, sessionReducer, startSession, type SessionCard } from '../session';
import { AnswerCard, type SpeechOff } from './AnswerCard';
import { ReviewSummary } from './ReviewSummary';
import './review-formats.css';
import { useRatingSender } from './useRatingSender';

/**
 * Each card in its format of the session's mix: a flip card (Space flips, 1-4 rate once flipped), or one
 * answered (cloze, typed, listening: Enter checks, the answer rule grades). U undoes the last rating. A rating is sent when the next card
 * is rated (or the session ends), so Undo during the session only drops what was never sent; after the
 * session's end it asks the server to take the last review back. The profile's switches: the translation
 * side first (the word after the flip), and the word spoken each time it shows.
 */
export function ReviewSession({
  cards,
  onRestart,
  settings,
  languageCode,
  answerMode = 'type',
  pool = [],
  mixControl,
}: {
  cards: readonly SessionCard[];
  onRestart: () => void;
  settings: CardSettings;
  languageCode: LearningLanguage;
  /** How cloze and listening are answered this session. */
  answerMode?: AnswerMode;
  /** The learner's words in the language (options to pick from). */
  pool?: readonly string[];
  /** Shown until the first answer: the session's formats and the way to change them. */
  mixControl?: ReactNode;
}) {
  const [state, dispatch] = useReducer(sessionReducer, cards, startSession);
  const { send, saving } = useRatingSender();
  const [undoing, setUndoing] = useState(false);
  const finished = isFinished(state);
  const card = state.current ? state.cards[state.current] : undefined;
  const format = card ? formatOf(card) : 'flip';
  // Once speech is refused (the Free allowance used up, or none), listening cards are typed for the rest of the session.
  const [speechOff, setSpeechOff] = useState<SpeechOff | null>(null);
  // What each button would schedule, from the scheduler the server uses, as of when the answer shows.
  const intervals = useMemo(
    () => (card && state.flipped ? ratingIntervals(card.schedule, new Date(), settings.scheduler) : null),
    [card, state.flipped, settings.scheduler],
  );

  const rate = (rating: ReviewRating) => {
    if (!state.flipped) return;
    if (state.pending) void send(state.pending);
    dispatch({ type: 'rate', rating, at: Date.now(), scheduler: settings.scheduler });
  };
  /** An answered card's grade: recorded like a flip card's rating (sent when the next is rated). */
  const grade = (rating: ReviewRating) => {
    if (state.pending) void send(state.pending);
    dispatch({ type: 'rate', rating, at: Date.now(), scheduler: settings.scheduler, answered: true });
  };
  const typeInstead = (reason: SpeechOff) => {
    setSpeechOff(reason);
    if (card) dispatch({ type: 'reformat', id: card.id, format: 'typed' });
  };

  const undo = async () => {
    if (state.pending) return dispatch({ type: 'undo' });
    const sent = state.sent;
    if (!sent || undoing) return;
    setUndoing(true);
    try {
      await undoRating(sent.id, sent.reviewId);
      dispatch({ type: 'undo' });
    } catch (error) {
      toast({
        title: 'The rating could not be undone.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setUndoing(false);
    }
  };

  // The session's end sends the last rating; leaving the page early sends what is pending too.
  const pendingRef = useRef(state.pending);
  useEffect(() => {
    pendingRef.current = state.pending;
  });
  useEffect(() => {
    if (finished && state.pending) {
      const review = state.pending;
      dispatch({ type: 'sending' });
      void send(review).then((reviewId) => reviewId && dispatch({ type: 'sent', review, reviewId }));
    }
  }, [finished, state.pending, send]);
  useEffect(() => () => void (pendingRef.current && send(pendingRef.current)), [send]);

  const handlers = useRef({ rate, undo, dispatch, format });
  useEffect(() => {
    handlers.current = { rate, undo, dispatch, format };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event) || inDialog(event)) return;
      if (event.key === ' ' && handlers.current.format === 'flip') {
        event.preventDefault(); // no page scroll, and no click of a focused button
        if (event.type === 'keydown' && !event.repeat) handlers.current.dispatch({ type: 'flip' });
        return;
      }
      if (event.type !== 'keydown') return;
      // 1-4 rate a flip card; an answered card uses them to pick (its own keys).
      const rating = handlers.current.format === 'flip' ? RATINGS.find((r) => r.key === event.key) : undefined;
      if (rating) handlers.current.rate(rating.rating);
      else if (event.key === 'u' || event.key === 'U') void handlers.current.undo();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, []);

  // "Play flashcards aloud": the word side is spoken when it shows (at once, or on the flip when the translation comes first).
  const { autoplay, translationFirst, voiceId, speed } = settings;
  const wordShown = card !== undefined && format === 'flip' && (!translationFirst || state.flipped);
  const showing = wordShown ? `${state.ratings.length}:${card.id}` : null;
  const word = card?.sourceValue;
  useEffect(() => {
    if (autoplay && showing !== null && word) speakWord(word, voiceId, speed).catch(() => undefined);
  }, [autoplay, showing, word, voiceId, speed]);

  const canUndo = Boolean(state.pending || state.sent) && !undoing;
  if (finished || !card)
    return <ReviewSummary state={state} saving={saving} onRestart={onRestart} canUndo={canUndo && !saving} onUndo={() => void undo()} />;

  const done = state.ratings.length;
  const total = done + remaining(state);
  return (
    <section className="pr-review" aria-label="Review session">
      <div className="pr-review__progress">
        <ProgressBar value={(done / total) * 100} label="Session progress" />
        <span className="pr-muted">
          Card {done + 1} of {total}
        </span>
      </div>
      {done === 0 ? mixControl : null}
      {format !== 'flip' ? (
        <AnswerCard
          key={`${done}:${card.id}`}
          card={card}
          format={format}
          mode={answerMode}
          pool={pool}
          languageCode={languageCode}
          settings={settings}
          speechOff={speechOff}
          onSpeechOff={typeInstead}
          onRate={grade}
        />
      ) : (
        <>
          <button
            type="button"
            className={`pr-flashcard${state.flipped ? ' pr-flashcard--flipped' : ''}`}
            onClick={() => dispatch({ type: 'flip' })}
          >
            <span className="pr-flashcard__source">{translationFirst ? card.targetValue : card.sourceValue}</span>
            {state.flipped ? (
              <span className="pr-flashcard__target">{translationFirst ? card.sourceValue : card.targetValue}</span>
            ) : (
              <span className="pr-flashcard__hint">Press Space to show the answer</span>
            )}
          </button>
          {state.flipped && card.sentence ? (
            <CardSentence
              className="pr-review__sentence"
              sentence={card.sentence}
              word={card.sourceValue}
              languageCode={languageCode}
              origin={card.origin ?? null}
              originId={card.originId ?? null}
              originName={card.originName ?? null}
            />
          ) : null}
          {intervals ? (
            <div className="pr-ratings" role="group" aria-label="How well did you know it?">
              {RATINGS.map(({ rating, label, key }) => (
                <Button
                  key={rating}
                  variant="secondary"
                  className={`pr-rating pr-rating--${rating}`}
                  onClick={() => rate(rating)}
                  aria-keyshortcuts={key}
                >
                  <span className="pr-rating__interval" title={`Next review in ${intervals[rating]}`}>
                    {intervals[rating]}
                  </span>
                  <span className="pr-rating__label">
                    {label} <kbd>{key}</kbd>
                  </span>
                </Button>
              ))}
            </div>
          ) : (
            <div className="pr-ratings pr-ratings--flip">
              <Button onClick={() => dispatch({ type: 'flip' })} aria-keyshortcuts="Space">
                Show answer <kbd>Space</kbd>
              </Button>
            </div>
          )}
        </>
      )}
      <div className="pr-review__undo">
        <Button variant="ghost" size="sm" disabled={!canUndo} onClick={() => void undo()} aria-keyshortcuts="U">
          Undo last rating <kbd>U</kbd>
        </Button>
      </div>
    </section>
  );
}
