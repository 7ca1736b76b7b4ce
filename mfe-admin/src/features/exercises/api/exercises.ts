import { useRouteQuery, useCommand } from '@verba/kit/query';
import { getAdminExercises, putMissingWords, putQuestions } from '@verba/contracts/http';
import { type CommandOptions } from '../../../shared/api/command-options';

export type ExerciseKind = 'missing-words' | 'ask-questions';

export const KIND_NAMES: Record<ExerciseKind, { title: string; one: string }> = {
  'missing-words': { title: 'Missing words', one: 'missing-word exercise' },
  'ask-questions': { title: 'Questions', one: 'question' },
};

export function useAdminExercises(chapterId: string | undefined) {
  return useRouteQuery(getAdminExercises, { params: { chapterId: chapterId ?? '' } }, { enabled: !!chapterId });
}

/** The exercise items of one kind as the page shows them: the prompt and its accepted answers. */
export function itemsOf(
  kind: ExerciseKind,
  data: { missingWords: { sentence: string; answers: string[] }[]; questions: { question: string; answers: string[] }[] },
) {
  return kind === 'missing-words'
    ? data.missingWords.map((m) => ({ prompt: m.sentence, answers: m.answers }))
    : data.questions.map((q) => ({ prompt: q.question, answers: q.answers }));
}

export const usePutMissingWords = (options?: CommandOptions<typeof putMissingWords>) => useCommand(putMissingWords, options);
export const usePutQuestions = (options?: CommandOptions<typeof putQuestions>) => useCommand(putQuestions, options);
