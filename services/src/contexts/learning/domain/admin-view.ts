import type { AdminCourse } from '@verba/contracts';
import type { CourseStructure } from '../queries';
import { totalChapters } from './access';

/** A course as admins see it: every chapter, hidden ones included and counted. */
export function adminCourseView(course: CourseStructure): AdminCourse {
  const chapters = course.lessons.flatMap((l) => l.chapters);
  return {
    id: course.id,
    languageCode: course.languageCode,
    title: course.title,
    isVisibleOnThePlatform: course.isVisibleOnThePlatform,
    totalChapters: totalChapters(course),
    hiddenChapters: chapters.filter((c) => !c.visible).length,
    revision: course.revision,
    lessons: course.lessons.map((l) => ({
      id: l.id,
      title: l.title,
      chaptersOrder: l.chapters.map(({ id, title, visible, premium }) => ({ id, title, visible, premium })),
    })),
    startingPoints: course.startingPoints,
  };
}
