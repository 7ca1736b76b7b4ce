import { useEffect, useRef, useState } from 'react';
import { toast } from '@verba/kit';
import { ResultActions } from '../../../shared/ResultActions';
import { sendMatchResult } from '../api/match';
import { MATCH_TIME_MS, clock, matchRatings, matches, type Pair, type Target } from '../match';

interface Props {
  pairs: readonly Pair[];
  targets: readonly Target[];
  onPlayAgain: () => void;
  timeLimitMs?: number;
}

type End = { reason: 'done' | 'time'; elapsedMs: number };

/** Milliseconds since `start`, read when the last pair is matched (an event, not a render). */
const msSince = (start: number) => Date.now() - start;

/**
 * Pick a word on the left and its translation on the right (either order) before the clock runs out.
 * At the end every pair is sent as one review (match-words schedules a card at most once a day).
 */
export function MatchGame({ pairs, targets, onPlayAgain, timeLimitMs = MATCH_TIME_MS }: Props) {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [matchedLeft, setMatchedLeft] = useState<ReadonlySet<string>>(new Set());
  const [matchedRight, setMatchedRight] = useState<ReadonlySet<string>>(new Set());
  const [mistakes, setMistakes] = useState<ReadonlyMap<string, number>>(new Map());
  const [wrong, setWrong] = useState<[string, string] | null>(null);
  const [end, setEnd] = useState<End | null>(null);
  const remaining = timeLimitMs - (now - startedAt);

  useEffect(() => {
    if (end) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      // Time is up, unless the last pair was matched first.
      if (at - startedAt >= timeLimitMs) setEnd((done) => done ?? { reason: 'time', elapsedMs: timeLimitMs });
    }, 250);
    return () => clearInterval(timer);
  }, [end, startedAt, timeLimitMs]);

  // The round's result is sent once, when it ends.
  const sent = useRef(false);
  useEffect(() => {
    if (!end || sent.current) return;
    sent.current = true;
    sendMatchResult(matchRatings(pairs, matchedLeft, mistakes)).catch((error: unknown) =>
      toast({
        title: 'Your result could not be saved.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      }),
    );
  }, [end, pairs, matchedLeft, mistakes]);

  const tryPair = (pairId: string, targetId: string) => {
    const pair = pairs.find((p) => p.id === pairId)!;
    const target = targets.find((t) => t.id === targetId)!;
    setLeft(null);
    setRight(null);
    if (matches(pair, target)) {
      const nextLeft = new Set(matchedLeft).add(pairId);
      setMatchedLeft(nextLeft);
      setMatchedRight(new Set(matchedRight).add(targetId));
      setWrong(null);
      if (nextLeft.size === pairs.length) setEnd({ reason: 'done', elapsedMs: msSince(startedAt) });
    } else {
      setMistakes(new Map(mistakes).set(pairId, (mistakes.get(pairId) ?? 0) + 1));
      setWrong([pairId, targetId]);
    }
  };
  const pickLeft = (id: string) => (right ? tryPair(id, right) : setLeft(left === id ? null : id));
  const pickRight = (id: string) => (left ? tryPair(left, id) : setRight(right === id ? null : id));

  if (end) {
    const totalMistakes = [...mistakes.values()].reduce((a, b) => a + b, 0);
    const seconds = Math.max(1, Math.round(end.elapsedMs / 1000));
    return (
      <section className="pr-result" aria-labelledby="match-result-title">
        <h2 id="match-result-title">{end.reason === 'done' ? 'All pairs matched!' : 'Time is up'}</h2>
        <p>
          {matchedLeft.size} of {pairs.length} pairs matched in {seconds} {seconds === 1 ? 'second' : 'seconds'}, with {totalMistakes}{' '}
          {totalMistakes === 1 ? 'mistake' : 'mistakes'}.
        </p>
        <ResultActions again="Play again" onAgain={onPlayAgain} />
      </section>
    );
  }

  const column = (side: 0 | 1, label: string, tiles: ReadonlyArray<{ id: string; text: string }>) => (
    <ul className="pr-match__column" aria-label={label}>
      {tiles.map(({ id, text }) => {
        const matched = (side === 0 ? matchedLeft : matchedRight).has(id);
        const selected = (side === 0 ? left : right) === id;
        const modifiers = `${matched ? ' pr-tile--matched' : ''}${selected ? ' pr-tile--selected' : ''}${wrong?.[side] === id ? ' pr-tile--wrong' : ''}`;
        return (
          <li key={id}>
            <button
              type="button"
              className={`pr-tile${modifiers}`}
              aria-pressed={selected}
              disabled={matched}
              onClick={side === 0 ? () => pickLeft(id) : () => pickRight(id)}
            >
              {text}
            </button>
          </li>
        );
      })}
    </ul>
  );

  return (
    <section className="pr-match" aria-label="Match the pairs">
      <p className="pr-match__status">
        <span className="pr-clock" aria-label={`Time left ${clock(remaining)}`} role="timer">
          {clock(remaining)}
        </span>
        <span className="pr-muted">
          {matchedLeft.size} of {pairs.length} matched
        </span>
      </p>
      <p className="pr-sr-only" role="status">
        {wrong ? 'Not a pair. Try again.' : ''}
      </p>
      <div className="pr-match__board">
        {column(
          0,
          'Words',
          pairs.map((p) => ({ id: p.id, text: p.sourceValue })),
        )}
        {column(
          1,
          'Translations',
          targets.map((t) => ({ id: t.id, text: t.targetValue })),
        )}
      </div>
    </section>
  );
}
