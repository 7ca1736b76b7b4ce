import { sendCommand } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { getArticle, getDictionary, patchDictionary, patchWord } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type WordStatus = 'new' | 'known' | 'uncertain';

export const useArticle = (id: string) => useRouteQuery(getArticle, { params: { id } });

/** The learner's dictionary as key -> status; words not in it are "new". */
export function useStatuses(languageCode: LearningLanguage | undefined) {
  return useRouteQuery(
    getDictionary,
    { query: { languageCode: languageCode ?? 'de' } },
    { enabled: languageCode !== undefined, select: toStatusMap },
  );
}

const toStatusMap = (data: { words: Array<{ value: string; status: 'known' | 'uncertain' }> }) =>
  new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));

type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: 'known' | 'uncertain' }> };

/** One word's status; its position makes later reads (the library's labels) include it. */
export const markWord = (languageCode: LearningLanguage, key: string, status: WordStatus) =>
  sendCommand(patchWord, { body: { languageCode, word: { value: key, status } } });

/**
 * Keeps the cached dictionary equal to what the reader shows (set with the optimistic mark, set back
 * on failure), so other views and a return visit agree without refetching.
 */
export function setCachedStatus(languageCode: LearningLanguage, key: string, status: WordStatus): void {
  queryClient.setQueryData<Dictionary>(routeKey(getDictionary, { query: { languageCode } }), (data) => {
    if (!data) return data;
    const words = data.words.filter((w) => w.value !== key);
    return { ...data, words: status === 'new' ? words : [...words, { value: key, status }] };
  });
}

/** Marks many words Known in one PATCH (the rest of a page). */
export const markKnown = (languageCode: LearningLanguage, keys: readonly string[]) =>
  sendCommand(patchDictionary, { body: { languageCode, words: keys.map((value) => ({ value, status: 'known' as const })) } });
