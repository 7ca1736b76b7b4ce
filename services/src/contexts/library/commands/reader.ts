import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type LearningLanguage } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import { formatPosition, type EventStore } from '../../../platform/event-store/port';
import type { Actor } from '../deciders/article-decider';
import { readable } from '../queries/reader';
import { bookmarkStream, progressStream, ratingStream, readerEvents, readStream, type ReaderEvent } from '../events';
import { bookmarkDecider, progressDecider, ratingDecider, readDecider } from '../deciders/reader-decider';

const codec = new EventCodec([...readerEvents]);

/** A reader's own records about articles they can read: ratings, bookmarks, progress, reads. */
export class ReaderCommands {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async record<C, S>(
    decider: Decider<C, S, ReaderEvent>,
    streamId: string,
    command: C,
    viewer: Actor,
    commandId: string = randomUUID(),
  ) {
    const r = await handleCommand({ store: this.store, codec, decider, streamId, command, commandId, actor: viewer.userId });
    return r.position ? { position: formatPosition(r.position) } : {};
  }

  async rate(viewer: Actor, articleId: string, rating: number, commandId?: string) {
    await readable(this.db, viewer, articleId);
    const at = this.now().toISOString();
    return this.record(
      ratingDecider,
      ratingStream(articleId, viewer.userId),
      { userId: viewer.userId, articleId, rating, at },
      viewer,
      commandId,
    );
  }

  async bookmark(viewer: Actor, articleId: string, pageNumber: number, totalPages: number, commandId?: string) {
    await readable(this.db, viewer, articleId);
    const at = this.now().toISOString();
    return this.record(
      bookmarkDecider,
      bookmarkStream(viewer.userId, articleId),
      { userId: viewer.userId, articleId, pageNumber, totalPages, at },
      viewer,
      commandId,
    );
  }

  async progress(viewer: Actor, articleId: string, language: LearningLanguage, progress: number, commandId?: string) {
    const article = await readable(this.db, viewer, articleId);
    if (article.language !== language) throw new DomainError(M.articleNotFound, 404);
    const at = this.now().toISOString();
    return this.record(
      progressDecider,
      progressStream(viewer.userId, articleId),
      { userId: viewer.userId, articleId, language, progress, at },
      viewer,
      commandId,
    );
  }

  /** Counts a read once per reader, article and UTC day; also what "last articles" follows. */
  async read(viewer: Actor, articleId: string, language: LearningLanguage, commandId?: string) {
    const article = await readable(this.db, viewer, articleId);
    if (article.language !== language) throw new DomainError(M.articleNotFound, 404);
    const at = this.now().toISOString();
    const day = at.slice(0, 10);
    return this.record(
      readDecider,
      readStream(viewer.userId, articleId, day),
      { userId: viewer.userId, articleId, language, day, at },
      viewer,
      commandId,
    );
  }
}
