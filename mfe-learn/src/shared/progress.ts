import type { Lesson } from '@verba/contracts';

export interface Tally {
  completed: number;
  total: number;
}

/** Learners never see hidden chapters (the server leaves them out; an admin's view keeps them flagged). */
export const visibleChapters = (lesson: Lesson) => lesson.chaptersOrder.filter((c) => c.visible);

export function lessonTally(lesson: Lesson, completed: ReadonlySet<string>): Tally {
  const chapters = visibleChapters(lesson);
  return { completed: chapters.filter((c) => completed.has(c.id)).length, total: chapters.length };
}

export function courseTally(lessons: readonly Lesson[], completed: ReadonlySet<string>): Tally {
  return lessons
    .map((l) => lessonTally(l, completed))
    .reduce((a, b) => ({ completed: a.completed + b.completed, total: a.total + b.total }), { completed: 0, total: 0 });
}

export const percent = ({ completed, total }: Tally) => (total === 0 ? 0 : (completed / total) * 100);

/** Where a chapter sits: its lesson and its title, for headings and links. */
export function findChapter(lessons: readonly Lesson[], chapterId: string) {
  for (const lesson of lessons) {
    const chapter = lesson.chaptersOrder.find((c) => c.id === chapterId);
    if (chapter) return { lesson, chapter };
  }
  return undefined;
}
