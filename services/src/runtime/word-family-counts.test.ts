import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../test-support/platform/test-auth';
import { vocabularyModule } from '../contexts/vocabulary/module';
import { analyticsModule } from './modules';

const database = await preferredTestDatabase();

/**
 * Dictionary analytics and the dashboard count word families as the learner sees them (issue 38.2): the
 * dictionary's links, an admin's correction for everyone, the learner's own split (vocabulary's read model
 * read by analytics).
 */
describe(`family counts on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, vocabularyModule, analyticsModule]);
  });
  afterAll(async () => t?.close());

  const agent = (role = 'User'): Agent => t.agent().setCookies(testUserCookies(randomUUID(), role));
  const post = (a: Agent, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => a.request({ method, url, payload });

  it('counts families in dictionary analytics and the dashboard as the learner and admins set them', async () => {
    const ana = agent();
    const marked = await ana.request({
      method: 'PATCH',
      url: '/api/dictionary',
      payload: { languageCode: 'fr', words: ['suis', 'été', 'fut', 'chevaux', 'cheval'].map((value) => ({ value, status: 'known' })) },
    });
    const analytics = async (at: string) =>
      (await ana.request({ method: 'GET', url: `/api/dictionary/analytics?languageCode=fr&minPosition=${at}` })).json();
    const dashboard = async (at: string) =>
      (await ana.request({ method: 'GET', url: `/api/analytics/progress?languageCode=fr&minPosition=${at}` })).json();
    expect(await analytics(marked.json().position)).toMatchObject({ known: 5, familiesKnown: 2 }); // être, cheval
    expect(await dashboard(marked.json().position)).toMatchObject({ wordsKnown: 5, familiesKnown: 2, levelHint: 'A1' });

    // "été" here is the summer, not a form of "être": an admin corrects it for everyone, then Ana splits "fut" off.
    const corrected = await post(agent('Admin'), '/api/admin/word-families', { languageCode: 'fr', word: 'été', base: 'été' }, 'PUT');
    expect(await analytics(corrected.json().position)).toMatchObject({ known: 5, familiesKnown: 3 });
    const split = await post(ana, '/api/dictionary/families/split', { languageCode: 'fr', word: 'fut' });
    expect(await analytics(split.json().position)).toMatchObject({ known: 5, familiesKnown: 4 });
    expect(await dashboard(split.json().position)).toMatchObject({ wordsKnown: 5, familiesKnown: 4 });
  });

  it('counts a saved phrase in no family: its words count by their own marks', async () => {
    const ben = agent();
    const marked = await ben.request({
      method: 'PATCH',
      url: '/api/dictionary',
      payload: {
        languageCode: 'de',
        words: [
          { value: 'zum Beispiel', status: 'known' },
          { value: 'Beispiel', status: 'known' },
        ],
      },
    });
    const analytics = await ben.request({
      method: 'GET',
      url: `/api/dictionary/analytics?languageCode=de&minPosition=${marked.json().position}`,
    });
    expect(analytics.json()).toMatchObject({ familiesKnown: 1 });
  });
});
