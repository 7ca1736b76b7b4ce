import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import { deleteFlashcard, editFlashcard, flashcardsOriginStatus, listFlashcards, setFlashcardStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

// After an edit, delete or status change (useCommand) these reads read again by themselves (the kit's useRouteQuery).

/** All of the learner's cards in one language, newest first (filtering happens in the page). */
export function useFlashcards(languageCode: LearningLanguage) {
  return useRouteQuery(listFlashcards, { query: { languageCode } }, { placeholderData: keepPrevious });
}

/** Per article or chapter the cards come from: how many, Known, Uncertain and due now (the list's "From" filter). */
export function useOriginStatus(languageCode: LearningLanguage) {
  return useRouteQuery(flashcardsOriginStatus, { query: { languageCode } }, { placeholderData: keepPrevious });
}

export const useEditFlashcard = () => useCommand(editFlashcard);
export const useDeleteFlashcard = () => useCommand(deleteFlashcard);
export const useSetFlashcardStatus = () => useCommand(setFlashcardStatus);
