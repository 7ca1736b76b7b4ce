import { atLeast, toast } from '@verba/kit';
import { queryClient, routeKey, useCommand, useOpenedAt, useRouteQuery } from '@verba/kit/query';
import { getDictionary, patchWord, type WordStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type { WordStatus };
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: 'known' | 'uncertain' }> };

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));
/** Every cached read of the learner's dictionary in one language, whatever position it was read at. */
const dictionaries = (languageCode: LearningLanguage) => ({
  queryKey: routeKey(getDictionary).slice(0, 2),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[3] as { languageCode?: string } | null)?.languageCode === languageCode,
});
const withStatus = (key: string, status: WordStatus) => (data: Dictionary | undefined) => {
  if (!data) return data;
  const words = data.words.filter((w) => w.value !== key);
  return { ...data, words: status === 'new' ? words : [...words, { value: key, status }] };
};

/**
 * The learner's dictionary as key -> status (a word not in it is New), read at where this tab's writes
 * stood when the chapter opened: marks made here update the cached statuses themselves, so none needs a new read.
 */
export function useWordStatuses(languageCode: LearningLanguage) {
  const openedAt = useOpenedAt();
  return useRouteQuery(getDictionary, { query: { languageCode, ...atLeast(openedAt) } }, { select: toStatusMap });
}

/** Marks a word; optimistic: every view of the dictionary changes now (TanStack's onMutate), and back if saving fails. */
export function useMarkWord(languageCode: LearningLanguage) {
  return useCommand(patchWord, {
    onMutate: async ({ body }) => {
      if (!body) return undefined;
      const { value, status } = body.word;
      await queryClient.cancelQueries(dictionaries(languageCode));
      const [[, before] = []] = queryClient.getQueriesData<Dictionary>(dictionaries(languageCode));
      queryClient.setQueriesData<Dictionary>(dictionaries(languageCode), withStatus(value, status));
      return { previous: before?.words.find((w) => w.value === value)?.status ?? ('new' as WordStatus) };
    },
    // Only this word goes back: other marks made meanwhile stay.
    onError: (error, { body }, context) => {
      const value = body?.word.value ?? '';
      if (context) queryClient.setQueriesData<Dictionary>(dictionaries(languageCode), withStatus(value, context.previous));
      toast({ title: `“${value}” could not be saved.`, description: error.message, variant: 'destructive' });
    },
  });
}
