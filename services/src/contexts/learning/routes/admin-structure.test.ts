import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IDS, COURSE_MESSAGES } from '@verba/contracts';
import { ADMIN_ONLY, SESSION_EXPIRED } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { caughtUp, demo, eventCount, get, openLearningApp, person } from '../../../../test-support/contexts/learning/app';

const database = await preferredTestDatabase();

/** Issue 16: the admin's course pages — reads with revisions, reorders, renames, deletes, conflicts. */
describe(`course structure admin routes on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let adminId: string;
  beforeAll(async () => {
    t = await openLearningApp(await database.create());
    ({ agent: admin, uid: adminId } = person(t, 'Admin'));
  });
  afterAll(async () => t?.close());

  const course = async (courseId: string, minPosition?: string) => (await get(admin, `/api/admin/courses/${courseId}`, minPosition)).json();
  const send = (method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, payload: object, who = admin) =>
    who.request({ method, url, payload });
  const nextChapter = async (learner: Agent, language: string, minPosition?: string) =>
    (await get(learner, `/api/courses/progress?languageCode=${language}`, minPosition)).json().courses[0].nextChapter?.chapterId;

  it('lists every language with its course and hidden chapters, and reads a course with its revision', async () => {
    const list = (await get(admin, '/api/admin/courses')).json();
    expect(list.languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['de', 'fr', 'es', 'ru']);
    expect(list.languages[0].course).toMatchObject({ id: COURSE_IDS.de, hiddenChapters: 0 });
    const de = demo('de');
    const body = await course(de.courseId);
    expect(body.lessons.map((l: { id: string }) => l.id)).toEqual(de.lessonIds);
    expect(body.revision).toMatch(/^\d+$/);
    const chapter = (await get(admin, `/api/admin/courses/chapters/${de.chapterIds[0]![0]}`)).json();
    expect(chapter).toMatchObject({
      id: de.chapterIds[0]![0],
      courseId: de.courseId,
      lessonId: de.lessonIds[0],
      courseRevision: body.revision,
    });
    expect(chapter.text.length).toBeGreaterThan(0);
  });

  it('pages and searches the course list on the server, with the total', async () => {
    const list = async (query: string) => (await get(admin, `/api/admin/courses?${query}`)).json();
    const second = await list('pageSize=2&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(second.languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['es', 'ru']);
    // By language name or course title, case ignored.
    const french = await list('search=FRANZ');
    expect(french.total).toBe(0);
    expect((await list('search=french')).languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['fr']);
    expect((await list('search=deutsch%20mit')).languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['de']);
    const refused = await get(admin, '/api/admin/courses?pageSize=101');
    expect(refused.statusCode).toBe(400);
    expect((await get(admin, '/api/admin/courses?sort=size')).statusCode).toBe(400);
  });

  it('sorts the course list on the server before paging: by title, and the most chapters, hidden chapters or chapters without exercises first', async () => {
    type Line = {
      languageCode: string;
      course: { title: string; totalChapters: number; hiddenChapters: number; chaptersWithoutExercises: number };
    };
    const list = async (query: string, minPosition?: string) =>
      (await get(admin, `/api/admin/courses?${query}`, minPosition)).json() as { languages: Line[]; total: number };
    const titles = (await list('sort=title')).languages.map((l) => l.course.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    const chapters = (await list('sort=chapters')).languages.map((l) => l.course.totalChapters);
    expect(chapters).toEqual([...chapters].sort((a, b) => b - a));

    // Hiding a chapter of the Russian course puts it first by hidden chapters, however the page is cut.
    const ru = demo('ru');
    const hide = await send('PATCH', `/api/admin/courses/chapters/${ru.chapterIds[0]![0]}/flags`, { visible: false });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = await list('sort=hidden&pageSize=1', hide.json().position);
    expect(hidden).toMatchObject({ total: 4, languages: [{ languageCode: 'ru', course: { hiddenChapters: 1 } }] });
    expect((await list('pageSize=1')).languages.map((l) => l.languageCode)).toEqual(['de']);
    await send('PATCH', `/api/admin/courses/chapters/${ru.chapterIds[0]![0]}/flags`, { visible: true });

    // A chapter with an exercise no longer counts as without: the French course drops behind the others.
    const fr = demo('fr');
    const before = (await list('sort=withoutExercises')).languages;
    const frBefore = before.find((l) => l.languageCode === 'fr')!.course.chaptersWithoutExercises;
    const exercise = await send('PUT', `/api/admin/courses/chapters/${fr.chapterIds[0]![0]}/ask-questions`, {
      items: [{ question: 'Qui?', answers: ['Marie'] }],
    });
    expect(exercise.statusCode, exercise.body).toBe(200);
    const after = (await list('sort=withoutExercises', exercise.json().position)).languages;
    expect(after.find((l) => l.languageCode === 'fr')!.course.chaptersWithoutExercises).toBe(frBefore - 1);
    const counts = after.map((l) => l.course.chaptersWithoutExercises);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('reorders lessons and chapters; the learner reads the new order and the next chapter follows it', async () => {
    const de = demo('de');
    const learner = person(t).agent;
    expect(await nextChapter(learner, 'de')).toBe(de.chapterIds[0]![0]);

    const reversed = [...de.chapterIds[0]!].reverse();
    const before = await course(de.courseId);
    const chapters = await send('PUT', `/api/admin/courses/lessons/${de.lessonIds[0]}/chapters-order`, {
      chapterIds: reversed,
      expectedRevision: before.revision,
    });
    expect(chapters.statusCode, chapters.body).toBe(200);
    expect(await nextChapter(learner, 'de', chapters.json().position)).toBe(reversed[0]);
    const order = (await get(learner, `/api/courses/lessons?courseId=${de.courseId}`))
      .json()
      .lessons[0].chaptersOrder.map((c: { id: string }) => c.id);
    expect(order).toEqual(reversed);

    // The learner completes the (new) first chapter, then lessons swap: the next chapter is in the new first lesson.
    const done = await learner.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: reversed[0], languageCode: 'de' },
    });
    expect(await nextChapter(learner, 'de', done.json().position)).toBe(reversed[1]);
    const lessons = [de.lessonIds[1]!, de.lessonIds[0]!, ...de.lessonIds.slice(2)];
    const swap = await send('PUT', `/api/admin/courses/${de.courseId}/lessons-order`, {
      lessonIds: lessons,
      expectedRevision: (await course(de.courseId, chapters.json().position)).revision,
    });
    expect(swap.statusCode, swap.body).toBe(200);
    expect((await get(learner, `/api/courses?languageCode=de`, swap.json().position)).json().lessonsOrder).toEqual(lessons);
    // Last completed lesson is now the second one: the next chapter is its first gap.
    expect(await nextChapter(learner, 'de')).toBe(reversed[1]);

    // The acting admin is on the event.
    const events = await t.platform
      .db('es_events')
      .where({ stream_id: `learning-course-${de.courseId}` })
      .orderBy('stream_revision', 'desc')
      .limit(2)
      .select('type', 'metadata');
    expect(events.map((e: { type: string }) => e.type)).toEqual(['learning.LessonsReordered', 'learning.ChaptersReordered']);
    for (const e of events) expect((e as { metadata: { userId: string } }).metadata.userId).toBe(adminId);
  });

  it('refuses a stale revision from a second admin with a clear conflict, and keeps the first admin’s change', async () => {
    const fr = demo('fr');
    const { revision } = await course(fr.courseId);
    const other = person(t, 'Owner').agent;
    const first = await send('PATCH', `/api/admin/courses/lessons/${fr.lessonIds[0]}`, {
      title: 'Première leçon',
      expectedRevision: revision,
    });
    expect(first.statusCode).toBe(200);
    const before = await eventCount(t);
    const second = await send(
      'PATCH',
      `/api/admin/courses/lessons/${fr.lessonIds[0]}`,
      { title: 'Leçon un', expectedRevision: revision },
      other,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(COURSE_MESSAGES.editConflict);
    expect(await eventCount(t)).toBe(before);
    const now = await course(fr.courseId, first.json().position);
    expect(now.lessons[0].title).toBe('Première leçon');
    expect(BigInt(now.revision)).toBeGreaterThan(BigInt(revision));
  });

  it('lets exactly one of two admins saving the same revision at once win', async () => {
    const ru = demo('ru');
    const { revision } = await course(ru.courseId);
    const results = await Promise.all(
      ['Урок А', 'Урок Б'].map((title, i) =>
        send(
          'PATCH',
          `/api/admin/courses/lessons/${ru.lessonIds[0]}`,
          { title, expectedRevision: revision },
          person(t, i ? 'Owner' : 'Admin').agent,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe(COURSE_MESSAGES.editConflict);
    const title = (await course(ru.courseId, winner.json().position)).lessons[0].title;
    expect(['Урок А', 'Урок Б']).toContain(title);
  });

  it('hides and deletes chapters: the learner never meets them and progress stays correct', async () => {
    const es = demo('es');
    const learner = person(t).agent;
    const [c0, c1, c2] = es.chapterIds[0]!;
    const done = await learner.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: c0, languageCode: 'es' },
    });
    expect(await nextChapter(learner, 'es', done.json().position)).toBe(c1);

    const hide = await send('PATCH', `/api/admin/courses/chapters/${c1}/flags`, { visible: false });
    expect(await nextChapter(learner, 'es', hide.json().position)).toBe(c2);
    expect(
      (await get(admin, '/api/admin/courses')).json().languages.find((l: { languageCode: string }) => l.languageCode === 'es').course
        .hiddenChapters,
    ).toBe(1);

    const removed = await send('DELETE', `/api/admin/courses/chapters/${c0}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    const progress = (await get(learner, '/api/courses/progress?languageCode=es', removed.json().position)).json().courses[0];
    expect(progress.completedChapterIds).toEqual([]);
    expect(progress.nextChapter.chapterId).toBe(c2);
    expect((await get(learner, `/api/courses/${c0}`)).statusCode).toBe(404);
    expect((await course(es.courseId)).lessons[0].chaptersOrder.map((c: { id: string }) => c.id)).toEqual([c1, c2]);
    expect((await send('DELETE', `/api/admin/courses/chapters/${c0}`, {})).json()).toMatchObject({
      status: 404,
      message: COURSE_MESSAGES.chapterNotFound,
    });

    // A chapter added after a deletion goes last, after the ones left.
    const added = await send('POST', `/api/admin/courses/lessons/${es.lessonIds[0]}/chapters`, {
      title: 'Nuevo',
      text: 'Un texto nuevo.',
      vocabulary: [{ word: 'nuevo', translation: 'new' }],
    });
    expect((await course(es.courseId, added.json().position)).lessons[0].chaptersOrder.map((c: { id: string }) => c.id)).toEqual([
      c1,
      c2,
      added.json().chapterId,
    ]);
  });

  it('refuses to delete a lesson a starting point begins at; deletes one without', async () => {
    const es = demo('es');
    const before = await eventCount(t);
    const refused = await send('DELETE', `/api/admin/courses/lessons/${es.lessonIds[1]}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COURSE_MESSAGES.lessonIsStartingPoint(es.course.lessons[1]!.startingPoint));
    expect(await eventCount(t)).toBe(before);

    const lesson = await send('POST', `/api/admin/courses/${es.courseId}/lessons`, { title: 'Para borrar' });
    const lessonId = lesson.json().lessonId as string;
    await caughtUp(t); // the page that deletes it was read after it was made
    await send('POST', `/api/admin/courses/lessons/${lessonId}/chapters`, {
      title: 'Uno',
      text: 'Uno.',
      vocabulary: [{ word: 'uno', translation: 'one' }],
    });
    await caughtUp(t);
    const removed = await send('DELETE', `/api/admin/courses/lessons/${lessonId}`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await course(es.courseId, removed.json().position);
    expect(after.lessons.map((l: { id: string }) => l.id)).toEqual(es.lessonIds);
    expect((await get(admin, `/api/admin/courses/lessons/${lessonId}`)).statusCode).toBe(404);
  });

  it('creates the course of a language only once, and renames it', async () => {
    const exists = await send('POST', '/api/admin/courses', { languageCode: 'de', title: 'Zweiter Kurs' });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().message).toBe(COURSE_MESSAGES.courseExists);
    const renamed = await send('PATCH', `/api/admin/courses/${COURSE_IDS.de}`, { title: 'Deutsch für alle' });
    expect((await course(COURSE_IDS.de, renamed.json().position)).title).toBe('Deutsch für alle');
  });

  it.each([
    ['PUT', 'lessons-order', { lessonIds: [] }, 400, 'Required'],
    ['PUT', 'lessons-order-partial', {}, 409, COURSE_MESSAGES.staleOrder],
    ['PATCH', 'rename', { title: ' ' }, 400, 'A title is required'],
    ['PATCH', 'rename-bad-revision', { title: 'T', expectedRevision: 'x' }, 400, 'Not a revision'],
    ['POST', 'create-bad-language', { languageCode: 'it', title: 'Italiano' }, 400, /Invalid option/],
  ] as const)('refuses %s %s (%j) and appends nothing', async (method, kind, payload, status, message) => {
    const de = demo('de');
    const before = await eventCount(t);
    const url = kind.startsWith('lessons-order')
      ? `/api/admin/courses/${de.courseId}/lessons-order`
      : kind.startsWith('rename')
        ? `/api/admin/courses/${de.courseId}`
        : '/api/admin/courses';
    const body = kind === 'lessons-order-partial' ? { lessonIds: de.lessonIds.slice(1) } : payload;
    const res = await send(method, url, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(t)).toBe(before);
  });

  it('adds, updates and deletes starting points; onboarding placement uses them', async () => {
    const ru = demo('ru');
    const base = `/api/admin/courses/${ru.courseId}/starting-points`;
    const added = await send('POST', base, { title: 'Я знаю почти всё', lessonId: ru.lessonIds[2], level: 'C1' });
    expect(added.statusCode, added.body).toBe(201);
    const startingPointId = added.json().startingPointId as string;
    const learner = person(t).agent;
    await get(learner, '/api/courses?languageCode=ru', added.json().position);
    const placed = await learner.request({
      method: 'POST',
      url: '/api/courses/progress/add-after-onboarding',
      payload: { languageCode: 'ru', level: 'C2' },
    });
    expect(placed.json().startingPoint).toMatchObject({ id: startingPointId, lesson: ru.lessonIds[2], level: 'C1' });

    const moved = await send('PUT', `${base}/${startingPointId}`, { title: 'Почти всё', lessonId: ru.lessonIds[1], level: 'C1' });
    expect(moved.statusCode, moved.body).toBe(200);
    const progress = (await get(learner, '/api/courses/progress?languageCode=ru', moved.json().position)).json().courses[0];
    expect(progress.startingPoint).toMatchObject({ id: startingPointId, title: 'Почти всё', lesson: ru.lessonIds[1] });
    expect(progress.nextChapter.lessonId).toBe(ru.lessonIds[1]);

    const before = await eventCount(t);
    expect(
      (
        await send('PUT', `${base}/${startingPointId}`, { title: 'X', lessonId: '00000000-0000-4000-8000-00000000abcd', level: 'C1' })
      ).json(),
    ).toMatchObject({ status: 404, message: COURSE_MESSAGES.lessonNotFound });
    expect((await send('POST', base, { title: ' ', lessonId: ru.lessonIds[0], level: 'A1' })).json()).toMatchObject({
      status: 400,
      message: 'A title is required',
    });
    expect((await send('POST', base, { title: 'T', lessonId: ru.lessonIds[0], level: 'D1' })).statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);

    const removed = await send('DELETE', `${base}/${startingPointId}`, {});
    expect(removed.statusCode).toBe(200);
    const after = (await get(learner, '/api/courses/progress?languageCode=ru', removed.json().position)).json().courses[0];
    expect(after.startingPoint).toBeNull();
    expect(after.nextChapter.lessonId).toBe(ru.lessonIds[0]);
    expect((await send('DELETE', `${base}/${startingPointId}`, {})).json()).toMatchObject({
      status: 404,
      message: COURSE_MESSAGES.startingPointNotFound,
    });
  });

  it('answers 401 to anonymous callers and 403 to learners on every new route, appending nothing', async () => {
    const de = demo('de');
    const calls = [
      ['GET', '/api/admin/courses', undefined],
      ['GET', `/api/admin/courses/${de.courseId}`, undefined],
      ['GET', `/api/admin/courses/chapters/${de.chapterIds[1]![0]}`, undefined],
      ['POST', '/api/admin/courses', { languageCode: 'de', title: 'T' }],
      ['PATCH', `/api/admin/courses/${de.courseId}`, { title: 'T' }],
      ['PUT', `/api/admin/courses/${de.courseId}/lessons-order`, { lessonIds: de.lessonIds }],
      ['PATCH', `/api/admin/courses/lessons/${de.lessonIds[2]}`, { title: 'T' }],
      ['PUT', `/api/admin/courses/lessons/${de.lessonIds[2]}/chapters-order`, { chapterIds: de.chapterIds[2] }],
      ['DELETE', `/api/admin/courses/lessons/${de.lessonIds[2]}`, {}],
      ['DELETE', `/api/admin/courses/chapters/${de.chapterIds[2]![0]}`, {}],
      ['POST', `/api/admin/courses/${de.courseId}/starting-points`, { title: 'T', lessonId: de.lessonIds[0], level: 'A1' }],
      [
        'PUT',
        `/api/admin/courses/${de.courseId}/starting-points/${de.startingPointIds[0]}`,
        { title: 'T', lessonId: de.lessonIds[0], level: 'A1' },
      ],
      ['DELETE', `/api/admin/courses/${de.courseId}/starting-points/${de.startingPointIds[0]}`, {}],
    ] as const;
    const before = await eventCount(t);
    const learner = person(t).agent;
    for (const [method, url, payload] of calls) {
      const anonymous = await t.agent().request({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(SESSION_EXPIRED);
      const refused = await learner.request({ method, url, ...(payload ? { payload } : {}) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(ADMIN_ONLY);
    }
    expect(await eventCount(t)).toBe(before);
  });
});
