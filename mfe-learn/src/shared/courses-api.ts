import { fetchRoute, keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getLessons, getProgress } from '@verba/contracts/http';
import type { CourseProgress, LearningLanguage } from '@verba/contracts';

/** Reads the course map and the chapter page share: the lessons and the learner's progress. */
export const useLessons = (courseId: string | undefined) =>
  useRouteQuery(getLessons, { query: { courseId: courseId ?? '' } }, { enabled: courseId !== undefined });

const firstCourse = (data: { courses: CourseProgress[] }) => data.courses[0] ?? null;

/** The learner's progress in one language's course, read after this tab's writes; null when that course is not on the platform. */
export function useProgress(languageCode: LearningLanguage) {
  return useRouteQuery(getProgress, { query: { languageCode } }, { select: firstCourse, placeholderData: keepPrevious });
}

/**
 * The progress after this tab's writes, for a command that moves on with it (the next chapter). The same
 * cache entry useProgress reads at that position, so the views do not ask again.
 */
export async function progressAfterWrites(languageCode: LearningLanguage): Promise<CourseProgress | null> {
  return firstCourse(await fetchRoute(getProgress, { query: { languageCode } }));
}
