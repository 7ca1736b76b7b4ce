import { EventCodec, readEventData } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { ArticleRead, BookmarkSet, ReadingProgressRecorded } from '../events';
import { UserDeleted } from '../../identity/published';

const handled = [BookmarkSet, ReadingProgressRecorded, ArticleRead];
const codec = new EventCodec(handled);

/** Each reader's bookmarks, reading progress and last read articles. */
export const readingProjection: Projection = {
  name: 'library-reading',
  version: 1,
  tables: ['library_bookmarks', 'library_progress', 'library_last_reads'],
  eventTypes: [...handled.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('library_bookmarks'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('article_id').notNullable();
      tb.integer('page_number').notNullable();
      tb.integer('total_pages').notNullable();
      tb.primary(['user_id', 'article_id']);
    });
    await trx.schema.createTable(t('library_progress'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('article_id').notNullable();
      tb.text('language').notNullable();
      tb.integer('progress').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'article_id']);
      tb.index(['user_id', 'language']);
    });
    await trx.schema.createTable(t('library_last_reads'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('article_id').notNullable();
      tb.text('language').notNullable();
      tb.timestamp('read_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'article_id']);
      tb.index(['user_id', 'language', 'read_at']);
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        const { userId } = readEventData(UserDeleted, recorded);
        for (const table of this.tables) await trx(t(table)).where({ user_id: userId }).delete();
        continue;
      }
      const e = codec.decode(recorded);
      const key = { user_id: e.data.userId, article_id: e.data.articleId };
      if (e.type === 'library.BookmarkSet') {
        await trx(t('library_bookmarks'))
          .insert({ ...key, page_number: e.data.pageNumber, total_pages: e.data.totalPages })
          .onConflict(['user_id', 'article_id'])
          .merge();
      } else if (e.type === 'library.ReadingProgressRecorded') {
        await trx(t('library_progress'))
          .insert({ ...key, language: e.data.language, progress: e.data.progress, updated_at: e.data.at })
          .onConflict(['user_id', 'article_id'])
          .merge();
      } else {
        await trx(t('library_last_reads'))
          .insert({ ...key, language: e.data.language, read_at: e.data.at })
          .onConflict(['user_id', 'article_id'])
          .merge();
      }
    }
  },
};
