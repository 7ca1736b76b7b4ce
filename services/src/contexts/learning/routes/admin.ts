import { randomUUID } from 'node:crypto';
import { COURSE_MESSAGES, coursesRoutes as r } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { asResponse } from './learner';
import type { LearningCommands } from '../commands';
import type { LearningQueries } from '../queries';

/** Admin commands that change a course: add lessons and chapters, edit a chapter, set flags and visibility. */
export function learningAdminRoutes(app: App, auth: Authenticator, commands: LearningCommands, queries: LearningQueries): void {
  const adminChapter = async (chapterId: string) => {
    const found = await queries.findChapter(chapterId);
    if (!found) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
    return found;
  };

  registerRoute(app, auth, r.setChapterFlags, async ({ params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const flags = { ...(body.visible !== undefined ? { visible: body.visible } : {}), ...(body.premium !== undefined ? { premium: body.premium } : {}) };
    return asResponse(await commands.setChapterFlags(course.id, params.chapterId, flags, body.commandId));
  });

  registerRoute(app, auth, r.editChapter, async ({ params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const { commandId, ...changes } = body;
    return asResponse(await commands.editChapter({ courseId: course.id, chapterId: params.chapterId, ...changes }, commandId));
  });

  registerRoute(app, auth, r.setCourseVisibility, async ({ params, body }) => {
    if (!(await queries.structure(params.courseId))) throw new HttpError(404, COURSE_MESSAGES.courseNotFound);
    return asResponse(await commands.setCourseVisibility(params.courseId, body.isVisibleOnThePlatform, body.commandId));
  });

  registerRoute(app, auth, r.addLesson, async ({ params, body }) => {
    const course = await queries.structure(params.courseId);
    if (!course) throw new HttpError(404, COURSE_MESSAGES.courseNotFound);
    const { lessonId, result } = await commands.addLesson(course, body.title, body.commandId ?? randomUUID());
    return { ...asResponse(result), lessonId };
  });

  registerRoute(app, auth, r.addChapter, async ({ params, body }) => {
    const found = await queries.findLesson(params.lessonId);
    if (!found) throw new HttpError(404, COURSE_MESSAGES.lessonNotFound);
    const { commandId, visible, premium, ...content } = body;
    const { chapterId, result } = await commands.addChapter(found.course, found.lesson, content, { visible, premium }, commandId ?? randomUUID());
    return { ...asResponse(result), chapterId };
  });
}
