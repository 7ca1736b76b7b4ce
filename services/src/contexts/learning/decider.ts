import { COURSE_MESSAGES, type LearningLanguage, type Level, type MissingWord, type Question, type VocabularyPair } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { ChapterEvent, CourseEvent, ExerciseEvent, ProgressEvent } from './events';

// ---- Course structure

/** A whole course as the seed defines it; defining it again adds only what is missing. */
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
  | { kind: 'createCourse'; courseId: string; languageCode: LearningLanguage; title: string; at: string }
  | { kind: 'addLesson'; courseId: string; lessonId: string; title: string; at: string }
  | { kind: 'addChapter'; courseId: string; lessonId: string; chapterId: string; visible: boolean; premium: boolean; at: string }
  | { kind: 'setFlags'; courseId: string; chapterId: string; visible?: boolean; premium?: boolean; at: string }
  | { kind: 'setVisibility'; courseId: string; isVisibleOnThePlatform: boolean; at: string }
  | { kind: 'rename'; courseId: string; title: string; at: string }
  | { kind: 'renameLesson'; courseId: string; lessonId: string; title: string; at: string }
  | { kind: 'reorderLessons'; courseId: string; lessonIds: string[]; at: string }
  | { kind: 'reorderChapters'; courseId: string; lessonId: string; chapterIds: string[]; at: string }
  | { kind: 'removeLesson'; courseId: string; lessonId: string; at: string }
  | { kind: 'removeChapter'; courseId: string; chapterId: string; at: string }
  | { kind: 'addStartingPoint'; courseId: string; startingPointId: string; lessonId: string; title: string; level: Level; at: string }
  | { kind: 'updateStartingPoint'; courseId: string; startingPointId: string; lessonId: string; title: string; level: Level; at: string }
  | { kind: 'removeStartingPoint'; courseId: string; startingPointId: string; at: string };

export interface CourseState {
  created: boolean;
  /** The language (its one course) is shown to learners: the spec's language record field. */
  isVisibleOnThePlatform: boolean;
  title: string;
  /** Lessons in course order, each with its chapter ids in order. */
  lessons: { lessonId: string; title: string; chapterIds: string[] }[];
  chapters: Map<string, { lessonId: string; visible: boolean; premium: boolean }>;
  /** Starting point id -> the lesson it starts at and its title. */
  startingPoints: Map<string, { lessonId: string; title: string; level: Level }>;
  /** Starting points ever added: the next one's index (removals leave gaps, so order stays stable). */
  pointsAdded: number;
  /** Removed lessons, chapters and starting points: defining the course again (a seed, a retried add) never brings them back. */
  removed: Set<string>;
}

/**
 * Defining a course adds only what is missing (lessons, chapters and starting points are appended in the
 * order given), so seeding twice, or extending a course, never duplicates anything.
 */
function define(c: CourseDefinition, s: CourseState): CourseEvent[] {
  const events: CourseEvent[] = [];
  const { courseId, at } = c;
  if (!s.created)
    events.push({
      type: 'learning.CourseCreated',
      data: { courseId, languageCode: c.languageCode, title: c.title, isVisibleOnThePlatform: true, at },
    });
  const lessonSizes = new Map(s.lessons.map((l) => [l.lessonId, l.chapterIds.length]));
  for (const lesson of c.lessons) {
    if (s.removed.has(lesson.lessonId)) continue;
    if (!lessonSizes.has(lesson.lessonId)) {
      events.push({
        type: 'learning.LessonAdded',
        data: { courseId, lessonId: lesson.lessonId, title: lesson.title, index: lessonSizes.size, at },
      });
      lessonSizes.set(lesson.lessonId, 0);
    }
    for (const chapter of lesson.chapters) {
      if (s.chapters.has(chapter.chapterId) || s.removed.has(chapter.chapterId)) continue;
      const index = lessonSizes.get(lesson.lessonId)!;
      lessonSizes.set(lesson.lessonId, index + 1);
      events.push({ type: 'learning.ChapterAdded', data: { courseId, lessonId: lesson.lessonId, ...chapter, index, at } });
    }
  }
  let points = s.pointsAdded;
  for (const p of c.startingPoints) {
    if (s.startingPoints.has(p.startingPointId) || s.removed.has(p.startingPointId)) continue;
    if (!lessonSizes.has(p.lessonId)) throw new DomainError('A starting point must start at a lesson of its course', 422);
    events.push({ type: 'learning.StartingPointAdded', data: { courseId, ...p, index: points++, at } });
  }
  return events;
}

