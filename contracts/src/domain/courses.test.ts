import { describe, expect, it } from 'vitest';
import { COURSE_IDS, languageOfCourse, nextChapterToLearn, type CourseOutline } from './courses';
import type { Subscription } from './subscriptions';

const ch = (id: string, flags: { visible?: boolean; premium?: boolean } = {}) => ({
  id,
  visible: flags.visible ?? true,
  premium: flags.premium ?? false,
});

/** L1: a b c, L2: d e f, L3: (empty), L4: g h */
const course: CourseOutline = {
  lessons: [
    { id: 'L1', chapters: [ch('a'), ch('b'), ch('c')] },
    { id: 'L2', chapters: [ch('d'), ch('e'), ch('f')] },
    { id: 'L3', chapters: [] },
    { id: 'L4', chapters: [ch('g'), ch('h')] },
  ],
};
const next = (completed: string[], startingLessonId?: string, outline = course, subscription: Subscription = 'free') =>
  nextChapterToLearn(outline, { completedChapterIds: completed, startingLessonId: startingLessonId ?? null, subscription })?.chapterId ??
  null;

describe('nextChapterToLearn', () => {
  it('with no progress, is the first chapter of the first lesson, or of the starting lesson', () => {
    expect(next([])).toBe('a');
    expect(next([], 'L2')).toBe('d');
    expect(nextChapterToLearn(course, { completedChapterIds: [], startingLessonId: 'L2', subscription: 'free' })).toEqual({
      chapterId: 'd',
      lessonId: 'L2',
      premium: false,
      locked: false,
    });
  });

  it('starts from the first lesson when the starting lesson is unknown (e.g. removed)', () => {
    expect(next([], 'gone')).toBe('a');
  });

  it('ignores progress in lessons before the starting point', () => {
    expect(next(['a', 'b', 'c', 'd'], 'L4')).toBe('g');
    expect(next(['a', 'b'], 'L2')).toBe('d');
  });

  it('continues after the last completed chapter', () => {
    expect(next(['a'])).toBe('b');
    expect(next(['a', 'b', 'c'])).toBe('d');
    expect(next(['d', 'e'], 'L2')).toBe('f');
  });

  it('fills a gap inside the last completed lesson first', () => {
    expect(next(['a', 'c'])).toBe('b');
    expect(next(['d', 'f'], 'L2')).toBe('e');
  });

  it('does not go back to gaps in lessons before the last completed lesson', () => {
    expect(next(['a', 'd'])).toBe('e');
    expect(next(['a', 'd', 'e', 'f'])).toBe('g');
  });

  it('skips empty lessons, from the start and after the last completed lesson', () => {
    const emptyFirst: CourseOutline = { lessons: [{ id: 'E', chapters: [] }, ...course.lessons] };
    expect(next([], undefined, emptyFirst)).toBe('a');
    expect(next([], 'L3')).toBe('g');
    expect(next(['d', 'e', 'f'])).toBe('g');
  });

  it('skips hidden chapters, and lessons whose chapters are all hidden', () => {
    const hidden: CourseOutline = {
      lessons: [
        { id: 'L1', chapters: [ch('a', { visible: false }), ch('b'), ch('c', { visible: false })] },
        { id: 'L2', chapters: [ch('d', { visible: false })] },
        { id: 'L3', chapters: [ch('e')] },
      ],
    };
    expect(next([], undefined, hidden)).toBe('b');
    expect(next(['b'], undefined, hidden)).toBe('e');
    expect(next([], 'L2', hidden)).toBe('e');
    // A completed chapter that was hidden later no longer counts for "last completed lesson".
    expect(next(['b', 'd'], undefined, hidden)).toBe('e');
  });

  it('offers a premium chapter, locked for Free and open for Master', () => {
    const premium: CourseOutline = { lessons: [{ id: 'L1', chapters: [ch('a'), ch('p', { premium: true })] }] };
    expect(nextChapterToLearn(premium, { completedChapterIds: ['a'], subscription: 'free' })).toEqual({
      chapterId: 'p',
      lessonId: 'L1',
      premium: true,
      locked: true,
    });
    expect(nextChapterToLearn(premium, { completedChapterIds: ['a'], subscription: 'master' })).toEqual({
      chapterId: 'p',
      lessonId: 'L1',
      premium: true,
      locked: false,
    });
  });

  it('returns null when everything from the starting lesson on is completed (course finished)', () => {
    expect(next(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toBeNull();
    expect(next(['g', 'h'], 'L4')).toBeNull();
    expect(next([], undefined, { lessons: [] })).toBeNull();
    expect(next([], undefined, { lessons: [{ id: 'E', chapters: [] }] })).toBeNull();
  });
});

describe('course ids', () => {
  it('are one fixed, distinct id per language, and map back to the language', () => {
    expect(new Set(Object.values(COURSE_IDS)).size).toBe(4);
    expect(languageOfCourse(COURSE_IDS.ru)).toBe('ru');
    expect(languageOfCourse('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
