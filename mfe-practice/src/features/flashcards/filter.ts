import type { Flashcard, FlashcardStatus } from '@verba/contracts';

export type StatusFilter = 'all' | FlashcardStatus;
/** "manual": cards typed by hand (no origin). */
export type OriginFilter = 'all' | 'article' | 'chapter' | 'manual';

export interface CardFilter {
  search: string;
  status: StatusFilter;
  origin: OriginFilter;
  /** One article's or chapter's cards (its id); '' for any. */
  source: string;
}

export const NO_FILTER: CardFilter = { search: '', status: 'all', origin: 'all', source: '' };

/** The card list's address can name one article or chapter (`?origin=<id>`, e.g. from a chapter's page). */
export function filterFromSearch(search: string): CardFilter {
  const source = new URLSearchParams(search).get('origin')?.trim() ?? '';
  return source ? { ...NO_FILTER, source } : NO_FILTER;
}

/** Case-insensitive search over both sides (and the origin's name), then status, the article or chapter, and origin. */
export function filterCards(cards: readonly Flashcard[], filter: CardFilter): Flashcard[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return cards.filter((card) => {
    if (filter.status !== 'all' && card.status !== filter.status) return false;
    if (filter.source && card.originId !== filter.source) return false;
    if (filter.origin === 'manual' ? card.origin !== null : filter.origin !== 'all' && card.origin !== filter.origin) return false;
    if (!needle) return true;
    return [card.sourceValue, card.targetValue, card.originName ?? ''].some((text) => text.toLocaleLowerCase().includes(needle));
  });
}
