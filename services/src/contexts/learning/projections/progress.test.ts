import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { ChapterCompleted, MatchWordsPracticed, StartingPointChosen } from '../events';
import { progressProjection } from './progress';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const course = 'c0000000-0000-4000-8000-000000000001';
const lesson = 'c1000000-0000-4000-8000-000000000001';
const chapter = 'c2000000-0000-4000-8000-000000000001';
const start = (n: number) => `c3000000-0000-4000-8000-00000000000${n}`;
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T10:00:00.000Z';

const chosen = (userId: string, n: number) => ({
  type: StartingPointChosen.type,
  data: { userId, courseId: course, startingPointId: start(n), lessonId: lesson, at },
});
const completed = (userId: string, when = at) => ({
  type: ChapterCompleted.type,
  data: { userId, courseId: course, chapterId: chapter, lessonId: lesson, at: when },
});
const practiced = (userId: string, correct: number) => ({
  type: MatchWordsPracticed.type,
  data: { userId, courseId: course, chapterId: chapter, correct, total: 10, at },
});

describe('learning-progress', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(progressProjection);

  it("keeps a learner's latest starting point of a course", async () => {
    await spec
      .given([chosen(ana, 1)])
      .when(chosen(ana, 2))
      .then({ learning_starts: [{ user_id: ana, course_id: course, starting_point_id: start(2) }] });
  });

  it('keeps when a chapter was first completed', async () => {
    await spec
      .given([completed(ana)])
      .when(completed(ana, later))
      .then({ learning_completed: [{ user_id: ana, course_id: course, chapter_id: chapter, completed_at: new Date(at) }] });
  });

  it("keeps a chapter's latest recorded (best) match-words result", async () => {
    await spec
      .given([practiced(ana, 6)])
      .when(practiced(ana, 9))
      .then({ learning_practiced: [{ user_id: ana, course_id: course, chapter_id: chapter, correct: 9, total: 10 }] });
  });

  it("erases a deleted learner's progress and keeps the others'", async () => {
    await spec
      .given([chosen(ana, 1), completed(ana), practiced(ana, 6), chosen(ben, 2), completed(ben)])
      .when({ type: UserDeleted.type, data: { userId: ana, at } })
      .then({
        learning_starts: [{ user_id: ben, course_id: course, starting_point_id: start(2) }],
        learning_completed: [{ user_id: ben, course_id: course, chapter_id: chapter, completed_at: new Date(at) }],
        learning_practiced: [],
      });
  });
});
