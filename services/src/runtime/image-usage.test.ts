import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { multipart } from '../../test-support/platform/multipart';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { demo } from '../../test-support/contexts/learning/app';
import { LearningCommands } from '../contexts/learning/commands';
import { seedDemoCourses } from '../contexts/learning/seed';
import { contentModule } from '../contexts/content/module';
import { learningModule } from '../contexts/learning/module';
import { libraryModule } from '../contexts/library/module';

const database = await preferredTestDatabase();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 5)]);

/**
 * Issue 16 across contexts: a chapter shows an image from the image manager, or an article uses it as its
 * preview; the image manager then refuses to delete it, saying where.
 */
describe(`images used by chapters and article previews on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, learningModule, libraryModule, contentModule]);
    await seedDemoCourses(new LearningCommands(t.deps.store));
    await t.caughtUp();
    admin = t.agent().setCookies(testUserCookies(randomUUID(), 'Admin', 'free'));
  });
  afterAll(async () => t?.close());

  it('shows the image in the chapter, refuses to delete it while used (naming the chapter), deletes it once unused', async () => {
    const image = (
      await admin.request({
        method: 'POST',
        url: '/api/admin/images',
        ...multipart([{ filename: 'see.png', type: 'image/png', bytes: PNG }]),
      })
    ).json().image;
    const de = demo('de');
    const chapterId = de.chapterIds[0]![1]!;
    const edit = (imageUrl: string | null) =>
      admin.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}`, payload: { imageUrl } });

    // A full URL copied from the image manager is taken as its path.
    const used = await edit(`http://127.0.0.1:3000${image.url}`);
    expect(used.statusCode, used.body).toBe(200);
    const learner = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'free'));
    const chapter = (await learner.request({ method: 'GET', url: `/api/courses/${chapterId}?minPosition=${used.json().position}` })).json();
    expect(chapter.imageUrl).toBe(image.url);

    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${used.json().position}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEDIA_MESSAGES.inUse([{ kind: 'chapter', title: 'Meine Familie' }]));
    expect((await t.agent().request({ method: 'GET', url: image.url })).statusCode).toBe(200);

    expect((await edit('/api/images/not-an-image.png')).json().message).toBe(
      'Use an image URL from the image manager (it looks like /api/images/….png).',
    );
    const unused = await edit(null);
    expect(unused.json().changed).toBe(1);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${unused.json().position}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.agent().request({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });

  it('refuses to delete an article’s preview image, naming the article (its author’s sealed title opened), until the article is gone', async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('preview')]);
    const image = (
      await admin.request({
        method: 'POST',
        url: '/api/admin/images?kind=preview',
        ...multipart([{ filename: 'vorschau.png', type: 'image/png', bytes }]),
      })
    ).json().image;
    const author = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'free'));
    const created = await author.request({
      method: 'POST',
      url: '/api/articles/create',
      payload: {
        languageCode: 'de',
        name: 'Mein Garten',
        category: 'Travel',
        generalDifficulty: 'A2',
        content: 'Im Garten blühen Rosen.',
        isPrivate: true,
        previewImgSrc: `https://verba.example${image.url}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const articleId = created.json().article.id as string;
    await t.caughtUp();

    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This image is used by the article “Mein Garten”. Remove it there first.');

    expect(
      (await author.request({ method: 'DELETE', url: `/api/articles/private/delete?articleId=${articleId}` })).statusCode,
    ).toBeLessThan(300);
    await t.caughtUp();
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}` })).statusCode).toBe(200);
  });

  it("refuses to delete an announcement's image, naming the announcement, until a revision drops it", async () => {
    const bytes = Buffer.concat([PNG, Buffer.from('banner')]);
    const image = (
      await admin.request({
        method: 'POST',
        url: '/api/admin/images',
        ...multipart([{ filename: 'banner.png', type: 'image/png', bytes }]),
      })
    ).json().image;
    const banner = (blocks: unknown[]) => ({ visibleTo: 'free', content: { blocks }, dismissBehavior: 'temporary' });
    const heading = { type: 'header', data: { text: 'Frühlingsangebot' } };
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/announcements',
      payload: banner([heading, { type: 'image', data: { url: image.url, alt: 'Blumen' } }]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, position } = created.json();
    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${position}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This image is used by the announcement “Frühlingsangebot”. Remove it there first.');

    const revised = await admin.request({ method: 'PUT', url: `/api/admin/announcements/${id}`, payload: banner([heading]) });
    expect(revised.statusCode, revised.body).toBe(200);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${revised.json().position}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('names chapters, articles and announcements together', () => {
    expect(
      MEDIA_MESSAGES.inUse([
        { kind: 'chapter', title: 'Am See' },
        { kind: 'article', title: 'Mein Garten' },
        { kind: 'announcement', title: 'Neu' },
      ]),
    ).toBe('This image is used by the chapter “Am See”, the article “Mein Garten” and the announcement “Neu”. Remove it there first.');
  });

  it('names chapters and articles together', () => {
    expect(
      MEDIA_MESSAGES.inUse([
        { kind: 'chapter', title: 'Am See' },
        { kind: 'chapter', title: 'Im Park' },
        { kind: 'article', title: 'Mein Garten' },
      ]),
    ).toBe('This image is used by the chapters “Am See”, “Im Park” and the article “Mein Garten”. Remove it there first.');
  });
});
