import type { Knex } from 'knex';
import {
  DIFFICULTY_LABELS,
  type AdminArticleSort,
  type Article,
  type ArticleSummary,
  type DifficultyLabel,
  type ListArticlesQuery,
} from '@verba/contracts';
import type { Actor } from '../deciders/article-decider';
import { countedTotalSql, labelAt, labelIndexSql, wordCountsSql } from './difficulty-sql';

/** A piece of SQL and its bindings, in order. */
export interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}
const sql = (text: string, ...bindings: Knex.RawBinding[]): Sql => ({ sql: text, bindings });
const and = (parts: Sql[]): Sql => ({
  sql: parts.map((p) => `(${p.sql})`).join(' and ') || 'true',
  bindings: parts.flatMap((p) => p.bindings),
});

/** The library page's orders and the admin list's (which adds `reads`). */
export type Sort = ListArticlesQuery['sort'] | AdminArticleSort;

const ORDER: Record<Sort, (t: string) => string> = {
  newest: (t) => `${t}.created_at desc, ${t}.name, ${t}.id`,
  oldest: (t) => `${t}.created_at, ${t}.name, ${t}.id`,
  name: (t) => `lower(${t}.name), ${t}.id`,
  rating: (t) => `${t}.average_rating desc, ${t}.ratings desc, ${t}.created_at desc, ${t}.id`,
  reads: (t) => `${t}.total_reads desc, ${t}.created_at desc, ${t}.id`,
  // Easiest label first; inside a label the larger known share (of the words counted: not the Ignored ones) first.
  difficulty: (t) => `${t}.label_index, ${t}.known::float8 / greatest(${t}.counted_words, 1) desc, ${t}.created_at desc, ${t}.id`,
};

const SUMMARY = `a.id, a.language, a.name, a.category, a.level, a.total_words, a.author_id, a.author_display_name, a.created_at,
  a.average_rating, a.ratings, a.total_reads, a.preview_img_src, a.is_private, a.need_approve, a.is_premium_only, a.series_id`;
const DETAIL = `${SUMMARY}, a.content, a.content_format, a.translation, a.decline_reason, a.flagged, a.cues`;

export interface ArticleRow {
  id: string;
  language: Article['languageCode'];
  name: string;
  category: Article['category'];
  level: Article['generalDifficulty'];
  total_words: number;
  author_id: string | null;
  author_display_name: string;
  created_at: Date;
  average_rating: number;
  ratings: number;
  total_reads: number;
  preview_img_src: string | null;
  is_private: boolean;
  need_approve: boolean;
  is_premium_only: boolean;
  series_id: string | null;
  series_title: string | null;
  label_index: number;
  /** The label is an estimate from the reader's level (few marked words yet). */
  estimated: boolean;
  total: number;
  content?: string;
  content_format?: Article['contentFormat'];
  translation?: string;
  decline_reason?: string | null;
  flagged?: boolean;
  cues?: { start: number; end: number }[] | null;
}

export function toSummary(r: ArticleRow, viewer: Actor): ArticleSummary {
  return {
    id: r.id,
    name: r.name,
    languageCode: r.language,
    category: r.category,
    generalDifficulty: r.level,
    totalWords: r.total_words,
    authorDisplayName: r.author_display_name,
    creationDate: new Date(r.created_at).getTime(),
    averageRating: Number(r.average_rating),
    ratings: r.ratings,
    totalReads: r.total_reads,
    previewImgSrc: r.preview_img_src,
    isPrivate: r.is_private,
    needApprove: r.need_approve,
    isPremiumOnly: r.is_premium_only,
    seriesId: r.series_title === null ? null : r.series_id, // a series the viewer cannot see is not named
    seriesTitle: r.series_title,
    isAuthor: r.author_id === viewer.userId,
    difficulty: labelAt(r.label_index),
    difficultyEstimated: r.estimated,
  };
}

export function toArticle(r: ArticleRow, viewer: Actor): Article {
  const own = r.author_id === viewer.userId || viewer.isAdmin;
  return {
    ...toSummary(r, viewer),
    content: r.content!,
    contentFormat: r.content_format!,
    translation: r.translation!,
    declineReason: own ? (r.decline_reason ?? null) : null,
    flagged: r.flagged ?? false,
    ...cuesOf(r),
  };
}

/** An imported subtitle's timings, while they still fit the text: one per paragraph (an edit may have changed them). */
function cuesOf(r: ArticleRow): Pick<Article, 'cues'> {
  if (!r.cues?.length || r.content_format !== 'text') return {};
  return r.content!.split(/\n\n+/).length === r.cues.length ? { cues: r.cues } : {};
}

