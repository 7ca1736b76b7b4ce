import {
  COURSE_MESSAGES,
  levelIndex,
  nextChapterToLearn,
  type ChapterOutline,
  type Course,
  type CourseProgress,
  type Level,
  type StartingPoint,
} from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import type { ChapterSlot, CourseStructure, LearnerCourseProgress } from '../queries';
import { mayUsePremium, type PremiumViewer } from '../../../platform/entitlements';

/** Who is looking: admins see hidden courses and chapters; premium ones are for whom `mayUsePremium` lets in. */
export type Viewer = PremiumViewer;

/** The course as the viewer may see it (a learner never sees a hidden course or hidden chapter). */
export function visibleCourse(viewer: Viewer, course: CourseStructure | null): CourseStructure {
  if (!course) throw new HttpError(404, COURSE_MESSAGES.courseNotFound);
  if (viewer.isAdmin) return course;
  if (!course.isVisibleOnThePlatform) throw new HttpError(404, COURSE_MESSAGES.courseUnavailable);
  return { ...course, lessons: course.lessons.map((l) => ({ ...l, chapters: l.chapters.filter((c) => c.visible) })) };
}

export const chapterOutline = (viewer: Viewer, c: ChapterSlot): ChapterOutline => ({ ...c, locked: c.premium && !mayUsePremium(viewer) });

/**
 * A chapter whose content the viewer may open: a hidden one (or one of a hidden course) does not exist for
 * a learner; a premium one is refused to Free users with a message the UI can show beside the upgrade path.
 */
export function openableChapter(
  viewer: Viewer,
  found: { course: CourseStructure; chapter: ChapterSlot } | undefined,
): { course: CourseStructure; chapter: ChapterSlot } {
  const hidden = found && !viewer.isAdmin && (!found.chapter.visible || !found.course.isVisibleOnThePlatform);
  if (!found || hidden) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
  if (found.chapter.premium && !mayUsePremium(viewer)) throw new HttpError(403, COURSE_MESSAGES.premiumChapter);
  return found;
}

/** `openableChapter`'s rule as a yes or no, for lists of chapters. */
export function mayOpenChapter(viewer: Viewer, found: { course: CourseStructure; chapter: ChapterSlot }): boolean {
  try {
    openableChapter(viewer, found);
    return true;
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}

export const totalChapters = (course: CourseStructure) => course.lessons.reduce((n, l) => n + l.chapters.length, 0);

export const courseSummary = (course: CourseStructure) => ({
  id: course.id,
  languageCode: course.languageCode,
  title: course.title,
  totalChapters: totalChapters(course),
  isVisibleOnThePlatform: course.isVisibleOnThePlatform,
});

export function courseView(course: CourseStructure): Course {
  return {
    ...courseSummary(course),
    lessonsOrder: course.lessons.map((l) => l.id),
    startingPoints: course.startingPoints,
  };
}

/** Where onboarding at a level starts: the highest starting point at or below it, else the lowest one. */
export function startingPointForLevel(points: readonly StartingPoint[], level: Level): StartingPoint | undefined {
  const byLevel = [...points].sort((a, b) => levelIndex(a.level) - levelIndex(b.level));
  return byLevel.filter((p) => levelIndex(p.level) <= levelIndex(level)).at(-1) ?? byLevel[0];
}

/** A learner's progress in a course (already filtered for the viewer), with the next chapter to learn. */
export function progressView(viewer: Viewer, course: CourseStructure, progress: LearnerCourseProgress): CourseProgress {
  const startingPoint = course.startingPoints.find((p) => p.id === progress.startingPointId) ?? null;
  const chapters = course.lessons.flatMap((l) => l.chapters);
  const next = nextChapterToLearn(
    { lessons: course.lessons.map((l) => ({ id: l.id, chapters: l.chapters })) },
    {
      completedChapterIds: progress.completedChapterIds,
      startingLessonId: startingPoint?.lesson ?? null,
      subscription: viewer.subscription,
    },
  );
  // Locked as the chapter's own outline is: administrators on Free may open premium chapters too (mayUsePremium).
  const nextChapter = next && { ...next, locked: next.premium && !mayUsePremium(viewer) };
  return {
    courseId: course.id,
    languageCode: course.languageCode,
    startingPoint,
    // In course order; chapters no longer in the course (or hidden from this viewer) are left out.
    completedChapterIds: chapters.filter((c) => progress.completedChapterIds.has(c.id)).map((c) => c.id),
    practicedIds: {
      chapterIds: chapters.filter((c) => progress.bestCorrect.has(c.id)).map((c) => c.id),
      orderedLessons: course.lessons.map((l) => ({
        lessonId: l.id,
        chapterIds: l.chapters.filter((c) => progress.bestCorrect.has(c.id)).map((c) => c.id),
      })),
    },
    nextChapter,
    finished: nextChapter === null && chapters.length > 0,
  };
}