/** True when `next` lists exactly the ids of `current`, each once (a reorder from a stale page is not). */
const samePermutation = (current: readonly string[], next: readonly string[]) =>
  current.length === next.length && new Set(next).size === next.length && next.every((id) => current.includes(id));
const sameOrder = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

function lessonOf(s: CourseState, lessonId: string) {
  const lesson = s.lessons.find((l) => l.lessonId === lessonId);
  if (!lesson) throw new DomainError(COURSE_MESSAGES.lessonNotFound, 404);
  return lesson;
}

/** Admin edits of an existing course: structure, titles, order, flags and removals. */
function edit(c: Exclude<CourseCommand, CourseDefinition | { kind: 'createCourse' }>, s: CourseState): CourseEvent[] {
  const { courseId, at } = c;
  switch (c.kind) {
    case 'addLesson': {
      // The id comes from the admin's command id: a retry, or a lesson since removed, adds nothing.
      if (s.removed.has(c.lessonId) || s.lessons.some((l) => l.lessonId === c.lessonId)) return [];
      return [{ type: 'learning.LessonAdded', data: { courseId, lessonId: c.lessonId, title: c.title, index: s.lessons.length, at } }];
    }
    case 'addChapter': {
      const { lessonId, chapterId, visible, premium } = c;
      if (s.removed.has(lessonId) || s.removed.has(chapterId) || s.chapters.has(chapterId)) return [];
      const index = lessonOf(s, lessonId).chapterIds.length;
      return [{ type: 'learning.ChapterAdded', data: { courseId, lessonId, chapterId, visible, premium, index, at } }];
    }
    case 'setVisibility':
      return c.isVisibleOnThePlatform === s.isVisibleOnThePlatform
        ? []
        : [{ type: 'learning.CourseVisibilitySet', data: { courseId, isVisibleOnThePlatform: c.isVisibleOnThePlatform, at } }];
    case 'rename':
      return c.title === s.title ? [] : [{ type: 'learning.CourseRenamed', data: { courseId, title: c.title, at } }];
    case 'renameLesson': {
      const lesson = lessonOf(s, c.lessonId);
      return lesson.title === c.title
        ? []
        : [{ type: 'learning.LessonRenamed', data: { courseId, lessonId: c.lessonId, title: c.title, at } }];
    }
    case 'reorderLessons': {
      const current = s.lessons.map((l) => l.lessonId);
      if (!samePermutation(current, c.lessonIds)) throw new DomainError(COURSE_MESSAGES.staleOrder, 409);
      return sameOrder(current, c.lessonIds) ? [] : [{ type: 'learning.LessonsReordered', data: { courseId, lessonIds: c.lessonIds, at } }];
    }
    case 'reorderChapters': {
      const current = lessonOf(s, c.lessonId).chapterIds;
      if (!samePermutation(current, c.chapterIds)) throw new DomainError(COURSE_MESSAGES.staleOrder, 409);
      return sameOrder(current, c.chapterIds)
        ? []
        : [{ type: 'learning.ChaptersReordered', data: { courseId, lessonId: c.lessonId, chapterIds: c.chapterIds, at } }];
    }
    case 'removeLesson': {
      if (s.removed.has(c.lessonId)) return [];
      lessonOf(s, c.lessonId);
      const start = [...s.startingPoints.values()].find((p) => p.lessonId === c.lessonId);
      if (start) throw new DomainError(COURSE_MESSAGES.lessonIsStartingPoint(start.title), 409);
      return [{ type: 'learning.LessonRemoved', data: { courseId, lessonId: c.lessonId, at } }];
    }
    case 'removeChapter': {
      if (s.removed.has(c.chapterId)) return [];
      const chapter = s.chapters.get(c.chapterId);
      if (!chapter) throw new DomainError(COURSE_MESSAGES.chapterNotFound, 404);
      return [{ type: 'learning.ChapterRemoved', data: { courseId, lessonId: chapter.lessonId, chapterId: c.chapterId, at } }];
    }
    case 'addStartingPoint': {
      if (s.startingPoints.has(c.startingPointId)) return [];
      lessonOf(s, c.lessonId);
      const { startingPointId, lessonId, title, level } = c;
      return [
        { type: 'learning.StartingPointAdded', data: { courseId, startingPointId, lessonId, title, level, index: s.pointsAdded, at } },
      ];
    }
    case 'updateStartingPoint': {
      const point = s.startingPoints.get(c.startingPointId);
      if (!point) throw new DomainError(COURSE_MESSAGES.startingPointNotFound, 404);
      lessonOf(s, c.lessonId);
      if (point.lessonId === c.lessonId && point.title === c.title && point.level === c.level) return [];
      const { startingPointId, lessonId, title, level } = c;
      return [{ type: 'learning.StartingPointUpdated', data: { courseId, startingPointId, lessonId, title, level, at } }];
    }
    case 'removeStartingPoint':
      if (!s.startingPoints.has(c.startingPointId)) throw new DomainError(COURSE_MESSAGES.startingPointNotFound, 404);
      return [{ type: 'learning.StartingPointRemoved', data: { courseId, startingPointId: c.startingPointId, at } }];
    case 'setFlags': {
      const flags = s.chapters.get(c.chapterId);
      if (!flags) throw new DomainError(COURSE_MESSAGES.chapterNotFound, 404);
      const next = { visible: c.visible ?? flags.visible, premium: c.premium ?? flags.premium };
      if (next.visible === flags.visible && next.premium === flags.premium) return [];
      return [{ type: 'learning.ChapterFlagsSet', data: { courseId, chapterId: c.chapterId, ...next, at } }];
    }
  }
}

