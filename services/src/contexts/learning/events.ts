import { z } from 'zod';
import { LearningLanguageSchema, LevelSchema, VocabularyPairSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

const at = z.iso.datetime();
const index = z.number().int().min(0);

// ---- Course structure: one small stream per course (lessons, chapter slots and flags, starting points).

export const CourseCreated = defineEvent(
  'learning.CourseCreated',
  z.object({ courseId: z.uuid(), languageCode: LearningLanguageSchema, title: z.string().min(1), isVisibleOnThePlatform: z.boolean(), at }),
);

/** `index` is the lesson's place in the course, given by the decider so a rebuild orders lessons the same. */
export const LessonAdded = defineEvent(
  'learning.LessonAdded',
  z.object({ courseId: z.uuid(), lessonId: z.uuid(), title: z.string().min(1), index, at }),
);

/** A chapter's slot in a lesson and its flags; its words live in the chapter's own stream. */
export const ChapterAdded = defineEvent(
  'learning.ChapterAdded',
  z.object({ courseId: z.uuid(), lessonId: z.uuid(), chapterId: z.uuid(), index, visible: z.boolean(), premium: z.boolean(), at }),
);

export const StartingPointAdded = defineEvent(
  'learning.StartingPointAdded',
  z.object({ courseId: z.uuid(), startingPointId: z.uuid(), lessonId: z.uuid(), title: z.string().min(1), level: LevelSchema, index, at }),
);

export const ChapterFlagsSet = defineEvent(
  'learning.ChapterFlagsSet',
  z.object({ courseId: z.uuid(), chapterId: z.uuid(), visible: z.boolean(), premium: z.boolean(), at }),
);

export const CourseVisibilitySet = defineEvent(
  'learning.CourseVisibilitySet',
  z.object({ courseId: z.uuid(), isVisibleOnThePlatform: z.boolean(), at }),
);

// Admin edits (issue 16). The acting admin is the event's metadata `userId`, like every admin command's.
export const CourseRenamed = defineEvent('learning.CourseRenamed', z.object({ courseId: z.uuid(), title: z.string().min(1), at }));

export const LessonRenamed = defineEvent(
  'learning.LessonRenamed',
  z.object({ courseId: z.uuid(), lessonId: z.uuid(), title: z.string().min(1), at }),
);

/** The whole new order of the course's lessons (lessonsOrder). */
export const LessonsReordered = defineEvent(
  'learning.LessonsReordered',
  z.object({ courseId: z.uuid(), lessonIds: z.array(z.uuid()), at }),
);

/** The whole new order of one lesson's chapters (chaptersOrder). */
export const ChaptersReordered = defineEvent(
  'learning.ChaptersReordered',
  z.object({ courseId: z.uuid(), lessonId: z.uuid(), chapterIds: z.array(z.uuid()), at }),
);

/** A lesson leaves the course with every chapter in it; learners' progress on them stops counting. */
export const LessonRemoved = defineEvent('learning.LessonRemoved', z.object({ courseId: z.uuid(), lessonId: z.uuid(), at }));

export const ChapterRemoved = defineEvent(
  'learning.ChapterRemoved',
  z.object({ courseId: z.uuid(), lessonId: z.uuid(), chapterId: z.uuid(), at }),
);

/** A starting point's title, level or lesson changed (spec §6 "start points"). */
export const StartingPointUpdated = defineEvent(
  'learning.StartingPointUpdated',
  z.object({ courseId: z.uuid(), startingPointId: z.uuid(), lessonId: z.uuid(), title: z.string().min(1), level: LevelSchema, at }),
);

/** Learners who had chosen it start from the course's beginning; their completed chapters still count. */
export const StartingPointRemoved = defineEvent(
  'learning.StartingPointRemoved',
  z.object({ courseId: z.uuid(), startingPointId: z.uuid(), at }),
);

export const courseEvents = [
  CourseCreated,
  LessonAdded,
  ChapterAdded,
  StartingPointAdded,
  ChapterFlagsSet,
  CourseVisibilitySet,
  CourseRenamed,
  LessonRenamed,
  LessonsReordered,
  ChaptersReordered,
  LessonRemoved,
  ChapterRemoved,
  StartingPointUpdated,
  StartingPointRemoved,
] as const;
export type CourseEvent = EventOf<(typeof courseEvents)[number]>;
export const courseStream = (courseId: string) => `learning-course-${courseId}`;

// ---- Chapter content: one stream per chapter, so edits of one text never grow the course's stream.

/** `imageUrl` (issue 16) is absent in older events and when the chapter has no image. */
const content = {
  title: z.string().min(1),
  text: z.string().min(1),
  vocabulary: z.array(VocabularyPairSchema),
  imageUrl: z.string().optional(),
};

/** The whole content as it now is (first writing or an edit): the read model takes it as it comes. */
export const ChapterWritten = defineEvent('learning.ChapterWritten', z.object({ courseId: z.uuid(), chapterId: z.uuid(), ...content, at }));

export const chapterEvents = [ChapterWritten] as const;
export type ChapterEvent = EventOf<(typeof chapterEvents)[number]>;
export const chapterStream = (chapterId: string) => `learning-chapter-${chapterId}`;

// ---- Exercises: one stream per chapter, each list written whole (spec §6 missing-words, ask-questions).

const exercise = { answers: z.array(z.string().min(1)).min(1) };
export const MissingWordsWritten = defineEvent(
  'learning.MissingWordsWritten',
  z.object({ courseId: z.uuid(), chapterId: z.uuid(), items: z.array(z.object({ sentence: z.string().min(1), ...exercise })), at }),
);
export const QuestionsWritten = defineEvent(
  'learning.QuestionsWritten',
  z.object({ courseId: z.uuid(), chapterId: z.uuid(), items: z.array(z.object({ question: z.string().min(1), ...exercise })), at }),
);

export const exerciseEvents = [MissingWordsWritten, QuestionsWritten] as const;
export type ExerciseEvent = EventOf<(typeof exerciseEvents)[number]>;
export const exerciseStream = (chapterId: string) => `learning-exercises-${chapterId}`;

// ---- Progress: one stream per learner and course, bounded by the course's chapters.

const learner = { userId: z.uuid(), courseId: z.uuid() };

export const StartingPointChosen = defineEvent(
  'learning.StartingPointChosen',
  z.object({ ...learner, startingPointId: z.uuid(), lessonId: z.uuid(), at }),
);

export const ChapterCompleted = defineEvent(
  'learning.ChapterCompleted',
  z.object({ ...learner, chapterId: z.uuid(), lessonId: z.uuid(), at }),
);

/** Only a new best result is recorded, so practicing a chapter again and again does not grow the stream. */
export const MatchWordsPracticed = defineEvent(
  'learning.MatchWordsPracticed',
  z.object({ ...learner, chapterId: z.uuid(), correct: z.number().int().min(0), total: z.number().int().min(1), at }),
);

export const progressEvents = [StartingPointChosen, ChapterCompleted, MatchWordsPracticed] as const;
export type ProgressEvent = EventOf<(typeof progressEvents)[number]>;
export const progressStream = (userId: string, courseId: string) => `learning-progress-${userId}.${courseId}`;
