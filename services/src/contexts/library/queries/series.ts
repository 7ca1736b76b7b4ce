import type { Knex } from 'knex';
import { LIBRARY_MESSAGES as M, type ArticleSummary, type LearningLanguage, type Series } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import type { People } from '../../../platform/module';
import type { Actor } from '../deciders/article-decider';
import { queryArticles, toSummary, visibleTo } from './article-sql';
import { givenAuthorName, withAuthorNames } from './author-names';

export interface SeriesRow {
  id: string;
  language: LearningLanguage;
  title: string;
  description: string;
  preview_img_src: string | null;
  /** null for Verba's own series. */
  author_id: string | null;
  author_display_name: string;
  is_private: boolean;
  created_at: Date;
  total_articles: number;
}

export const toSeries = (r: SeriesRow, viewer: Actor): Series => ({
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

/** Series as a viewer may see them, with the articles in each. */
export class SeriesQueries {
  constructor(
    private readonly db: Knex,
    /** Identity's display names, for series and articles whose learner-author gave no author name. */
    private readonly people: People,
  ) {}

  /** What to store of an author name a learner's form sent (none for their own display name). */
  givenAuthorName(authorId: string | null, name: string): Promise<string> {
    return givenAuthorName(this.people, authorId, name);
  }

  /** Who wrote the series (never changes; null for Verba's own), undefined if it does not exist. */
  async authorOf(id: string): Promise<string | null | undefined> {
    const row = await this.db('library_series').where({ id }).first('author_id');
    return row?.author_id as string | null | undefined;
  }

  private async find(viewer: Actor, filters: (q: Knex.QueryBuilder) => void): Promise<Series[]> {
    const q = this.db('library_series as s')
      .where((w) => w.where('s.is_private', false).orWhere('s.author_id', viewer.userId))
      .select(
        's.*',
        this.db.raw(
          `(select count(*)::int from library_articles a where a.series_id = s.id and (${visibleTo(viewer).sql})) as total_articles`,
          visibleTo(viewer).bindings,
        ),
      )
      .orderBy([{ column: 's.created_at', order: 'desc' }, { column: 's.id' }]);
    filters(q);
    return (await withAuthorNames(this.people, (await q) as SeriesRow[])).map((r) => toSeries(r, viewer));
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
    return { series, articles: (await withAuthorNames(this.people, rows)).map((r) => toSummary(r, viewer)) };
  }
}
