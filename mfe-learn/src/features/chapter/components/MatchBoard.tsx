import { useState } from 'react';
import type { Game } from '../match-game';

interface Props {
  game: Game;
  disabled: boolean;
  onAnswer: (word: number, translation: number) => void;
}

/** Two columns of buttons: pick a word, then its translation. */
export function MatchBoard({ game, disabled, onAnswer }: Props) {
  const [picked, setPicked] = useState<number | null>(null);
  const choose = (translation: number) => {
    if (picked === null) return;
    onAnswer(picked, translation);
    setPicked(null);
  };
  return (
    // Rows of a shared grid (subgrid), so a word and the translation beside it line up whatever their length.
    <div className="ln-board" style={{ gridTemplateRows: `repeat(${game.pairs.length}, auto)` }}>
      <ul className="ln-board__column" aria-label="Words">
        {game.pairs.map((pair, i) => {
          const outcome = game.outcomes.get(i);
          return (
            <li key={i}>
              <button
                type="button"
                className={`ln-tile${outcome ? ` ln-tile--${outcome}` : ''}`}
                aria-pressed={picked === i}
                aria-label={outcome ? `${pair.word}: ${outcome === 'right' ? 'right' : `wrong, it means ${pair.translation}`}` : undefined}
                disabled={disabled || outcome !== undefined}
                onClick={() => setPicked(picked === i ? null : i)}
              >
                {pair.word}
                {outcome ? <span className="ln-tile__outcome">{outcome === 'right' ? ' ✓' : ` ✗ ${pair.translation}`}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
      <ul className="ln-board__column" aria-label="Translations">
        {game.translationOrder.map((i) => {
          const used = game.outcomes.has(i);
          return (
            <li key={i}>
              <button
                type="button"
                className={`ln-tile${used ? ' ln-tile--used' : ''}`}
                disabled={disabled || used || picked === null}
                onClick={() => choose(i)}
              >
                {game.pairs[i]?.translation}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
