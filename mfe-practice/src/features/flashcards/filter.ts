import type { Flashcard, FlashcardStatus } from '@verba/contracts';

export type StatusFilter = 'all' | FlashcardStatus;
/** "manual": cards typed by hand (no origin). */
export type OriginFilter = 'all' | 'article' | 'chapter' | 'manual';

export interface CardFilter {
  search: string;
  status: StatusFilter;
  origin: OriginFilter;
}

export const NO_FILTER: CardFilter = { search: '', status: 'all', origin: 'all' };

/** Case-insensitive search over both sides (and the origin's name), then status and origin. */
export function filterCards(cards: readonly Flashcard[], filter: CardFilter): Flashcard[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return cards.filter((card) => {
    if (filter.status !== 'all' && card.status !== filter.status) return false;
    if (filter.origin === 'manual' ? card.origin !== null : filter.origin !== 'all' && card.origin !== filter.origin) return false;
    if (!needle) return true;
    return [card.sourceValue, card.targetValue, card.originName ?? ''].some((text) => text.toLocaleLowerCase().includes(needle));
  });
}
