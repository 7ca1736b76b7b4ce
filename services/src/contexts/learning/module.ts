import { ChapterCompletedV1 } from '@verba/contracts/integration';
import { readEventData } from '../../platform/decider/events';
import { ChapterCompleted } from './events';
import type { Cache } from '../../platform/cache/port';
import { readAfterFor } from '../../platform/http/read-your-writes';
import type { BaseDeps, Module } from '../../platform/module';
import { courseCacheInvalidation } from './domain/course-cache';
import { coursesProjection, progressProjection } from './projections/courses';
import { learningAdminRoutes } from './routes/admin';
import { learningRoutes } from './routes/learner';
import { exerciseRoutes } from './routes/exercises';
import { seedDemoCourses } from './seed';
import { LearningCommands } from './commands';
import { LearningQueries } from './queries';

/**
 * The course cache is exact only where the projector's invalidation reaches it: in a process that runs the
 * projector, or in Redis, shared with the projector process. Elsewhere reads skip the cache.
 */
function courseCache(deps: BaseDeps): Cache | undefined {
  if (!deps.projectorsInProcess && deps.cache.name !== 'redis') return undefined;
  courseCacheInvalidation.register(deps.cache, (err) => deps.log.warn({ err }, 'course cache invalidation failed'));
  return deps.cache;
}

/** Learn: courses of lessons and chapters, starting points, and each learner's progress. */
export const learningModule: Module = {
  name: 'learning',
  projections: [coursesProjection, progressProjection],
  integration: {
    [ChapterCompleted.type]: (recorded) => {
      const { userId, courseId, lessonId, chapterId, at } = readEventData(ChapterCompleted, recorded);
      return ChapterCompletedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, courseId, lessonId, chapterId } });
    },
  },
  routes(app, deps) {
    const commands = new LearningCommands(deps.store);
    const queries = new LearningQueries(deps.db, courseCache(deps));
    learningRoutes(app, deps.auth, commands, queries, readAfterFor(deps.projections, [coursesProjection.name, progressProjection.name]));
    learningAdminRoutes(app, deps.auth, commands, queries, readAfterFor(deps.projections, [coursesProjection.name]));
    exerciseRoutes(app, deps.auth, commands, queries, readAfterFor(deps.projections, [coursesProjection.name]));
  },
  async started(deps) {
    courseCache(deps); // the projector role invalidates the shared (Redis) cache
  },
  seed: async (deps) => seedDemoCourses(new LearningCommands(deps.store)),
};
