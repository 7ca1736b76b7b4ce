import { splitWords } from '@verba/contracts';
import { EventCodec } from '../../platform/decider/events';
import type { Projection } from '../../platform/projections/projection';
import { libraryEvents } from './events';

const codec = new EventCodec([...libraryEvents]);

/** The library's articles; word counts are computed once, here, not per request. */
export const articlesProjection: Projection = {
  name: 'library-articles',
  version: 1,
  tables: ['library_articles'],
  eventTypes: libraryEvents.map((e) => e.type),
  async setup(trx, t) {
    await trx.schema.createTable(t('library_articles'), (tb) => {
      tb.uuid('id').primary();
      tb.text('language').notNullable();
      tb.text('name').notNullable();
      tb.text('category').notNullable();
      tb.text('level').notNullable();
      tb.integer('total_words').notNullable();
      tb.text('content').notNullable();
      tb.text('author_display_name').notNullable();
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.index(['language', 'created_at']);
    });
  },
  async apply(events, { trx, t }) {
    const rows = events.map((recorded) => {
      const { data } = codec.decode(recorded);
      return {
        id: data.articleId,
        language: data.languageCode,
        name: data.name,
        category: data.category,
        level: data.level,
        total_words: splitWords(data.content).length,
        content: data.content,
        author_display_name: data.authorDisplayName,
        created_at: data.at,
      };
    });
    await trx(t('library_articles')).insert(rows).onConflict('id').ignore();
  },
};
