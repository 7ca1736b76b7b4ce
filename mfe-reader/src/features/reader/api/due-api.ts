import { useCallback } from 'react';
import type { z } from 'zod';
import { useCommand, useRouteQuery } from '@verba/kit/query';
import { dueWords, reviewFlashcards } from '@verba/contracts/http';
import type { DueWord, LearningLanguage } from '@verba/contracts';

type DueList = z.output<typeof dueWords.response>;

/** The learner's cards due today by the key the reader gives a word (or phrase): the soonest due card of a key. */
export type DueCards = ReadonlyMap<string, DueWord>;

const byKey = (data: DueList): DueCards => {
  const cards = new Map<string, DueWord>();
  for (const card of data.words) if (!cards.has(card.key)) cards.set(card.key, card);
  return cards;
};

/**
 * The cards due today (issue 39.3), read where the reader opened like the word statuses: a mark on the page
 * moves the tab's position but changes no card's due date, so it does not ask again. Cards reviewed on this
 * visit are left out by the page itself (useReviewInText); the next visit reads the list after the reviews.
 */
export const useDueWords = (languageCode: LearningLanguage | undefined, openedAt: string | undefined) =>
  useRouteQuery(
    dueWords,
    { query: { languageCode: languageCode ?? 'de', minPosition: openedAt || undefined } },
    { enabled: languageCode !== undefined, select: byKey },
  );

/** What "I knew it here" did: scheduled (the first review of the card today from a game or the reader) or only counted. */
export interface KnewIt {
  scheduled: boolean;
  dueDateStamp: number;
}

/**
 * "I knew it here": a review rated Good from the reader. The server schedules it at most once a day per
 * card and only counts later ones (`scheduled: false`); a card deleted meanwhile is a 404.
 */
export function useKnewIt() {
  const send = useCommand(reviewFlashcards).mutateAsync;
  return useCallback(
    async (card: DueWord): Promise<KnewIt> => {
      const answer = await send({ body: { reviews: [{ id: card.id, rating: 'good' }], source: 'reader' } });
      const outcome = answer.cards[0]!;
      return { scheduled: outcome.scheduled, dueDateStamp: outcome.dueDateStamp };
    },
    [send],
  );
}
