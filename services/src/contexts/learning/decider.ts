import { COURSE_MESSAGES, type LearningLanguage, type Level, type VocabularyPair } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { ChapterEvent, CourseEvent, ProgressEvent } from './events';

// ---- Course structure

export interface CourseDefinition {
  kind: 'define';
  courseId: string;
  languageCode: LearningLanguage;
  title: string;
  lessons: { lessonId: string; title: string; chapters: { chapterId: string; visible: boolean; premium: boolean }[] }[];
  startingPoints: { startingPointId: string; lessonId: string; title: string; level: Level }[];
  at: string;
}
export type CourseCommand =
  | CourseDefinition
  | { kind: 'setFlags'; courseId: string; chapterId: string; visible?: boolean; premium?: boolean; at: string }
  | { kind: 'setVisibility'; courseId: string; isVisibleOnThePlatform: boolean; at: string };

export interface CourseState {
  created: boolean;
  visible: boolean;
  /** Lesson id -> number of chapters in it. */
  lessons: Map<string, number>;
  chapters: Map<string, { visible: boolean; premium: boolean }>;
  startingPoints: Set<string>;
}

/**
 * Defining a course adds only what is missing (lessons, chapters and starting points are appended in the
 * order given), so seeding twice, or extending a course, never duplicates anything.
 */
function define(c: CourseDefinition, s: CourseState): CourseEvent[] {
  const events: CourseEvent[] = [];
  const { courseId, at } = c;
  if (!s.created) events.push({ type: 'learning.CourseCreated', data: { courseId, languageCode: c.languageCode, title: c.title, isVisibleOnThePlatform: true, at } });
  const lessonSizes = new Map(s.lessons);
  for (const lesson of c.lessons) {
    if (!lessonSizes.has(lesson.lessonId)) {
      events.push({ type: 'learning.LessonAdded', data: { courseId, lessonId: lesson.lessonId, title: lesson.title, index: lessonSizes.size, at } });
      lessonSizes.set(lesson.lessonId, 0);
    }
    for (const chapter of lesson.chapters) {
      if (s.chapters.has(chapter.chapterId)) continue;
      const index = lessonSizes.get(lesson.lessonId)!;
      lessonSizes.set(lesson.lessonId, index + 1);
      events.push({ type: 'learning.ChapterAdded', data: { courseId, lessonId: lesson.lessonId, ...chapter, index, at } });
    }
  }
  let points = s.startingPoints.size;
  for (const p of c.startingPoints) {
    if (s.startingPoints.has(p.startingPointId)) continue;
    if (!lessonSizes.has(p.lessonId)) throw new DomainError('A starting point must start at a lesson of its course', 422);
    events.push({ type: 'learning.StartingPointAdded', data: { courseId, ...p, index: points++, at } });
  }
  return events;
}

export const courseDecider: Decider<CourseCommand, CourseState, CourseEvent> = {
  initialState: () => ({ created: false, visible: false, lessons: new Map(), chapters: new Map(), startingPoints: new Set() }),
  decide(c, s) {
    if (c.kind === 'define') return define(c, s);
    if (!s.created) throw new DomainError(COURSE_MESSAGES.courseNotFound, 404);
    if (c.kind === 'setVisibility') {
      return c.isVisibleOnThePlatform === s.visible
        ? []
        : [{ type: 'learning.CourseVisibilitySet', data: { courseId: c.courseId, isVisibleOnThePlatform: c.isVisibleOnThePlatform, at: c.at } }];
    }
    const flags = s.chapters.get(c.chapterId);
    if (!flags) throw new DomainError(COURSE_MESSAGES.chapterNotFound, 404);
    const next = { visible: c.visible ?? flags.visible, premium: c.premium ?? flags.premium };
    if (next.visible === flags.visible && next.premium === flags.premium) return [];
    return [{ type: 'learning.ChapterFlagsSet', data: { courseId: c.courseId, chapterId: c.chapterId, ...next, at: c.at } }];
  },
  evolve(s, e) {
    switch (e.type) {
      case 'learning.CourseCreated':
        return { ...s, created: true, visible: e.data.isVisibleOnThePlatform };
      case 'learning.CourseVisibilitySet':
        return { ...s, visible: e.data.isVisibleOnThePlatform };
      case 'learning.LessonAdded':
        return { ...s, lessons: new Map(s.lessons).set(e.data.lessonId, 0) };
      case 'learning.ChapterAdded':
        return {
          ...s,
          lessons: new Map(s.lessons).set(e.data.lessonId, (s.lessons.get(e.data.lessonId) ?? 0) + 1),
          chapters: new Map(s.chapters).set(e.data.chapterId, { visible: e.data.visible, premium: e.data.premium }),
        };
      case 'learning.ChapterFlagsSet':
        return { ...s, chapters: new Map(s.chapters).set(e.data.chapterId, { visible: e.data.visible, premium: e.data.premium }) };
      case 'learning.StartingPointAdded':
        return { ...s, startingPoints: new Set(s.startingPoints).add(e.data.startingPointId) };
    }
  },
};

