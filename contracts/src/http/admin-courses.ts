import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { COURSE_MESSAGES, CourseItemTitleSchema, RevisionSchema, StartingPointSchema, VocabularyPairSchema } from './courses';
import { CommandIdSchema, PositionSchema, defineRoute, pageFields, pageQuery } from './route';

/**
 * The admin's course pages (spec §2 /app/admin/courses...): every read carries the course stream's
 * revision, and every write may send it back as `expectedRevision`; when another admin saved in between,
 * the write is refused with 409 and COURSE_MESSAGES.editConflict, and nothing is appended.
 */
const expectedRevision = { expectedRevision: RevisionSchema.optional(), commandId: CommandIdSchema.optional() };
const commandResult = z.object({ position: PositionSchema.optional(), changed: z.number().int() });
const idOf = (notFound: string) => z.uuid({ error: (issue) => (issue.input === undefined ? 'Required' : notFound) });
const courseId = idOf(COURSE_MESSAGES.courseNotFound);
const lessonId = idOf(COURSE_MESSAGES.lessonNotFound);
const chapterId = idOf(COURSE_MESSAGES.chapterNotFound);
const conflict = {
  409: 'Another admin changed the course since the page was loaded (COURSE_MESSAGES.editConflict), or the order sent is stale',
};

export const AdminChapterSlotSchema = z.object({ id: z.uuid(), title: z.string(), visible: z.boolean(), premium: z.boolean() });
export const AdminLessonSchema = z.object({ id: z.uuid(), title: z.string(), chaptersOrder: z.array(AdminChapterSlotSchema) });

export const AdminCourseSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  title: z.string(),
  isVisibleOnThePlatform: z.boolean(),
  totalChapters: z.number().int(),
  hiddenChapters: z.number().int(),
  revision: RevisionSchema,
  lessons: z.array(AdminLessonSchema),
  startingPoints: z.array(StartingPointSchema),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

/**
 * Orders of the admin course list: the learning languages' own order, the course title (A-Z), or the most
 * chapters, hidden chapters or chapters without exercises first. Languages without a course come last in the others.
 */
export const ADMIN_COURSE_SORTS = ['language', 'title', 'chapters', 'hidden', 'withoutExercises'] as const;
export type AdminCourseSort = (typeof ADMIN_COURSE_SORTS)[number];

export const listAdminCourses = defineRoute({
  method: 'GET',
  path: '/api/admin/courses',
  access: 'admin',
  summary: 'Languages with their course (null where none exists yet), hidden chapters counted, searched, sorted and paged on the server',
  description:
    'In the order of the learning languages unless `sort` says otherwise; `search` matches the course title or the language name.',
  query: z.object({
    minPosition: PositionSchema.optional(),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(ADMIN_COURSE_SORTS, { message: 'Sort by language, title, chapters, hidden or withoutExercises' }).default('language'),
    ...pageQuery(24),
  }),
  response: z.object({
    ...pageFields,
    languages: z.array(
      z.object({
        languageCode: LearningLanguageSchema,
        course: z
          .object({
            id: z.uuid(),
            title: z.string(),
            isVisibleOnThePlatform: z.boolean(),
            totalChapters: z.number().int(),
            hiddenChapters: z.number().int(),
            /** Chapters with neither a missing-word exercise nor a question. */
            chaptersWithoutExercises: z.number().int(),
          })
          .nullable(),
      }),
    ),
  }),
});

