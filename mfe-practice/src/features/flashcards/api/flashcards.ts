import { atLeast } from '@verba/kit';
import { keepPrevious, useCommand, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { deleteFlashcard, editFlashcard, flashcardsOriginStatus, listFlashcards, setFlashcardStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

// A write records its position (useCommand); these reads carry the latest one, so they read again with the write in them.

/** All of the learner's cards in one language, newest first (filtering happens in the page). */
export function useFlashcards(languageCode: LearningLanguage) {
  return useRouteQuery(listFlashcards, { query: { languageCode, ...atLeast(useMinPosition()) } }, { placeholderData: keepPrevious });
}

/** Per article or chapter the cards come from: how many, Known, Uncertain and due now (the list's "From" filter). */
export function useOriginStatus(languageCode: LearningLanguage) {
  return useRouteQuery(
    flashcardsOriginStatus,
    { query: { languageCode, ...atLeast(useMinPosition()) } },
    { placeholderData: keepPrevious },
  );
}

export const useEditFlashcard = () => useCommand(editFlashcard);
export const useDeleteFlashcard = () => useCommand(deleteFlashcard);
export const useSetFlashcardStatus = () => useCommand(setFlashcardStatus);
