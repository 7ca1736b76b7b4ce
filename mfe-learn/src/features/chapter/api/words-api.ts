import { toast } from '@verba/kit';
import { optimisticMarks, useCommand, useOpenedAt, useRouteQuery, type WordMark } from '@verba/kit/query';
import { getDictionary, patchWord, type WordStatus } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type { WordStatus };
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: Exclude<WordStatus, 'new'> }> };

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));
/**
 * The learner's dictionary as key -> status (a word not in it is New), read at the kit's held position,
 * where this tab's writes stood when the chapter opened (`minPosition` named, so useRouteQuery leaves it
 * alone, even when no write came before): marks made here update the cached statuses themselves, so none
 * needs a new read.
 */
export function useWordStatuses(languageCode: LearningLanguage) {
  const openedAt = useOpenedAt();
  return useRouteQuery(getDictionary, { query: { languageCode, minPosition: openedAt } }, { select: toStatusMap });
}

/** Marks a word; optimistic: every view of the dictionary changes now (the kit's optimisticMarks), and back if saving fails. */
export function useMarkWord(languageCode: LearningLanguage) {
  const marks = optimisticMarks(({ body }: { body?: { word: WordMark } }) => body && { languageCode, marks: [body.word] });
  return useCommand(patchWord, {
    ...marks,
    // Only this word goes back: other marks made meanwhile stay.
    onError: (error, variables, context) => {
      marks.onError(error, variables, context);
      toast({ title: `“${variables.body?.word.value ?? ''}” could not be saved.`, description: error.message, variant: 'destructive' });
    },
  });
}
