import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { visibleName } from '../domain/names';
import { LevelSchema } from '../domain/levels';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/** Texts the Learn section shows as they are (not from the spec, which gives none for courses). */
export const COURSE_MESSAGES = {
  premiumChapter: 'This chapter is for Master subscribers. Upgrade to Master to read it.',
  chapterNotFound: 'Chapter not found',
  courseNotFound: 'Course not found',
  courseUnavailable: 'This course is not available yet.',
  startingPointNotFound: 'Starting point not found',
  tooManyCorrect: 'More correct matches than the chapter has words',
  lessonNotFound: 'Lesson not found',
  staleOrder: 'The course changed since this page was loaded (a lesson or chapter was added or removed). Reload the page and try again.',
  /** Another admin saved first (the expected revision no longer matches). */
  editConflict: 'Another admin changed this course while you were editing it. Reload the page to see their changes, then make yours again.',
  courseExists: 'This language already has a course: there is one course per language.',
  lessonIsStartingPoint: (title: string) =>
    `This lesson is where the starting point “${title}” begins. Move or delete that starting point first.`,
} as const;

export const MAX_CHAPTER_TITLE = 120;
export const MAX_CHAPTER_TEXT = 20_000;
export const MAX_VOCABULARY_PAIRS = 50;
export const MAX_VOCABULARY_SIDE = 100;

/** A field left out says Required, as the spec's forms do; other type errors keep zod's wording. */
const required = { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : undefined) };

const side = (what: string) =>
  z.string(required).trim().min(1, 'Required').max(MAX_VOCABULARY_SIDE, `A ${what} has at most ${MAX_VOCABULARY_SIDE} letters`);
export const VocabularyPairSchema = z.object({ word: side('word'), translation: side('translation') });
export type VocabularyPair = z.infer<typeof VocabularyPairSchema>;

/** Title of a lesson or chapter. */
export const CourseItemTitleSchema = visibleName(z.string(required))
  .min(1, 'A title is required')
  .max(MAX_CHAPTER_TITLE, `A title has at most ${MAX_CHAPTER_TITLE} letters`);
/** Plain text (paragraphs separated by a blank line), rendered by the reader's word view, never as HTML. */
export const ChapterTextSchema = z
  .string(required)
  .trim()
  .min(1, 'The chapter text is required')
  .max(MAX_CHAPTER_TEXT, `A chapter text has at most ${MAX_CHAPTER_TEXT} letters`);
export const VocabularySchema = z
  .array(VocabularyPairSchema, required)
  .min(1, 'At least one word pair is required')
  .max(MAX_VOCABULARY_PAIRS, `At most ${MAX_VOCABULARY_PAIRS} word pairs`);

/** An image from the image manager; a full URL copied from it is taken as its path. */
export const ChapterImageUrlSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^https?:\/\/[^/]+/, ''))
  .pipe(
    z
      .string()
      .regex(/^\/api\/images\/[0-9a-f]{64}\.(png|jpg|webp)$/, 'Use an image URL from the image manager (it looks like /api/images/….png).'),
  );

export const StartingPointSchema = z.object({ id: z.uuid(), title: z.string(), lesson: z.uuid(), level: LevelSchema });
export type StartingPoint = z.infer<typeof StartingPointSchema>;

export const ChapterOutlineSchema = z.object({
  id: z.uuid(),
  lessonId: z.uuid(),
  title: z.string(),
  /** Always true for learners (hidden chapters are left out); admins see hidden ones too. */
  visible: z.boolean(),
  premium: z.boolean(),
  /** Premium and the caller is on Free: show the upgrade path, not the content. */
  locked: z.boolean(),
});
export type ChapterOutline = z.infer<typeof ChapterOutlineSchema>;

export const LessonSchema = z.object({ id: z.uuid(), title: z.string(), chaptersOrder: z.array(ChapterOutlineSchema) });
export type Lesson = z.infer<typeof LessonSchema>;

export const CourseSummarySchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  title: z.string(),
  totalChapters: z.number().int(),
  isVisibleOnThePlatform: z.boolean(),
});

export const CourseSchema = CourseSummarySchema.extend({
  lessonsOrder: z.array(z.uuid()),
  startingPoints: z.array(StartingPointSchema),
});
export type Course = z.infer<typeof CourseSchema>;

export const NextChapterSchema = z.object({ chapterId: z.uuid(), lessonId: z.uuid(), premium: z.boolean(), locked: z.boolean() });

