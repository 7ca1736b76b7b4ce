import type { Projection } from '../../../platform/projections/projection';
import { readEventData } from '../../../platform/decider/events';
import { ChapterAdded, ChapterRemoved, ChapterWritten, LessonRemoved } from '../../learning/published';

const IMAGE_ID = /^\/api\/images\/([0-9a-f]{64})\./;

/** Where each image is used (course chapters), so the image manager refuses to delete one in use, saying where. */
export const imageUsageProjection: Projection = {
  name: 'content-image-usage',
  version: 1,
  tables: ['content_image_usage'],
  eventTypes: [ChapterAdded.type, ChapterWritten.type, ChapterRemoved.type, LessonRemoved.type],
  async setup(trx, t) {
    // One row per chapter: the lesson (to follow a lesson's removal) and the image it shows, if any.
    await trx.schema.createTable(t('content_image_usage'), (tb) => {
      tb.uuid('chapter_id').primary();
      tb.uuid('lesson_id');
      tb.text('image_id');
      tb.text('title');
      tb.index(['image_id']);
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      switch (recorded.type) {
        case ChapterAdded.type: {
          const d = readEventData(ChapterAdded, recorded);
          await trx(t('content_image_usage')).insert({ chapter_id: d.chapterId, lesson_id: d.lessonId }).onConflict('chapter_id').merge(['lesson_id']);
          break;
        }
        case ChapterWritten.type: {
          const d = readEventData(ChapterWritten, recorded);
          const row = { image_id: IMAGE_ID.exec(d.imageUrl ?? '')?.[1] ?? null, title: d.title };
          await trx(t('content_image_usage')).insert({ chapter_id: d.chapterId, ...row }).onConflict('chapter_id').merge(Object.keys(row));
          break;
        }
        case ChapterRemoved.type:
          await trx(t('content_image_usage')).where({ chapter_id: readEventData(ChapterRemoved, recorded).chapterId }).delete();
          break;
        case LessonRemoved.type:
          await trx(t('content_image_usage')).where({ lesson_id: readEventData(LessonRemoved, recorded).lessonId }).delete();
          break;
      }
    }
  },
};
