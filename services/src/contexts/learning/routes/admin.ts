import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  COURSE_IDS,
  COURSE_MESSAGES,
  LANGUAGE_NAMES,
  LEARNING_LANGUAGES,
  adminCoursesRoutes as a,
  coursesRoutes as r,
  type AdminCourseSort,
  type LearningLanguage,
} from '@verba/contracts';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type AuthUser, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { adminCourseView } from '../domain/admin-view';
import { asResponse } from './learner';
import type { AdminWrite, LearningCommands } from '../commands';
import type { LearningQueries } from '../queries';
import { coursesProjection } from '../projections/courses';

type CourseSummary = NonNullable<z.output<(typeof a.listAdminCourses)['response']>['languages'][number]['course']>;
type CourseLine = { languageCode: LearningLanguage; course: CourseSummary | null };

/** Counts: the most first. The learning languages' own order breaks ties; languages without a course come last. */
const byCount = (count: (c: CourseSummary) => number) => (x: CourseLine, y: CourseLine) =>
  (y.course ? count(y.course) : -1) - (x.course ? count(x.course) : -1);
const COURSE_ORDER: Record<AdminCourseSort, ((x: CourseLine, y: CourseLine) => number) | null> = {
  language: null,
  title: (x, y) => (x.course && y.course ? x.course.title.localeCompare(y.course.title) : Number(!x.course) - Number(!y.course)),
  chapters: byCount((c) => c.totalChapters),
  hidden: byCount((c) => c.hiddenChapters),
  withoutExercises: byCount((c) => c.chaptersWithoutExercises),
};
/** Array.prototype.sort is stable, so equal lines keep the learning languages' order. */
const sortCourses = (lines: CourseLine[], sort: AdminCourseSort) => (COURSE_ORDER[sort] ? [...lines].sort(COURSE_ORDER[sort]) : lines);

/** The acting admin (kept on the events) and the revision their page showed, if they sent it. */
const adminWrite = (user: AuthUser, expectedRevision: string | undefined): AdminWrite => ({
  by: user.id,
  ...(expectedRevision !== undefined ? { expectedRevision: BigInt(expectedRevision) } : {}),
});

