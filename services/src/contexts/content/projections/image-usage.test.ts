import { randomBytes } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { eventIdFor } from '../../../platform/decider/event-ids';
import { sealWith, USER_DATA_KEYS } from '../../../platform/personal-data/keys';
import { closeSpecDatabase, projectionSpec, specDatabase } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import { ChapterAdded, ChapterRemoved, ChapterWritten, LessonRemoved } from '../../learning/published';
import { ArticleDeleted, ArticlePublished, ArticleUpdated } from '../../library/published';
import { AnnouncementDeleted, AnnouncementPublished, AnnouncementRevised } from '../events';
import { imageUsageProjection } from './image-usage';

const course = 'c0000000-0000-4000-8000-000000000001';
const lesson = 'c1000000-0000-4000-8000-000000000001';
const otherLesson = 'c1000000-0000-4000-8000-000000000002';
const chapter = 'c2000000-0000-4000-8000-000000000001';
const otherChapter = 'c2000000-0000-4000-8000-000000000002';
const article = 'a0000000-0000-4000-8000-000000000001';
const banner = 'e0000000-0000-4000-8000-000000000001';
const admin = 'd0000000-0000-4000-8000-000000000001';
const at = '2026-03-01T10:00:00.000Z';
const image = (n: number) => String(n).repeat(64);
const url = (n: number) => `/api/images/${image(n)}.png`;

const added = (chapterId: string, lessonId: string) => ({
  type: ChapterAdded.type,
  data: { courseId: course, lessonId, chapterId, index: 0, visible: true, premium: false, at },
});
const written = (chapterId: string, title: string, imageUrl?: string) => ({
  type: ChapterWritten.type,
  data: { courseId: course, chapterId, title, text: 'Text', vocabulary: [], ...(imageUrl ? { imageUrl } : {}), at },
});
const chapterRow = (useId: string, lessonId: string | null, title: string | null, imageId: string | null) => ({
  use_id: useId,
  kind: 'chapter',
  lesson_id: lessonId,
  author_id: null,
  announcement_id: null,
  image_id: imageId,
  title,
});

const articleBody = (change: Record<string, unknown> = {}) => ({
  articleId: article,
  languageCode: 'de',
  name: 'Im Zug',
  category: 'Travel',
  level: 'A1',
  content: 'Text',
  contentFormat: 'text',
  translation: '',
  previewImgSrc: url(1),
  authorDisplayName: 'Ana',
  isPrivate: true,
  isPremiumOnly: false,
  seriesId: null,
  needApprove: false,
  at,
  ...change,
});
const articleRow = (change: Record<string, unknown> = {}) => ({
  use_id: article,
  kind: 'article',
  lesson_id: null,
  author_id: null,
  announcement_id: null,
  image_id: image(1),
  title: 'Im Zug',
  ...change,
});

const announcement = (type: string, blocks: unknown[]) => ({
  type,
  data: { announcementId: banner, visibleTo: 'all', blocks, dismissBehavior: 'persistent', active: true, by: admin, at },
});
const imageBlock = (n: number) => ({ type: 'image', data: { url: url(n), alt: '' } });
const bannerRow = (n: number, title: string) => ({
  use_id: eventIdFor(banner, `image:${image(n)}`),
  kind: 'announcement',
  lesson_id: null,
  author_id: null,
  announcement_id: banner,
  image_id: image(n),
  title,
});
const byUseId = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => (String(a.use_id) < String(b.use_id) ? -1 : 1));

/** An author with a data key in the spec database (or, erased, none), and their texts sealed with it. */
async function author(erased = false) {
  const userId = `b0000000-0000-4000-8000-${randomBytes(6).toString('hex')}`;
  const key = randomBytes(32);
  if (!erased) await (await specDatabase())(USER_DATA_KEYS).insert({ user_id: userId, data_key: key });
  return { userId, seal: (text: string) => sealWith(key, text) };
}

