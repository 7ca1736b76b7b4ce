import { COURSE_IDS, COURSE_MESSAGES, LEARNING_LANGUAGES, coursesRoutes as r, type LearningLanguage } from '@verba/contracts';
import { formatPosition, type Position } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type AuthUser, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import {
  chapterOutline,
  courseSummary,
  courseView,
  openableChapter,
  progressView,
  startingPointForLevel,
  visibleCourse,
  type Viewer,
} from '../domain/access';
import type { LearningCommands } from '../commands';
import type { LearningQueries } from '../queries';
import { coursesProjection, progressProjection } from '../projections/courses';
import { premiumViewerOf, type Callers } from '../../../platform/entitlements';

/** What a command route answers: how many events it appended and where the last one landed. */
export const asResponse = (r: { events: unknown[]; position?: Position }) => ({
  changed: r.events.length,
  ...(r.position ? { position: formatPosition(r.position) } : {}),
});

/** The Courses API of spec §7 (admin commands: admin-routes.ts). */
export function learningRoutes(app: App, host: RouteHost & Callers, commands: LearningCommands, queries: LearningQueries): void {
  const viewerOf = (user: AuthUser): Promise<Viewer> => premiumViewerOf(host, user);
  const courseFor = async (viewer: Viewer, courseId: string) => visibleCourse(viewer, await queries.structure(courseId));
  /** A chapter the caller may open, in the course of `language` when one is given. */
  const chapterFor = async (viewer: Viewer, chapterId: string, language?: LearningLanguage) => {
    const found = await queries.findChapter(chapterId);
    return openableChapter(viewer, found && (!language || found.course.languageCode === language) ? found : undefined);
  };

  registerRoute(
    app,
    host,
    r.getCourse,
    async ({ user, query }) => courseView(await courseFor(await viewerOf(user), COURSE_IDS[query.languageCode])),
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.getLessons,
    async ({ user, query }) => {
      const viewer = await viewerOf(user);
      const course = await courseFor(viewer, query.courseId);
      return {
        courseId: course.id,
        lessons: course.lessons.map((l) => ({ id: l.id, title: l.title, chaptersOrder: l.chapters.map((c) => chapterOutline(viewer, c)) })),
      };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.getChapterOrder,
    async ({ user, query }) => {
      const viewer = await viewerOf(user);
      const course = await courseFor(viewer, query.courseId);
      return { courseId: course.id, chapters: course.lessons.flatMap((l) => l.chapters.map((c) => chapterOutline(viewer, c))) };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.listCourses,
    async ({ user }) => {
      const viewer = await viewerOf(user);
      const courses = [];
      for (const language of LEARNING_LANGUAGES) {
        const course = await queries.structure(COURSE_IDS[language]);
        if (course && (course.isVisibleOnThePlatform || viewer.isAdmin)) courses.push(courseSummary(visibleCourse(viewer, course)));
      }
      return { courses };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.getVisibility,
    async () => {
      const languages = [];
      for (const languageCode of LEARNING_LANGUAGES) {
        const courseId = COURSE_IDS[languageCode];
        languages.push({
          languageCode,
          courseId,
          isVisibleOnThePlatform: (await queries.structure(courseId))?.isVisibleOnThePlatform ?? false,
        });
      }
      return { languages };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.getProgress,
    async ({ user, query }) => {
      const viewer = await viewerOf(user);
      const courses = [];
      for (const language of query.languageCode ? [query.languageCode] : LEARNING_LANGUAGES) {
        const course = await queries.structure(COURSE_IDS[language]);
        if (!course || (!course.isVisibleOnThePlatform && !viewer.isAdmin)) continue;
        courses.push(progressView(viewer, visibleCourse(viewer, course), await queries.learnerProgress(user.id, course.id)));
      }
      return { courses };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(
    app,
    host,
    r.getChapter,
    async ({ user, params }) => {
      const viewer = await viewerOf(user);
      const { course, chapter } = await chapterFor(viewer, params.chapterId);
      const content = await queries.chapterContent(course.id, chapter.id);
      if (!content) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
      const progress = await queries.learnerProgress(user.id, course.id);
      return {
        ...chapterOutline(viewer, chapter),
        courseId: course.id,
        languageCode: course.languageCode,
        ...content,
        completed: progress.completedChapterIds.has(chapter.id),
      };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(app, host, r.addProgress, async ({ user, body }) => {
    const { course, chapter } = await chapterFor(await viewerOf(user), body.chapterId, body.languageCode);
    const result = await commands.progress(
      { kind: 'complete', userId: user.id, courseId: course.id, chapterId: chapter.id, lessonId: chapter.lessonId },
      body.commandId,
    );
    return asResponse(result);
  });

  registerRoute(
    app,
    host,
    r.getChapterMatchWords,
    async ({ user, query }) => {
      const { course, chapter } = await chapterFor(await viewerOf(user), query.chapterId);
      const content = await queries.chapterContent(course.id, chapter.id);
      const best = (await queries.learnerProgress(user.id, course.id)).bestCorrect.get(chapter.id);
      return { chapterId: chapter.id, pairs: content?.vocabulary ?? [], practiced: best !== undefined, bestCorrect: best ?? null };
    },
    { reads: [coursesProjection, progressProjection] },
  );

  registerRoute(app, host, r.patchChapterMatchWords, async ({ user, body }) => {
    const { course, chapter } = await chapterFor(await viewerOf(user), body.chapterId, body.languageCode);
    const total = (await queries.chapterContent(course.id, chapter.id))?.vocabulary.length ?? 0;
    if (body.correct > total) throw new HttpError(400, COURSE_MESSAGES.tooManyCorrect);
    const result = await commands.progress(
      { kind: 'practice', userId: user.id, courseId: course.id, chapterId: chapter.id, correct: body.correct, total },
      body.commandId,
    );
    return asResponse(result);
  });

  registerRoute(app, host, r.addAfterOnboarding, async ({ user, body }) => {
    const course = await courseFor(await viewerOf(user), COURSE_IDS[body.languageCode]);
    const point = body.startingPointId
      ? course.startingPoints.find((p) => p.id === body.startingPointId)
      : startingPointForLevel(course.startingPoints, body.level!);
    if (!point) throw new HttpError(404, COURSE_MESSAGES.startingPointNotFound);
    const result = await commands.progress(
      { kind: 'choose', userId: user.id, courseId: course.id, startingPointId: point.id, lessonId: point.lesson },
      body.commandId,
    );
    return { ...asResponse(result), startingPoint: point };
  });
}
