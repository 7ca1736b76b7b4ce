import { sendCommand } from '@verba/kit';
import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getChapterMatchWords, patchChapterMatchWords } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The chapter's pairs and the learner's best result, read after this tab's writes (a saved result). */
export function useMatchWords(chapterId: string) {
  return useRouteQuery(getChapterMatchWords, { query: { chapterId } }, { placeholderData: keepPrevious });
}

/** Saves a result; the server keeps the best one. */
export async function saveMatchResult(chapterId: string, languageCode: LearningLanguage, correct: number): Promise<void> {
  await sendCommand(patchChapterMatchWords, { body: { chapterId, languageCode, correct } });
}
