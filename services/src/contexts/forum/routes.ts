import { forumRoutes as r, isAdminRole } from '@verba/contracts';
import type { FastifyReply } from 'fastify';
import { FORUM_MESSAGES } from '@verba/contracts';
import { formatPosition, type Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type AuthUser, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { Readable } from '../../platform/readable';
import { ForumAccess } from './domain/access';
import { discussionThreadId, ForumRateLimited, type AttachedTo, type ForumCommands } from './commands';
import type { ForumQueries } from './queries';
import { forumProjection } from './projections/forum';

export interface ForumRouteDeps {
  host: RouteHost;
  commands: ForumCommands;
  queries: ForumQueries;
  /** The owners' rules for opening an article (library) or a chapter (learning). */
  readable: Readable;
}

const out = <T extends { position?: Position }>(result: T) => {
  const { position, ...rest } = result;
  return { ...rest, ...(position ? { position: formatPosition(position) } : {}) };
};

/** Rate-limited writes answer 429 with Retry-After. */
async function limited<T>(reply: FastifyReply, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ForumRateLimited) void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * The forum: every read and write needs a session; hiding and locking need an admin. A thread on an article
 * or chapter is listed, read and written only by whoever may open that target now (`ForumAccess`); admins'
 * moderation routes see every thread.
 */
export function forumRoutes(app: App, d: ForumRouteDeps): void {
  const { host, commands, queries } = d;
  const { auth } = host;
  const access = new ForumAccess(d.readable, commands, queries);

  registerRoute(app, host, r.listForumCategories, async ({ user }) => ({
    categories: await queries.categories(await access.openTargets(user)),
  }));

  registerRoute(
    app,
    host,
    r.listForumThreads,
    async ({ user, query }) =>
      queries.threads(query.language, await access.openTargets(user, { language: query.language }), query.page, query.cursor),
    { reads: [forumProjection] },
  );

  /**
   * A discussion hangs only on an article or chapter the caller may open (the owner's 404 or 403 otherwise,
   * so another learner's private article answers as one that does not exist).
   */
  const openTarget = (user: AuthUser, target: AttachedTo) => d.readable.check(target.kind, user, target.targetId);

  registerRoute(
    app,
    host,
    r.getDiscussion,
    async ({ user, params }) => {
      const { language } = await openTarget(user, params);
      const threadId = discussionThreadId(params);
      return { threadId, started: await queries.threadExists(threadId), language };
    },
    { reads: [forumProjection] },
  );

  registerRoute(app, host, r.startForumThread, async ({ user, body, reply }) => {
    const { commandId, ...input } = body;
    // Checked before the rate limit counts the attempt: a refused start appends and costs nothing.
    if (input.attachedTo) {
      const target = await openTarget(user, input.attachedTo);
      if (target.language !== input.language) throw new HttpError(400, FORUM_MESSAGES.wrongLanguage);
    }
    return out(await limited(reply, () => commands.startThread(user.id, input, commandId)));
  });

  registerRoute(
    app,
    host,
    r.getForumThread,
    async ({ user, params, query }) => {
      await access.thread(user, params.threadId);
      const role = await auth.currentRole(user.id);
      return queries.thread(params.threadId, user.id, query.page, !!role && isAdminRole(role), query.cursor);
    },
    { reads: [forumProjection] },
  );

  registerRoute(app, host, r.replyToForumThread, async ({ user, params, body, reply }) => {
    const { commandId, ...input } = body;
    await access.thread(user, params.threadId);
    return out(await limited(reply, () => commands.reply(user.id, params.threadId, input, commandId)));
  });

  // One's own post too: a learner who may no longer open the target cannot keep using its thread.
  const onPost = <T>(user: AuthUser, postId: string, write: () => Promise<T>) => access.post(user, postId).then(write);
  registerRoute(app, host, r.editForumPost, async ({ user, params, body }) =>
    out(await onPost(user, params.postId, () => commands.edit(user.id, params.postId, body.body))),
  );
  registerRoute(app, host, r.deleteForumPost, async ({ user, params }) =>
    out(await onPost(user, params.postId, () => commands.delete(user.id, params.postId))),
  );
  registerRoute(app, host, r.upvoteForumPost, async ({ user, params, body }) =>
    out(await onPost(user, params.postId, () => commands.upvote(user.id, params.postId, body.upvoted))),
  );
  registerRoute(app, host, r.reportForumPost, async ({ user, params, body }) =>
    out(await onPost(user, params.postId, () => commands.report(user.id, params.postId, body.reason, body.details || undefined))),
  );

  registerRoute(app, host, r.subscribeForumThread, async ({ user, params, body }) => {
    await access.thread(user, params.threadId);
    return out(await commands.subscribe(user.id, params.threadId, body.subscribed));
  });

  registerRoute(app, host, r.markForumThreadRead, async ({ user, params }) => {
    await access.thread(user, params.threadId);
    // Nothing new to read appends nothing: the reader's stream grows only with posts they had not seen.
    if (!(await queries.hasUnread(params.threadId, user.id))) return {};
    return out(await commands.markRead(user.id, params.threadId));
  });

  registerRoute(
    app,
    host,
    r.listForumSubscriptions,
    async ({ user }) => ({ threads: await queries.subscriptions(user.id, await access.openTargets(user, { subscriber: user.id })) }),
    { reads: [forumProjection] },
  );

  registerRoute(app, host, r.adminListForumReports, async ({ query }) => queries.reports(query.page), { reads: [forumProjection] });
  registerRoute(app, host, r.adminHideForumPost, async ({ user, params, body }) =>
    out(await commands.hide(user.id, params.postId, body.hidden)),
  );
  registerRoute(app, host, r.adminLockForumThread, async ({ user, params, body }) =>
    out(await commands.lock(user.id, params.threadId, body.locked)),
  );
}
