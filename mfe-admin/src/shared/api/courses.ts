import { keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getAdminCourse, listAdminCourses, type AdminCourseSort } from '@verba/contracts/http';

// The course reads several admin tools share (courses, languages, exercises, audio, the home page's counts).
// After a save they read again by themselves (the kit's useRouteQuery waits for this tab's writes).

/** The languages and their courses, searched, sorted and paged on the server (the first page of 24 in language order unless asked). */
export function useAdminCourses(page: { search?: string; sort?: AdminCourseSort; page?: number; pageSize?: number } = {}) {
  const query = {
    ...(page.search ? { search: page.search } : {}),
    ...(page.sort && page.sort !== 'language' ? { sort: page.sort } : {}),
    page: page.page ?? 1,
    pageSize: page.pageSize ?? 24,
  };
  return useRouteQuery(listAdminCourses, { query }, { placeholderData: keepPrevious });
}

export function useAdminCourse(courseId: string | undefined) {
  return useRouteQuery(getAdminCourse, { params: { courseId: courseId ?? '' } }, { enabled: !!courseId, placeholderData: keepPrevious });
}
