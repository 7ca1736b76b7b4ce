import type { Module } from '../../platform/module';
import { ForumCommands } from './commands';
import { forumProjection } from './projections/forum';
import { ForumQueries } from './queries';
import { forumRoutes } from './routes';

/** Forum: categories per language, a discussion per article and chapter, moderation by admins. */
export const forumModule: Module = {
  name: 'forum',
  projections: [forumProjection],
  routes(app, deps) {
    forumRoutes(app, {
      host: deps,
      commands: new ForumCommands({ store: deps.store, personalData: deps.personalData, cache: deps.cache, now: deps.now }),
      queries: new ForumQueries(deps.db, deps.now, deps.people),
      readable: deps.readable,
    });
  },
};
