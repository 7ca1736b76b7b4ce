import { atLeast, client, positions, sendCommand } from '@verba/kit';
import { queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
import { addAfterOnboarding, addProgress, getChapter, getChapterOrder, getCourse, getLessons, getProgress } from '@verba/contracts/http';
import type { Chapter, CourseProgress, LearningLanguage, Level } from '@verba/contracts';

export const useCourse = (languageCode: LearningLanguage) => useRouteQuery(getCourse, { query: { languageCode } });

export const useLessons = (courseId: string | undefined) =>
  useRouteQuery(getLessons, { query: { courseId: courseId ?? '' } }, { enabled: courseId !== undefined });

const progressKey = (languageCode: LearningLanguage) => routeKey(getProgress, { query: { languageCode } });
const firstCourse = (data: { courses: CourseProgress[] }) => data.courses[0] ?? null;

/** The learner's progress in one language's course; null when that course is not on the platform. */
export const useProgress = (languageCode: LearningLanguage) =>
  useRouteQuery(getProgress, { query: { languageCode } }, { select: firstCourse });

/** The course's chapters in reading order across lessons (hidden ones left out for learners). */
export const useChapterOrder = (courseId: string) => useRouteQuery(getChapterOrder, { query: { courseId } });

export const useChapter = (chapterId: string) => useRouteQuery(getChapter, { params: { chapterId } });

/** Reads the progress back at (or after) this tab's latest write, so no view shows it from before. */
async function refreshProgress(languageCode: LearningLanguage): Promise<CourseProgress | null> {
  const fresh = await client.call(getProgress, { query: { languageCode, ...atLeast(positions.latest()) } });
  queryClient.setQueryData(progressKey(languageCode), fresh);
  return firstCourse(fresh);
}

/** Marks a chapter completed; answers the progress after it (with the next chapter to learn). */
export async function completeChapter(chapter: Pick<Chapter, 'id' | 'languageCode'>): Promise<CourseProgress | null> {
  await sendCommand(addProgress, { body: { chapterId: chapter.id, languageCode: chapter.languageCode } });
  queryClient.setQueryData<Chapter>(routeKey(getChapter, { params: { chapterId: chapter.id } }), (c) => c && { ...c, completed: true });
  return refreshProgress(chapter.languageCode);
}

/** Where the course starts for this learner: by level (as onboarding placed them) or a chosen starting point. */
export async function chooseStart(languageCode: LearningLanguage, choice: { level: Level } | { startingPointId: string }): Promise<void> {
  await sendCommand(addAfterOnboarding, { body: { languageCode, ...choice } });
  await refreshProgress(languageCode);
}
