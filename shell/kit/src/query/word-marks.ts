import { getDictionary, type WordStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { queryClient, routeKey } from './queries';

/** A word's status as marked: New takes the word out of the learner's dictionary. */
export type WordMark = { value: string; status: WordStatus };
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: Exclude<WordStatus, 'new'> }> };
/** What a failed mark puts back: each marked word's status before it, nothing else. */
export type MarksUndo = { languageCode?: LearningLanguage; undo: WordMark[] };

/** Every cached read of the learner's dictionary in one language, at whatever position it was read. */
const dictionaries = (languageCode: LearningLanguage) => ({
  queryKey: routeKey(getDictionary).slice(0, 2),
  predicate: (query: { queryKey: readonly unknown[] }) =>
    (query.queryKey[3] as { languageCode?: string } | null)?.languageCode === languageCode,
});

const withMarks = (marks: readonly WordMark[]) => (data: Dictionary | undefined) => {
  if (!data) return data;
  const values = new Set(marks.map((m) => m.value));
  const kept = data.words.filter((w) => !values.has(w.value));
  return { ...data, words: [...kept, ...marks.flatMap(({ value, status }) => (status === 'new' ? [] : [{ value, status }]))] };
};

/**
 * Optimistic word marks for `useCommand` (TanStack's onMutate/onError), the one place the dictionary cache
 * is patched: every cached read of the dictionary, and so every view of it (the reader's page, a chapter's
 * words, My words), shows the marks at once, without a read; a mark the server refuses goes back to what
 * it was, other marks made meanwhile stay. `marksOf` says which words a command's input marks.
 */
export function optimisticMarks<V>(marksOf: (variables: V) => { languageCode: LearningLanguage; marks: WordMark[] } | undefined) {
  return {
    onMutate: async (variables: V): Promise<MarksUndo> => {
      const change = marksOf(variables);
      if (!change) return { undo: [] };
      await queryClient.cancelQueries(dictionaries(change.languageCode));
      const [[, before] = []] = queryClient.getQueriesData<Dictionary>(dictionaries(change.languageCode));
      const statusBefore = (value: string): WordStatus => before?.words.find((w) => w.value === value)?.status ?? 'new';
      queryClient.setQueriesData<Dictionary>(dictionaries(change.languageCode), withMarks(change.marks));
      return { languageCode: change.languageCode, undo: change.marks.map(({ value }) => ({ value, status: statusBefore(value) })) };
    },
    onError: (_error: unknown, _variables: V, context: MarksUndo | undefined) => {
      if (context?.languageCode) queryClient.setQueriesData<Dictionary>(dictionaries(context.languageCode), withMarks(context.undo));
    },
  };
}
