import { describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@verba/contracts';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { chapterDecider, courseDecider, progressDecider, type CourseDefinition } from './decider';
import type { ChapterEvent, CourseEvent, ProgressEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const courseId = 'a3fffb69-7f07-4e36-a2e1-7e1b0ad9806b';
const [L1, L2, C1, C2, C3, SP, USER] = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  'c1c1c1c1-0000-4000-8000-000000000001',
  'c1c1c1c1-0000-4000-8000-000000000002',
  'c1c1c1c1-0000-4000-8000-000000000003',
  '5b5b5b5b-0000-4000-8000-000000000001',
  '0e0e0e0e-0000-4000-8000-000000000001',
] as const;
const chapter = (chapterId: string, premium = false) => ({ chapterId, visible: true, premium });

const definition = (lessons: CourseDefinition['lessons'], startingPoints: CourseDefinition['startingPoints'] = []): CourseDefinition => ({
  kind: 'define',
  courseId,
  languageCode: 'de',
  title: 'Deutsch',
  lessons,
  startingPoints,
  at,
});
const created: CourseEvent = {
  type: 'learning.CourseCreated',
  data: { courseId, languageCode: 'de', title: 'Deutsch', isVisibleOnThePlatform: true, at },
};
const lessonAdded = (lessonId: string, index: number): CourseEvent => ({
  type: 'learning.LessonAdded',
  data: { courseId, lessonId, title: 'L', index, at },
});
const chapterAdded = (lessonId: string, chapterId: string, index: number, premium = false): CourseEvent => ({
  type: 'learning.ChapterAdded',
  data: { courseId, lessonId, chapterId, index, visible: true, premium, at },
});

describe('course decider', () => {
  const spec = deciderSpec(courseDecider);

  it('creates a course with its lessons, chapters (indexed within their lesson) and starting points', () =>
    spec
      .given([])
      .when(
        definition(
          [
            { lessonId: L1, title: 'L', chapters: [chapter(C1), chapter(C2, true)] },
            { lessonId: L2, title: 'L', chapters: [chapter(C3)] },
          ],
          [{ startingPointId: SP, lessonId: L2, title: 'Start', level: 'A2' }],
        ),
      )
      .then([
        created,
        lessonAdded(L1, 0),
        chapterAdded(L1, C1, 0),
        chapterAdded(L1, C2, 1, true),
        lessonAdded(L2, 1),
        chapterAdded(L2, C3, 0),
        {
          type: 'learning.StartingPointAdded',
          data: { courseId, startingPointId: SP, lessonId: L2, title: 'Start', level: 'A2', index: 0, at },
        },
      ]));

  it('defines only what is missing, so seeding twice appends nothing', () => {
    spec
      .given([created, lessonAdded(L1, 0), chapterAdded(L1, C1, 0)])
      .when(definition([{ lessonId: L1, title: 'L', chapters: [chapter(C1)] }]))
      .then([]);
    spec
      .given([created, lessonAdded(L1, 0), chapterAdded(L1, C1, 0)])
      .when(definition([{ lessonId: L1, title: 'L', chapters: [chapter(C1), chapter(C2)] }]))
      .then([chapterAdded(L1, C2, 1)]);
  });

  it('refuses a starting point at a lesson the course does not have', () =>
    spec
      .given([created])
      .when(definition([], [{ startingPointId: SP, lessonId: L2, title: 'S', level: 'A1' }]))
      .thenThrows('A starting point must start at a lesson of its course'));

  it('sets chapter flags, keeping the flag not given, and changes nothing when they already are so', () => {
    const history = [created, lessonAdded(L1, 0), chapterAdded(L1, C1, 0)];
    spec
      .given(history)
      .when({ kind: 'setFlags', courseId, chapterId: C1, premium: true, at })
      .then([{ type: 'learning.ChapterFlagsSet', data: { courseId, chapterId: C1, visible: true, premium: true, at } }]);
    spec.given(history).when({ kind: 'setFlags', courseId, chapterId: C1, visible: true, at }).then([]);
    spec.given(history).when({ kind: 'setFlags', courseId, chapterId: C2, visible: false, at }).thenThrows('Chapter not found');
  });

  it('shows and hides a course, once', () => {
    spec
      .given([created])
      .when({ kind: 'setVisibility', courseId, isVisibleOnThePlatform: false, at })
      .then([{ type: 'learning.CourseVisibilitySet', data: { courseId, isVisibleOnThePlatform: false, at } }]);
    spec.given([created]).when({ kind: 'setVisibility', courseId, isVisibleOnThePlatform: true, at }).then([]);
    spec.given([]).when({ kind: 'setVisibility', courseId, isVisibleOnThePlatform: true, at }).thenThrows('Course not found');
  });
});

describe('course decider: admin edits (issue 16)', () => {
  const spec = deciderSpec(courseDecider);
  const history = [
    created,
    lessonAdded(L1, 0),
    chapterAdded(L1, C1, 0),
    chapterAdded(L1, C2, 1),
    lessonAdded(L2, 1),
    chapterAdded(L2, C3, 0),
  ];
  const withStart: CourseEvent[] = [
    ...history,
    {
      type: 'learning.StartingPointAdded',
      data: { courseId, startingPointId: SP, lessonId: L2, title: 'Start', level: 'A2', index: 0, at },
    },
  ];

  it('reorders lessons and chapters only with every id once; the same order appends nothing', () => {
    spec
      .given(history)
      .when({ kind: 'reorderLessons', courseId, lessonIds: [L2, L1], at })
      .then([{ type: 'learning.LessonsReordered', data: { courseId, lessonIds: [L2, L1], at } }]);
    spec
      .given(history)
      .when({ kind: 'reorderLessons', courseId, lessonIds: [L1, L2], at })
      .then([]);
    spec
      .given(history)
      .when({ kind: 'reorderLessons', courseId, lessonIds: [L1], at })
      .thenThrows(COURSE_MESSAGES.staleOrder);
    spec
      .given(history)
      .when({ kind: 'reorderChapters', courseId, lessonId: L1, chapterIds: [C2, C1], at })
      .then([{ type: 'learning.ChaptersReordered', data: { courseId, lessonId: L1, chapterIds: [C2, C1], at } }]);
    spec
      .given(history)
      .when({ kind: 'reorderChapters', courseId, lessonId: L1, chapterIds: [C2, C2], at })
      .thenThrows(COURSE_MESSAGES.staleOrder);
  });

  it('creates a course once; adds a lesson last and a chapter last in its lesson, each once', () => {
    const create = { kind: 'createCourse', courseId, languageCode: 'de', title: 'Deutsch', at } as const;
    spec.given([]).when(create).then([created]);
    spec.given(history).when(create).then([]);
    const NEW = '33333333-3333-4333-8333-333333333333';
    spec
      .given(history)
      .when({ kind: 'addLesson', courseId, lessonId: NEW, title: 'L', at })
      .then([lessonAdded(NEW, 2)]);
    spec.given(history).when({ kind: 'addLesson', courseId, lessonId: L2, title: 'L', at }).then([]);
    const addChapter = { kind: 'addChapter', courseId, lessonId: L1, chapterId: SP, visible: true, premium: true, at } as const;
    spec
      .given(history)
      .when(addChapter)
      .then([chapterAdded(L1, SP, 2, true)]);
    spec
      .given([...history, chapterAdded(L1, SP, 2, true)])
      .when(addChapter)
      .then([]);
    spec
      .given(history)
      .when({ ...addChapter, lessonId: NEW })
      .thenThrows(COURSE_MESSAGES.lessonNotFound);
    spec.given([]).when({ kind: 'addLesson', courseId, lessonId: NEW, title: 'L', at }).thenThrows(COURSE_MESSAGES.courseNotFound);
  });

  it('removes a chapter once, and a removed chapter is never defined again', () => {
    const removed: CourseEvent = { type: 'learning.ChapterRemoved', data: { courseId, lessonId: L1, chapterId: C1, at } };
    spec.given(history).when({ kind: 'removeChapter', courseId, chapterId: C1, at }).then([removed]);
    spec
      .given([...history, removed])
      .when({ kind: 'removeChapter', courseId, chapterId: C1, at })
      .then([]);
    spec
      .given([...history, removed])
      .when(definition([{ lessonId: L1, title: 'L', chapters: [chapter(C1)] }]))
      .then([]);
    // A chapter added afterwards goes last among those left.
    spec
      .given([...history, removed])
      .when(definition([{ lessonId: L1, title: 'L', chapters: [chapter(SP)] }]))
      .then([chapterAdded(L1, SP, 1)]);
  });

  it('refuses to remove a lesson a starting point begins at, and removes one without', () => {
    spec
      .given(withStart)
      .when({ kind: 'removeLesson', courseId, lessonId: L2, at })
      .thenThrows(COURSE_MESSAGES.lessonIsStartingPoint('Start'));
    spec
      .given(withStart)
      .when({ kind: 'removeLesson', courseId, lessonId: L1, at })
      .then([{ type: 'learning.LessonRemoved', data: { courseId, lessonId: L1, at } }]);
  });

  it('renames a course and a lesson only when the title changes', () => {
    spec.given(history).when({ kind: 'rename', courseId, title: 'Deutsch', at }).then([]);
    spec
      .given(history)
      .when({ kind: 'rename', courseId, title: 'Deutsch B', at })
      .then([{ type: 'learning.CourseRenamed', data: { courseId, title: 'Deutsch B', at } }]);
    spec
      .given(history)
      .when({ kind: 'renameLesson', courseId, lessonId: L1, title: 'Neu', at })
      .then([{ type: 'learning.LessonRenamed', data: { courseId, lessonId: L1, title: 'Neu', at } }]);
    spec.given(history).when({ kind: 'renameLesson', courseId, lessonId: SP, title: 'Neu', at }).thenThrows(COURSE_MESSAGES.lessonNotFound);
  });
});

describe('chapter decider', () => {
  const spec = deciderSpec(chapterDecider);
  const content = { title: 'T', text: 'Text.', vocabulary: [{ word: 'Haus', translation: 'house' }] };
  const written: ChapterEvent = { type: 'learning.ChapterWritten', data: { courseId, chapterId: C1, ...content, at } };

  it('writes a chapter once; writing it again changes nothing', () => {
    spec
      .given([])
      .when({ kind: 'write', courseId, chapterId: C1, ...content, at })
      .then([written]);
    spec
      .given([written])
      .when({ kind: 'write', courseId, chapterId: C1, ...content, title: 'Other', at })
      .then([]);
  });

  it('edits what is given and keeps the rest; an edit that changes nothing appends nothing', () => {
    spec
      .given([written])
      .when({ kind: 'edit', courseId, chapterId: C1, text: 'New text.', at })
      .then([{ type: 'learning.ChapterWritten', data: { courseId, chapterId: C1, ...content, text: 'New text.', at } }]);
    spec
      .given([written])
      .when({ kind: 'edit', courseId, chapterId: C1, vocabulary: [{ word: 'Haus', translation: 'house' }], at })
      .then([]);
    spec.given([]).when({ kind: 'edit', courseId, chapterId: C1, text: 'x', at }).thenThrows('Chapter not found');
  });
});

describe('progress decider', () => {
  const spec = deciderSpec(progressDecider);
  const learner = { userId: USER, courseId };
  const completed: ProgressEvent = { type: 'learning.ChapterCompleted', data: { ...learner, chapterId: C1, lessonId: L1, at } };
  const practiced = (correct: number): ProgressEvent => ({
    type: 'learning.MatchWordsPracticed',
    data: { ...learner, chapterId: C1, correct, total: 7, at },
  });
  const chosen: ProgressEvent = { type: 'learning.StartingPointChosen', data: { ...learner, startingPointId: SP, lessonId: L2, at } };

  it('completes a chapter once', () => {
    spec
      .given([])
      .when({ kind: 'complete', ...learner, chapterId: C1, lessonId: L1, at })
      .then([completed]);
    spec
      .given([completed])
      .when({ kind: 'complete', ...learner, chapterId: C1, lessonId: L1, at })
      .then([]);
  });

  it('records a first result, then only a better one', () => {
    spec
      .given([])
      .when({ kind: 'practice', ...learner, chapterId: C1, correct: 0, total: 7, at })
      .then([practiced(0)]);
    spec
      .given([practiced(5)])
      .when({ kind: 'practice', ...learner, chapterId: C1, correct: 5, total: 7, at })
      .then([]);
    spec
      .given([practiced(5)])
      .when({ kind: 'practice', ...learner, chapterId: C1, correct: 6, total: 7, at })
      .then([practiced(6)]);
  });

  it('chooses a starting point; choosing the same again changes nothing', () => {
    spec
      .given([])
      .when({ kind: 'choose', ...learner, startingPointId: SP, lessonId: L2, at })
      .then([chosen]);
    spec
      .given([chosen])
      .when({ kind: 'choose', ...learner, startingPointId: SP, lessonId: L2, at })
      .then([]);
    expect(progressDecider.evolve(progressDecider.initialState(), chosen).startingPointId).toBe(SP);
  });
});