export const CourseProgressSchema = z.object({
  courseId: z.uuid(),
  languageCode: LearningLanguageSchema,
  startingPoint: StartingPointSchema.nullable(),
  completedChapterIds: z.array(z.uuid()),
  /** Chapters whose match-words exercise was practiced, also grouped by lesson in course order. */
  practicedIds: z.object({
    chapterIds: z.array(z.uuid()),
    orderedLessons: z.array(z.object({ lessonId: z.uuid(), chapterIds: z.array(z.uuid()) })),
  }),
  /** Null when every chapter from the starting point on is completed. */
  nextChapter: NextChapterSchema.nullable(),
  finished: z.boolean(),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

export const ChapterSchema = ChapterOutlineSchema.extend({
  courseId: z.uuid(),
  languageCode: LearningLanguageSchema,
  text: z.string(),
  vocabulary: z.array(VocabularyPairSchema),
  imageUrl: z.string().nullable(),
  completed: z.boolean(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

/** A stream revision an admin's page saw; sent back as `expectedRevision`, a stale one is refused (409). */
export const RevisionSchema = z.string().regex(/^\d{1,20}$/, 'Not a revision');
const expectedRevision = RevisionSchema.optional();

const commandResult = z.object({ position: PositionSchema.optional(), changed: z.number().int() });
const minPosition = { minPosition: PositionSchema.optional() };
/** A missing id is Required; a malformed one names no chapter (or course) there could be. */
const idOf = (notFound: string) => z.uuid({ error: (issue) => (issue.input === undefined ? 'Required' : notFound) });
const courseId = idOf(COURSE_MESSAGES.courseNotFound);
const chapterId = idOf(COURSE_MESSAGES.chapterNotFound);

export const getCourse = defineRoute({
  method: 'GET',
  path: '/api/courses',
  access: 'user',
  summary: 'The course of one language: lessons in order, starting points, chapter count',
  query: z.object({ languageCode: LearningLanguageSchema, ...minPosition }),
  response: CourseSchema,
});

export const getLessons = defineRoute({
  method: 'GET',
  path: '/api/courses/lessons',
  access: 'user',
  summary: 'The lessons of a course, each with its chapters in order and their flags',
  query: z.object({ courseId, ...minPosition }),
  response: z.object({ courseId: z.uuid(), lessons: z.array(LessonSchema) }),
});

export const getProgress = defineRoute({
  method: 'GET',
  path: '/api/courses/progress',
  access: 'user',
  summary: "The caller's progress in every course (or one language's), with the next chapter to learn",
  query: z.object({ languageCode: LearningLanguageSchema.optional(), ...minPosition }),
  response: z.object({ courses: z.array(CourseProgressSchema) }),
});

export const addProgress = defineRoute({
  method: 'POST',
  path: '/api/courses/progress/add',
  access: 'user',
  summary: 'Mark a chapter completed',
  body: z.object({ chapterId, languageCode: LearningLanguageSchema, commandId: CommandIdSchema.optional() }),
  response: commandResult,
});

export const getChapterOrder = defineRoute({
  method: 'GET',
  path: '/api/courses/chapter-order',
  access: 'user',
  summary: "A course's chapters in reading order, across lessons",
  query: z.object({ courseId, ...minPosition }),
  response: z.object({ courseId: z.uuid(), chapters: z.array(ChapterOutlineSchema) }),
});

export const getChapterMatchWords = defineRoute({
  method: 'GET',
  path: '/api/courses/chapter-match-words',
  access: 'user',
  summary: "A chapter's match-words exercise: its word pairs, and the caller's best result",
  query: z.object({ chapterId, ...minPosition }),
  response: z.object({
    chapterId: z.uuid(),
    pairs: z.array(VocabularyPairSchema),
    practiced: z.boolean(),
    bestCorrect: z.number().int().nullable(),
  }),
});

export const patchChapterMatchWords = defineRoute({
  method: 'PATCH',
  path: '/api/courses/chapter-match-words',
  access: 'user',
  summary: 'Record a match-words result for a chapter (kept when it is the best so far)',
  body: z.object({
    chapterId,
    languageCode: LearningLanguageSchema,
    correct: z.number().int().min(0, 'Correct matches cannot be negative'),
    commandId: CommandIdSchema.optional(),
  }),
  response: commandResult,
});

export const getChapter = defineRoute({
  method: 'GET',
  path: '/api/courses/:chapterId',
  access: 'user',
  summary: 'One chapter: text to read and vocabulary (premium chapters only for Master)',
  params: z.object({ chapterId }),
  query: z.object(minPosition),
  response: ChapterSchema,
});

export const listCourses = defineRoute({
  method: 'GET',
  path: '/api/courses/list',
  access: 'user',
  summary: 'Every course the caller may open (admins: every course)',
  query: z.object(minPosition),
  response: z.object({ courses: z.array(CourseSummarySchema) }),
});

export const addAfterOnboarding = defineRoute({
  method: 'POST',
  path: '/api/courses/progress/add-after-onboarding',
  access: 'user',
  summary: 'Choose where to start a course: by level (the nearest starting point at or below it) or by starting point',
  body: z
    .object({
      languageCode: LearningLanguageSchema,
      level: LevelSchema.optional(),
      startingPointId: z.uuid({ message: COURSE_MESSAGES.startingPointNotFound }).optional(),
      commandId: CommandIdSchema.optional(),
    })
    .refine((b) => (b.level === undefined) !== (b.startingPointId === undefined), 'Give either a level or a starting point'),
  response: commandResult.extend({ startingPoint: StartingPointSchema }),
});

export const getVisibility = defineRoute({
  method: 'GET',
  path: '/api/courses/visibility',
  access: 'public',
  summary: 'Which languages have their course on the platform',
  query: z.object(minPosition),
  response: z.object({
    languages: z.array(z.object({ languageCode: LearningLanguageSchema, courseId: z.uuid(), isVisibleOnThePlatform: z.boolean() })),
  }),
});

export const setChapterFlags = defineRoute({
  method: 'PATCH',
  path: '/api/admin/courses/chapters/:chapterId/flags',
  access: 'admin',
  summary: "Set a chapter's visible and/or premium flag",
  params: z.object({ chapterId }),
  body: z
    .object({ visible: z.boolean().optional(), premium: z.boolean().optional(), expectedRevision, commandId: CommandIdSchema.optional() })
    .refine((b) => b.visible !== undefined || b.premium !== undefined, 'Nothing to change'),
  response: commandResult,
});

export const editChapter = defineRoute({
  method: 'PATCH',
  path: '/api/admin/courses/chapters/:chapterId',
  access: 'admin',
  summary: "Edit a chapter's title, text and/or vocabulary",
  params: z.object({ chapterId }),
  body: z
    .object({
      title: CourseItemTitleSchema.optional(),
      text: ChapterTextSchema.optional(),
      vocabulary: VocabularySchema.optional(),
      /** null removes the image. */
      imageUrl: ChapterImageUrlSchema.nullable().optional(),
      expectedRevision,
      commandId: CommandIdSchema.optional(),
    })
    .refine(
      (b) => b.title !== undefined || b.text !== undefined || b.vocabulary !== undefined || b.imageUrl !== undefined,
      'Nothing to change',
    ),
  response: commandResult,
});

export const setCourseVisibility = defineRoute({
  method: 'PATCH',
  path: '/api/admin/courses/:courseId/visibility',
  access: 'admin',
  summary: 'Show or hide a course on the platform',
  params: z.object({ courseId }),
  body: z.object({ isVisibleOnThePlatform: z.boolean(), expectedRevision, commandId: CommandIdSchema.optional() }),
  response: commandResult,
});

export const addLesson = defineRoute({
  method: 'POST',
  path: '/api/admin/courses/:courseId/lessons',
  access: 'admin',
  summary: 'Add a lesson at the end of a course (the same commandId always makes the same lesson)',
  params: z.object({ courseId }),
  body: z.object({ title: CourseItemTitleSchema, expectedRevision, commandId: CommandIdSchema.optional() }),
  response: commandResult.extend({ lessonId: z.uuid() }),
  status: 201,
});

export const addChapter = defineRoute({
  method: 'POST',
  path: '/api/admin/courses/lessons/:lessonId/chapters',
  access: 'admin',
  summary: 'Add a chapter at the end of a lesson (the same commandId always makes the same chapter)',
  params: z.object({ lessonId: idOf(COURSE_MESSAGES.lessonNotFound) }),
  body: z.object({
    title: CourseItemTitleSchema,
    text: ChapterTextSchema,
    vocabulary: VocabularySchema,
    imageUrl: ChapterImageUrlSchema.optional(),
    visible: z.boolean().default(true),
    premium: z.boolean().default(false),
    expectedRevision,
    commandId: CommandIdSchema.optional(),
  }),
  response: commandResult.extend({ chapterId: z.uuid() }),
  status: 201,
});

export const coursesRoutes = {
  getCourse,
  getLessons,
  getProgress,
  addProgress,
  getChapterOrder,
  getChapterMatchWords,
  patchChapterMatchWords,
  getChapter,
  listCourses,
  addAfterOnboarding,
  getVisibility,
  setChapterFlags,
  editChapter,
  setCourseVisibility,
  addLesson,
  addChapter,
};
