import { gapsOf, sumsOf, type TableDeclaration } from '../../../platform/projections/declare';

const counts = { reads: 'integer', chapters: 'integer', reviews: 'integer', words: 'integer', seconds: 'integer' } as const;
/** The reader's page times (issue 39.6): seconds of active reading, pages read and the words on them. */
const reading = { read_seconds: 'integer', pages: 'integer', words_read: 'integer' } as const;

/**
 * The analytics read model's tables (logical names; each generation and as-of copy has its own), and the
 * per-day rollups the platform keeps from them for the language analytics over a range (the dashboard
 * query): sums per language and day, and distinct members (active users, articles read, chapters
 * completed) summarised by gap (declaration.ts's gapsOf), about 30 days x a few dozen gaps a language
 * instead of every activity row of the range.
 */
export const ANALYTICS_TABLES = {
  // One row per account: registration day, current learning language, Master or not (null: never said).
  analytics_users: {
    key: ['user_id'],
    columns: { user_id: 'uuid', registered_day: 'date?', current_language: 'text?', premium: 'boolean?' },
  },
  // A user joins a language the first day they choose it or do anything in it.
  analytics_user_languages: {
    key: ['user_id', 'language'],
    columns: { user_id: 'uuid', language: 'text', joined_day: 'date' },
    indexes: [['language', 'joined_day']],
  },
  // Per user, language and UTC day: what they did. A row means the user was active that day. Admin figures
  // (site-wide per-day rollups below) count UTC days; a learner's own figures read analytics_learner_times.
  analytics_activity: {
    key: ['user_id', 'language', 'day'],
    columns: { user_id: 'uuid', language: 'text', day: 'date', ...counts },
    indexes: [['language', 'day']],
  },
  // Per user, language and quarter hour (UTC, since 1970: contracts' quarterHourOf): the same counts, summed
  // into the learner's own days in their time zone where the dashboard and flashcards analytics read them.
  analytics_learner_times: {
    key: ['user_id', 'language', 'quarter_hour'],
    columns: { user_id: 'uuid', language: 'text', quarter_hour: 'integer', ...counts, ...reading },
  },
  // Per user and text (issue 39.6): the words on the pages read, those pages and their seconds (words a minute);
  // pages turned faster than one can read count none (contracts' pageCountsAsRead).
  analytics_texts: {
    key: ['user_id', 'article_id', 'language'],
    columns: { user_id: 'uuid', article_id: 'uuid', language: 'text', words_read: 'integer', pages: 'integer', read_seconds: 'integer' },
  },
  analytics_words: {
    key: ['user_id', 'language', 'word'],
    columns: { user_id: 'uuid', language: 'text', word: 'text', status: 'text' },
  },
  // The cards a learner holds, with where each one's FSRS schedule stands (state, scheduled reviews, lapses).
  analytics_cards: {
    key: ['user_id', 'card_id'],
    columns: { user_id: 'uuid', card_id: 'uuid', language: 'text', state: 'text', reps: 'integer', lapses: 'integer' },
  },
  // Anonymous per-day counts of what was read and completed, for the distinct articles and chapters.
  analytics_articles: {
    key: ['language', 'day', 'article_id'],
    columns: { language: 'text', day: 'date', article_id: 'uuid', reads: 'integer' },
    indexes: [['article_id', 'language', 'day']], // an article's days, for its gap rollup
  },
  analytics_chapters: {
    key: ['language', 'day', 'chapter_id'],
    columns: { language: 'text', day: 'date', chapter_id: 'uuid', completions: 'integer' },
    indexes: [['chapter_id', 'language', 'day']],
  },
  analytics_language_days: sumsOf('analytics_activity', {
    by: { language: 'text', day: 'date' },
    sums: { reads: 'integer', chapters: 'integer', seconds: 'bigint' },
  }),
  analytics_active_gaps: gapsOf('analytics_activity', { member: 'user_id', by: { language: 'text' }, day: 'day' }),
  analytics_article_gaps: gapsOf('analytics_articles', { member: 'article_id', by: { language: 'text' }, day: 'day' }),
  analytics_chapter_gaps: gapsOf('analytics_chapters', { member: 'chapter_id', by: { language: 'text' }, day: 'day' }),
} satisfies Record<string, TableDeclaration>;

export type AnalyticsTable = keyof typeof ANALYTICS_TABLES;
