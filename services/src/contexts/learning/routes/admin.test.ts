import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IDS, COURSE_MESSAGES } from '@verba/contracts';
import { ADMIN_ONLY } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { caughtUp, demo, eventCount, get, openLearningApp, person } from '../../../../test-support/contexts/learning/app';

const database = await preferredTestDatabase();

describe(`course admin routes and the course cache on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await openLearningApp(await database.create());
    admin = person(t, 'Admin').agent;
  });
  afterAll(async () => t?.close());

  const es = demo('es');
  const flags = (chapterId: string, payload: object) =>
    admin.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}/flags`, payload });
  const edit = (chapterId: string, payload: object) =>
    admin.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}`, payload });

  it('hides a chapter: learners no longer see or open it, the next chapter skips it, admins still see it', async () => {
    const hidden = es.chapterIds[0]![0]!;
    const res = await flags(hidden, { visible: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toBe(1);
    const position = res.json().position as string;
    const learner = person(t).agent;

    const lessons = (await get(learner, `/api/courses/lessons?courseId=${es.courseId}`, position)).json().lessons;
    expect(lessons[0].chaptersOrder.map((c: { id: string }) => c.id)).toEqual(es.chapterIds[0]!.slice(1));
    const order = (await get(learner, `/api/courses/chapter-order?courseId=${es.courseId}`)).json().chapters;
    expect(order).toHaveLength(8);
    expect((await get(learner, `/api/courses?languageCode=es`)).json().totalChapters).toBe(8);
    expect((await get(learner, `/api/courses/${hidden}`)).json()).toMatchObject({ status: 404, message: COURSE_MESSAGES.chapterNotFound });
    expect((await get(learner, '/api/courses/progress?languageCode=es')).json().courses[0].nextChapter.chapterId).toBe(
      es.chapterIds[0]![1],
    );

    const asAdmin = (await get(admin, `/api/courses/lessons?courseId=${es.courseId}`)).json().lessons[0].chaptersOrder[0];
    expect(asAdmin).toMatchObject({ id: hidden, visible: false });
    expect((await get(admin, `/api/courses/${hidden}`)).statusCode).toBe(200);

    const shown = await flags(hidden, { visible: true });
    expect((await get(learner, `/api/courses/${hidden}`, shown.json().position)).statusCode).toBe(200);
    expect((await flags(hidden, { visible: true })).json()).toEqual({ changed: 0 });
  });

  it('makes a chapter premium: Free users get 403 at once, Master reads it', async () => {
    const chapterId = es.chapterIds[1]![1]!;
    const free = person(t).agent;
    expect((await get(free, `/api/courses/${chapterId}`)).statusCode).toBe(200); // warms the cache
    const res = await flags(chapterId, { premium: true });
    const refused = await get(free, `/api/courses/${chapterId}`, res.json().position);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.premiumChapter);
    expect((await get(person(t, 'User', 'master').agent, `/api/courses/${chapterId}`)).json()).toMatchObject({
      premium: true,
      locked: false,
    });
    await flags(chapterId, { premium: false });
  });

  it('serves course data from the cache, and an edit shows in the next GET at once', async () => {
    const chapterId = es.chapterIds[1]![0]!;
    const learner = person(t).agent;
    // Earlier tests' last commands may still be on their way through the projector (and its invalidations).
    await caughtUp(t);
    const original = (await get(learner, `/api/courses/${chapterId}`)).json();
    await get(learner, `/api/courses/lessons?courseId=${es.courseId}`);

    // Behind the projector's back the read model changes: a cached read does not see it...
    await t.platform.db('learning_chapters').where({ id: chapterId }).update({ text: 'Changed behind the cache.' });
    expect((await get(learner, `/api/courses/${chapterId}`)).json().text).toBe(original.text);

    // ...but an edit through the command is projected and invalidates the course's cache entries.
    const vocabulary = [
      { word: 'nube', translation: 'cloud' },
      { word: 'sol', translation: 'sun' },
    ];
    const res = await edit(chapterId, { title: 'Una mañana nueva', text: 'Hoy hace sol. No hay ninguna nube.', vocabulary });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toBe(1);
    const after = (await get(learner, `/api/courses/${chapterId}`, res.json().position)).json();
    expect(after).toMatchObject({ title: 'Una mañana nueva', text: 'Hoy hace sol. No hay ninguna nube.', vocabulary });
    expect((await get(learner, `/api/courses/lessons?courseId=${es.courseId}`)).json().lessons[1].chaptersOrder[0].title).toBe(
      'Una mañana nueva',
    );
    expect((await get(learner, `/api/courses/chapter-match-words?chapterId=${chapterId}`)).json().pairs).toEqual(vocabulary);

    // An edit of one field keeps the others.
    const titleOnly = await edit(chapterId, { title: 'Otra mañana' });
    expect((await get(learner, `/api/courses/${chapterId}`, titleOnly.json().position)).json()).toMatchObject({
      title: 'Otra mañana',
      vocabulary,
    });
  });

  it('hides and shows a whole course', async () => {
    const fr = demo('fr');
    const learner = person(t).agent;
    const hide = await admin.request({
      method: 'PATCH',
      url: `/api/admin/courses/${fr.courseId}/visibility`,
      payload: { isVisibleOnThePlatform: false },
    });
    expect(hide.json().changed).toBe(1);
    const position = hide.json().position as string;
    expect((await get(learner, '/api/courses?languageCode=fr', position)).json()).toMatchObject({
      status: 404,
      message: COURSE_MESSAGES.courseUnavailable,
    });
    expect((await get(learner, `/api/courses/${fr.chapterIds[0]![0]}`)).statusCode).toBe(404);
    expect((await get(learner, '/api/courses/list')).json().courses.map((c: { languageCode: string }) => c.languageCode)).toEqual([
      'de',
      'es',
      'ru',
    ]);
    expect((await get(learner, '/api/courses/progress')).json().courses.map((c: { languageCode: string }) => c.languageCode)).toEqual([
      'de',
      'es',
      'ru',
    ]);
    expect(
      (await get(t.agent(), '/api/courses/visibility')).json().languages.find((l: { languageCode: string }) => l.languageCode === 'fr'),
    ).toEqual({
      languageCode: 'fr',
      courseId: COURSE_IDS.fr,
      isVisibleOnThePlatform: false,
    });
    expect((await get(admin, '/api/courses?languageCode=fr')).json().isVisibleOnThePlatform).toBe(false);
    expect((await get(admin, '/api/courses/list')).json().courses).toHaveLength(4);

    const show = await admin.request({
      method: 'PATCH',
      url: `/api/admin/courses/${fr.courseId}/visibility`,
      payload: { isVisibleOnThePlatform: true },
    });
    expect((await get(learner, '/api/courses?languageCode=fr', show.json().position)).statusCode).toBe(200);
  });

  it('adds a lesson and a chapter at the end; a retried request adds nothing and names the same ids', async () => {
    const ru = demo('ru');
    const commandId = '7a7a7a7a-0000-4000-8000-000000000001';
    const lesson = await admin.request({
      method: 'POST',
      url: `/api/admin/courses/${ru.courseId}/lessons`,
      payload: { title: 'Новый урок', commandId },
    });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json().changed).toBe(1);
    const lessonId = lesson.json().lessonId as string;
    const retried = await admin.request({
      method: 'POST',
      url: `/api/admin/courses/${ru.courseId}/lessons`,
      payload: { title: 'Новый урок', commandId },
    });
    expect(retried.json()).toEqual({ changed: 0, lessonId });

    const learner = person(t).agent;
    const lessons = (await get(learner, `/api/courses/lessons?courseId=${ru.courseId}`, lesson.json().position)).json().lessons;
    expect(lessons.map((l: { id: string }) => l.id)).toEqual([...ru.lessonIds, lessonId]);
    expect(lessons[3]).toEqual({ id: lessonId, title: 'Новый урок', chaptersOrder: [] });

    const content = {
      title: 'Весна',
      text: 'Весной в парке много цветов.',
      vocabulary: [
        { word: 'Весной', translation: 'in spring' },
        { word: 'цветов', translation: 'flowers' },
      ],
    };
    const chapterCommand = '7a7a7a7a-0000-4000-8000-000000000002';
    const chapter = await admin.request({
      method: 'POST',
      url: `/api/admin/courses/lessons/${lessonId}/chapters`,
      payload: { ...content, premium: true, commandId: chapterCommand },
    });
    expect(chapter.statusCode).toBe(201);
    expect(chapter.json().changed).toBe(2);
    const chapterId = chapter.json().chapterId as string;
    const again = await admin.request({
      method: 'POST',
      url: `/api/admin/courses/lessons/${lessonId}/chapters`,
      payload: { ...content, commandId: chapterCommand },
    });
    expect(again.json()).toEqual({ changed: 0, chapterId });

    const order = (await get(learner, `/api/courses/chapter-order?courseId=${ru.courseId}`, chapter.json().position)).json().chapters;
    expect(order.at(-1)).toEqual({ id: chapterId, lessonId, title: 'Весна', visible: true, premium: true, locked: true });
    expect((await get(person(t, 'User', 'master').agent, `/api/courses/${chapterId}`)).json()).toMatchObject({
      ...content,
      lessonId,
      courseId: ru.courseId,
    });
  });

  it('refuses to add a chapter to a lesson that does not exist, or without its content, and appends nothing', async () => {
    const before = await eventCount(t);
    const content = { title: 'T', text: 'Text.', vocabulary: [{ word: 'a', translation: 'b' }] };
    const unknown = await admin.request({
      method: 'POST',
      url: '/api/admin/courses/lessons/00000000-0000-4000-8000-00000000abcd/chapters',
      payload: content,
    });
    expect(unknown.json()).toMatchObject({ status: 404, message: COURSE_MESSAGES.lessonNotFound });
    const noWords = await admin.request({
      method: 'POST',
      url: `/api/admin/courses/lessons/${es.lessonIds[0]}/chapters`,
      payload: { ...content, vocabulary: undefined },
    });
    expect(noWords.json()).toMatchObject({ status: 400, message: 'Required' });
    const noCourse = await admin.request({
      method: 'POST',
      url: '/api/admin/courses/00000000-0000-4000-8000-00000000abcd/lessons',
      payload: { title: 'L' },
    });
    expect(noCourse.json()).toMatchObject({ status: 404, message: COURSE_MESSAGES.courseNotFound });
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses admin commands to users (403) and appends nothing', async () => {
    const user = person(t).agent;
    const before = await eventCount(t);
    const chapterId = es.chapterIds[0]![1]!;
    for (const [method, url, payload] of [
      ['PATCH', `/api/admin/courses/chapters/${chapterId}/flags`, { visible: false }],
      ['PATCH', `/api/admin/courses/chapters/${chapterId}`, { title: 'Mine now' }],
      ['PATCH', `/api/admin/courses/${es.courseId}/visibility`, { isVisibleOnThePlatform: false }],
      ['POST', `/api/admin/courses/${es.courseId}/lessons`, { title: 'Mine' }],
      [
        'POST',
        `/api/admin/courses/lessons/${es.lessonIds[0]}/chapters`,
        { title: 'Mine', text: 'Mine.', vocabulary: [{ word: 'a', translation: 'b' }] },
      ],
    ] as const) {
      const res = await user.request({ method, url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(ADMIN_ONLY);
    }
    expect(await eventCount(t)).toBe(before);
  });

  it.each([
    ['flags', {}, 400, 'Nothing to change'],
    ['flags', { visible: 'yes' }, 400, /expected boolean/],
    ['edit', {}, 400, 'Nothing to change'],
    ['edit', { title: '  ' }, 400, 'A title is required'],
    ['edit', { title: 'x'.repeat(121) }, 400, 'A title has at most 120 letters'],
    ['edit', { text: '' }, 400, 'The chapter text is required'],
    ['edit', { vocabulary: [] }, 400, 'At least one word pair is required'],
    ['edit', { vocabulary: [{ word: 'sol', translation: '' }] }, 400, 'Required'],
    ['edit-unknown', { title: 'T' }, 404, COURSE_MESSAGES.chapterNotFound],
    ['flags-unknown', { premium: true }, 404, COURSE_MESSAGES.chapterNotFound],
  ] as const)('refuses %s %j (%i) and appends nothing', async (kind, payload, status, message) => {
    const before = await eventCount(t);
    const known = es.chapterIds[2]![0]!;
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const res =
      kind === 'flags'
        ? await flags(known, payload)
        : kind === 'flags-unknown'
          ? await flags(unknown, payload)
          : kind === 'edit'
            ? await edit(known, payload)
            : await edit(unknown, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(t)).toBe(before);
  });

  it('refuses to change the visibility of a course that does not exist', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: '/api/admin/courses/00000000-0000-4000-8000-00000000abcd/visibility',
      payload: { isVisibleOnThePlatform: true },
    });
    expect(res.json()).toMatchObject({ status: 404, message: COURSE_MESSAGES.courseNotFound });
  });

  it('rebuilds both read models to the same rows, and reads progress from the new generation', async () => {
    const learner = person(t).agent;
    const done = await learner.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: es.chapterIds[0]![1], languageCode: 'es' },
    });
    await caughtUp(t);
    const snapshot = async () => ({
      chapters: await t.platform.db('learning_chapters').orderBy('id').select(),
      lessons: await t.platform.db('learning_lessons').orderBy('id').select(),
      points: await t.platform.db('learning_starting_points').orderBy('id').select(),
      courses: await t.platform.db('learning_courses').orderBy('id').select(),
      completed: await t.platform.db('learning_completed').orderBy(['user_id', 'chapter_id']).select(),
    });
    const before = await snapshot();
    await t.platform.runner.rebuild('learning-courses');
    await t.platform.runner.rebuild('learning-progress');
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.completed.length).toBeGreaterThan(0);
    expect(
      (await get(learner, '/api/courses/progress?languageCode=es', done.json().position)).json().courses[0].completedChapterIds,
    ).toEqual([es.chapterIds[0]![1]]);
  });
});
