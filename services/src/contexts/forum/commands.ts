import { createHash } from 'node:crypto';
import { FORUM_MESSAGES as M, FORUM_RATE_LIMIT, type ForumReportReason } from '@verba/contracts';
import type { Cache } from '../../platform/cache/port';
import { createRateLimiter, type RateLimiter } from '../../platform/cache/rate-limiter';
import { DomainError, fold } from '../../platform/decider/decider';
import { eventIdFor, uuidFromDigest } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore, Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import type { PersonalData } from '../../platform/personal-data/keys';
import { postDecider, type PostCommand } from './deciders/post-decider';
import { readerDecider, type ReaderCommand } from './deciders/reader-decider';
import { threadDecider, type ThreadCommand } from './deciders/thread-decider';
import { postEvents, postStream, readerEvents, readerStream, threadEvents, threadStream, voteStream } from './events';

const threadCodec = new EventCodec([...threadEvents]);
const postCodec = new EventCodec([...postEvents]);
const readerCodec = new EventCodec([...readerEvents]);

export type AttachedTo = { kind: 'article' | 'chapter'; targetId: string };
type Language = 'de' | 'fr' | 'es' | 'ru';

/** The one thread of an article or chapter has an id fixed by what it discusses. */
export const discussionThreadId = (a: AttachedTo) =>
  uuidFromDigest(createHash('sha256').update(`forum-discussion:${a.kind}:${a.targetId}`).digest());

const withPosition = (position: Position | undefined) => (position ? { position } : {});

/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class ForumRateLimited extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, M.tooMany);
  }
}

/** Forum commands: each loads one small stream (a thread, a post, one reader's vote or following), decides, appends. */
export class ForumCommands {
  private readonly limiter: RateLimiter;

  constructor(private readonly d: { store: EventStore; personalData: PersonalData; cache: Cache; now: () => Date }) {
    this.limiter = createRateLimiter(d.cache, {
      limit: FORUM_RATE_LIMIT.posts,
      windowMs: FORUM_RATE_LIMIT.windowMs,
      prefix: 'forum:posts:user',
    });
  }

  private at = () => this.d.now().toISOString();

  private async limit(userId: string): Promise<void> {
    const { allowed, retryAfterMs } = await this.limiter.hit(userId);
    if (!allowed) throw new ForumRateLimited(Math.ceil(retryAfterMs / 1000));
  }

  async startThread(
    userId: string,
    input: { language: Language; title: string; body: string; attachedTo?: AttachedTo },
    commandId: string,
  ): Promise<{ threadId: string; postId: string; position?: Position }> {
    const threadId = input.attachedTo ? discussionThreadId(input.attachedTo) : eventIdFor(commandId, 'forum-thread');
    const postId = eventIdFor(commandId, 'forum-post');
    // A retried command (same id) finds its thread and post there and appends nothing, without a new hit.
    if ((await this.d.store.streamRevision(postStream(postId))) !== undefined) return { threadId, postId };
    await this.limit(userId);
    const at = this.at();
    const data = await this.d.personalData.seal(
      userId,
      { threadId, language: input.language, attachedTo: input.attachedTo ?? null, title: input.title, authorId: userId, at },
      ['title'],
    );
    await this.runThread({ kind: 'start', data }, threadId, commandId, userId);
    // The first post's append has its own command id: its event ids must differ from the thread's.
    const { position } = await this.writePost(
      userId,
      { postId, threadId, body: input.body, quotePostId: null, at },
      eventIdFor(commandId, 'forum-first-post'),
    );
    return { threadId, postId, ...withPosition(position) };
  }

  async reply(
    userId: string,
    threadId: string,
    input: { body: string; quotePostId?: string },
    commandId: string,
  ): Promise<{ postId: string; position?: Position }> {
    const postId = eventIdFor(commandId, 'forum-post');
    if ((await this.d.store.streamRevision(postStream(postId))) !== undefined) return { postId };
    const thread = fold(
      threadDecider,
      (await this.d.store.readStream(threadStream(threadId))).map((r) => threadCodec.decode(r)),
    );
    if (thread.status === 'none') throw new DomainError(M.threadNotFound, 404);
    if (thread.status === 'locked') throw new DomainError(M.locked, 409);
    if (input.quotePostId) {
      const quoted = fold(
        postDecider,
        (await this.d.store.readStream(postStream(input.quotePostId))).map((r) => postCodec.decode(r)),
      );
      if (quoted.status === 'none' || quoted.threadId !== threadId) throw new DomainError(M.postNotFound, 404);
    }
    await this.limit(userId);
    const { position } = await this.writePost(
      userId,
      { postId, threadId, body: input.body, quotePostId: input.quotePostId ?? null, at: this.at() },
      commandId,
    );
    return { postId, ...withPosition(position) };
  }

