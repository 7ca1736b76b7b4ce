import type { ReviewRating } from '@verba/contracts';

export interface Pair {
  id: string;
  sourceValue: string;
  targetValue: string;
}
export interface Target {
  id: string;
  targetValue: string;
}

export const MATCH_TIME_MS = 60_000;

const norm = (text: string) => text.trim().toLocaleLowerCase();

/** A source matches a target of its own card, or of a card with the same translation. */
export const matches = (pair: Pair, target: Target): boolean =>
  pair.id === target.id || norm(pair.targetValue) === norm(target.targetValue);

/** A pair matched with no wrong try counts as Good; a wrong try or no match in time, as Again. */
export function matchRatings(
  pairs: readonly Pair[],
  matched: ReadonlySet<string>,
  mistakes: ReadonlyMap<string, number>,
): { id: string; rating: ReviewRating }[] {
  return pairs.map((p) => ({ id: p.id, rating: matched.has(p.id) && !mistakes.get(p.id) ? 'good' : 'again' }));
}

/** A shuffled copy (sorted by random keys: fine for a board of six). */
export const shuffled = <T>(items: readonly T[], random: () => number = Math.random): T[] =>
  items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/** "0:42" */
export const clock = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
