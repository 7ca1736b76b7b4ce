import type { LearningLanguage } from './languages';
import type { Subscription } from './subscriptions';

/** Each learning language has exactly one course, under a fixed id (spec §9). */
export const COURSE_IDS: Readonly<Record<LearningLanguage, string>> = {
  de: 'a3fffb69-7f07-4e36-a2e1-7e1b0ad9806b',
  fr: 'e2fdbd7e-3d32-455c-97e0-91ae509f3692',
  es: 'f027729b-e29c-4a3e-87df-ffefa3fe590e',
  ru: 'f9a4d1e2-a2a9-4d77-8152-db00103b8117',
};

export function languageOfCourse(courseId: string): LearningLanguage | undefined {
  return (Object.keys(COURSE_IDS) as LearningLanguage[]).find((l) => COURSE_IDS[l] === courseId);
}

/** What the next-chapter rule needs of a course: lessons in order, chapters in order, their flags. */
export interface CourseOutline {
  lessons: readonly { id: string; chapters: readonly { id: string; visible: boolean; premium: boolean }[] }[];
}

export interface NextChapter {
  chapterId: string;
  lessonId: string;
  premium: boolean;
  /** Premium and the learner is on Free: the UI shows the upgrade path instead of the content. */
  locked: boolean;
}

export interface LearnerProgress {
  completedChapterIds: Iterable<string>;
  /** Lesson of the chosen starting point; the course's first lesson when none was chosen (or it is gone). */
  startingLessonId?: string | null;
  /** The learner's subscription: a premium chapter is locked on Free. */
  subscription: Subscription;
}

/**
 * The next chapter to learn (spec §4): from the starting point's lesson on, find the last lesson with a
 * completed chapter and take the first chapter not completed from that lesson on (so a gap inside that
 * lesson is filled first); with nothing completed there, the first chapter of the first non-empty lesson.
 * Hidden chapters do not exist for the rule; progress before the starting lesson does not count.
 * Returns null when every chapter from the starting lesson on is completed: the course is finished.
 */
export function nextChapterToLearn(course: CourseOutline, progress: LearnerProgress): NextChapter | null {
  const completed = new Set(progress.completedChapterIds);
  const startIndex = Math.max(
    0,
    course.lessons.findIndex((l) => l.id === progress.startingLessonId),
  );
  const lessons = course.lessons.slice(startIndex).map((l) => ({ id: l.id, chapters: l.chapters.filter((c) => c.visible) }));
  let from = 0;
  lessons.forEach((lesson, i) => {
    if (lesson.chapters.some((c) => completed.has(c.id))) from = i;
  });
  for (const lesson of lessons.slice(from)) {
    const chapter = lesson.chapters.find((c) => !completed.has(c.id));
    if (chapter) {
      return {
        chapterId: chapter.id,
        lessonId: lesson.id,
        premium: chapter.premium,
        locked: chapter.premium && progress.subscription !== 'master',
      };
    }
  }
  return null;
}