/** Public approved articles, and the viewer's own in any state (admins: everything when asked). */
export function visibleTo(viewer: Actor, everything = false): Sql {
  return everything && viewer.isAdmin
    ? sql('true')
    : sql('(a.is_private = false and a.need_approve = false) or a.author_id = ?', viewer.userId);
}

export interface ArticleQuery {
  where: Sql[];
  sort: Sort;
  difficulty?: DifficultyLabel;
  limit: number;
  offset: number;
  detail?: boolean;
  /**
   * The admin pages' view: every series named, and labels for no reader in particular (as for one who knows
   * none of the words): the rows depend on the read model alone, so admin reads can be cached for every admin.
   */
  adminView?: boolean;
}

/** The word counts of nobody: every article unlabelled by a reader's words. */
const NO_COUNTS = {
  sql: 'select null::uuid as article_id, 0 as known, 0 as uncertain, 0 as ignored, false as estimated where false',
  bindings: [],
};

/**
 * Articles labelled for the viewer in ONE query: filters, then the page, then the labels of that page's
 * articles (their word sets joined with the viewer's words). When the label filters or sorts, every
 * matching article is labelled before paging.
 */
export async function queryArticles(db: Knex, viewer: Actor, q: ArticleQuery): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = and(q.where);
  const columns = q.detail ? DETAIL : SUMMARY;
  const label = (t: string) => labelIndexSql(countedTotalSql(t), 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)');
  // A scalar subquery, not a join: the series a viewer may see, by primary key.
  const seriesTitle = `(select s.title from library_series s where s.id = p.series_id and ${q.adminView ? 'true' : '(s.is_private = false or s.author_id = ?)'}) as series_title`;
  const seriesBindings = q.adminView ? [] : [viewer.userId];
  const labelsFirst = q.difficulty !== undefined || q.sort === 'difficulty';
  const counts = q.adminView ? NO_COUNTS : wordCountsSql(labelsFirst ? 'select id from base' : 'select id from page', viewer.userId);
  const text = labelsFirst
    ? `with base as (select ${columns} from library_articles a where ${where.sql}),
            counts as (${counts.sql}),
            labelled as (select x.*, coalesce(c.known, 0) as known, ${countedTotalSql('x')} as counted_words, ${label('x')} as label_index,
                                coalesce(c.estimated, false) as estimated
                          from base x left join counts c on c.article_id = x.id),
            matching as (select * from labelled ${q.difficulty ? 'where label_index = ?' : ''}),
            page as (select * from matching m order by ${ORDER[q.sort]('m')} limit ? offset ?)
       select p.*, ${seriesTitle}, (select count(*) from matching)::int as total
         from page p order by ${ORDER[q.sort]('p')}`
    : `with matching as (select ${columns} from library_articles a where ${where.sql}),
            page as (select * from matching m order by ${ORDER[q.sort]('m')} limit ? offset ?),
            counts as (${counts.sql})
       select p.*, ${label('p')} as label_index, coalesce(c.estimated, false) as estimated, ${seriesTitle}, (select count(*) from matching)::int as total
         from page p left join counts c on c.article_id = p.id order by ${ORDER[q.sort]('p')}`;
  const bindings = labelsFirst
    ? [
        ...where.bindings,
        ...counts.bindings,
        ...(q.difficulty ? [DIFFICULTY_LABELS.indexOf(q.difficulty)] : []),
        q.limit,
        q.offset,
        ...seriesBindings,
      ]
    : [...where.bindings, q.limit, q.offset, ...counts.bindings, ...seriesBindings];
  const rows = (await db.raw(text, bindings)).rows as ArticleRow[];
  if (rows.length || q.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the total: ask for the first one.
  const first = await queryArticles(db, viewer, { ...q, limit: 1, offset: 0 });
  return { rows, total: first.total };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The library page's filters (spec §7 GET articles). */
export function listFilters(viewer: Actor, q: ListArticlesQuery): Sql[] {
  const where = [sql('a.language = ?', q.languageCode), visibleTo(viewer)];
  if (q.scope === 'public') where.push(sql('a.is_private = false and a.need_approve = false'));
  if (q.scope === 'mine') where.push(sql('a.author_id = ?', viewer.userId));
  if (q.category) where.push(sql('a.category = ?', q.category));
  if (q.level) where.push(sql('a.level = ?', q.level));
  if (q.seriesId) where.push(sql('a.series_id = ?', q.seriesId));
  if (q.premium !== undefined) where.push(sql('a.is_premium_only = ?', q.premium));
  if (q.search) where.push(sql("a.name ilike '%' || ? || '%'", escapeLike(q.search)));
  return where;
}
