import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type ArticleSummary, type LearningLanguage, type Series, type SeriesInput } from '@verba/contracts';
import { DomainError } from '../../platform/decider/decider';
import { eventIdFor } from '../../platform/decider/event-ids';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import { formatPosition, type EventStore } from '../../platform/event-store/port';
import { queryArticles, toSummary, visibleTo } from './queries/article-sql';
import type { Actor } from './deciders/article-decider';
import { seriesEvents, seriesStream } from './events';
import type { ArticleModeration } from './adapters/moderation';
import { plainText } from './domain/sanitize';
import { seriesDecider, type SeriesCommand, type SeriesDraft } from './deciders/series-decider';

const codec = new EventCodec([...seriesEvents]);
type ReadAfter = (minPosition: string | undefined) => Promise<void>;

interface SeriesRow {
  id: string;
  language: LearningLanguage;
  title: string;
  description: string;
  preview_img_src: string | null;
  author_id: string;
  author_display_name: string;
  is_private: boolean;
  created_at: Date;
  total_articles: number;
}

const toSeries = (r: SeriesRow, viewer: Actor): Series => ({
  id: r.id,
  languageCode: r.language,
  title: r.title,
  description: r.description,
  previewImgSrc: r.preview_img_src,
  authorDisplayName: r.author_display_name,
  isPrivate: r.is_private,
  isAuthor: r.author_id === viewer.userId,
  totalArticles: r.total_articles,
  creationDate: new Date(r.created_at).getTime(),
});

/** Series: named groups of articles in one language; private ones are their author's alone. */
export class SeriesService {
  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly moderation: ArticleModeration,
    private readonly readAfter: ReadAfter = async () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async run(command: SeriesCommand, commandId: string) {
    const r = await handleCommand({ store: this.store, codec, decider: seriesDecider, streamId: seriesStream(command.seriesId), command, commandId, metadata: { userId: command.actor.userId } });
    return r.position ? formatPosition(r.position) : undefined;
  }

  private async draft(actor: Actor, input: Omit<SeriesInput, 'languageCode'>) {
    const title = plainText(input.title);
    if (!title) throw new DomainError(M.required, 400);
    const draft: SeriesDraft = {
      title,
      description: plainText(input.description),
      previewImgSrc: input.previewImgSrc,
      authorDisplayName: plainText(input.authorDisplayName) || 'Verba learner',
      isPrivate: input.isPrivate,
    };
    const verdict = input.isPrivate || actor.isAdmin ? undefined : await this.moderation.checkPublicArticle(`${input.title}\n${input.description}`);
    return { draft, ...(verdict ? { verdict } : {}) };
  }

  async create(actor: Actor, input: SeriesInput, commandId: string = randomUUID()) {
    const seriesId = eventIdFor(commandId, 'series');
    const at = this.now().toISOString();
    const position = await this.run({ kind: 'create', actor, seriesId, languageCode: input.languageCode, ...(await this.draft(actor, input)), at }, commandId);
    return this.saved(actor, seriesId, position);
  }

  async update(actor: Actor, seriesId: string, input: Omit<SeriesInput, 'languageCode'>, commandId: string = randomUUID()) {
    const position = await this.run({ kind: 'update', actor, seriesId, ...(await this.draft(actor, input)), at: this.now().toISOString() }, commandId);
    return this.saved(actor, seriesId, position);
  }

  delete(actor: Actor, seriesId: string) {
    return this.run({ kind: 'delete', actor, seriesId, at: this.now().toISOString() }, randomUUID());
  }

  private async saved(actor: Actor, seriesId: string, position: string | undefined) {
    await this.readAfter(position);
    return { series: await this.get(actor, seriesId), ...(position ? { position } : {}) };
  }

  private async find(viewer: Actor, filters: (q: Knex.QueryBuilder) => void): Promise<Series[]> {
    const q = this.db('library_series as s')
      .where((w) => w.where('s.is_private', false).orWhere('s.author_id', viewer.userId))
      .select('s.*', this.db.raw(`(select count(*)::int from library_articles a where a.series_id = s.id and (${visibleTo(viewer).sql})) as total_articles`, visibleTo(viewer).bindings))
      .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }]);
    filters(q);
    return ((await q) as SeriesRow[]).map((r) => toSeries(r, viewer));
  }

  list(viewer: Actor, language: LearningLanguage) {
    return this.find(viewer, (q) => q.where('s.language', language));
  }

  mine(viewer: Actor, language: LearningLanguage | undefined) {
    return this.find(viewer, (q) => {
      q.where('s.author_id', viewer.userId);
      if (language) q.where('s.language', language);
    });
  }

  async get(viewer: Actor, id: string): Promise<Series> {
    const [series] = await this.find(viewer, (q) => q.where('s.id', id));
    if (!series) throw new DomainError(M.seriesNotFound, 404);
    return series;
  }

  async details(viewer: Actor, id: string): Promise<{ series: Series; articles: ArticleSummary[] }> {
    const series = await this.get(viewer, id);
    const { rows } = await queryArticles(this.db, viewer, {
      where: [{ sql: 'a.series_id = ?', bindings: [id] }, visibleTo(viewer)],
      sort: 'oldest',
      limit: 1000,
      offset: 0,
    });
    return { series, articles: rows.map((r) => toSummary(r, viewer)) };
  }
}
