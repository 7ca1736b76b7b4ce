import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type LearningLanguage } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import { formatPosition, type EventStore } from '../../../platform/event-store/port';
import type { Actor } from '../deciders/article-decider';
import { readable } from '../queries/reader';
import { readingTimeEvents, readingTimeStream, type ReadingTimeEvent } from '../events';

const codec = new EventCodec([...readingTimeEvents]);

type Report = Extract<ReadingTimeEvent, { type: 'library.ReadingTimeRecorded' }>['data'];

/** Every report is new time: nothing to decide but to record it (a resend is the same command id, appended once). */
const readingTimeDecider: Decider<Report, object, ReadingTimeEvent> = {
  initialState: () => ({}),
  decide: (c) => [{ type: 'library.ReadingTimeRecorded', data: c }],
  evolve: (s) => s,
};

/** The reader's page times, for articles the caller may read. */
export class ReadingTimeCommands {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(
    viewer: Actor,
    page: { articleId: string; language: LearningLanguage; pageNumber: number; seconds: number; words: number },
    commandId: string = randomUUID(),
  ) {
    const article = await readable(this.db, viewer, page.articleId);
    if (article.language !== page.language) throw new DomainError(M.articleNotFound, 404);
    const at = this.now().toISOString();
    const r = await handleCommand({
      store: this.store,
      codec,
      decider: readingTimeDecider,
      streamId: readingTimeStream(viewer.userId, at.slice(0, 10)),
      command: { userId: viewer.userId, ...page, at },
      commandId,
      actor: viewer.userId,
    });
    return r.position ? { position: formatPosition(r.position) } : {};
  }
}
