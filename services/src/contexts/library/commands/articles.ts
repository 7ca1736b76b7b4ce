import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type ArticleInput, type LearningLanguage } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import { formatPosition, type EventStore, type Position } from '../../../platform/event-store/port';
import { lastEventOnly } from '../../../platform/decider/last-event-view';
import type { PersonalData } from '../../../platform/personal-data/keys';
import { quotaDecider, type QuotaCommand } from '../deciders/quota-decider';
import type { ArticleQueries } from '../queries/articles';
import { articleDecider, type Actor, type ArticleCommand, type ArticleDraft, type Cue } from '../deciders/article-decider';
import {
  ARTICLE_SEALED_FIELDS,
  FLAG_SEALED_FIELDS,
  articleEvents,
  articleStream,
  flagStream,
  quotaEvents,
  quotaStream,
  readerEvents,
} from '../events';
import { flagDecider } from '../deciders/reader-decider';
import type { ArticleModeration, Verdict } from '../adapters/moderation';
import { cleanContent, plainText } from '../domain/sanitize';
import type { WriteThrough } from '../../../platform/http/write-through';
import { mayUsePremium } from '../../../platform/entitlements';

const codec = new EventCodec([...articleEvents]);
const quotaCodec = new EventCodec([...quotaEvents]);
const readerCodec = new EventCodec([...readerEvents]);
export type Published = Extract<ArticleCommand, { kind: 'publish' }>['article'];

const positionOf = (p: Position | undefined) => (p ? formatPosition(p) : undefined);

