import { randomUUID } from 'node:crypto';
import { LIBRARY_MESSAGES as M, type LearningLanguage, type SeriesInput } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import { formatPosition, type EventStore } from '../../../platform/event-store/port';
import type { SeriesQueries } from '../queries/series';
import type { Actor } from '../deciders/article-decider';
import { SERIES_SEALED_FIELDS, seriesEvents, seriesStream } from '../events';
import type { PersonalData } from '../../../platform/personal-data/keys';
import type { ArticleModeration } from '../adapters/moderation';
import { plainText } from '../domain/sanitize';
import { seriesDecider, type SeriesCommand, type SeriesDraft } from '../deciders/series-decider';
import type { WriteThrough } from '../../../platform/http/write-through';

const codec = new EventCodec([...seriesEvents]);

/** Series: named groups of articles in one language; private ones are their author's alone. */
export class SeriesCommands {
  constructor(
    private readonly store: EventStore,
    private readonly moderation: ArticleModeration,
    private readonly queries: SeriesQueries,
    /** The read models a write answers from (none: it answers without waiting, as the seed does). */
    private readonly written?: WriteThrough,
    private readonly now: () => Date = () => new Date(),
    /** Seals what authors write with their data key (erased with the account). */
    private readonly personalData?: PersonalData,
  ) {}

  /** Verba's own series (no author) stay clear. */
  private async sealed(authorId: string | null, draft: SeriesDraft): Promise<SeriesDraft> {
    return authorId && this.personalData ? this.personalData.seal(authorId, draft, SERIES_SEALED_FIELDS) : draft;
  }

  /** `by`: who asks (the events' metadata userId); null for the seed. */
  private async run(command: SeriesCommand, commandId: string, by: string | null) {
    const r = await handleCommand({
      store: this.store,
      codec,
      decider: seriesDecider,
      streamId: seriesStream(command.seriesId),
      command,
      commandId,
      actor: by,
    });
    return r.position ? formatPosition(r.position) : undefined;
  }

  /** Verba's own public series (the demo library); idempotent, as the id is fixed. */
  publish(series: { seriesId: string; languageCode: LearningLanguage; title: string; description: string; at: string }) {
    const { seriesId, languageCode, at, ...text } = series;
    const draft: SeriesDraft = { ...text, previewImgSrc: null, authorDisplayName: 'Verba', isPrivate: false };
    return this.run({ kind: 'publish', seriesId, languageCode, draft, at }, seriesId, null);
  }

  private async draft(actor: Actor, authorId: string | null, input: Omit<SeriesInput, 'languageCode'>) {
    const title = plainText(input.title);
    if (!title) throw new DomainError(M.required, 400);
    const draft: SeriesDraft = {
      title,
      description: plainText(input.description),
      previewImgSrc: input.previewImgSrc,
      // None given (or their own): the author's name is shown, asked from identity at read time (queries/author-names.ts).
      authorDisplayName: await this.queries.givenAuthorName(authorId, plainText(input.authorDisplayName)),
      isPrivate: input.isPrivate,
    };
    const verdict =
      input.isPrivate || actor.isAdmin ? undefined : await this.moderation.checkPublicArticle(`${input.title}\n${input.description}`);
    return { draft: await this.sealed(authorId, draft), ...(verdict ? { verdict } : {}) };
  }

  async create(actor: Actor, input: SeriesInput, commandId: string = randomUUID()) {
    const seriesId = eventIdFor(commandId, 'series');
    const at = this.now().toISOString();
    const position = await this.run(
      { kind: 'create', actor, seriesId, languageCode: input.languageCode, ...(await this.draft(actor, actor.userId, input)), at },
      commandId,
      actor.userId,
    );
    return this.saved(actor, seriesId, position);
  }

  async update(actor: Actor, seriesId: string, input: Omit<SeriesInput, 'languageCode'>, commandId: string = randomUUID()) {
    return this.saved(actor, seriesId, await this.change(actor, seriesId, input, commandId));
  }

  /** The update without reading the series back (an admin's answer is the position; the series may be private to its author). */
  async change(
    actor: Actor,
    seriesId: string,
    input: Omit<SeriesInput, 'languageCode'>,
    commandId: string = randomUUID(),
  ): Promise<string | undefined> {
    // Sealed for the series' author (an admin may edit it); Verba's own series and unknown ones (refused below) stay clear.
    const authorId = (await this.queries.authorOf(seriesId)) ?? null;
    return this.run(
      { kind: 'update', actor, seriesId, ...(await this.draft(actor, authorId, input)), at: this.now().toISOString() },
      commandId,
      actor.userId,
    );
  }

  delete(actor: Actor, seriesId: string) {
    return this.run({ kind: 'delete', actor, seriesId, at: this.now().toISOString() }, randomUUID(), actor.userId);
  }

  private async saved(actor: Actor, seriesId: string, position: string | undefined) {
    await this.written?.readBack(position);
    return { series: await this.queries.get(actor, seriesId), ...(position ? { position } : {}) };
  }

  /** An admin's series is Verba's own (no author, text in clear); the event's metadata names the admin. */
  async adminCreate(admin: Actor, input: SeriesInput, commandId: string = randomUUID()): Promise<{ seriesId: string; position?: string }> {
    const seriesId = eventIdFor(commandId, 'series');
    const { draft } = await this.draft(admin, null, { ...input, authorDisplayName: input.authorDisplayName || 'Verba' });
    const position = await this.run(
      { kind: 'publish', seriesId, languageCode: input.languageCode, draft, at: this.now().toISOString() },
      commandId,
      admin.userId,
    );
    return { seriesId, ...(position ? { position } : {}) };
  }
}
