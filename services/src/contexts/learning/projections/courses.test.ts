import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import {
  ChapterAdded,
  ChapterRemoved,
  ChapterWritten,
  CourseCreated,
  LessonAdded,
  LessonRemoved,
  MissingWordsWritten,
  QuestionsWritten,
} from '../events';
import { coursesProjection } from './courses';

const course = 'a0000000-0000-4000-8000-000000000001';
const [l1, l2, l3] = [1, 2, 3].map((n) => `b0000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const [c1, c2, c3] = [1, 2, 3].map((n) => `c0000000-0000-4000-8000-00000000000${n}`) as [string, string, string];
const at = '2026-03-01T10:00:00.000Z';

const created = {
  type: CourseCreated.type,
  data: { courseId: course, languageCode: 'de', title: 'Deutsch', isVisibleOnThePlatform: true, at },
};
const lesson = (lessonId: string, index: number) => ({
  type: LessonAdded.type,
  data: { courseId: course, lessonId, title: `L${index}`, index, at },
});
const chapter = (lessonId: string, chapterId: string, index: number) => ({
  type: ChapterAdded.type,
  data: { courseId: course, lessonId, chapterId, index, visible: true, premium: false, at },
});
const slot = (id: string, lessonId: string, idx: number) => ({
  id,
  course_id: course,
  lesson_id: lessonId,
  idx,
  visible: true,
  premium: false,
  title: null,
  text: null,
  vocabulary: null,
  image_url: null,
  content_revision: null,
});

describe('learning-courses', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(coursesProjection);

  it("removing a lesson takes its chapters and closes the gap in the course's lessons; the course keeps the edit's revision", async () => {
    await spec
      .given([created, lesson(l1, 0), lesson(l2, 1), lesson(l3, 2), chapter(l1, c1, 0), chapter(l2, c2, 0)])
      .when({ type: LessonRemoved.type, data: { courseId: course, lessonId: l2, at } })
      .then({
        learning_courses: [{ id: course, language: 'de', title: 'Deutsch', is_visible_on_the_platform: true, revision: '6' }],
        learning_lessons: [
          { id: l1, course_id: course, title: 'L0', idx: 0 },
          { id: l3, course_id: course, title: 'L2', idx: 1 },
        ],
        learning_chapters: [slot(c1, l1, 0)],
      });
  });

  it("removing a chapter closes the gap in its lesson's chapters only", async () => {
    await spec
      .given([created, lesson(l1, 0), lesson(l2, 1), chapter(l1, c1, 0), chapter(l1, c2, 1), chapter(l2, c3, 1)])
      .when({ type: ChapterRemoved.type, data: { courseId: course, lessonId: l1, chapterId: c1, at } })
      .then({ learning_chapters: [slot(c2, l1, 0), slot(c3, l2, 1)] });
  });

  it("a chapter's content may come before its slot, with the content stream's revision", async () => {
    await spec
      .given([
        { type: ChapterWritten.type, data: { courseId: course, chapterId: c1, title: 'Im Zoo', text: 'Der Löwe.', vocabulary: [], at } },
      ])
      .when(chapter(l1, c1, 0))
      .then({ learning_chapters: [{ ...slot(c1, l1, 0), title: 'Im Zoo', text: 'Der Löwe.', vocabulary: [], content_revision: '0' }] });
  });

  it("a chapter's exercise lists are each written whole, the other empty until written", async () => {
    const items = [{ sentence: 'Der ___ brüllt.', answers: ['Löwe'] }];
    await spec
      .given([{ type: MissingWordsWritten.type, data: { courseId: course, chapterId: c1, items, at } }])
      .when({
        type: QuestionsWritten.type,
        data: { courseId: course, chapterId: c2, items: [{ question: 'Wer?', answers: ['Löwe'] }], at },
      })
      .then({
        learning_exercises: [
          { chapter_id: c1, course_id: course, missing_words: items, questions: [], revision: '0' },
          { chapter_id: c2, course_id: course, missing_words: [], questions: [{ question: 'Wer?', answers: ['Löwe'] }], revision: '1' },
        ],
      });
  });
});