// ---- Chapter content

export interface ChapterContent {
  title: string;
  text: string;
  vocabulary: VocabularyPair[];
}
export type ChapterCommand =
  | ({ kind: 'write'; courseId: string; chapterId: string; at: string } & ChapterContent)
  | ({ kind: 'edit'; courseId: string; chapterId: string; at: string } & Partial<ChapterContent>);

const sameContent = (a: ChapterContent, b: ChapterContent) =>
  a.title === b.title && a.text === b.text && JSON.stringify(a.vocabulary) === JSON.stringify(b.vocabulary);

/** `write` gives a chapter its first content (and is a no-op after that); `edit` changes what is given. */
export const chapterDecider: Decider<ChapterCommand, { content: ChapterContent | null }, ChapterEvent> = {
  initialState: () => ({ content: null }),
  decide(c, s) {
    const { courseId, chapterId, at } = c;
    if (c.kind === 'write') {
      if (s.content) return [];
      return [{ type: 'learning.ChapterWritten', data: { courseId, chapterId, title: c.title, text: c.text, vocabulary: c.vocabulary, at } }];
    }
    if (!s.content) throw new DomainError(COURSE_MESSAGES.chapterNotFound, 404);
    const next: ChapterContent = { title: c.title ?? s.content.title, text: c.text ?? s.content.text, vocabulary: c.vocabulary ?? s.content.vocabulary };
    return sameContent(next, s.content) ? [] : [{ type: 'learning.ChapterWritten', data: { courseId, chapterId, ...next, at } }];
  },
  evolve: (_s, e) => ({ content: { title: e.data.title, text: e.data.text, vocabulary: e.data.vocabulary } }),
};

// ---- A learner's progress in one course

export type ProgressCommand =
  | { kind: 'choose'; userId: string; courseId: string; startingPointId: string; lessonId: string; at: string }
  | { kind: 'complete'; userId: string; courseId: string; chapterId: string; lessonId: string; at: string }
  | { kind: 'practice'; userId: string; courseId: string; chapterId: string; correct: number; total: number; at: string };

export interface ProgressState {
  startingPointId: string | null;
  completed: Set<string>;
  /** Chapter id -> best number of correct matches. */
  bestCorrect: Map<string, number>;
}

function withoutKind<C extends { kind: string }>(c: C): Omit<C, 'kind'> {
  const data: Partial<C> = { ...c };
  delete data.kind;
  return data as Omit<C, 'kind'>;
}

/** Completing twice, choosing the same start again or a result no better than the best changes nothing. */
export const progressDecider: Decider<ProgressCommand, ProgressState, ProgressEvent> = {
  initialState: () => ({ startingPointId: null, completed: new Set(), bestCorrect: new Map() }),
  decide(c, s) {
    switch (c.kind) {
      case 'choose':
        return s.startingPointId === c.startingPointId ? [] : [{ type: 'learning.StartingPointChosen', data: withoutKind(c) }];
      case 'complete':
        return s.completed.has(c.chapterId) ? [] : [{ type: 'learning.ChapterCompleted', data: withoutKind(c) }];
      case 'practice': {
        const best = s.bestCorrect.get(c.chapterId);
        return best !== undefined && best >= c.correct ? [] : [{ type: 'learning.MatchWordsPracticed', data: withoutKind(c) }];
      }
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'learning.StartingPointChosen':
        return { ...s, startingPointId: e.data.startingPointId };
      case 'learning.ChapterCompleted':
        return { ...s, completed: new Set(s.completed).add(e.data.chapterId) };
      case 'learning.MatchWordsPracticed':
        return { ...s, bestCorrect: new Map(s.bestCorrect).set(e.data.chapterId, e.data.correct) };
    }
  },
};
