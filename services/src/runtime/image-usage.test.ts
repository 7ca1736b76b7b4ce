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

const database = await preferredTestDatabase();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 5)]);

/** Issue 16 across two contexts: a chapter shows an image from the image manager, which then refuses to delete it. */
describe(`images used by chapters on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, learningModule, contentModule]);
    await seedDemoCourses(new LearningCommands(t.deps.store));
    await t.caughtUp();
    admin = t.agent().setCookies(testUserCookies(randomUUID(), 'Admin', 'free'));
  });
  afterAll(async () => t?.close());

  it('shows the image in the chapter, refuses to delete it while used (naming the chapter), deletes it once unused', async () => {
    const image = (await admin.request({ method: 'POST', url: '/api/admin/images', ...multipart([{ filename: 'see.png', type: 'image/png', bytes: PNG }]) })).json().image;
    const de = demo('de');
    const chapterId = de.chapterIds[0]![1]!;
    const edit = (imageUrl: string | null) => admin.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}`, payload: { imageUrl } });

    // A full URL copied from the image manager is taken as its path.
    const used = await edit(`http://127.0.0.1:3000${image.url}`);
    expect(used.statusCode, used.body).toBe(200);
    const learner = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'free'));
    const chapter = (await learner.request({ method: 'GET', url: `/api/courses/${chapterId}?minPosition=${used.json().position}` })).json();
    expect(chapter.imageUrl).toBe(image.url);

    const refused = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${used.json().position}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEDIA_MESSAGES.inUse(['Meine Familie']));
    expect((await t.agent().request({ method: 'GET', url: image.url })).statusCode).toBe(200);

    expect((await edit('/api/images/not-an-image.png')).json().message).toBe('Use an image URL from the image manager (it looks like /api/images/….png).');
    const unused = await edit(null);
    expect(unused.json().changed).toBe(1);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/images/${image.id}?minPosition=${unused.json().position}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.agent().request({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});
