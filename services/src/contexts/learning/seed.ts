import path from 'node:path';
import { z } from 'zod';
import { COURSE_IDS, LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { eventIdFor } from '../../platform/decider/event-ids';
import { DEMO_DATA_DIR, readDataFiles } from '../../platform/data-files';
import type { LearningCommands } from './commands';

/**
 * Demo courses written for Verba (services/data/demo/courses/*.json): one per language, three lessons
 * (A1, A2, B1) of three short original chapters, each with its word pairs (word as it appears in the text
 * -> English). The last chapter of the B1 lesson is premium, so the demo shows the upgrade path. Plain
 * text; paragraphs split by a blank line.
 */
const DemoChapterSchema = z.object({
  title: z.string().min(1),
  text: z.string().min(1),
  vocabulary: z.array(z.tuple([z.string().min(1), z.string().min(1)])),
  premium: z.boolean().optional(),
});
const DemoLessonSchema = z.object({
  title: z.string().min(1),
  level: LevelSchema,
  startingPoint: z.string().min(1),
  chapters: z.tuple([DemoChapterSchema, DemoChapterSchema, DemoChapterSchema]),
});
const DemoCourseSchema = z.object({
  languageCode: LearningLanguageSchema,
  title: z.string().min(1),
  lessons: z.tuple([DemoLessonSchema, DemoLessonSchema, DemoLessonSchema]),
});
export type DemoChapter = z.infer<typeof DemoChapterSchema>;
export type DemoLesson = z.infer<typeof DemoLessonSchema>;
export type DemoCourse = z.infer<typeof DemoCourseSchema>;

let demoCoursesRead: readonly DemoCourse[] | undefined;

/** The demo courses, in file name order. */
export function demoCourses(): readonly DemoCourse[] {
  demoCoursesRead ??= readDataFiles(path.join(DEMO_DATA_DIR, 'courses'), '.json').map(({ name, text }) => {
    const course = DemoCourseSchema.safeParse(JSON.parse(text));
    if (!course.success) throw new Error(`${name}: not a demo course: ${course.error.message}`);
    return course.data;
  });
  return demoCoursesRead;
}

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

/** Defines a demo course, then writes its chapters. */
async function seedCourse(commands: LearningCommands, demo: DemoCourse): Promise<void> {
  const ids = demoCourseIds(demo);
  await commands.defineCourse(
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
  await Promise.all(
    demo.lessons.flatMap((lesson, li) =>
      lesson.chapters.map((c, ci) => {
        const chapterId = ids.chapterIds[li]![ci]!;
        const vocabulary = c.vocabulary.map(([word, translation]) => ({ word, translation }));
        return commands.writeChapter({ courseId: ids.courseId, chapterId, title: c.title, text: c.text, vocabulary }, `seed:${chapterId}`);
      }),
    ),
  );
}

/** Defines the demo courses and writes their chapters through commands; a second run appends nothing. */
export async function seedDemoCourses(commands: LearningCommands): Promise<string[]> {
  const courses = demoCourses();
  // Courses, and a course's chapters, are streams of their own: written at once, the event store commits
  // them together (a few transactions instead of one each), which shortens a first start.
  await Promise.all(courses.map((demo) => seedCourse(commands, demo)));
  const chapters = courses.reduce((n, d) => n + d.lessons.reduce((m, l) => m + l.chapters.length, 0), 0);
  return [`Demo courses: ${courses.length} courses (German, French, Spanish, Russian), ${chapters} chapters.`];
}
