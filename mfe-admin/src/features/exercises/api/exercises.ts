import { useRouteQuery, useCommand } from '@verba/kit/query';
import { getAdminExercises, putMissingWords, putQuestions } from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

export function useAdminExercises(chapterId: string | undefined) {
  return useRouteQuery(getAdminExercises, { params: { chapterId: chapterId ?? '' } }, { enabled: !!chapterId });
}

export const usePutMissingWords = (options?: CommandOptions<typeof putMissingWords>) => useCommand(putMissingWords, options);
export const usePutQuestions = (options?: CommandOptions<typeof putQuestions>) => useCommand(putQuestions, options);
