import { describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { demo, get, openLearningApp, person } from '../../../../test-support/contexts/learning/app';

const database = await preferredTestDatabase();

/** The service-level twin of the Playwright journey through Learn. */
describe(`a learner's first steps in a course on ${database.label}`, () => {
  it('onboards at A2, learns from that starting point, and finds the same state in a fresh app on the same database', async () => {
    const db = await database.create();
    const de = demo('de');
    const a2 = de.course.lessons.findIndex((l) => l.level === 'A2');
    const [first, second, third] = de.chapterIds[a2]!;

    // The first app must leave the database behind for the second one.
    const firstApp = await openLearningApp({ ...db, drop: async () => undefined });
    const { agent, uid } = person(firstApp);
    const onboarded = await agent.request({
      method: 'POST',
      url: '/api/courses/progress/add-after-onboarding',
      payload: { languageCode: 'de', level: 'A2' },
    });
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json().startingPoint).toMatchObject({ id: de.startingPointIds[a2], lesson: de.lessonIds[a2], level: 'A2' });

    let progress = (await get(agent, '/api/courses/progress?languageCode=de', onboarded.json().position)).json().courses[0];
    expect(progress.nextChapter).toEqual({ chapterId: first, lessonId: de.lessonIds[a2], premium: false, locked: false });

    let position = '';
    for (const chapterId of [first, second]) {
      const opened = await get(agent, `/api/courses/${chapterId}`);
      expect(opened.json().text.length).toBeGreaterThan(0);
      const done = await agent.request({ method: 'POST', url: '/api/courses/progress/add', payload: { chapterId, languageCode: 'de' } });
      expect(done.json().changed).toBe(1);
      position = done.json().position;
    }
    progress = (await get(agent, '/api/courses/progress?languageCode=de', position)).json().courses[0];
    expect(progress.completedChapterIds).toEqual([first, second]);
    expect(progress.nextChapter.chapterId).toBe(third);
    await firstApp.close();

    const fresh = await openLearningApp(db, { seed: false });
    try {
      const again = (await get(person(fresh, 'User', 'free', uid).agent, '/api/courses/progress?languageCode=de')).json().courses[0];
      expect(again).toEqual(progress);
      expect(again.startingPoint.level).toBe('A2');
    } finally {
      await fresh.close();
    }
  });
});