const withLessons = (s: CourseState, change: (l: CourseState['lessons'][number]) => CourseState['lessons'][number]) => ({
  ...s,
  lessons: s.lessons.map(change),
});

export const courseDecider: Decider<CourseCommand, CourseState, CourseEvent> = {
  initialState: () => ({
    created: false,
    isVisibleOnThePlatform: false,
    title: '',
    lessons: [],
    chapters: new Map(),
    startingPoints: new Map(),
    pointsAdded: 0,
    removed: new Set(),
  }),
  decide(c, s) {
    if (c.kind === 'define') return define(c, s);
    if (c.kind === 'createCourse') {
      const { courseId, languageCode, title, at } = c;
      return s.created
        ? []
        : [{ type: 'learning.CourseCreated', data: { courseId, languageCode, title, isVisibleOnThePlatform: true, at } }];
    }
    if (!s.created) throw new DomainError(COURSE_MESSAGES.courseNotFound, 404);
    return edit(c, s);
  },
  evolve(s, e) {
    switch (e.type) {
      case 'learning.CourseCreated':
        return { ...s, created: true, isVisibleOnThePlatform: e.data.isVisibleOnThePlatform, title: e.data.title };
      case 'learning.CourseVisibilitySet':
        return { ...s, isVisibleOnThePlatform: e.data.isVisibleOnThePlatform };
      case 'learning.CourseRenamed':
        return { ...s, title: e.data.title };
      case 'learning.LessonAdded':
        return { ...s, lessons: [...s.lessons, { lessonId: e.data.lessonId, title: e.data.title, chapterIds: [] }] };
      case 'learning.LessonRenamed':
        return withLessons(s, (l) => (l.lessonId === e.data.lessonId ? { ...l, title: e.data.title } : l));
      case 'learning.ChapterAdded':
        return {
          ...withLessons(s, (l) => (l.lessonId === e.data.lessonId ? { ...l, chapterIds: [...l.chapterIds, e.data.chapterId] } : l)),
          chapters: new Map(s.chapters).set(e.data.chapterId, {
            lessonId: e.data.lessonId,
            visible: e.data.visible,
            premium: e.data.premium,
          }),
        };
      case 'learning.ChapterFlagsSet': {
        const lessonId = s.chapters.get(e.data.chapterId)?.lessonId ?? '';
        return {
          ...s,
          chapters: new Map(s.chapters).set(e.data.chapterId, { lessonId, visible: e.data.visible, premium: e.data.premium }),
        };
      }
      case 'learning.LessonsReordered': {
        const byId = new Map(s.lessons.map((l) => [l.lessonId, l]));
        return { ...s, lessons: e.data.lessonIds.flatMap((id) => byId.get(id) ?? []) };
      }
      case 'learning.ChaptersReordered':
        return withLessons(s, (l) => (l.lessonId === e.data.lessonId ? { ...l, chapterIds: e.data.chapterIds } : l));
      case 'learning.LessonRemoved': {
        const lesson = s.lessons.find((l) => l.lessonId === e.data.lessonId);
        const chapters = new Map(s.chapters);
        for (const id of lesson?.chapterIds ?? []) chapters.delete(id);
        const removed = new Set(s.removed).add(e.data.lessonId);
        for (const id of lesson?.chapterIds ?? []) removed.add(id);
        return { ...s, lessons: s.lessons.filter((l) => l.lessonId !== e.data.lessonId), chapters, removed };
      }
      case 'learning.ChapterRemoved': {
        const chapters = new Map(s.chapters);
        chapters.delete(e.data.chapterId);
        return {
          ...withLessons(s, (l) => ({ ...l, chapterIds: l.chapterIds.filter((id) => id !== e.data.chapterId) })),
          chapters,
          removed: new Set(s.removed).add(e.data.chapterId),
        };
      }
      case 'learning.StartingPointAdded':
        return {
          ...s,
          pointsAdded: s.pointsAdded + 1,
          startingPoints: new Map(s.startingPoints).set(e.data.startingPointId, {
            lessonId: e.data.lessonId,
            title: e.data.title,
            level: e.data.level,
          }),
        };
      case 'learning.StartingPointUpdated':
        return {
          ...s,
          startingPoints: new Map(s.startingPoints).set(e.data.startingPointId, {
            lessonId: e.data.lessonId,
            title: e.data.title,
            level: e.data.level,
          }),
        };
      case 'learning.StartingPointRemoved': {
        const startingPoints = new Map(s.startingPoints);
        startingPoints.delete(e.data.startingPointId);
        return { ...s, startingPoints, removed: new Set(s.removed).add(e.data.startingPointId) };
      }
    }
  },
};

