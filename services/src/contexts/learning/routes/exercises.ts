import { COURSE_MESSAGES, EXERCISE_MESSAGES, checkAnswer, exercisesRoutes as x, splitAtGap } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type AuthUser, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import { openableChapter, type Viewer } from '../domain/access';
import { asResponse } from './learner';
import type { LearningCommands } from '../commands';
import type { LearningQueries } from '../queries';
import { coursesProjection } from '../projections/courses';
import { premiumViewerOf, type Callers } from '../../../platform/entitlements';

/** Chapter exercises: admins write them, learners answer them after the chapter's text. */
export function exerciseRoutes(app: App, host: RouteHost & Callers, commands: LearningCommands, queries: LearningQueries): void {
  const viewerOf = (user: AuthUser): Promise<Viewer> => premiumViewerOf(host, user);
  const adminChapter = async (chapterId: string) => {
    const found = await queries.findChapter(chapterId);
    if (!found) throw new HttpError(404, COURSE_MESSAGES.chapterNotFound);
    return found;
  };
  const adminOf = (user: AuthUser, expectedRevision: string | undefined) => ({
    by: user.id,
    ...(expectedRevision !== undefined ? { expectedRevision: BigInt(expectedRevision) } : {}),
  });

  registerRoute(
    app,
    host,
    x.getAdminExercises,
    async ({ params }) => {
      const { course, chapter } = await adminChapter(params.chapterId);
      return { chapterId: chapter.id, courseId: course.id, title: chapter.title, ...(await queries.exercises(course.id, chapter.id)) };
    },
    { reads: [coursesProjection] },
  );

  registerRoute(app, host, x.putMissingWords, async ({ user, params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const command = { kind: 'missingWords' as const, courseId: course.id, chapterId: params.chapterId, items: body.items };
    return asResponse(await commands.writeExercises(command, body.commandId, adminOf(user, body.expectedRevision)));
  });

  registerRoute(app, host, x.putQuestions, async ({ user, params, body }) => {
    const { course } = await adminChapter(params.chapterId);
    const command = { kind: 'questions' as const, courseId: course.id, chapterId: params.chapterId, items: body.items };
    return asResponse(await commands.writeExercises(command, body.commandId, adminOf(user, body.expectedRevision)));
  });

  registerRoute(
    app,
    host,
    x.getChapterExercises,
    async ({ user, params }) => {
      const { course, chapter } = openableChapter(await viewerOf(user), await queries.findChapter(params.chapterId));
      const { missingWords, questions } = await queries.exercises(course.id, chapter.id);
      return {
        chapterId: chapter.id,
        missingWords: missingWords.map((m) => splitAtGap(m.sentence)),
        questions: questions.map((q) => ({ question: q.question })),
      };
    },
    { reads: [coursesProjection] },
  );

  registerRoute(app, host, x.checkExerciseAnswer, async ({ user, body }) => {
    const { course, chapter } = openableChapter(await viewerOf(user), await queries.findChapter(body.chapterId));
    const { missingWords, questions } = await queries.exercises(course.id, chapter.id);
    const exercise = (body.kind === 'missing-word' ? missingWords : questions)[body.index];
    if (!exercise) throw new HttpError(404, EXERCISE_MESSAGES.exerciseNotFound);
    return { ...checkAnswer(body.answer, exercise.answers), answers: exercise.answers };
  });
}