describe('content-image-usage', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(imageUsageProjection);

  it("keeps a chapter's lesson and its content's image, whichever lands first", async () => {
    await spec
      .given([written(chapter, 'Am Bahnhof', url(1)), added(otherChapter, lesson)])
      .when([added(chapter, lesson), written(otherChapter, 'Im Café')])
      .then({
        content_image_usage: [chapterRow(chapter, lesson, 'Am Bahnhof', image(1)), chapterRow(otherChapter, lesson, 'Im Café', null)],
      });
  });

  it("drops a removed chapter's row and a removed lesson's chapters", async () => {
    await spec
      .given([added(chapter, lesson), added(otherChapter, otherLesson), written(chapter, 'Am Bahnhof', url(1))])
      .when([
        { type: ChapterRemoved.type, data: { courseId: course, lessonId: lesson, chapterId: chapter, at } },
        { type: LessonRemoved.type, data: { courseId: course, lessonId: otherLesson, at } },
      ])
      .then({ content_image_usage: [] });
  });

  it("names an article's preview image and title, and a new preview replaces it; an absolute URL counts", async () => {
    await spec
      .given([{ type: ArticlePublished.type, data: { ...articleBody(), authorId: null } }])
      .when({ type: ArticleUpdated.type, data: articleBody({ name: 'Im Bus', previewImgSrc: `https://verba.example${url(2)}` }) })
      .then({ content_image_usage: [articleRow({ image_id: image(2), title: 'Im Bus' })] });
  });

  it("opens a sealed article's name and preview with its author's key, and drops the row when the author is deleted", async () => {
    const ana = await author();
    const sealed = { name: ana.seal('Im Zug'), previewImgSrc: ana.seal(url(1)), sealedFor: ana.userId };
    await spec
      .given([{ type: ArticlePublished.type, data: { ...articleBody(sealed), authorId: ana.userId } }])
      .when([])
      .then({ content_image_usage: [articleRow({ author_id: ana.userId })] });
    await spec
      .given([{ type: ArticlePublished.type, data: { ...articleBody(sealed), authorId: ana.userId } }])
      .when({ type: UserDeleted.type, data: { userId: ana.userId, at } })
      .then({ content_image_usage: [] });
  });

  it("names no image for an erased author's article (its fields open empty)", async () => {
    const ben = await author(true);
    const sealed = { name: ben.seal('Im Zug'), previewImgSrc: ben.seal(url(1)), sealedFor: ben.userId };
    await spec
      .given([])
      .when({ type: ArticleUpdated.type, data: articleBody(sealed) })
      .then({ content_image_usage: [articleRow({ author_id: ben.userId, image_id: null, title: '' })] });
  });

  it("drops a deleted article's row", async () => {
    await spec
      .given([{ type: ArticlePublished.type, data: { ...articleBody(), authorId: null } }])
      .when({ type: ArticleDeleted.type, data: { articleId: article, at } })
      .then({ content_image_usage: [] });
  });

  it('keeps one row per image of an announcement, replaced whole by a revision, named by its first text', async () => {
    const long = 'Ein sehr langer Titel, der weit über sechzig Zeichen hinausgeht und gekürzt wird';
    await spec
      .given([announcement(AnnouncementPublished.type, [imageBlock(1), { type: 'header', data: { text: 'Neu' } }, imageBlock(2)])])
      .when(
        announcement(AnnouncementRevised.type, [{ type: 'paragraph', data: { text: long } }, imageBlock(2), imageBlock(3), imageBlock(3)]),
      )
      .then({ content_image_usage: byUseId([bannerRow(2, `${long.slice(0, 59)}…`), bannerRow(3, `${long.slice(0, 59)}…`)]) });
  });

  it("drops a deleted announcement's rows", async () => {
    await spec
      .given([announcement(AnnouncementPublished.type, [imageBlock(1)])])
      .when({ type: AnnouncementDeleted.type, data: { announcementId: banner, by: admin, at } })
      .then({ content_image_usage: [] });
  });
});