  async edit(userId: string, postId: string, body: string) {
    const sealed = await this.d.personalData.seal(userId, { body }, ['body']);
    return this.runPost({ kind: 'edit', postId, userId, body: sealed.body, at: this.at(), sealedFor: sealed.sealedFor }, userId);
  }

  delete(userId: string, postId: string) {
    return this.runPost({ kind: 'delete', postId, userId, at: this.at() }, userId);
  }

  /** The reason is one of a fixed list; only the reporter's own words are sealed. */
  async report(userId: string, postId: string, reason: ForumReportReason, details: string | undefined) {
    if (!details) return this.runPost({ kind: 'report', postId, reporterId: userId, reason, details: null, at: this.at() }, userId);
    const sealed = await this.d.personalData.seal(userId, { details }, ['details']);
    return this.runPost(
      { kind: 'report', postId, reporterId: userId, reason, details: sealed.details, at: this.at(), sealedFor: sealed.sealedFor },
      userId,
    );
  }

  hide(adminId: string, postId: string, hidden: boolean) {
    return this.runPost({ kind: 'hide', postId, hidden, by: adminId, at: this.at() }, adminId);
  }

  async lock(adminId: string, threadId: string, locked: boolean) {
    return withPosition(
      (await this.runThread({ kind: 'lock', threadId, locked, by: adminId, at: this.at() }, threadId, crypto.randomUUID(), adminId))
        .position,
    );
  }

  async upvote(userId: string, postId: string, upvoted: boolean) {
    const post = fold(
      postDecider,
      (await this.d.store.readStream(postStream(postId))).map((r) => postCodec.decode(r)),
    );
    if (post.status !== 'live') throw new DomainError(M.postNotFound, 404);
    return this.runReader(
      { kind: 'vote', data: { postId, userId, upvoted, at: this.at() }, authorId: post.authorId },
      voteStream(postId, userId),
      userId,
    );
  }

  /** From the log, not the read model: a thread started a moment ago exists already. */
  async threadExists(threadId: string): Promise<boolean> {
    return (await this.d.store.streamRevision(threadStream(threadId))) !== undefined;
  }

  /** What a thread hangs on (null: nothing), from the log like `threadExists`; undefined when there is no such thread. */
  async threadTarget(threadId: string): Promise<AttachedTo | null | undefined> {
    const events = (await this.d.store.readStream(threadStream(threadId))).map((r) => threadCodec.decode(r));
    return events.flatMap((e) => (e.type === 'forum.ThreadStarted' ? [e.data.attachedTo] : []))[0];
  }

  /** The thread of a post (a deleted one's too), from the log; undefined when there is no such post. */
  async threadOfPost(postId: string): Promise<string | undefined> {
    const post = fold(
      postDecider,
      (await this.d.store.readStream(postStream(postId))).map((r) => postCodec.decode(r)),
    );
    return post.status === 'none' ? undefined : post.threadId;
  }

  async subscribe(userId: string, threadId: string, subscribed: boolean) {
    if (!(await this.threadExists(threadId))) throw new DomainError(M.threadNotFound, 404);
    return this.runReader(
      { kind: 'subscribe', data: { threadId, userId, subscribed, at: this.at() } },
      readerStream(threadId, userId),
      userId,
    );
  }

  markRead(userId: string, threadId: string) {
    return this.runReader({ kind: 'read', data: { threadId, userId, at: this.at() } }, readerStream(threadId, userId), userId);
  }

  private async writePost(
    userId: string,
    data: { postId: string; threadId: string; body: string; quotePostId: string | null; at: string },
    commandId: string,
  ) {
    const sealed = await this.d.personalData.seal(userId, { ...data, authorId: userId }, ['body']);
    return this.runPost({ kind: 'write', data: sealed }, userId, commandId);
  }

  private runThread(command: ThreadCommand, threadId: string, commandId: string, userId: string) {
    return handleCommand({
      store: this.d.store,
      codec: threadCodec,
      decider: threadDecider,
      streamId: threadStream(threadId),
      command,
      commandId,
      actor: userId,
    });
  }

  private async runPost(command: PostCommand, userId: string, commandId: string = crypto.randomUUID()) {
    const postId = command.kind === 'write' ? command.data.postId : command.postId;
    const { position } = await handleCommand({
      store: this.d.store,
      codec: postCodec,
      decider: postDecider,
      streamId: postStream(postId),
      command,
      commandId,
      actor: userId,
    });
    return withPosition(position);
  }

  private async runReader(command: ReaderCommand, streamId: string, userId: string) {
    const { position } = await handleCommand({
      store: this.d.store,
      codec: readerCodec,
      decider: readerDecider,
      streamId,
      command,
      commandId: crypto.randomUUID(),
      actor: userId,
    });
    return withPosition(position);
  }
}
