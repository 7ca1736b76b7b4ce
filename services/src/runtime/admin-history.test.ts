import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IDS, DELETED_ACTOR, type HistoryEntry } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signInSeededAdmin, signUpVerified } from '../../test-support/contexts/identity/accounts';
import { seedIfEmpty } from './seed';
import { billingModule } from '../contexts/billing/module';
import { contentModule } from '../contexts/content/module';
import { identityModule } from '../contexts/identity/module';
import { learningModule } from '../contexts/learning/module';
import { libraryModule } from '../contexts/library/module';
import { translationModule } from '../contexts/translation/module';

const database = await preferredTestDatabase();
const modules = [identityModule, contentModule, billingModule, learningModule, libraryModule, translationModule];

describe(`the admin History tab's route on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let adminName: string;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), modules);
    admin = await signInSeededAdmin(t, await seedIfEmpty(t.deps, modules));
    adminName = (await admin.request({ method: 'GET', url: '/api/user' })).json().name;
  }, 60_000);
  afterAll(async () => t?.close());

  const history = async (agent: Agent, path: string) => {
    const res = await agent.request({ method: 'GET', url: `/api/admin/history/${path}` });
    return { status: res.statusCode, body: res.json() as { entries: HistoryEntry[]; nextBefore: string | null } };
  };
  const banner = (text: string) => ({
    visibleTo: 'free',
    content: { blocks: [{ type: 'paragraph', data: { text } }] },
    dismissBehavior: 'temporary',
  });

  it("lists an announcement's changes newest first, with the admin who made each and what they set", async () => {
    const created = await admin.request({ method: 'POST', url: '/api/admin/announcements', payload: banner('Welcome') });
    const { id } = created.json();
    await admin.request({
      method: 'PUT',
      url: `/api/admin/announcements/${id}`,
      payload: { ...banner('Welcome back'), dismissBehavior: 'session' },
    });
    const { status, body } = await history(admin, `announcement/${id}`);
    expect(status).toBe(200);
    expect(body.entries.map((e) => e.label)).toEqual([expect.stringMatching(/^Announcement /), expect.stringMatching(/^Announcement /)]);
    expect(body.entries.every((e) => e.actor?.name === adminName)).toBe(true);
    expect(body.entries[0]!.details).toContainEqual({ field: 'dismissBehavior', value: 'session' });
    expect(Date.parse(body.entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(body.entries[1]!.at));
  });

  /** Sends an admin write and answers its position (every history entry below is read after it). */
  const write = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) => {
    const res = await admin.request({ method, url, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { position: string } & Record<string, string>;
  };
  /** The newest entry: what it was, that the admin did it and when (within the last minute), and the values it set. */
  const expectNewest = async (path: string, label: string, details: { field: string; value: string }[]) => {
    const { status, body } = await history(admin, path);
    expect(status).toBe(200);
    const [newest] = body.entries;
    expect(newest).toMatchObject({ label, actor: { name: adminName } });
    expect(Date.now() - Date.parse(newest!.at)).toBeLessThan(60_000);
    for (const d of details) expect(newest!.details, `${path}: ${d.field}`).toContainEqual(d);
    return body.entries;
  };

  it('names the admin, what they set and when in the histories of a course, its lessons, chapters, exercises and starting points', async () => {
    const courseId = COURSE_IDS.de;
    const course = (await admin.request({ method: 'GET', url: `/api/admin/courses/${courseId}` })).json();
    const [first, second] = course.lessons as { id: string; chaptersOrder: { id: string }[] }[];
    await write('PATCH', `/api/admin/courses/${courseId}`, { title: 'Deutsch für alle' });
    await expectNewest(`course/${courseId}`, 'Course renamed', [{ field: 'title', value: 'Deutsch für alle' }]);

    // A lesson's history is its course's events about it, not its neighbours'.
    await write('PATCH', `/api/admin/courses/lessons/${first!.id}`, { title: 'Die ersten Schritte neu' });
    await write('PATCH', `/api/admin/courses/lessons/${second!.id}`, { title: 'Die zweiten Schritte neu' });
    const lesson = await expectNewest(`lesson/${first!.id}`, 'Lesson renamed', [{ field: 'title', value: 'Die ersten Schritte neu' }]);
    expect(lesson.map((e) => e.label)).toContain('Lesson added');
    expect(lesson.flatMap((e) => e.details)).not.toContainEqual({ field: 'title', value: 'Die zweiten Schritte neu' });

    // A chapter's: its text stream, its exercises, and its slot and flags in the course.
    const chapterId = first!.chaptersOrder[0]!.id;
    await write('PATCH', `/api/admin/courses/chapters/${chapterId}`, { title: 'Hallo und tschüss' });
    await write('PATCH', `/api/admin/courses/chapters/${chapterId}/flags`, { visible: false });
    const chapter = await expectNewest(`chapter/${chapterId}`, 'Chapter flags set', [{ field: 'visible', value: 'false' }]);
    expect(chapter[1]).toMatchObject({ label: 'Chapter written', actor: { name: adminName } });
    expect(chapter[1]!.details).toContainEqual({ field: 'title', value: 'Hallo und tschüss' });
    await write('PATCH', `/api/admin/courses/chapters/${chapterId}/flags`, { visible: true });
    await write('PUT', `/api/admin/courses/chapters/${chapterId}/missing-words`, {
      items: [{ sentence: 'Das ___ ist groß.', answers: ['Haus'] }],
    });
    await expectNewest(`exercises/${chapterId}`, 'Missing words written', []);
    expect((await history(admin, `exercises/${chapterId}`)).body.entries[0]!.changed).toContain('items');

    const { startingPointId } = await write('POST', `/api/admin/courses/${courseId}/starting-points`, {
      title: 'Mit Vorkenntnissen',
      lessonId: second!.id,
      level: 'A2',
    });
    await expectNewest(`starting-point/${startingPointId}`, 'Starting point added', [
      { field: 'title', value: 'Mit Vorkenntnissen' },
      { field: 'level', value: 'A2' },
    ]);
    await write('PUT', `/api/admin/courses/${courseId}/starting-points/${startingPointId}`, {
      title: 'Mit etwas Deutsch',
      lessonId: second!.id,
      level: 'A2',
    });
    const point = await expectNewest(`starting-point/${startingPointId}`, 'Starting point updated', [
      { field: 'title', value: 'Mit etwas Deutsch' },
    ]);
    expect(point).toHaveLength(2);
  });

  it('names the admin, what they set and when in the histories of a series and an AI prompt', async () => {
    const { seriesId } = await write('POST', '/api/admin/series', {
      languageCode: 'de',
      title: 'Geschichten aus Berlin',
      isPrivate: false,
    });
    await write('PUT', `/api/admin/series/${seriesId}`, { title: 'Geschichten aus Hamburg', isPrivate: false });
    const series = await expectNewest(`series/${seriesId}`, 'Series updated', [{ field: 'title', value: 'Geschichten aus Hamburg' }]);
    expect(series.at(-1)).toMatchObject({ label: 'Series created', actor: { name: adminName } });

    const prompt = 'Translate word by word into plain English.';
    await write('POST', '/api/translation-ai/prompts/update', { kind: 'translation', prompt });
    await expectNewest('prompt/translation', 'Prompt updated', [{ field: 'prompt', value: prompt }]);
  });

  it('pages with nextBefore until the oldest entry', async () => {
    const { id } = (await admin.request({ method: 'POST', url: '/api/admin/announcements', payload: banner('One') })).json();
    for (const text of ['Two', 'Three'])
      await admin.request({ method: 'PUT', url: `/api/admin/announcements/${id}`, payload: banner(text) });
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const res = await admin.request({
        method: 'GET',
        url: `/api/admin/history/announcement/${id}?limit=2${before ? `&before=${before}` : ''}`,
      });
      const page = res.json() as { entries: HistoryEntry[]; nextBefore: string | null };
      seen.push(...page.entries.map((e) => e.position));
      before = page.nextBefore;
    } while (before);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it("shows an account's history without its personal data, and an erased actor as a deleted account", async () => {
    const email = `history-${randomUUID()}@example.org`;
    const learner = await signUpVerified(t, email, 'Correct-horse-9', 'Grete Geheim');
    const before = await history(admin, `user/${learner.uid}`);
    expect(before.body.entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(before.body)).not.toContain(email);
    expect(JSON.stringify(before.body)).not.toContain('Grete');
    expect(before.body.entries.every((e) => e.details.length === 0)).toBe(true);
    expect((await learner.agent.request({ method: 'DELETE', url: '/api/user' })).statusCode).toBe(200);
    const after = await history(admin, `user/${learner.uid}`);
    const byLearner = after.body.entries.filter((e) => e.actor?.id === learner.uid);
    expect(byLearner.length).toBeGreaterThan(0);
    expect(byLearner.every((e) => e.actor?.name === DELETED_ACTOR)).toBe(true);
  });

  it('answers an empty history for an id with no events, and refuses an unknown entity or a learner', async () => {
    expect((await history(admin, `article/${randomUUID()}`)).body).toEqual({ entries: [], nextBefore: null });
    expect((await history(admin, `invoice/${randomUUID()}`)).status).toBe(400);
    const learner = await signUpVerified(t, `nosy-${randomUUID()}@example.org`, 'Correct-horse-9');
    expect((await history(learner.agent, `user/${learner.uid}`)).status).toBe(403);
  });
});
