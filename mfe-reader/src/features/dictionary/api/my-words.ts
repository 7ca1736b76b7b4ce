import { sendCommand } from '@verba/kit';
import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import {
  MAX_WORDS_PER_REQUEST,
  addMany,
  dictionaryAnalytics,
  getDictionary,
  patchDictionary,
  patchWord,
  type WordStatus,
} from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The learner's words in one language, read again after this tab's writes (the last list stays meanwhile). */
export function useWords(languageCode: LearningLanguage) {
  return useRouteQuery(getDictionary, { query: { languageCode } }, { placeholderData: keepPrevious });
}

/** Known and Uncertain counts and the server's level hint for them. */
export function useCounts(languageCode: LearningLanguage) {
  return useRouteQuery(dictionaryAnalytics, { query: { languageCode } }, { placeholderData: keepPrevious });
}

const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / MAX_WORDS_PER_REQUEST) }, (_, i) =>
    items.slice(i * MAX_WORDS_PER_REQUEST, (i + 1) * MAX_WORDS_PER_REQUEST),
  );

/** One word's status (New removes it from the dictionary). */
export async function setWordStatus(languageCode: LearningLanguage, value: string, status: WordStatus) {
  await sendCommand(patchWord, { body: { languageCode, word: { value, status } } });
}

/** Bulk mark: the selected words get one status, in requests of at most 1000 words. */
export async function markWords(languageCode: LearningLanguage, values: readonly string[], status: WordStatus): Promise<number> {
  let changed = 0;
  for (const part of chunks(values)) {
    changed += (await sendCommand(patchDictionary, { body: { languageCode, words: part.map((value) => ({ value, status })) } })).changed;
  }
  return changed;
}

/** A pasted list through POST dictionary/add-many, in requests of at most 1000 words. */
export async function addWords(languageCode: LearningLanguage, words: readonly string[], status: 'known' | 'uncertain'): Promise<number> {
  let changed = 0;
  for (const part of chunks(words)) changed += (await sendCommand(addMany, { body: { languageCode, words: [...part], status } })).changed;
  return changed;
}
