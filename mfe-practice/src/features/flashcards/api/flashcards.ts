import { queryClient, routeKey, useRouteMutation, useRouteQuery } from '@verba/kit/query';
import { deleteFlashcard, editFlashcard, listFlashcards, setFlashcardStatus } from '@verba/contracts/http';
import type { Flashcard, LearningLanguage } from '@verba/contracts';
import { atLeast, keepPrevious, useLatestPosition, written } from '../../../shared/position';

type CardList = { languageCode: LearningLanguage; flashcards: Flashcard[] };

/** All of the learner's cards in one language, newest first (filtering happens in the page). */
export function useFlashcards(languageCode: LearningLanguage) {
  const minPosition = useLatestPosition();
  return useRouteQuery(listFlashcards, { query: { languageCode, ...atLeast(minPosition) } }, { placeholderData: keepPrevious });
}

/** Changes the cached list at once (the refetch that follows the write confirms it). */
function updateCachedCards(languageCode: LearningLanguage, change: (cards: Flashcard[]) => Flashcard[]): void {
  const queries = queryClient.getQueriesData<CardList>({ queryKey: routeKey(listFlashcards).slice(0, 2) });
  for (const [key, data] of queries) {
    if (data?.languageCode === languageCode) queryClient.setQueryData<CardList>(key, { ...data, flashcards: change(data.flashcards) });
  }
}

export const useEditFlashcard = (languageCode: LearningLanguage) =>
  useRouteMutation(editFlashcard, {
    onSuccess: (result, { body }) => {
      updateCachedCards(languageCode, (cards) =>
        cards.map((c) => (c.id === body?.id ? { ...c, sourceValue: body.sourceValue.trim(), targetValue: body.targetValue.trim() } : c)),
      );
      written(result.position);
    },
  });

export const useDeleteFlashcard = (languageCode: LearningLanguage) =>
  useRouteMutation(deleteFlashcard, {
    onSuccess: (result, { body }) => {
      updateCachedCards(languageCode, (cards) => cards.filter((c) => c.id !== body?.id));
      written(result.position);
    },
  });

export const useSetFlashcardStatus = (languageCode: LearningLanguage) =>
  useRouteMutation(setFlashcardStatus, {
    onSuccess: (result, { body }) => {
      updateCachedCards(languageCode, (cards) => cards.map((c) => (c.id === body?.id ? { ...c, status: body.status } : c)));
      written(result.position);
    },
  });
