import { defineProjection, insert, remove, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { ChapterCompleted, MatchWordsPracticed, StartingPointChosen } from '../events';

const TABLES = ['learning_starts', 'learning_completed', 'learning_practiced'] as const;
const learner = (e: { userId: string; courseId: string }) => ({ user_id: e.userId, course_id: e.courseId });

/** Each learner's chosen starting point, completed chapters and best match-words results, per course. */
export const progressProjection = defineProjection({
  name: 'learning-progress',
  // 2: declared (the same tables, rebuilt once).
  version: 2,
  tables: {
    learning_starts: {
      key: ['user_id', 'course_id'],
      columns: { user_id: 'uuid', course_id: 'uuid', starting_point_id: 'uuid' },
    },
    learning_completed: {
      key: ['user_id', 'course_id', 'chapter_id'],
      columns: { user_id: 'uuid', course_id: 'uuid', chapter_id: 'uuid', completed_at: 'timestamptz' },
    },
    learning_practiced: {
      key: ['user_id', 'course_id', 'chapter_id'],
      columns: { user_id: 'uuid', course_id: 'uuid', chapter_id: 'uuid', correct: 'integer', total: 'integer' },
    },
  },
  on: [
    // The latest choice counts; a chapter counts as completed from its first completion.
    when(StartingPointChosen, (e) => [upsert('learning_starts', { ...learner(e), starting_point_id: e.startingPointId })]),
    when(ChapterCompleted, (e) => [insert('learning_completed', { ...learner(e), chapter_id: e.chapterId, completed_at: e.at })]),
    // Only a new best result is recorded (the decider's rule): the latest is the best.
    when(MatchWordsPracticed, (e) => [
      upsert('learning_practiced', { ...learner(e), chapter_id: e.chapterId, correct: e.correct, total: e.total }),
    ]),
    when(UserDeleted, (e) => TABLES.map((table) => remove(table, { user_id: e.userId }))),
  ],
});