// ---- Chapter content

export interface ChapterContent {
  title: string;
  text: string;
  vocabulary: VocabularyPair[];
  /** An image from the image manager (`/api/images/...`), or none. */
  imageUrl?: string | null;
}
export type ChapterCommand =
  | ({ kind: 'write'; courseId: string; chapterId: string; at: string } & ChapterContent)
  | ({ kind: 'edit'; courseId: string; chapterId: string; at: string } & Partial<ChapterContent>);

const sameContent = (a: ChapterContent, b: ChapterContent) =>
  a.title === b.title &&
  a.text === b.text &&
  JSON.stringify(a.vocabulary) === JSON.stringify(b.vocabulary) &&
  (a.imageUrl ?? null) === (b.imageUrl ?? null);
/** The event's content: the image only when there is one (an event without it means none). */
const written = ({ title, text, vocabulary, imageUrl }: ChapterContent) => ({ title, text, vocabulary, ...(imageUrl ? { imageUrl } : {}) });

/** `write` gives a chapter its first content (and is a no-op after that); `edit` changes what is given. */
export const chapterDecider: Decider<ChapterCommand, { content: ChapterContent | null }, ChapterEvent> = {
  initialState: () => ({ content: null }),
  decide(c, s) {
    const { courseId, chapterId, at } = c;
    if (c.kind === 'write') {
      if (s.content) return [];
      return [{ type: 'learning.ChapterWritten', data: { courseId, chapterId, ...written(c), at } }];
    }
    if (!s.content) throw new DomainError(COURSE_MESSAGES.chapterNotFound, 404);
    const next: ChapterContent = {
      title: c.title ?? s.content.title,
      text: c.text ?? s.content.text,
      vocabulary: c.vocabulary ?? s.content.vocabulary,
      imageUrl: c.imageUrl !== undefined ? c.imageUrl : (s.content.imageUrl ?? null),
    };
    return sameContent(next, s.content) ? [] : [{ type: 'learning.ChapterWritten', data: { courseId, chapterId, ...written(next), at } }];
  },
  evolve: (_s, e) => ({
    content: { title: e.data.title, text: e.data.text, vocabulary: e.data.vocabulary, imageUrl: e.data.imageUrl ?? null },
  }),
};

// ---- Exercises of one chapter

export type ExerciseCommand =
  | { kind: 'missingWords'; courseId: string; chapterId: string; items: MissingWord[]; at: string }
  | { kind: 'questions'; courseId: string; chapterId: string; items: Question[]; at: string };

export interface ExerciseState {
  missingWords: MissingWord[];
  questions: Question[];
}

/** Writing a list replaces it; the same list again appends nothing. */
export const exerciseDecider: Decider<ExerciseCommand, ExerciseState, ExerciseEvent> = {
  initialState: () => ({ missingWords: [], questions: [] }),
  decide(c, s) {
    const { courseId, chapterId, at } = c;
    if (c.kind === 'missingWords') {
      return JSON.stringify(c.items) === JSON.stringify(s.missingWords)
        ? []
        : [{ type: 'learning.MissingWordsWritten', data: { courseId, chapterId, items: c.items, at } }];
    }
    return JSON.stringify(c.items) === JSON.stringify(s.questions)
      ? []
      : [{ type: 'learning.QuestionsWritten', data: { courseId, chapterId, items: c.items, at } }];
  },
  evolve: (s, e) => (e.type === 'learning.MissingWordsWritten' ? { ...s, missingWords: e.data.items } : { ...s, questions: e.data.items }),
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