/** Admin reads and commands of courses, lessons and chapters (spec §2 /app/admin/courses...). */
export function learningAdminRoutes(app: App, host: RouteHost, commands: LearningCommands, queries: LearningQueries): void {
  const adminChapter = async (chapterId: string) => {
    const found = await queries.findChapter(chapterId);
    if (!found) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
    return found;
  };
  const adminLesson = async (lessonId: string) => {
    const found = await queries.findLesson(lessonId);
    if (!found) throw new HttpError(404, COURSE_MESSAGES.lessonNotFound);
    return found;
  };
  /** A course's line in the admin list, with its chapters that have no exercise yet (the admin home's attention count). */
  const courseSummary = async (courseId: string): Promise<CourseSummary | null> => {
    const course = await queries.adminStructure(courseId);
    if (!course) return null;
    const { id, title, isVisibleOnThePlatform, totalChapters, hiddenChapters } = adminCourseView(course);
    const exercised = new Set(await queries.chaptersWithExercises(id));
    const chaptersWithoutExercises = course.lessons.flatMap((l) => l.chapters).filter((c) => !exercised.has(c.id)).length;
    return { id, title, isVisibleOnThePlatform, totalChapters, hiddenChapters, chaptersWithoutExercises };
  };
  const adminCourse = async (courseId: string) => {
    const course = await queries.adminStructure(courseId);
    if (!course) throw new HttpError(404, COURSE_MESSAGES.courseNotFound);
    return course;
  };

  // ---- Reads (cached ADMIN_CACHE_SECONDS, invalidated by every projected write)

  registerRoute(
    app,
    host,
    a.listAdminCourses,
    async ({ query }) => {
      // At most one course per learning language, each from the admin course cache: they are searched and
      // sorted here, a handful of rows, rather than in SQL, which would read past that cache.
      const all = await Promise.all(
        LEARNING_LANGUAGES.map(async (languageCode) => ({ languageCode, course: await courseSummary(COURSE_IDS[languageCode]) })),
      );
      const needle = query.search?.toLocaleLowerCase();
      const matching = needle
        ? all.filter(({ languageCode, course }) =>
            [LANGUAGE_NAMES[languageCode], course?.title ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)),
          )
        : all;
      const start = (query.page - 1) * query.pageSize;
      const languages = sortCourses(matching, query.sort).slice(start, start + query.pageSize);
      return { languages, total: matching.length, page: query.page, pageSize: query.pageSize };
    },
    { reads: [coursesProjection] },
  );

  registerRoute(app, host, a.getAdminCourse, async ({ params }) => adminCourseView(await adminCourse(params.courseId)), {
    reads: [coursesProjection],
  });

  registerRoute(
    app,
    host,
    a.getAdminChapter,
    async ({ params }) => {
      const { course, chapter } = await adminChapter(params.chapterId);
      const content = await queries.adminChapterContent(course.id, chapter.id);
      if (!content) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
      const { id, lessonId, title, visible, premium } = chapter;
      return { id, courseId: course.id, lessonId, title, visible, premium, ...content, courseRevision: course.revision };
    },
    { reads: [coursesProjection] },
  );

  // ---- Courses

  registerRoute(app, host, a.createCourse, async ({ user, body }) => {
    const courseId = COURSE_IDS[body.languageCode];
    if (await queries.adminStructure(courseId)) throw new HttpError(409, COURSE_MESSAGES.courseExists);
    const result = await commands.createCourse(
      { courseId, languageCode: body.languageCode, title: body.title },
      body.commandId ?? randomUUID(),
      { by: user.id },
    );
    return { ...asResponse(result), courseId };
  });

  registerRoute(app, host, a.renameCourse, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    return asResponse(
      await commands.editCourse(
        { kind: 'rename', courseId: params.courseId, title: body.title },
        body.commandId,
        adminWrite(user, body.expectedRevision),
      ),
    );
  });

  registerRoute(app, host, r.setCourseVisibility, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    return asResponse(
      await commands.setCourseVisibility(
        params.courseId,
        body.isVisibleOnThePlatform,
        body.commandId,
        adminWrite(user, body.expectedRevision),
      ),
    );
  });

  registerRoute(app, host, a.reorderLessons, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    const command = { kind: 'reorderLessons' as const, courseId: params.courseId, lessonIds: body.lessonIds };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  // ---- Lessons

  registerRoute(app, host, r.addLesson, async ({ user, params, body }) => {
    const course = await adminCourse(params.courseId);
    const { lessonId, result } = await commands.addLesson(
      course,
      body.title,
      body.commandId ?? randomUUID(),
      adminWrite(user, body.expectedRevision),
    );
    return { ...asResponse(result), lessonId };
  });

  registerRoute(app, host, a.renameLesson, async ({ user, params, body }) => {
    const { course } = await adminLesson(params.lessonId);
    const command = { kind: 'renameLesson' as const, courseId: course.id, lessonId: params.lessonId, title: body.title };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  registerRoute(app, host, a.reorderChapters, async ({ user, params, body }) => {
    const { course } = await adminLesson(params.lessonId);
    const command = { kind: 'reorderChapters' as const, courseId: course.id, lessonId: params.lessonId, chapterIds: body.chapterIds };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  registerRoute(app, host, a.deleteLesson, async ({ user, params, body }) => {
    const { course } = await adminLesson(params.lessonId);
    const command = { kind: 'removeLesson' as const, courseId: course.id, lessonId: params.lessonId };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  // ---- Chapters

  registerRoute(app, host, r.addChapter, async ({ user, params, body }) => {
    const found = await adminLesson(params.lessonId);
    const { commandId, visible, premium, expectedRevision, ...content } = body;
    const { chapterId, result } = await commands.addChapter(
      found.course,
      found.lesson,
      content,
      { visible, premium },
      commandId ?? randomUUID(),
      adminWrite(user, expectedRevision),
    );
    return { ...asResponse(result), chapterId };
  });

  registerRoute(app, host, r.setChapterFlags, async ({ user, params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const flags = {
      ...(body.visible !== undefined ? { visible: body.visible } : {}),
      ...(body.premium !== undefined ? { premium: body.premium } : {}),
    };
    return asResponse(
      await commands.setChapterFlags(course.id, params.chapterId, flags, body.commandId, adminWrite(user, body.expectedRevision)),
    );
  });

  registerRoute(app, host, r.editChapter, async ({ user, params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const { commandId, expectedRevision, ...changes } = body;
    return asResponse(
      await commands.editChapter(
        { courseId: course.id, chapterId: params.chapterId, ...changes },
        commandId,
        adminWrite(user, expectedRevision),
      ),
    );
  });

  // ---- Starting points (ids come from the command id, so a retried add makes the same one)

  registerRoute(app, host, a.addStartingPoint, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    const commandId = body.commandId ?? randomUUID();
    const startingPointId = eventIdFor(commandId, 'starting-point');
    const { title, lessonId, level } = body;
    const command = { kind: 'addStartingPoint' as const, courseId: params.courseId, startingPointId, title, lessonId, level };
    return { ...asResponse(await commands.editCourse(command, commandId, adminWrite(user, body.expectedRevision))), startingPointId };
  });

  registerRoute(app, host, a.updateStartingPoint, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    const { title, lessonId, level } = body;
    const command = {
      kind: 'updateStartingPoint' as const,
      courseId: params.courseId,
      startingPointId: params.startingPointId,
      title,
      lessonId,
      level,
    };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  registerRoute(app, host, a.deleteStartingPoint, async ({ user, params, body }) => {
    await adminCourse(params.courseId);
    const command = { kind: 'removeStartingPoint' as const, courseId: params.courseId, startingPointId: params.startingPointId };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });

  registerRoute(app, host, a.deleteChapter, async ({ user, params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const command = { kind: 'removeChapter' as const, courseId: course.id, chapterId: params.chapterId };
    return asResponse(await commands.editCourse(command, body.commandId, adminWrite(user, body.expectedRevision)));
  });
}
