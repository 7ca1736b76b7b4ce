import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { ArticleRead, BookmarkSet, ReadingProgressRecorded } from '../events';
import { UserDeleted } from '../../identity/published';

/** Each reader's bookmarks, reading progress and last read articles. */
export const readingProjection = defineProjection({
  name: 'library-reading',
  version: 1,
  tables: {
    library_bookmarks: {
      key: ['user_id', 'article_id'],
      columns: { user_id: 'uuid', article_id: 'uuid', page_number: 'integer', total_pages: 'integer' },
    },
    library_progress: {
      key: ['user_id', 'article_id'],
      columns: { user_id: 'uuid', article_id: 'uuid', language: 'text', progress: 'integer', updated_at: 'timestamptz' },
      indexes: [['user_id', 'language']],
    },
    library_last_reads: {
      key: ['user_id', 'article_id'],
      columns: { user_id: 'uuid', article_id: 'uuid', language: 'text', read_at: 'timestamptz' },
      indexes: [['user_id', 'language', 'read_at']],
    },
  },
  on: [
    when(BookmarkSet, (e) => [
      upsert('library_bookmarks', { user_id: e.userId, article_id: e.articleId, page_number: e.pageNumber, total_pages: e.totalPages }),
    ]),
    when(ReadingProgressRecorded, (e) => [
      upsert('library_progress', {
        user_id: e.userId,
        article_id: e.articleId,
        language: e.language,
        progress: e.progress,
        updated_at: e.at,
      }),
    ]),
    when(ArticleRead, (e) => [
      upsert('library_last_reads', { user_id: e.userId, article_id: e.articleId, language: e.language, read_at: e.at }),
    ]),
    when(UserDeleted, ({ userId }) => [
      remove('library_bookmarks', { user_id: userId }),
      remove('library_progress', { user_id: userId }),
      remove('library_last_reads', { user_id: userId }),
    ]),
  ],
});