/** Articles: written by authors (sanitized, moderated when public) and reviewed by admins; queries/articles.ts lists them. */
export class ArticleCommands {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly moderation: ArticleModeration,
    private readonly queries: ArticleQueries,
    /** The read models a write answers from (none: it answers without waiting, as the seed does). */
    private readonly written?: WriteThrough,
    private readonly now: () => Date = () => new Date(),
    /** Seals what authors write with their data key (erased with the account); without it text stays clear (benchmarks). */
    private readonly personalData?: PersonalData,
  ) {
    this.quotaStore = lastEventOnly(store);
  }

  private readonly quotaStore: EventStore;

  /** The author's private-article slot, taken or freed on their quota stream (see quota-decider.ts). */
  private async quota(
    command: QuotaCommand extends infer C ? (C extends unknown ? Omit<C, 'baseline' | 'at'> : never) : never,
    commandId: string,
  ): Promise<void> {
    const baseline = await this.queries.privateArticles(command.userId);
    await handleCommand({
      store: this.quotaStore,
      codec: quotaCodec,
      decider: quotaDecider,
      streamId: quotaStream(command.userId),
      command: { ...command, baseline, at: this.now().toISOString() } as QuotaCommand,
      commandId,
      actor: command.userId,
    });
  }

  /** The draft with the author's text sealed for them (Verba's own articles have no author and stay clear). */
  private async sealed(authorId: string | null, draft: ArticleDraft): Promise<ArticleDraft> {
    if (!authorId || !this.personalData) return draft;
    return this.personalData.seal(authorId, draft, ARTICLE_SEALED_FIELDS);
  }

  /** `by`: who asks (the events' metadata userId): the admin for moderation, null for the seed. */
  private async run(command: ArticleCommand, commandId: string, by: string | null): Promise<string | undefined> {
    const streamId = articleStream(command.kind === 'publish' ? command.article.articleId : command.articleId);
    const result = await handleCommand({ store: this.store, codec, decider: articleDecider, streamId, command, commandId, actor: by });
    return positionOf(result.position);
  }

  /** Verba's own content (the demo library). */
  publish(article: Published) {
    return this.run({ kind: 'publish', article }, article.articleId, null);
  }

  /** What the author wrote, cleaned: titles and names as plain text, the body as plain or allowlisted rich text. */
  private draft(input: ArticleInput): ArticleDraft {
    const name = plainText(input.name);
    const content = cleanContent(input.content, input.contentFormat);
    if (!name || !plainText(content)) throw new DomainError(M.required, 400);
    return {
      languageCode: input.languageCode,
      name,
      category: input.category,
      level: input.generalDifficulty,
      content,
      contentFormat: input.contentFormat,
      translation: plainText(input.translation),
      previewImgSrc: input.previewImgSrc,
      // None given: the author's own name is shown, asked from identity at read time (queries/author-names.ts).
      authorDisplayName: plainText(input.authorDisplayName),
      isPrivate: input.isPrivate,
      isPremiumOnly: input.isPremiumOnly,
      seriesId: input.seriesId,
    };
  }

  /** The moderation check runs on what the author sent (before cleaning), and only for public text. */
  private async verdict(actor: Actor, input: { isPrivate: boolean }, text: string): Promise<Verdict | undefined> {
    return input.isPrivate || actor.isAdmin ? undefined : this.moderation.checkPublicArticle(text);
  }

  private async checkSeries(actor: Actor, seriesId: string | null, language: LearningLanguage): Promise<void> {
    if (!seriesId) return;
    const series = await this.db('library_series').where({ id: seriesId }).first('author_id', 'language', 'is_private');
    const visible = series && (!series.is_private || series.author_id === actor.userId || actor.isAdmin);
    if (!visible || series.language !== language) throw new DomainError(M.seriesNotFound, 404);
    if (series.author_id !== actor.userId && !actor.isAdmin) throw new DomainError(M.notSeriesAuthor, 403);
  }

  async create(actor: Actor, input: ArticleInput, commandId: string = randomUUID()) {
    const { articleId, position } = await this.append(actor, input, commandId);
    return this.saved(actor, articleId, position);
  }

  /**
   * Writes a new article without waiting for the read model (imports write many, then wait once);
   * `timing`: an imported subtitle's start and end of each paragraph.
   */
  async append(
    actor: Actor,
    input: ArticleInput,
    commandId: string = randomUUID(),
    timing: { cues?: Cue[] } = {},
  ): Promise<{ articleId: string; position?: string }> {
    const draft = this.draft(input);
    await this.checkSeries(actor, draft.seriesId, draft.languageCode);
    const articleId = eventIdFor(commandId, 'article');
    const verdict = await this.verdict(actor, draft, `${input.name}\n${input.content}\n${input.translation}`);
    const command: ArticleCommand = {
      kind: 'create',
      actor,
      articleId,
      draft: await this.sealed(actor.userId, draft),
      ...(timing.cues ? { cues: timing.cues } : {}),
      ...(verdict ? { verdict } : {}),
      at: this.now().toISOString(),
    };
    // A private article takes a slot on the author's quota stream first: that append is what serializes
    // one user's creations, so the free limit holds however many arrive at once.
    if (!draft.isPrivate) return { articleId, position: await this.run(command, commandId, actor.userId) };
    // A retried create (same command id) finds its article written: its slot was taken then, and the
    // article's own stream tells a retry from a reuse.
    if ((await this.store.streamRevision(articleStream(articleId))) !== undefined)
      return { articleId, position: await this.run(command, commandId, actor.userId) };
    // The article's own rules first (on a new stream, so on the initial state): a refused article must not
    // take, and then give back, a slot (a refusal appends nothing).
    articleDecider.decide(command, articleDecider.initialState());
    await this.quota({ kind: 'take', userId: actor.userId, articleId, limited: !mayUsePremium(actor) }, eventIdFor(commandId, 'quota'));
    let position: string | undefined;
    try {
      position = await this.run(command, commandId, actor.userId);
    } catch (error) {
      await this.quota({ kind: 'free', userId: actor.userId, articleId }, eventIdFor(commandId, 'quota-undo'));
      throw error;
    }
    return { articleId, position };
  }

  async update(actor: Actor, articleId: string, input: ArticleInput, commandId: string = randomUUID()) {
    // Sealed for the article's author (an admin may edit it); authorship never changes, so the read model's word is final.
    const row = await this.db('library_articles').where({ id: articleId }).first('author_id');
    const authorId = (row?.author_id as string | null | undefined) ?? null;
    const draft = {
      ...this.draft(input),
      authorDisplayName: await this.queries.givenAuthorName(authorId, plainText(input.authorDisplayName)),
    };
    await this.checkSeries(actor, draft.seriesId, draft.languageCode);
    const verdict = await this.verdict(actor, draft, `${input.name}\n${input.content}\n${input.translation}`);
    const sealedDraft = await this.sealed(authorId, draft);
    const position = await this.run(
      { kind: 'update', actor, articleId, draft: sealedDraft, ...(verdict ? { verdict } : {}), at: this.now().toISOString() },
      commandId,
      actor.userId,
    );
    return this.saved(actor, articleId, position);
  }

  /** A write answers with the article as stored (read back once the read model has it). */
  private async saved(actor: Actor, articleId: string, position: string | undefined) {
    await this.written?.readBack(position);
    const article = await this.queries.get(actor, articleId);
    if (!article) throw new DomainError(M.articleNotFound, 404);
    return { article, ...(position ? { position } : {}) };
  }

  review(kind: 'approve' | 'makePublicPremium', articleId: string, by: string) {
    return this.run({ kind, articleId, at: this.now().toISOString() }, randomUUID(), by);
  }

  decline(articleId: string, reason: string, by: string) {
    return this.run({ kind: 'decline', articleId, reason: plainText(reason) || reason, at: this.now().toISOString() }, randomUUID(), by);
  }

  async deletePrivate(actor: Actor, articleId: string, commandId: string = randomUUID()) {
    const row = await this.db('library_articles').where({ id: articleId }).first('author_id');
    const position = await this.run({ kind: 'delete', actor, articleId, at: this.now().toISOString() }, commandId, actor.userId);
    // The slot goes back to the author (who may not be the admin deleting it).
    const authorId = row?.author_id as string | null | undefined;
    if (position && authorId) await this.quota({ kind: 'free', userId: authorId, articleId }, eventIdFor(commandId, 'quota'));
    return position;
  }

  /**
   * Flags each article: the caller's own private ones for approval, others' for a moderator's review with
   * the reason. All are checked first, so one that may not be flagged leaves the others unflagged.
   */
  async flag(
    actor: Actor,
    articleIds: string[],
    commandId: string = randomUUID(),
    reason?: string,
  ): Promise<{ flagged: number; position?: string }> {
    const ids = [...new Set(articleIds)];
    const why = reason ? plainText(reason) : '';
    const rows: { id: string; author_id: string | null; is_private: boolean; need_approve: boolean }[] = await this.db('library_articles')
      .whereIn('id', ids)
      .select('id', 'author_id', 'is_private', 'need_approve');
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      const visible = row && ((!row.is_private && !row.need_approve) || row.author_id === actor.userId);
      if (!visible) throw new DomainError(M.articleNotFound, 404);
      if (row.author_id === actor.userId && !row.is_private) throw new DomainError(M.onlyPrivateFlag, 409);
      if (row.author_id !== actor.userId && !why) throw new DomainError(M.reasonRequired, 400);
    }
    let flagged = 0;
    let position: string | undefined;
    for (const id of ids) {
      const own = rows.find((r) => r.id === id)?.author_id === actor.userId;
      const p = own
        ? await this.run({ kind: 'flag', actor, articleId: id, at: this.now().toISOString() }, eventIdFor(commandId, id), actor.userId)
        : await this.report(actor, id, why, eventIdFor(commandId, id));
      if (p) {
        flagged += 1;
        position = p;
      }
    }
    return { flagged, ...(position ? { position } : {}) };
  }

  /** A reader's flag for review: who, why (sealed with their key) and when, on a stream per reader and article. */
  private async report(actor: Actor, articleId: string, reason: string, commandId: string): Promise<string | undefined> {
    const data = { userId: actor.userId, articleId, reason, at: this.now().toISOString() };
    const command = this.personalData ? await this.personalData.seal(actor.userId, data, FLAG_SEALED_FIELDS) : data;
    const result = await handleCommand({
      store: this.store,
      codec: readerCodec,
      decider: flagDecider,
      streamId: flagStream(articleId, actor.userId),
      command,
      commandId,
      actor: actor.userId,
    });
    return positionOf(result.position);
  }

  /** An admin's article is Verba's own (no author, text in clear, no approval); the event's metadata names the admin. */
  async adminCreate(by: string, input: ArticleInput, commandId: string = randomUUID()): Promise<{ articleId: string; position?: string }> {
    const draft = this.draft({ ...input, authorDisplayName: input.authorDisplayName || 'Verba' });
    await this.checkSeries({ userId: '', isAdmin: true, subscription: 'master' }, draft.seriesId, draft.languageCode);
    const articleId = eventIdFor(commandId, 'article');
    const position = await this.run({ kind: 'publish', article: { articleId, ...draft, at: this.now().toISOString() } }, commandId, by);
    return { articleId, ...(position ? { position } : {}) };
  }

  /** An admin deletes any article; a private one gives its author's slot back. */
  async adminDelete(by: string, articleId: string, commandId: string = randomUUID()): Promise<string | undefined> {
    const row = await this.db('library_articles').where({ id: articleId }).first('author_id', 'is_private');
    const position = await this.run({ kind: 'adminDelete', articleId, at: this.now().toISOString() }, commandId, by);
    const authorId = row?.author_id as string | null | undefined;
    if (position && authorId && row?.is_private)
      await this.quota({ kind: 'free', userId: authorId, articleId }, eventIdFor(commandId, 'quota'));
    return position;
  }

  /**
   * Approve, decline or dismiss the flags of several articles. Every article's stream is decided first, so
   * one that cannot take the action refuses the whole request and nothing is appended.
   */
  async reviewMany(
    by: string,
    action: 'approve' | 'decline' | 'dismiss',
    articleIds: string[],
    reason: string | undefined,
    commandId: string = randomUUID(),
  ): Promise<{ changed: number; position?: string }> {
    const ids = [...new Set(articleIds)];
    const at = this.now().toISOString();
    const cleanReason = reason ? plainText(reason) || reason : '';
    // Readers' flags for review live on streams of their own: the flags read model says which articles have some.
    const withReaderFlags = new Set<string>(
      await this.db('library_article_flags').whereIn('article_id', ids).distinct().pluck('article_id'),
    );
    const commandFor = (articleId: string): ArticleCommand =>
      action === 'decline'
        ? { kind: 'decline', articleId, reason: cleanReason, at }
        : { kind: action === 'approve' ? 'approve' : 'dismissFlag', articleId, at, readerFlags: withReaderFlags.has(articleId) };
    for (const id of ids) {
      const events = await this.store.readStream(articleStream(id));
      const state = events.map((e) => codec.decode(e)).reduce(articleDecider.evolve, articleDecider.initialState());
      articleDecider.decide(commandFor(id), state); // throws the refusal before anything is appended
    }
    let changed = 0;
    let position: string | undefined;
    for (const id of ids) {
      const p = await this.run(commandFor(id), eventIdFor(commandId, id), by);
      if (p) {
        changed += 1;
        position = p;
      }
    }
    return { changed, ...(position ? { position } : {}) };
  }
}
