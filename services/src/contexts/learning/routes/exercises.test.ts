import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, EXERCISE_MESSAGES } from '@verba/contracts';
import { ADMIN_ONLY } from '../../../platform/http/routes';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import type { Agent, TestApp } from '../../../../test-support/platform/test-app';
import { demo, eventCount, get, openLearningApp, person } from '../../../../test-support/contexts/learning/app';

const database = await preferredTestDatabase();

/** Issue 16: missing-word exercises and comprehension questions, written by admins, answered by learners. */
describe(`chapter exercises on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await openLearningApp(await database.create());
    admin = person(t, 'Admin').agent;
  });
  afterAll(async () => t?.close());

  const de = demo('de');
  const chapterId = de.chapterIds[0]![0]!;
  const url = (kind: string) => `/api/admin/courses/chapters/${chapterId}/${kind}`;
  const missingWords = [{ sentence: 'Ich ___ Lena.', answers: ['bin'] }];
  const questions = [{ question: 'Wie heißt sie?', answers: ['Lena', 'Sie heißt Lena'] }];

  it('writes both lists; a learner sees them without answers and gets right or wrong for each answer', async () => {
    const mw = await admin.request({ method: 'PUT', url: url('missing-words'), payload: { items: missingWords } });
    expect(mw.statusCode, mw.body).toBe(200);
    const q = await admin.request({ method: 'PUT', url: url('ask-questions'), payload: { items: questions } });
    expect(q.json().changed).toBe(1);
    expect((await get(admin, url('exercises'), q.json().position)).json()).toMatchObject({ missingWords, questions, revision: '1' });

    const learner = person(t).agent;
    const seen = (await get(learner, `/api/courses/${chapterId}/exercises`)).json();
    expect(seen).toEqual({ chapterId, missingWords: [{ before: 'Ich ', after: ' Lena.' }], questions: [{ question: 'Wie heißt sie?' }] });
    expect(JSON.stringify(seen)).not.toContain('bin');

    const check = (kind: string, index: number, answer: string) =>
      learner.request({ method: 'POST', url: '/api/courses/exercises/check', payload: { chapterId, kind, index, answer } });
    expect((await check('missing-word', 0, ' Bin ')).json()).toEqual({ correct: true, answers: ['bin'] });
    expect((await check('missing-word', 0, 'bist')).json()).toEqual({ correct: false, answers: ['bin'] });
    expect((await check('question', 0, 'sie heißt lena.')).json().correct).toBe(true);
    // Typed without ß: right, with the spelling to learn.
    expect((await check('question', 0, 'Sie heisst Lena')).json()).toEqual({
      correct: true,
      spelledAs: 'Sie heißt Lena',
      answers: questions[0]!.answers,
    });
    expect((await check('question', 3, 'x')).json()).toMatchObject({ status: 404, message: EXERCISE_MESSAGES.exerciseNotFound });
    const list = (await get(admin, '/api/admin/courses')).json().languages[0].course;
    expect(list.chaptersWithoutExercises).toBe(list.totalChapters - 1);
    // The same list again appends nothing.
    expect((await admin.request({ method: 'PUT', url: url('missing-words'), payload: { items: missingWords } })).json()).toEqual({
      changed: 0,
    });
  });

  it('refuses a stale revision from a second admin and keeps the first admin’s list', async () => {
    const { revision } = (await get(admin, url('exercises'))).json();
    const first = await admin.request({
      method: 'PUT',
      url: url('ask-questions'),
      payload: { items: [...questions, { question: 'Wo wohnt sie?', answers: ['in Berlin'] }], expectedRevision: revision },
    });
    expect(first.statusCode).toBe(200);
    const before = await eventCount(t);
    const second = await person(t, 'Owner').agent.request({
      method: 'PUT',
      url: url('ask-questions'),
      payload: { items: [], expectedRevision: revision },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(COURSE_MESSAGES.editConflict);
    expect(await eventCount(t)).toBe(before);
    expect((await get(admin, url('exercises'), first.json().position)).json().questions).toHaveLength(2);
  });

  it.each([
    ['missing-words', { items: [{ sentence: 'Ich bin Lena.', answers: ['bin'] }] }, EXERCISE_MESSAGES.gapMissing],
    ['missing-words', { items: [{ sentence: 'Ich ___ ___.', answers: ['bin'] }] }, EXERCISE_MESSAGES.gapMissing],
    ['missing-words', { items: [{ sentence: 'Ich ___ Lena.', answers: [] }] }, EXERCISE_MESSAGES.answerRequired],
    ['ask-questions', { items: [{ question: ' ', answers: ['a'] }] }, 'The question is required'],
    ['ask-questions', {}, 'Required'],
  ] as const)('refuses %s %j with a clear message, appending nothing', async (kind, payload, message) => {
    const before = await eventCount(t);
    const res = await admin.request({ method: 'PUT', url: url(kind), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount(t)).toBe(before);
  });

  it('keeps exercises of a hidden chapter from learners and the routes from non-admins', async () => {
    const hidden = await admin.request({
      method: 'PATCH',
      url: `/api/admin/courses/chapters/${chapterId}/flags`,
      payload: { visible: false },
    });
    const learner = person(t).agent;
    expect((await get(learner, `/api/courses/${chapterId}/exercises`, hidden.json().position)).json()).toMatchObject({
      status: 404,
      message: COURSE_MESSAGES.chapterNotFound,
    });
    const refused = await learner.request({ method: 'PUT', url: url('missing-words'), payload: { items: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_ONLY);
    expect((await t.agent().request({ method: 'GET', url: url('exercises') })).statusCode).toBe(401);
    await admin.request({ method: 'PATCH', url: `/api/admin/courses/chapters/${chapterId}/flags`, payload: { visible: true } });
  });
});
