import { useEffect, useEffectEvent, useState } from 'react';
import { Button, ErrorNotice, QueryErrorNotice, Spinner } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import { saveMatchResult, useMatchWords } from '../api/match-words-api';
import { SECONDS_PER_PAIR, answer, correctCount, isOver, newGame, sideBySide, type Game } from '../match-game';
import { MatchBoard } from './MatchBoard';

type Save = { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/** The chapter's match-words exercise: each word to its translation, against the clock; the result is saved. */
export function MatchWords({ chapterId, languageCode }: { chapterId: string; languageCode: LearningLanguage }) {
  const exercise = useMatchWords(chapterId);
  const [game, setGame] = useState<Game | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  /** The number matched once the game is over (all answered or time up); null while it runs. */
  const [result, setResult] = useState<number | null>(null);
  const finished = result !== null;
  const [save, setSave] = useState<Save | null>(null);

  const store = (correct: number) => {
    setSave({ state: 'saving' });
    saveMatchResult(chapterId, languageCode, correct).then(
      () => setSave({ state: 'saved' }),
      (error: Error) => setSave({ state: 'failed', message: error.message }),
    );
  };
  const finish = (final: Game) => {
    setResult(correctCount(final));
    store(correctCount(final));
  };

  // The clock counts down from where it stands; the game as it is now ends when it runs out.
  const clock = useEffectEvent(() => secondsLeft);
  const timeUp = useEffectEvent(() => game && finish(game));
  useEffect(() => {
    if (!game || finished) return;
    let left = clock();
    const timer = setInterval(() => {
      left -= 1;
      setSecondsLeft(left);
      if (left <= 0) timeUp();
    }, 1000);
    return () => clearInterval(timer);
  }, [game, finished]);

  if (exercise.isPending) return <Spinner label="Loading the exercise…" />;
  if (exercise.isError) return <QueryErrorNotice query={exercise} title="The exercise could not be loaded." />;
  const { pairs, bestCorrect } = exercise.data;
  if (pairs.length === 0) return <p className="ln-muted">This chapter has no words to match.</p>;

  const start = () => {
    setGame(newGame(pairs));
    setSecondsLeft(pairs.length * SECONDS_PER_PAIR);
    setResult(null);
    setSave(null);
  };
  const onAnswer = (word: number, translation: number) => {
    if (!game || finished) return;
    const next = answer(game, word, translation);
    setGame(next);
    if (isOver(next)) finish(next);
  };
  const best =
    bestCorrect === null ? null : (
      <p className="ln-muted">
        Your best: {bestCorrect} of {pairs.length}
      </p>
    );

  if (!game) {
    return (
      <div className="ln-match">
        <p>
          Match each of the {pairs.length} words to its translation. You have {pairs.length * SECONDS_PER_PAIR} seconds; every word gets one
          try.
        </p>
        {best}
        <Button onClick={start}>Start matching</Button>
      </div>
    );
  }
  return (
    <div className="ln-match">
      {finished ? (
        <div className="ln-match__result" role="status">
          <p className="ln-match__score">
            {secondsLeft <= 0 && !isOver(game) ? 'Time is up! ' : ''}You matched {result} of {pairs.length} correctly.
          </p>
          {save?.state === 'saving' ? <p className="ln-muted">Saving your result…</p> : null}
          {save?.state === 'saved' ? <p className="ln-muted">Result saved.</p> : null}
          {save?.state === 'failed' ? (
            <ErrorNotice title="Your result could not be saved." detail={save.message} onRetry={() => store(result ?? 0)} />
          ) : null}
          {best}
          <Button variant="secondary" onClick={start}>
            Play again
          </Button>
        </div>
      ) : (
        <p className="ln-match__clock" aria-live="off">
          <span className="ln-badge">{secondsLeft} s left</span> {correctCount(game)} correct so far
        </p>
      )}
      {/* Once over (time up too), every translation stands beside its word. */}
      <MatchBoard game={finished ? sideBySide(game) : game} disabled={finished} onAnswer={onAnswer} />
    </div>
  );
}
