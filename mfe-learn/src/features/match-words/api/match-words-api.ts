import { sendCommand } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { getChapterMatchWords, patchChapterMatchWords } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export const useMatchWords = (chapterId: string) => useRouteQuery(getChapterMatchWords, { query: { chapterId } });

type MatchWords = ReturnType<typeof useMatchWords>['data'];

/** Saves a result; the server keeps the best one, and so does the cached exercise. */
export async function saveMatchResult(chapterId: string, languageCode: LearningLanguage, correct: number): Promise<void> {
  await sendCommand(patchChapterMatchWords, { body: { chapterId, languageCode, correct } });
  queryClient.setQueryData<MatchWords>(
    routeKey(getChapterMatchWords, { query: { chapterId } }),
    (data) => data && { ...data, practiced: true, bestCorrect: Math.max(data.bestCorrect ?? 0, correct) },
  );
}