export const getAdminCourse = defineRoute({
  method: 'GET',
  path: '/api/admin/courses/:courseId',
  access: 'admin',
  summary: 'One course as admins edit it: lessons and chapters in order with their flags, and the revision',
  params: z.object({ courseId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: AdminCourseSchema,
  errors: { 404: 'No such course' },
});

export const getAdminChapter = defineRoute({
  method: 'GET',
  path: '/api/admin/courses/chapters/:chapterId',
  access: 'admin',
  summary: "A chapter for the editor: its place, flags, text, vocabulary and the content's revision",
  params: z.object({ chapterId }),
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({
    id: z.uuid(),
    courseId: z.uuid(),
    lessonId: z.uuid(),
    title: z.string(),
    visible: z.boolean(),
    premium: z.boolean(),
    text: z.string(),
    vocabulary: z.array(VocabularyPairSchema),
    imageUrl: z.string().nullable(),
    /** The content stream's revision (title, text, vocabulary); flags go with the course's revision. */
    revision: RevisionSchema,
    courseRevision: RevisionSchema,
  }),
  errors: { 404: 'No such chapter' },
});

export const createCourse = defineRoute({
  method: 'POST',
  path: '/api/admin/courses',
  access: 'admin',
  summary: 'Create the course of a language that has none (one course per language)',
  body: z.object({ languageCode: LearningLanguageSchema, title: CourseItemTitleSchema, commandId: CommandIdSchema.optional() }),
  response: commandResult.extend({ courseId: z.uuid() }),
  status: 201,
  errors: { 409: 'The language already has a course (COURSE_MESSAGES.courseExists)' },
});

export const renameCourse = defineRoute({
  method: 'PATCH',
  path: '/api/admin/courses/:courseId',
  access: 'admin',
  summary: "Change a course's title",
  params: z.object({ courseId }),
  body: z.object({ title: CourseItemTitleSchema, ...expectedRevision }),
  response: commandResult,
  errors: { 404: 'No such course', ...conflict },
});

export const reorderLessons = defineRoute({
  method: 'PUT',
  path: '/api/admin/courses/:courseId/lessons-order',
  access: 'admin',
  summary: "Set the order of a course's lessons (lessonsOrder): every lesson id once, in the new order",
  params: z.object({ courseId }),
  body: z.object({ lessonIds: z.array(z.uuid(), { error: 'Required' }).min(1, 'Required'), ...expectedRevision }),
  response: commandResult,
  errors: { 404: 'No such course', ...conflict },
});

export const renameLesson = defineRoute({
  method: 'PATCH',
  path: '/api/admin/courses/lessons/:lessonId',
  access: 'admin',
  summary: "Change a lesson's title",
  params: z.object({ lessonId }),
  body: z.object({ title: CourseItemTitleSchema, ...expectedRevision }),
  response: commandResult,
  errors: { 404: 'No such lesson', ...conflict },
});

export const reorderChapters = defineRoute({
  method: 'PUT',
  path: '/api/admin/courses/lessons/:lessonId/chapters-order',
  access: 'admin',
  summary: "Set the order of a lesson's chapters (chaptersOrder): every chapter id once, in the new order",
  params: z.object({ lessonId }),
  body: z.object({ chapterIds: z.array(z.uuid(), { error: 'Required' }).min(1, 'Required'), ...expectedRevision }),
  response: commandResult,
  errors: { 404: 'No such lesson', ...conflict },
});

export const deleteLesson = defineRoute({
  method: 'DELETE',
  path: '/api/admin/courses/lessons/:lessonId',
  access: 'admin',
  summary: 'Delete a lesson and its chapters (refused while a starting point begins there)',
  params: z.object({ lessonId }),
  body: z.object(expectedRevision),
  response: commandResult,
  errors: { 404: 'No such lesson', 409: 'A starting point begins at the lesson, or another admin changed the course' },
});

export const deleteChapter = defineRoute({
  method: 'DELETE',
  path: '/api/admin/courses/chapters/:chapterId',
  access: 'admin',
  summary: 'Delete a chapter from its lesson',
  params: z.object({ chapterId }),
  body: z.object(expectedRevision),
  response: commandResult,
  errors: { 404: 'No such chapter', ...conflict },
});

// ---- Starting points (spec §2 /app/admin/languages/starting-points, /create, /update)

const startingPointBody = {
  title: CourseItemTitleSchema,
  lessonId: idOf(COURSE_MESSAGES.lessonNotFound),
  level: LevelSchema,
  ...expectedRevision,
};

export const addStartingPoint = defineRoute({
  method: 'POST',
  path: '/api/admin/courses/:courseId/starting-points',
  access: 'admin',
  summary: 'Add a starting point (title, level and the lesson it begins at) used by onboarding placement',
  params: z.object({ courseId }),
  body: z.object(startingPointBody),
  response: commandResult.extend({ startingPointId: z.uuid() }),
  status: 201,
  errors: { 404: 'No such course or lesson', ...conflict },
});

export const updateStartingPoint = defineRoute({
  method: 'PUT',
  path: '/api/admin/courses/:courseId/starting-points/:startingPointId',
  access: 'admin',
  summary: "Change a starting point's title, level or lesson",
  params: z.object({ courseId, startingPointId: idOf(COURSE_MESSAGES.startingPointNotFound) }),
  body: z.object(startingPointBody),
  response: commandResult,
  errors: { 404: 'No such course, starting point or lesson', ...conflict },
});

export const deleteStartingPoint = defineRoute({
  method: 'DELETE',
  path: '/api/admin/courses/:courseId/starting-points/:startingPointId',
  access: 'admin',
  summary: 'Delete a starting point (learners who chose it then start from the course’s beginning)',
  params: z.object({ courseId, startingPointId: idOf(COURSE_MESSAGES.startingPointNotFound) }),
  body: z.object(expectedRevision),
  response: commandResult,
  errors: { 404: 'No such course or starting point', ...conflict },
});

export const adminCoursesRoutes = {
  listAdminCourses,
  getAdminCourse,
  getAdminChapter,
  createCourse,
  renameCourse,
  reorderLessons,
  renameLesson,
  reorderChapters,
  deleteLesson,
  deleteChapter,
  addStartingPoint,
  updateStartingPoint,
  deleteStartingPoint,
};
