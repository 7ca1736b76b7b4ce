import type { Projection } from '../../../platform/projections/projection';
import { readEventData } from '../../../platform/decider/events';
import { openSealed } from '../../../platform/personal-data/keys';
import { UserDeleted } from '../../identity/published';
import { ChapterAdded, ChapterRemoved, ChapterWritten, LessonRemoved } from '../../learning/published';
import { ARTICLE_SEALED_FIELDS, ArticleDeleted, ArticlePublished, ArticleUpdated } from '../../library/published';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { AnnouncementDeleted, AnnouncementPublished, AnnouncementRevised, type ContentEvent } from '../events';

/** The image's id in a URL from the image manager, relative or absolute (a copied URL is absolute). */
const IMAGE_ID = /^(?:https?:\/\/[^/]+)?\/api\/images\/([0-9a-f]{64})\./;
const imageIdOf = (url: string | null | undefined) => IMAGE_ID.exec(url ?? '')?.[1] ?? null;
const TITLE_MAX = 60;

/** An announcement is named by its first text (a heading or paragraph), shortened. */
function announcementTitle(blocks: Extract<ContentEvent, { type: 'content.AnnouncementPublished' }>['data']['blocks']): string {
  const first = blocks.find((b) => b.type !== 'image');
  const text = first && 'text' in first.data ? first.data.text : 'Announcement';
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
}

/**
 * Where each image is used (course chapters' images, library articles' previews, announcements' image
 * blocks: one row per announcement and image), so the image manager
 * refuses to delete one in use, saying where. An article's title and preview are its author's words:
 * opened with their key here, and their rows go when the author's account is deleted.
 */
export const imageUsageProjection: Projection = {
  name: 'content-image-usage',
  version: 3,
  tables: ['content_image_usage'],
  eventTypes: [
    ChapterAdded.type,
    ChapterWritten.type,
    ChapterRemoved.type,
    LessonRemoved.type,
    ArticlePublished.type,
    ArticleUpdated.type,
    ArticleDeleted.type,
    UserDeleted.type,
    AnnouncementPublished.type,
    AnnouncementRevised.type,
    AnnouncementDeleted.type,
  ],
  async setup(trx, t) {
    // One row per chapter or article: what it is, its parent or author (to follow a removal) and its image.
    await trx.schema.createTable(t('content_image_usage'), (tb) => {
      tb.uuid('use_id').primary();
      tb.text('kind').notNullable();
      tb.uuid('lesson_id');
      tb.uuid('author_id');
      tb.uuid('announcement_id');
      tb.text('image_id');
      tb.text('title');
      tb.index(['image_id']);
      tb.index(['author_id']);
      tb.index(['announcement_id']);
    });
  },
  async apply(events, { trx, t }) {
    const table = () => trx(t('content_image_usage'));
    for (const recorded of events) {
      switch (recorded.type) {
        case ChapterAdded.type: {
          const d = readEventData(ChapterAdded, recorded);
          await table().insert({ use_id: d.chapterId, kind: 'chapter', lesson_id: d.lessonId }).onConflict('use_id').merge(['lesson_id']);
          break;
        }
        case ChapterWritten.type: {
          const d = readEventData(ChapterWritten, recorded);
          const row = { image_id: imageIdOf(d.imageUrl), title: d.title };
          await table()
            .insert({ use_id: d.chapterId, kind: 'chapter', ...row })
            .onConflict('use_id')
            .merge(Object.keys(row));
          break;
        }
        case ChapterRemoved.type:
          await table()
            .where({ use_id: readEventData(ChapterRemoved, recorded).chapterId })
            .delete();
          break;
        case LessonRemoved.type:
          await table()
            .where({ lesson_id: readEventData(LessonRemoved, recorded).lessonId })
            .delete();
          break;
        case ArticlePublished.type:
        case ArticleUpdated.type: {
          const sealed = readEventData(recorded.type === ArticlePublished.type ? ArticlePublished : ArticleUpdated, recorded);
          // An erased author's fields open empty: the row then names no image.
          const d = await openSealed(trx, sealed, ARTICLE_SEALED_FIELDS);
          const row = { kind: 'article', image_id: imageIdOf(d.previewImgSrc), title: d.name, author_id: sealed.sealedFor ?? null };
          await table()
            .insert({ use_id: sealed.articleId, ...row })
            .onConflict('use_id')
            .merge(Object.keys(row));
          break;
        }
        case ArticleDeleted.type:
          await table()
            .where({ use_id: readEventData(ArticleDeleted, recorded).articleId })
            .delete();
          break;
        case AnnouncementPublished.type:
        case AnnouncementRevised.type: {
          const d = readEventData(recorded.type === AnnouncementPublished.type ? AnnouncementPublished : AnnouncementRevised, recorded);
          await table().where({ announcement_id: d.announcementId }).delete();
          const images = new Set(
            d.blocks.flatMap((b) => (b.type === 'image' ? [imageIdOf(b.data.url)] : [])).filter((id): id is string => id !== null),
          );
          const title = announcementTitle(d.blocks);
          for (const image of images) {
            await table().insert({
              use_id: eventIdFor(d.announcementId, `image:${image}`),
              kind: 'announcement',
              announcement_id: d.announcementId,
              image_id: image,
              title,
            });
          }
          break;
        }
        case AnnouncementDeleted.type:
          await table()
            .where({ announcement_id: readEventData(AnnouncementDeleted, recorded).announcementId })
            .delete();
          break;
        case UserDeleted.type:
          await table()
            .where({ author_id: readEventData(UserDeleted, recorded).userId })
            .delete();
          break;
      }
    }
  },
};
