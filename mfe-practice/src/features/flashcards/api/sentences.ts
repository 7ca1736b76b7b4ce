import { useRouteQuery } from '@verba/kit/query';
import { readingSentences } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** Sentences with the card's word (or a form of its family) from the learner's reading; asked only once `enabled`. */
export function useReadingSentences(languageCode: LearningLanguage, word: string, enabled: boolean) {
  return useRouteQuery(readingSentences, { query: { languageCode, word } }, { enabled: enabled && word.trim() !== '' });
}
