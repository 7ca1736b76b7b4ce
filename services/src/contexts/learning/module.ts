import { COURSE_IDS } from '@verba/contracts';
import { ChapterCompletedV1 } from '@verba/contracts/integration';
import { mayOpenChapter, openableChapter, type Viewer } from './domain/access';
import { readEventData } from '../../platform/decider/events';
import { ChapterCompleted, chapterStream, courseStream, exerciseStream } from './events';
import type { Cache } from '../../platform/cache/port';
import type { AuthUser } from '../../platform/http/routes';
import type { BaseDeps, Module } from '../../platform/module';
import { courseCacheInvalidation } from './domain/course-cache';
import { coursesProjection, progressProjection } from './projections/courses';
import { learningAdminRoutes } from './routes/admin';
import { learningRoutes } from './routes/learner';
import { exerciseRoutes } from './routes/exercises';
import { seedDemoCourses } from './seed';
import { LearningCommands } from './commands';
import { LearningQueries } from './queries';
import { premiumViewerOf } from '../../platform/entitlements';
import { chapterReading } from './adapters/chapter-reading';

/**
 * The course cache is exact only where the projector's invalidation reaches it: in a process that runs the
 * projector, or in Redis, shared with the projector process. Elsewhere reads skip the cache.
 */
const courseCache = (deps: BaseDeps): Cache | undefined => courseCacheInvalidation.cacheFor(deps);

/**
 * A lesson's, a chapter's slot and a starting point's events are in their course's stream: those of the course
 * streams (one per language, fixed ids) that are about it. Reorders name it in their list of ids.
 */
const inCourses = (about: (data: Record<string, unknown>) => boolean) =>
  Object.values(COURSE_IDS).map((courseId) => ({ stream: courseStream(courseId), about }));
const named = (ids: unknown, id: string) => Array.isArray(ids) && ids.includes(id);

/** Learn: courses of lessons and chapters, starting points, and each learner's progress. */
export const learningModule: Module = {
  name: 'learning',
  projections: [coursesProjection, progressProjection],
  history: {
    course: (id) => [courseStream(id)],
    lesson: (id) => inCourses((d) => d.lessonId === id || named(d.lessonIds, id)),
    chapter: (id) => [chapterStream(id), exerciseStream(id), ...inCourses((d) => d.chapterId === id || named(d.chapterIds, id))],
    exercises: (id) => [exerciseStream(id)],
    'starting-point': (id) => inCourses((d) => d.startingPointId === id),
  },
  integration: {
    [ChapterCompleted.type]: (recorded) => {
      const { userId, courseId, lessonId, chapterId, at } = readEventData(ChapterCompleted, recorded);
      return ChapterCompletedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, courseId, lessonId, chapterId } });
    },
  },
  provides: {
    // The chapters each learner has read, by the chapter page's rule (the library quotes them on cards).
    chapterReading: (deps) => chapterReading(deps.db, new LearningQueries(deps.db, courseCache(deps))),
  },
  readAccess: (deps) => {
    const queries = new LearningQueries(deps.db, courseCache(deps));
    const viewerOf = (user: AuthUser): Promise<Viewer> => premiumViewerOf(deps, user);
    return {
      // The chapter page's own rule: hidden chapters and courses for admins only, premium ones for Master.
      chapter: {
        async check(user, id) {
          const { course } = openableChapter(await viewerOf(user), await queries.findChapter(id));
          return { language: course.languageCode };
        },
        async visible(user, ids) {
          const [viewer, found] = await Promise.all([viewerOf(user), queries.findChapters(ids)]);
          return new Set([...found].filter(([, chapter]) => mayOpenChapter(viewer, chapter)).map(([id]) => id));
        },
      },
    };
  },
  routes(app, deps) {
    const commands = new LearningCommands(deps.store);
    const queries = new LearningQueries(deps.db, courseCache(deps));
    learningRoutes(app, deps, commands, queries);
    learningAdminRoutes(app, deps, commands, queries);
    exerciseRoutes(app, deps, commands, queries);
  },
  async started(deps) {
    courseCache(deps); // the projector role invalidates the shared (Redis) cache
  },
  seed: async (deps) => seedDemoCourses(new LearningCommands(deps.store)),
};
