import { atLeast } from '@verba/kit';
import { queryClient, routeKey, useCommand, useOpenedAt, useRouteQuery } from '@verba/kit/query';
import { getArticle, getAudio, getDictionary, patchDictionary, patchWord } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type WordStatus = 'new' | 'known' | 'uncertain';
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: 'known' | 'uncertain' }> };
type Mark = { value: string; status: WordStatus };

/**
 * Where this tab's writes stood when the reader opened: the article, the word statuses and the bookmark
 * are read there, once. Later marks need no new read (they update the cached statuses themselves), and
 * page turns keep their own page; a reader opened after writes elsewhere (My words, an edit) reads them.
 */
export { useOpenedAt };

export const useArticle = (id: string, openedAt: string | undefined) =>
  useRouteQuery(getArticle, { params: { id }, query: { ...atLeast(openedAt) } });

/** The article's audio, when an admin attached some. */
export const useArticleAudio = (articleId: string) => useRouteQuery(getAudio, { params: { targetKind: 'article', targetId: articleId } });

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));

/** Every cached read of the learner's dictionary in one language, at whatever position it was read. */
const dictionaries = (languageCode: LearningLanguage) => ({
  queryKey: routeKey(getDictionary).slice(0, 2),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[3] as { languageCode?: string } | null)?.languageCode === languageCode,
});

const withMarks = (marks: readonly Mark[]) => (data: Dictionary | undefined) => {
  if (!data) return data;
  const keys = new Set(marks.map((m) => m.value));
  const kept = data.words.filter((w) => !keys.has(w.value));
  return { ...data, words: [...kept, ...marks.flatMap(({ value, status }) => (status === 'new' ? [] : [{ value, status }]))] };
};

/** The learner's dictionary as key -> status (words not in it are "new"), read where the reader opened. */
export const useStatuses = (languageCode: LearningLanguage | undefined, openedAt: string | undefined) =>
  useRouteQuery(
    getDictionary,
    { query: { languageCode: languageCode ?? 'de', ...atLeast(openedAt) } },
    { enabled: languageCode !== undefined, select: toStatusMap },
  );

/**
 * Optimistic marks (TanStack's onMutate): every cached read of the dictionary, and so every view of it,
 * shows them at once; a mark the server refuses goes back to what it was, other marks made meanwhile stay.
 */
type Undo = { languageCode?: LearningLanguage; undo: Mark[] };

function optimistic<V>(marksOf: (variables: V) => { languageCode: LearningLanguage; marks: Mark[] } | undefined) {
  return {
    onMutate: async (variables: V): Promise<Undo> => {
      const change = marksOf(variables);
      if (!change) return { undo: [] };
      await queryClient.cancelQueries(dictionaries(change.languageCode));
      const [[, before] = []] = queryClient.getQueriesData<Dictionary>(dictionaries(change.languageCode));
      const statusBefore = (value: string): WordStatus => before?.words.find((w) => w.value === value)?.status ?? 'new';
      queryClient.setQueriesData<Dictionary>(dictionaries(change.languageCode), withMarks(change.marks));
      return { languageCode: change.languageCode, undo: change.marks.map(({ value }) => ({ value, status: statusBefore(value) })) };
    },
    onError: (_error: unknown, _variables: V, context: Undo | undefined) => {
      if (context?.languageCode) queryClient.setQueriesData<Dictionary>(dictionaries(context.languageCode), withMarks(context.undo));
    },
  };
}

type Body<T> = { body?: T };

/** One word's status; its position makes later reads (the library's labels) include it. */
export const useMarkWord = () =>
  useCommand(
    patchWord,
    optimistic(
      ({ body }: Body<{ languageCode: LearningLanguage; word: Mark }>) => body && { languageCode: body.languageCode, marks: [body.word] },
    ),
  );

/** Marks many words Known in one PATCH (the rest of a page). */
export const useMarkKnown = () =>
  useCommand(
    patchDictionary,
    optimistic(
      ({ body }: Body<{ languageCode: LearningLanguage; words: Mark[] }>) => body && { languageCode: body.languageCode, marks: body.words },
    ),
  );
