import { atLeast } from '@verba/kit';
import { keepPrevious, useMinPosition, useRouteQuery } from '@verba/kit/query';
import { getAdminChapter, getAdminCourse, listAdminCourses } from '@verba/contracts/http';

/**
 * Admin course reads, re-keyed by the tab's latest write position: after a save the page reads again
 * once the save is in the read model (the old answer stays on screen meanwhile).
 */
export function useAdminCourses() {
  return useRouteQuery(listAdminCourses, { query: atLeast(useMinPosition()) }, { placeholderData: keepPrevious });
}

export function useAdminCourse(courseId: string | undefined) {
  const minPosition = useMinPosition();
  return useRouteQuery(getAdminCourse, { params: { courseId: courseId ?? '' }, query: atLeast(minPosition) }, { enabled: !!courseId, placeholderData: keepPrevious });
}

export function useAdminChapter(chapterId: string | undefined) {
  const minPosition = useMinPosition();
  return useRouteQuery(getAdminChapter, { params: { chapterId: chapterId ?? '' }, query: atLeast(minPosition) }, { enabled: !!chapterId });
}
