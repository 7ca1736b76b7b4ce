import { describe, expect, it } from 'vitest';
import { progressView, type Viewer } from './access';
import type { CourseStructure } from '../queries';

const COURSE = '00000000-0000-4000-8000-000000000001';
const LESSON = '00000000-0000-4000-8000-000000000002';
const OPEN = '00000000-0000-4000-8000-000000000003';
const PREMIUM = '00000000-0000-4000-8000-000000000004';

const course: CourseStructure = {
  id: COURSE,
  languageCode: 'de',
  title: 'Deutsch',
  isVisibleOnThePlatform: true,
  revision: '3',
  lessons: [
    {
      id: LESSON,
      title: 'Eins',
      chapters: [
        { id: OPEN, lessonId: LESSON, title: 'Offen', visible: true, premium: false },
        { id: PREMIUM, lessonId: LESSON, title: 'Master', visible: true, premium: true },
      ],
    },
  ],
  startingPoints: [],
};
const afterFirst = { startingPointId: null, completedChapterIds: new Set([OPEN]), bestCorrect: new Map<string, number>() };
const viewer = (subscription: Viewer['subscription'], isAdmin = false): Viewer => ({ userId: 'u1', isAdmin, subscription });

describe('progressView: the next chapter', () => {
  it('is locked for a Free learner and open for Master, by the subscription', () => {
    expect(progressView(viewer('free'), course, afterFirst).nextChapter).toEqual({
      chapterId: PREMIUM,
      lessonId: LESSON,
      premium: true,
      locked: true,
    });
    expect(progressView(viewer('master'), course, afterFirst).nextChapter).toMatchObject({ chapterId: PREMIUM, locked: false });
  });

  it('is open for an administrator on Free, as the chapter itself is (mayUsePremium)', () => {
    expect(progressView(viewer('free', true), course, afterFirst).nextChapter).toMatchObject({ chapterId: PREMIUM, locked: false });
  });
});
