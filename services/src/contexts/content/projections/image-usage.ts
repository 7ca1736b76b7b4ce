import { eventIdFor } from '../../../platform/decider/event-ids';
import { defineProjection, insert, remove, upsert, when, type RowChange } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { ChapterAdded, ChapterRemoved, ChapterWritten, LessonRemoved } from '../../learning/published';
import { ArticleDeleted, ArticlePublished, ArticleUpdated } from '../../library/published';
import { AnnouncementDeleted, AnnouncementPublished, AnnouncementRevised, type ContentEvent } from '../events';

/** The image's id in a URL from the image manager, relative or absolute (a copied URL is absolute). */
const IMAGE_ID = /^(?:https?:\/\/[^/]+)?\/api\/images\/([0-9a-f]{64})\./;
const imageIdOf = (url: string | null | undefined) => IMAGE_ID.exec(url ?? '')?.[1] ?? null;
const TITLE_MAX = 60;

type AnnouncementBody = Extract<ContentEvent, { type: 'content.AnnouncementPublished' }>['data'];

/** An announcement is named by its first text (a heading or paragraph), shortened. */
function announcementTitle(blocks: AnnouncementBody['blocks']): string {
  const first = blocks.find((b) => b.type !== 'image');
  const text = first && 'text' in first.data ? first.data.text : 'Announcement';
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
}

const USAGE = 'content_image_usage';

/** An announcement's rows are replaced whole: one per distinct image of its image blocks. */
function announcementUses(d: AnnouncementBody): RowChange<typeof USAGE>[] {
  const images = new Set(d.blocks.flatMap((b) => (b.type === 'image' ? [imageIdOf(b.data.url)] : [])).filter((id) => id !== null));
  const title = announcementTitle(d.blocks);
  return [
    remove(USAGE, { announcement_id: d.announcementId }),
    ...[...images].map((image) =>
      insert(USAGE, {
        use_id: eventIdFor(d.announcementId, `image:${image}`),
        kind: 'announcement',
        announcement_id: d.announcementId,
        image_id: image,
        title,
      }),
    ),
  ];
}

/** An article's row: its preview and name are its author's words, opened with their key (an erased author's open empty: no image). */
const articleUse = (d: { articleId: string; name: string; previewImgSrc: string | null; sealedFor?: string | undefined }) => [
  upsert(USAGE, {
    use_id: d.articleId,
    kind: 'article',
    image_id: imageIdOf(d.previewImgSrc),
    title: d.name,
    author_id: d.sealedFor ?? null,
  }),
];
const ARTICLE_FIELDS = ['name', 'previewImgSrc'] as const;

/**
 * Where each image is used (course chapters' images, library articles' previews, announcements' image
 * blocks: one row per announcement and image), so the image manager refuses to delete one in use, saying
 * where. A row names its chapter's lesson, its article's author or its announcement, to follow their
 * removal; an author's rows go when their account is deleted.
 */
export const imageUsageProjection = defineProjection({
  name: 'content-image-usage',
  version: 3,
  tables: {
    [USAGE]: {
      key: ['use_id'],
      columns: {
        use_id: 'uuid',
        kind: 'text',
        lesson_id: 'uuid?',
        author_id: 'uuid?',
        announcement_id: 'uuid?',
        image_id: 'text?',
        title: 'text?',
      },
      indexes: [['image_id'], ['author_id'], ['announcement_id']],
    },
  },
  on: [
    // A chapter's slot and its content come from two streams: either may land first.
    when(ChapterAdded, (d) => [upsert(USAGE, { use_id: d.chapterId, kind: 'chapter', lesson_id: d.lessonId })]),
    when(ChapterWritten, (d) => [upsert(USAGE, { use_id: d.chapterId, kind: 'chapter', image_id: imageIdOf(d.imageUrl), title: d.title })]),
    when(ChapterRemoved, (d) => [remove(USAGE, { use_id: d.chapterId })]),
    when(LessonRemoved, (d) => [remove(USAGE, { lesson_id: d.lessonId })]),
    when(ArticlePublished, articleUse, { sealed: ARTICLE_FIELDS }),
    when(ArticleUpdated, articleUse, { sealed: ARTICLE_FIELDS }),
    when(ArticleDeleted, (d) => [remove(USAGE, { use_id: d.articleId })]),
    when(AnnouncementPublished, announcementUses),
    when(AnnouncementRevised, announcementUses),
    when(AnnouncementDeleted, (d) => [remove(USAGE, { announcement_id: d.announcementId })]),
    when(UserDeleted, (d) => [remove(USAGE, { author_id: d.userId })]),
  ],
});
