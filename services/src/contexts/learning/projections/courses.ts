import { defineProjection, insert, remove, removeFromList, update, upsert, when } from '../../../platform/projections/declare';
import { courseCache } from '../domain/course-cache';
import {
  ChapterAdded,
  ChapterFlagsSet,
  ChapterRemoved,
  ChaptersReordered,
  ChapterWritten,
  CourseCreated,
  CourseRenamed,
  CourseVisibilitySet,
  LessonAdded,
  LessonRemoved,
  LessonRenamed,
  LessonsReordered,
  MissingWordsWritten,
  QuestionsWritten,
  StartingPointAdded,
  StartingPointRemoved,
  StartingPointUpdated,
} from '../events';

export { progressProjection } from './progress';

/** The course stream's revision after an edit: what the admin's next edit expects. */
const edited = (d: { courseId: string }, e: { revision: bigint }) =>
  update('learning_courses', { id: d.courseId }, { revision: String(e.revision) });

/** Removals close the gap, so an index is always the place in its list (the next add goes last). */
const lessons = { list: ['course_id'], index: 'idx' };
const chapters = { list: ['lesson_id'], index: 'idx' };

/** A chapter's exercise row, both lists empty, unless it is there. */
const exercises = (d: { courseId: string; chapterId: string }) => [
  insert('learning_exercises', { chapter_id: d.chapterId, course_id: d.courseId, missing_words: [], questions: [], revision: '0' }),
];

/** Courses, lessons, chapters (slot, flags and content) and starting points. */
export const coursesProjection = defineProjection({
  name: 'learning-courses',
  // 2: stream revisions (admins' expected revision), renames, reorders, removals, starting point edits, exercises.
  // 3: declared (same columns; an exercise row's lists no longer take a default).
  // 4: a course's `visible` column is `is_visible_on_the_platform`, the language record's name.
  version: 4,
  tables: {
    learning_courses: {
      key: ['id'],
      columns: { id: 'uuid', language: 'text', title: 'text', is_visible_on_the_platform: 'boolean', revision: 'bigint' },
    },
    learning_lessons: {
      key: ['id'],
      columns: { id: 'uuid', course_id: 'uuid', title: 'text', idx: 'integer' },
      indexes: [['course_id', 'idx']],
    },
    // A chapter's slot (ChapterAdded) and content (ChapterWritten) come from two streams: either may land first.
    learning_chapters: {
      key: ['id'],
      columns: {
        id: 'uuid',
        course_id: 'uuid',
        lesson_id: 'uuid?',
        idx: 'integer?',
        visible: 'boolean?',
        premium: 'boolean?',
        title: 'text?',
        text: 'text?',
        vocabulary: 'jsonb?',
        image_url: 'text?',
        /** The chapter content stream's revision. */
        content_revision: 'bigint?',
      },
      indexes: [['course_id']],
    },
    learning_starting_points: {
      key: ['id'],
      columns: { id: 'uuid', course_id: 'uuid', lesson_id: 'uuid', title: 'text', level: 'text', idx: 'integer' },
    },
    // One row per chapter: both lists as written, and the exercise stream's revision.
    learning_exercises: {
      key: ['chapter_id'],
      columns: { chapter_id: 'uuid', course_id: 'uuid', missing_words: 'jsonb', questions: 'jsonb', revision: 'bigint' },
      indexes: [['course_id']],
    },
  },
  on: [
    when(CourseCreated, (d, e) => [
      insert('learning_courses', {
        id: d.courseId,
        language: d.languageCode,
        title: d.title,
        is_visible_on_the_platform: d.isVisibleOnThePlatform,
        revision: String(e.revision),
      }),
    ]),
    when(CourseVisibilitySet, (d, e) => [
      edited(d, e),
      update('learning_courses', { id: d.courseId }, { is_visible_on_the_platform: d.isVisibleOnThePlatform }),
    ]),
    when(CourseRenamed, (d, e) => [edited(d, e), update('learning_courses', { id: d.courseId }, { title: d.title })]),
    when(LessonAdded, (d, e) => [
      edited(d, e),
      insert('learning_lessons', { id: d.lessonId, course_id: d.courseId, title: d.title, idx: d.index }),
    ]),
    when(LessonRenamed, (d, e) => [edited(d, e), update('learning_lessons', { id: d.lessonId }, { title: d.title })]),
    when(LessonsReordered, (d, e) => [edited(d, e), ...d.lessonIds.map((id, idx) => update('learning_lessons', { id }, { idx }))]),
    when(LessonRemoved, (d, e) => [
      edited(d, e),
      remove('learning_chapters', { lesson_id: d.lessonId }),
      removeFromList('learning_lessons', { id: d.lessonId }, lessons),
    ]),
    when(ChapterAdded, (d, e) => [
      edited(d, e),
      upsert('learning_chapters', {
        id: d.chapterId,
        course_id: d.courseId,
        lesson_id: d.lessonId,
        idx: d.index,
        visible: d.visible,
        premium: d.premium,
      }),
    ]),
    when(ChapterFlagsSet, (d, e) => [
      edited(d, e),
      update('learning_chapters', { id: d.chapterId }, { visible: d.visible, premium: d.premium }),
    ]),
    when(ChaptersReordered, (d, e) => [edited(d, e), ...d.chapterIds.map((id, idx) => update('learning_chapters', { id }, { idx }))]),
    when(ChapterRemoved, (d, e) => [edited(d, e), removeFromList('learning_chapters', { id: d.chapterId }, chapters)]),
    // The chapter's own stream: its revision is the content's, not the course's.
    when(ChapterWritten, (d, e) => [
      upsert('learning_chapters', {
        id: d.chapterId,
        course_id: d.courseId,
        title: d.title,
        text: d.text,
        vocabulary: d.vocabulary,
        image_url: d.imageUrl ?? null,
        content_revision: String(e.revision),
      }),
    ]),
    when(StartingPointAdded, (d, e) => [
      edited(d, e),
      insert('learning_starting_points', {
        id: d.startingPointId,
        course_id: d.courseId,
        lesson_id: d.lessonId,
        title: d.title,
        level: d.level,
        idx: d.index,
      }),
    ]),
    when(StartingPointUpdated, (d, e) => [
      edited(d, e),
      update('learning_starting_points', { id: d.startingPointId }, { lesson_id: d.lessonId, title: d.title, level: d.level }),
    ]),
    when(StartingPointRemoved, (d, e) => [edited(d, e), remove('learning_starting_points', { id: d.startingPointId })]),
    // The exercise stream's: each list written whole, the other one empty until written.
    when(MissingWordsWritten, (d, e) => [
      ...exercises(d),
      update('learning_exercises', { chapter_id: d.chapterId }, { missing_words: d.items, revision: String(e.revision) }),
    ]),
    when(QuestionsWritten, (d, e) => [
      ...exercises(d),
      update('learning_exercises', { chapter_id: d.chapterId }, { questions: d.items, revision: String(e.revision) }),
    ]),
  ],
  caches: [courseCache],
});
