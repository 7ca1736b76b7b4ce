import { client } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { addProgress, getChapter, getCourse, getLessons, getProgress } from '@verba/contracts/http';
import type { Chapter, CourseProgress, LearningLanguage } from '@verba/contracts';

export const useCourse = (languageCode: LearningLanguage) => useRouteQuery(getCourse, { query: { languageCode } });

export const useLessons = (courseId: string | undefined) =>
  useRouteQuery(getLessons, { query: { courseId: courseId ?? '' } }, { enabled: courseId !== undefined });

const progressKey = (languageCode: LearningLanguage) => routeKey(getProgress, { query: { languageCode } });
const firstCourse = (data: { courses: CourseProgress[] }) => data.courses[0] ?? null;

/** The learner's progress in one language's course; null when that course is not on the platform. */
export const useProgress = (languageCode: LearningLanguage) =>
  useRouteQuery(getProgress, { query: { languageCode } }, { select: firstCourse });

export const useChapter = (chapterId: string) => useRouteQuery(getChapter, { params: { chapterId } });

/**
 * Marks a chapter completed, then reads the progress back at (or after) the command's position, so
 * the course map and the widget never show the chapter as still to do.
 */
export async function completeChapter(chapter: Pick<Chapter, 'id' | 'languageCode'>): Promise<CourseProgress | null> {
  const { languageCode } = chapter;
  const { position } = await client.call(addProgress, { body: { chapterId: chapter.id, languageCode } });
  queryClient.setQueryData<Chapter>(routeKey(getChapter, { params: { chapterId: chapter.id } }), (c) => c && { ...c, completed: true });
  const fresh = await client.call(getProgress, { query: { languageCode, ...(position ? { minPosition: position } : {}) } });
  queryClient.setQueryData(progressKey(languageCode), fresh);
  return firstCourse(fresh);
}
