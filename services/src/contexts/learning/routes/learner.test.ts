import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_IDS, COURSE_MESSAGES, LEARNING_LANGUAGES } from '@verba/contracts';
import { SESSION_EXPIRED } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import type { TestApp } from '../../../../test-support/platform/test-app';
import { demoCourses } from '../seed';
import { demo, eventCount, get, openLearningApp, person } from '../../../../test-support/contexts/learning/app';
import { UserDeleted } from '../../identity/published';

const database = await preferredTestDatabase();

describe(`course routes for learners on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openLearningApp(await database.create());
  });
  afterAll(async () => t?.close());

  const de = demo('de');
  const premiumChapter = de.chapterIds[2]![2]!;

  it('gives the course of each language under its fixed id, with lessons in order and starting points A1, A2, B1', async () => {
    const { agent } = person(t);
    for (const language of LEARNING_LANGUAGES) {
      const res = await get(agent, `/api/courses?languageCode=${language}`);
      expect(res.statusCode).toBe(200);
      const { lessonIds, startingPointIds, course } = demo(language);
      expect(res.json()).toEqual({
        id: COURSE_IDS[language],
        languageCode: language,
        title: course.title,
        totalChapters: 9,
        isVisibleOnThePlatform: true,
        lessonsOrder: lessonIds,
        startingPoints: course.lessons.map((l, i) => ({
          id: startingPointIds[i],
          title: l.startingPoint,
          lesson: lessonIds[i],
          level: l.level,
        })),
      });
      expect(res.json().startingPoints.map((p: { level: string }) => p.level)).toEqual(['A1', 'A2', 'B1']);
    }
  });

  it('lists lessons with their chapters in order; the premium chapter is locked for Free and open for Master', async () => {
    const free = await get(person(t).agent, `/api/courses/lessons?courseId=${de.courseId}`);
    expect(free.statusCode).toBe(200);
    const lessons = free.json().lessons as {
      id: string;
      title: string;
      chaptersOrder: { id: string; title: string; premium: boolean; locked: boolean; visible: boolean }[];
    }[];
    expect(lessons.map((l) => l.id)).toEqual(de.lessonIds);
    expect(lessons.map((l) => l.chaptersOrder.map((c) => c.id))).toEqual(de.chapterIds);
    expect(lessons[0]!.chaptersOrder[0]).toEqual({
      id: de.chapterIds[0]![0],
      lessonId: de.lessonIds[0],
      title: de.course.lessons[0].chapters[0].title,
      visible: true,
      premium: false,
      locked: false,
    });
    expect(lessons[2]!.chaptersOrder[2]).toMatchObject({ id: premiumChapter, premium: true, locked: true });
    const master = await get(person(t, 'User', 'master').agent, `/api/courses/lessons?courseId=${de.courseId}`);
    expect(master.json().lessons[2].chaptersOrder[2]).toMatchObject({ id: premiumChapter, premium: true, locked: false });
  });

  it('gives the chapter order across lessons', async () => {
    const res = await get(person(t).agent, `/api/courses/chapter-order?courseId=${de.courseId}`);
    expect(res.json().chapters.map((c: { id: string }) => c.id)).toEqual(de.chapterIds.flat());
    expect(res.json().chapters.map((c: { lessonId: string }) => c.lessonId)).toEqual(de.lessonIds.flatMap((l) => [l, l, l]));
  });

  it('answers 404 for a course that does not exist and 400 for a malformed id or language', async () => {
    const { agent } = person(t);
    for (const url of [`/api/courses/lessons?courseId=${randomUUID()}`, `/api/courses/chapter-order?courseId=${randomUUID()}`]) {
      const res = await get(agent, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(COURSE_MESSAGES.courseNotFound);
    }
    expect((await get(agent, '/api/courses/lessons?courseId=nope')).json()).toMatchObject({
      status: 400,
      message: COURSE_MESSAGES.courseNotFound,
    });
    expect((await get(agent, '/api/courses?languageCode=it')).statusCode).toBe(400);
  });

  it('opens a chapter with its text and vocabulary', async () => {
    const first = de.course.lessons[0].chapters[0];
    const res = await get(person(t).agent, `/api/courses/${de.chapterIds[0]![0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: de.chapterIds[0]![0],
      lessonId: de.lessonIds[0],
      courseId: de.courseId,
      languageCode: 'de',
      title: first.title,
      text: first.text,
      vocabulary: first.vocabulary.map(([word, translation]) => ({ word, translation })),
      imageUrl: null,
      visible: true,
      premium: false,
      locked: false,
      completed: false,
    });
  });

  it("refuses a premium chapter's text to a Free user with 403, and gives it to Master", async () => {
    const free = await get(person(t).agent, `/api/courses/${premiumChapter}`);
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toBe(COURSE_MESSAGES.premiumChapter);
    expect(free.body).not.toContain(de.course.lessons[2].chapters[2].text.slice(0, 20));
    const freeWords = await get(person(t).agent, `/api/courses/chapter-match-words?chapterId=${premiumChapter}`);
    expect(freeWords.statusCode).toBe(403);
    const master = await get(person(t, 'User', 'master').agent, `/api/courses/${premiumChapter}`);
    expect(master.statusCode).toBe(200);
    expect(master.json()).toMatchObject({ premium: true, locked: false, text: de.course.lessons[2].chapters[2].text });
  });

  it('answers 404 for an unknown chapter and 400 for a malformed one', async () => {
    const { agent } = person(t);
    expect((await get(agent, `/api/courses/${randomUUID()}`)).json()).toMatchObject({
      status: 404,
      message: COURSE_MESSAGES.chapterNotFound,
    });
    expect((await get(agent, '/api/courses/not-a-chapter')).json()).toMatchObject({
      status: 400,
      message: COURSE_MESSAGES.chapterNotFound,
    });
  });

  it('lists every course and tells which languages have their course on the platform (public)', async () => {
    const list = await get(person(t).agent, '/api/courses/list');
    expect(list.json().courses.map((c: { languageCode: string; totalChapters: number }) => [c.languageCode, c.totalChapters])).toEqual(
      LEARNING_LANGUAGES.map((l) => [l, 9]),
    );
    const visibility = await get(t.agent(), '/api/courses/visibility');
    expect(visibility.statusCode).toBe(200);
    expect(visibility.json().languages).toEqual(
      LEARNING_LANGUAGES.map((languageCode) => ({ languageCode, courseId: COURSE_IDS[languageCode], isVisibleOnThePlatform: true })),
    );
  });

  it('completes a chapter once, reads it back at once, and moves the next chapter on', async () => {
    const { agent } = person(t);
    const before = (await get(agent, '/api/courses/progress?languageCode=de')).json().courses[0];
    expect(before).toMatchObject({ courseId: de.courseId, startingPoint: null, completedChapterIds: [], finished: false });
    expect(before.nextChapter).toEqual({ chapterId: de.chapterIds[0]![0], lessonId: de.lessonIds[0], premium: false, locked: false });

    const done = await agent.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: de.chapterIds[0]![0], languageCode: 'de' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().changed).toBe(1);
    const after = (await get(agent, '/api/courses/progress?languageCode=de', done.json().position)).json().courses[0];
    expect(after.completedChapterIds).toEqual([de.chapterIds[0]![0]]);
    expect(after.nextChapter.chapterId).toBe(de.chapterIds[0]![1]);
    expect((await get(agent, `/api/courses/${de.chapterIds[0]![0]}`)).json().completed).toBe(true);

    const again = await agent.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: de.chapterIds[0]![0], languageCode: 'de' },
    });
    expect(again.json()).toEqual({ changed: 0 });
  });

  it("gives progress in every course when no language is asked, and never another learner's", async () => {
    const a = person(t);
    const b = person(t);
    const done = await a.agent.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: demo('fr').chapterIds[0]![0], languageCode: 'fr' },
    });
    const mine = (await get(a.agent, '/api/courses/progress', done.json().position)).json().courses;
    expect(mine.map((c: { languageCode: string }) => c.languageCode)).toEqual([...LEARNING_LANGUAGES]);
    expect(mine.find((c: { languageCode: string }) => c.languageCode === 'fr').completedChapterIds).toEqual([demo('fr').chapterIds[0]![0]]);
    const theirs = (await get(b.agent, '/api/courses/progress?languageCode=fr', done.json().position)).json().courses[0];
    expect(theirs.completedChapterIds).toEqual([]);
  });

  it.each([
    [{ languageCode: 'de' }, 400, 'Required'],
    [{ chapterId: 'x', languageCode: 'de' }, 400, COURSE_MESSAGES.chapterNotFound],
    [{ chapterId: '00000000-0000-4000-8000-000000000000', languageCode: 'de' }, 404, COURSE_MESSAGES.chapterNotFound],
    [{ chapterId: demo('de').chapterIds[0]![0], languageCode: 'fr' }, 404, COURSE_MESSAGES.chapterNotFound],
    [{ chapterId: demo('de').chapterIds[0]![0], languageCode: 'xx' }, 400, /Invalid option/],
    [{ chapterId: demo('de').chapterIds[2]![2], languageCode: 'de' }, 403, COURSE_MESSAGES.premiumChapter],
  ])('refuses to complete %j (%i) and appends nothing', async (payload, status, message) => {
    const { agent } = person(t);
    const before = await eventCount(t);
    const res = await agent.request({ method: 'POST', url: '/api/courses/progress/add', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(t)).toBe(before);
  });

  it('lets Master complete a premium chapter', async () => {
    const res = await person(t, 'User', 'master').agent.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: premiumChapter, languageCode: 'de' },
    });
    expect(res.json().changed).toBe(1);
  });

  it('gives the match-words pairs of a chapter and keeps the best result as practiced', async () => {
    const { agent } = person(t);
    const chapterId = de.chapterIds[1]![0]!;
    const pairs = de.course.lessons[1].chapters[0].vocabulary.map(([word, translation]) => ({ word, translation }));
    expect((await get(agent, `/api/courses/chapter-match-words?chapterId=${chapterId}`)).json()).toEqual({
      chapterId,
      pairs,
      practiced: false,
      bestCorrect: null,
    });

    const first = await agent.request({
      method: 'PATCH',
      url: '/api/courses/chapter-match-words',
      payload: { chapterId, languageCode: 'de', correct: 4 },
    });
    expect(first.json().changed).toBe(1);
    const worse = await agent.request({
      method: 'PATCH',
      url: '/api/courses/chapter-match-words',
      payload: { chapterId, languageCode: 'de', correct: 2 },
    });
    expect(worse.json()).toEqual({ changed: 0 });
    const read = (await get(agent, `/api/courses/chapter-match-words?chapterId=${chapterId}`, first.json().position)).json();
    expect(read).toMatchObject({ practiced: true, bestCorrect: 4 });
    const progress = (await get(agent, '/api/courses/progress?languageCode=de')).json().courses[0];
    expect(progress.practicedIds).toEqual({
      chapterIds: [chapterId],
      orderedLessons: [
        { lessonId: de.lessonIds[0], chapterIds: [] },
        { lessonId: de.lessonIds[1], chapterIds: [chapterId] },
        { lessonId: de.lessonIds[2], chapterIds: [] },
      ],
    });
  });

  it.each([
    [{ correct: 99 }, COURSE_MESSAGES.tooManyCorrect],
    [{ correct: -1 }, 'Correct matches cannot be negative'],
    [{ correct: 1.5 }, /expected int/],
  ])('refuses a match-words result %j and appends nothing', async (extra, message) => {
    const { agent } = person(t);
    const before = await eventCount(t);
    const res = await agent.request({
      method: 'PATCH',
      url: '/api/courses/chapter-match-words',
      payload: { chapterId: de.chapterIds[0]![1], languageCode: 'de', ...extra },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(t)).toBe(before);
  });

  it('chooses the starting point after onboarding by level (nearest at or below) or by id', async () => {
    const cases = [
      [{ level: 'A2' }, 1],
      [{ level: 'C1' }, 2],
      [{ level: 'A1' }, 0],
      [{ startingPointId: de.startingPointIds[2] }, 2],
    ] as const;
    for (const [choice, index] of cases) {
      const { agent } = person(t);
      const res = await agent.request({
        method: 'POST',
        url: '/api/courses/progress/add-after-onboarding',
        payload: { languageCode: 'de', ...choice },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().startingPoint.id).toBe(de.startingPointIds[index]);
      const progress = (await get(agent, '/api/courses/progress?languageCode=de', res.json().position)).json().courses[0];
      expect(progress.startingPoint.id).toBe(de.startingPointIds[index]);
      expect(progress.nextChapter.chapterId).toBe(de.chapterIds[index]![0]);
    }
  });

  it.each([
    [{ languageCode: 'de' }, 400, 'Give either a level or a starting point'],
    [{ languageCode: 'de', level: 'A1', startingPointId: demo('de').startingPointIds[0] }, 400, 'Give either a level or a starting point'],
    [{ languageCode: 'de', level: 'Z9' }, 400, /Invalid option/],
    [{ languageCode: 'de', startingPointId: demo('fr').startingPointIds[0] }, 404, COURSE_MESSAGES.startingPointNotFound],
  ])('refuses onboarding choice %j (%i) and appends nothing', async (payload, status, message) => {
    const before = await eventCount(t);
    const res = await person(t).agent.request({ method: 'POST', url: '/api/courses/progress/add-after-onboarding', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await eventCount(t)).toBe(before);
  });

  it("forgets a deleted user's progress when identity says the user is gone", async () => {
    const { agent, uid } = person(t);
    await agent.request({
      method: 'POST',
      url: '/api/courses/progress/add-after-onboarding',
      payload: { languageCode: 'es', level: 'A1' },
    });
    await agent.request({
      method: 'POST',
      url: '/api/courses/progress/add',
      payload: { chapterId: demo('es').chapterIds[0]![0], languageCode: 'es' },
    });
    await agent.request({
      method: 'PATCH',
      url: '/api/courses/chapter-match-words',
      payload: { chapterId: demo('es').chapterIds[0]![0], languageCode: 'es', correct: 3 },
    });
    // The one identity event other contexts follow (its public shape: { userId, at }).
    const { position } = await t.deps.store.append(
      `identity-user-${uid}`,
      [{ id: randomUUID(), type: UserDeleted.type, version: UserDeleted.version, data: { userId: uid, at: new Date().toISOString() } }],
      'any',
    );
    expect(await t.deps.projections.waitFor(position, { timeoutMs: 30_000 })).toBe(true);
    for (const table of ['learning_starts', 'learning_completed', 'learning_practiced']) {
      expect(await t.platform.db(table).where({ user_id: uid }), table).toEqual([]);
    }
  });

  it('answers 401 on every learner route without a session', async () => {
    const anonymous = t.agent();
    const chapterId = de.chapterIds[0]![0];
    for (const [method, url] of [
      ['GET', '/api/courses?languageCode=de'],
      ['GET', `/api/courses/lessons?courseId=${de.courseId}`],
      ['GET', '/api/courses/progress'],
      ['POST', '/api/courses/progress/add'],
      ['GET', `/api/courses/${chapterId}`],
      ['GET', `/api/courses/chapter-order?courseId=${de.courseId}`],
      ['GET', `/api/courses/chapter-match-words?chapterId=${chapterId}`],
      ['PATCH', '/api/courses/chapter-match-words'],
      ['GET', '/api/courses/list'],
      ['POST', '/api/courses/progress/add-after-onboarding'],
    ] as const) {
      const res = await anonymous.request({
        method,
        url,
        payload: method === 'GET' ? undefined : { chapterId, languageCode: 'de', correct: 1 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(SESSION_EXPIRED);
    }
  });

  it('has demo content as the issue asks: 3+ lessons of 3 chapters, 5-8 word pairs each, in every language', () => {
    expect(
      demoCourses()
        .map((c) => c.languageCode)
        .sort(),
    ).toEqual([...LEARNING_LANGUAGES].sort());
    for (const c of demoCourses()) {
      expect(c.lessons.length).toBeGreaterThanOrEqual(3);
      for (const l of c.lessons) {
        for (const ch of l.chapters) {
          expect(ch.vocabulary.length, ch.title).toBeGreaterThanOrEqual(5);
          expect(ch.vocabulary.length, ch.title).toBeLessThanOrEqual(8);
          // Each word is one the learner meets in the chapter's text.
          for (const [word] of ch.vocabulary) expect(ch.text.toLowerCase(), `${c.languageCode}: ${word}`).toContain(word.toLowerCase());
        }
      }
    }
  });
});
