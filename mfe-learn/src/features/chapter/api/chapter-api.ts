import { sendCommand } from '@verba/kit';
import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import { addProgress, checkExerciseAnswer, getAudio, getChapter, getChapterExercises, getChapterOrder } from '@verba/contracts/http';
import type { Chapter, CourseProgress } from '@verba/contracts';
import { progressAfterWrites } from '../../../shared/courses-api';

/** The chapter, read after this tab's writes (completing it sets `completed`). */
export function useChapter(chapterId: string) {
  return useRouteQuery(getChapter, { params: { chapterId } }, { placeholderData: keepPrevious });
}

/** The course's chapters in reading order across lessons (hidden ones left out for learners). */
export const useChapterOrder = (courseId: string) => useRouteQuery(getChapterOrder, { query: { courseId } });

/** The chapter's audio, when an admin attached some. */
export const useChapterAudio = (chapterId: string) => useRouteQuery(getAudio, { params: { targetKind: 'chapter', targetId: chapterId } });

export const useChapterExercises = (chapterId: string) => useRouteQuery(getChapterExercises, { params: { chapterId } });

/** Checks one exercise answer. */
export const useCheckAnswer = () => useCommand(checkExerciseAnswer);

/** Marks a chapter completed; answers the progress after it (with the next chapter to learn). */
export async function completeChapter(chapter: Pick<Chapter, 'id' | 'languageCode'>): Promise<CourseProgress | null> {
  await sendCommand(addProgress, { body: { chapterId: chapter.id, languageCode: chapter.languageCode } });
  return progressAfterWrites(chapter.languageCode);
}
