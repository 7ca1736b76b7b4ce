import { COURSE_IDS } from '@verba/contracts';
import { eventIdFor } from '../../platform/decider/event-ids';
import { DEMO_COURSES, type DemoCourse } from './demo-courses';
import type { LearningService } from './service';

/** Stable ids of a demo course's parts (UUID v5 from the course id), so seeding is repeatable. */
export function demoCourseIds(demo: DemoCourse) {
  const courseId = COURSE_IDS[demo.languageCode];
  const id = (key: string) => eventIdFor(courseId, key);
  return {
    courseId,
    lessonIds: demo.lessons.map((_, li) => id(`lesson:${li}`)),
    chapterIds: demo.lessons.map((l, li) => l.chapters.map((_, ci) => id(`chapter:${li}.${ci}`))),
    startingPointIds: demo.lessons.map((l) => id(`start:${l.level}`)),
  };
}

/** Defines the demo courses and writes their chapters through commands; a second run appends nothing. */
export async function seedDemoCourses(service: LearningService): Promise<string[]> {
  for (const demo of DEMO_COURSES) {
    const ids = demoCourseIds(demo);
    await service.defineCourse(
      {
        courseId: ids.courseId,
        languageCode: demo.languageCode,
        title: demo.title,
        lessons: demo.lessons.map((l, li) => ({
          lessonId: ids.lessonIds[li]!,
          title: l.title,
          chapters: l.chapters.map((c, ci) => ({ chapterId: ids.chapterIds[li]![ci]!, visible: true, premium: c.premium ?? false })),
        })),
        startingPoints: demo.lessons.map((l, li) => ({
          startingPointId: ids.startingPointIds[li]!,
          lessonId: ids.lessonIds[li]!,
          title: l.startingPoint,
          level: l.level,
        })),
      },
      `seed:${ids.courseId}`,
    );
    for (const [li, lesson] of demo.lessons.entries()) {
      for (const [ci, c] of lesson.chapters.entries()) {
        const chapterId = ids.chapterIds[li]![ci]!;
        const vocabulary = c.vocabulary.map(([word, translation]) => ({ word, translation }));
        await service.writeChapter({ courseId: ids.courseId, chapterId, title: c.title, text: c.text, vocabulary }, `seed:${chapterId}`);
      }
    }
  }
  const chapters = DEMO_COURSES.reduce((n, d) => n + d.lessons.reduce((m, l) => m + l.chapters.length, 0), 0);
  return [`Demo courses: ${DEMO_COURSES.length} courses (German, French, Spanish, Russian), ${chapters} chapters.`];
}
