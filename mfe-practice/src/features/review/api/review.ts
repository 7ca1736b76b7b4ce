import { practiceFlashcards } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { useRoundQuery } from '../../../shared/use-round-query';

export const SESSION_SIZE = 20;

/** Cards for a session: due first (most overdue first), then the next ones due. */
export const useSessionCards = (languageCode: LearningLanguage) => useRoundQuery(practiceFlashcards, { languageCode, limit: SESSION_SIZE });
