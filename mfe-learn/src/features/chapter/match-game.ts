import type { VocabularyPair } from '@verba/contracts';

/** Seconds on the clock per word pair: 7 pairs give 35 seconds. */
export const SECONDS_PER_PAIR = 5;

export type Outcome = 'right' | 'wrong';

export interface Game {
  pairs: readonly VocabularyPair[];
  /** Pair indexes in the order the translations are shown. */
  translationOrder: number[];
  /** Per word (pair index): how its one try went. */
  outcomes: Map<number, Outcome>;
}

export function newGame(pairs: readonly VocabularyPair[], random: () => number = Math.random): Game {
  const order = pairs.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return { pairs, translationOrder: order, outcomes: new Map() };
}

/**
 * Each word gets one try: matched to its own translation (or an identical one) it is right, otherwise
 * wrong; either way the word and its own translation leave the board, and that translation moves to the
 * word's row so the answered pair reads side by side. It swaps with the tile that stood there, which is
 * always still open (an answered translation already stands in its own word's row): no other tile moves.
 */
export function answer(game: Game, word: number, translation: number): Game {
  if (game.outcomes.has(word)) return game;
  const right = game.pairs[word]?.translation === game.pairs[translation]?.translation;
  const order = [...game.translationOrder];
  const from = order.indexOf(word);
  [order[from], order[word]] = [order[word] as number, word];
  return { ...game, translationOrder: order, outcomes: new Map(game.outcomes).set(word, right ? 'right' : 'wrong') };
}

/** The translations in word order: the board at the end of a game, every pair side by side. */
export const sideBySide = (game: Game): Game => ({ ...game, translationOrder: game.pairs.map((_, i) => i) });

export const correctCount = (game: Game) => [...game.outcomes.values()].filter((o) => o === 'right').length;
export const isOver = (game: Game) => game.outcomes.size === game.pairs.length;
