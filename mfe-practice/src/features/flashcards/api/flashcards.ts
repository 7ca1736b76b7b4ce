import { atLeast } from '@verba/kit';
import { keepPrevious, queryClient, routeKey, useCommand, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { deleteFlashcard, editFlashcard, flashcardsOriginStatus, listFlashcards, setFlashcardStatus } from '@verba/contracts/http';
import type { Flashcard, LearningLanguage } from '@verba/contracts';

type CardList = { languageCode: LearningLanguage; flashcards: Flashcard[] };

/** All of the learner's cards in one language, newest first (filtering happens in the page). */
export function useFlashcards(languageCode: LearningLanguage) {
  const minPosition = useMinPosition();
  return useRouteQuery(listFlashcards, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: keepPrevious });
}

/** Per article or chapter the cards come from: how many, Known, Uncertain and due now (the list's "From" filter). */
export function useOriginStatus(languageCode: LearningLanguage) {
  const minPosition = useMinPosition();
  return useRouteQuery(flashcardsOriginStatus, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: keepPrevious });
}

/** Changes the cached list at once (the refetch that follows the write confirms it). */
function updateCachedCards(languageCode: LearningLanguage, change: (cards: Flashcard[]) => Flashcard[]): void {
  const queries = queryClient.getQueriesData<CardList>({ queryKey: routeKey(listFlashcards).slice(0, 2) });
  for (const [key, data] of queries) {
    if (data?.languageCode === languageCode) queryClient.setQueryData<CardList>(key, { ...data, flashcards: change(data.flashcards) });
  }
}

export const useEditFlashcard = (languageCode: LearningLanguage) =>
  useCommand(editFlashcard, {
    onSuccess: (_result, { body }) => {
      updateCachedCards(languageCode, (cards) =>
        cards.map((c) => (c.id === body?.id ? { ...c, sourceValue: body.sourceValue.trim(), targetValue: body.targetValue.trim() } : c)),
      );
    },
  });

export const useDeleteFlashcard = (languageCode: LearningLanguage) =>
  useCommand(deleteFlashcard, {
    onSuccess: (_result, { body }) => {
      updateCachedCards(languageCode, (cards) => cards.filter((c) => c.id !== body?.id));
    },
  });

export const useSetFlashcardStatus = (languageCode: LearningLanguage) =>
  useCommand(setFlashcardStatus, {
    onSuccess: (_result, { body }) => {
      updateCachedCards(languageCode, (cards) => cards.map((c) => (c.id === body?.id ? { ...c, status: body.status } : c)));
    },
  });
