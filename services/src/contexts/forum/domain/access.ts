import { FORUM_MESSAGES as M } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import type { AuthUser } from '../../../platform/http/routes';
import type { Readable } from '../../../platform/readable';
import type { AttachedTo, ForumCommands } from '../commands';
import type { ForumQueries, TargetScope, Targets } from '../queries';

/**
 * A thread on an article or chapter is there only for whoever may open that target now (its owner's rule,
 * asked through `Readable` every time: access ends when the article goes private or is deleted, or Master
 * ends). To anyone else it answers exactly as a thread that does not exist.
 */
export class ForumAccess {
  constructor(
    private readonly readable: Readable,
    private readonly commands: Pick<ForumCommands, 'threadTarget' | 'threadOfPost'>,
    private readonly queries: Pick<ForumQueries, 'targets'>,
  ) {}

  /** Of the targets the threads in `scope` hang on, those `user` may open now: one question per kind to its owner. */
  async openTargets(user: AuthUser, scope?: TargetScope): Promise<Targets> {
    const held = await this.queries.targets(scope);
    const [article, chapter] = await Promise.all([
      this.readable.visible('article', user, held.article),
      this.readable.visible('chapter', user, held.chapter),
    ]);
    return { article: [...article], chapter: [...chapter] };
  }

  /** 404 "thread not found" unless the thread exists and hangs on nothing or on a target `user` may open. */
  async thread(user: AuthUser, threadId: string): Promise<void> {
    const target = await this.commands.threadTarget(threadId);
    if (target === undefined || !(await this.mayOpen(user, target))) throw new HttpError(404, M.threadNotFound);
  }

  /** 404 "post not found" unless the post exists in a thread `user` may open. */
  async post(user: AuthUser, postId: string): Promise<void> {
    const threadId = await this.commands.threadOfPost(postId);
    const target = threadId === undefined ? undefined : await this.commands.threadTarget(threadId);
    if (target === undefined || !(await this.mayOpen(user, target))) throw new HttpError(404, M.postNotFound);
  }

  private async mayOpen(user: AuthUser, target: AttachedTo | null): Promise<boolean> {
    return !target || (await this.readable.visible(target.kind, user, [target.targetId])).has(target.targetId);
  }
}
