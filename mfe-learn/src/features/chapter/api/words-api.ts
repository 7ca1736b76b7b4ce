import { sendCommand, toast } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { getDictionary, patchWord, type WordStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type { WordStatus };
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: 'known' | 'uncertain' }> };

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));

/** The learner's dictionary as key -> status; a word not in it is New. */
export const useWordStatuses = (languageCode: LearningLanguage) =>
  useRouteQuery(getDictionary, { query: { languageCode } }, { select: toStatusMap });

function setCached(languageCode: LearningLanguage, key: string, status: WordStatus): void {
  queryClient.setQueryData<Dictionary>(routeKey(getDictionary, { query: { languageCode } }), (data) => {
    if (!data) return data;
    const words = data.words.filter((w) => w.value !== key);
    return { ...data, words: status === 'new' ? words : [...words, { value: key, status }] };
  });
}

/** Optimistic: the cached dictionary (and so every view of it) changes now, and back if saving fails. */
export function markWord(languageCode: LearningLanguage, key: string, status: WordStatus, previous: WordStatus): void {
  setCached(languageCode, key, status);
  sendCommand(patchWord, { body: { languageCode, word: { value: key, status } } }).catch((error: Error) => {
    setCached(languageCode, key, previous);
    toast({ title: `Could not save “${key}”`, description: error.message, variant: 'destructive' });
  });
}
