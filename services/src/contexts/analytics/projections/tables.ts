import type { Knex } from 'knex';
import type { TableNames } from '../../../platform/projections/projection';
import { ROLLUP_TABLES, createRollupTables } from './rollups';

/** The analytics read model's tables (logical names; each generation and as-of copy has its own). */
export const ANALYTICS_TABLES = [
  'analytics_users',
  'analytics_user_languages',
  'analytics_activity',
  'analytics_words',
  'analytics_cards',
  'analytics_articles',
  'analytics_chapters',
  ...ROLLUP_TABLES,
] as const;

export async function createAnalyticsTables(trx: Knex.Transaction, t: TableNames): Promise<void> {
  // One row per account: registration day, current learning language, Master or not.
  await trx.schema.createTable(t('analytics_users'), (tb) => {
    tb.uuid('user_id').primary();
    tb.date('registered_day');
    tb.text('current_language');
    tb.boolean('premium').notNullable().defaultTo(false);
  });
  // A user joins a language the first day they choose it or do anything in it.
  await trx.schema.createTable(t('analytics_user_languages'), (tb) => {
    tb.uuid('user_id').notNullable();
    tb.text('language').notNullable();
    tb.date('joined_day').notNullable();
    tb.primary(['user_id', 'language']);
    tb.index(['language', 'joined_day']);
  });
  // Per user, language and UTC day: what they did. A row means the user was active that day.
  await trx.schema.createTable(t('analytics_activity'), (tb) => {
    tb.uuid('user_id').notNullable();
    tb.text('language').notNullable();
    tb.date('day').notNullable();
    tb.integer('reads').notNullable().defaultTo(0);
    tb.integer('chapters').notNullable().defaultTo(0);
    tb.integer('reviews').notNullable().defaultTo(0);
    tb.integer('words').notNullable().defaultTo(0);
    tb.integer('seconds').notNullable().defaultTo(0);
    tb.primary(['user_id', 'language', 'day']);
    tb.index(['language', 'day']);
  });
  await trx.schema.createTable(t('analytics_words'), (tb) => {
    tb.uuid('user_id').notNullable();
    tb.text('language').notNullable();
    tb.text('word').notNullable();
    tb.text('status').notNullable();
    tb.primary(['user_id', 'language', 'word']);
  });
  // The cards a learner holds, with where each one's FSRS schedule stands (state, scheduled reviews, lapses).
  await trx.schema.createTable(t('analytics_cards'), (tb) => {
    tb.uuid('user_id').notNullable();
    tb.uuid('card_id').notNullable();
    tb.text('language').notNullable();
    tb.text('state').notNullable();
    tb.integer('reps').notNullable();
    tb.integer('lapses').notNullable();
    tb.primary(['user_id', 'card_id']);
  });
  // Anonymous per-day counts of what was read and completed, for the distinct articles and chapters.
  await trx.schema.createTable(t('analytics_articles'), (tb) => {
    tb.text('language').notNullable();
    tb.date('day').notNullable();
    tb.uuid('article_id').notNullable();
    tb.integer('reads').notNullable();
    tb.primary(['language', 'day', 'article_id']);
    tb.index(['article_id', 'language', 'day']); // an article's days, for its gap rollup
  });
  await trx.schema.createTable(t('analytics_chapters'), (tb) => {
    tb.text('language').notNullable();
    tb.date('day').notNullable();
    tb.uuid('chapter_id').notNullable();
    tb.integer('completions').notNullable();
    tb.primary(['language', 'day', 'chapter_id']);
    tb.index(['chapter_id', 'language', 'day']);
  });
  await createRollupTables(trx, t);
}
