import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { ADMIN_ONLY } from '../../platform/http/routes';
import { vocabularyModule } from './module';

const database = await preferredTestDatabase();

/**
 * Word families (issue 38.2): a learner splits a form off, sets its base word by hand and rejoins it, for
 * themselves only; an admin corrects a base word for everyone; the look-up follows (the family counts: runtime/word-family-counts.test.ts).
 */
describe(`word family routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, vocabularyModule]);
  });
  afterAll(async () => t?.close());

  const agent = (role = 'User'): Agent => t.agent().setCookies(testUserCookies(randomUUID(), role));
  const families = async (a: Agent, words: string, at?: string, lang = 'de') => {
    const res = await a.request({
      method: 'GET',
      url: `/api/dictionary/families?languageCode=${lang}&words=${encodeURIComponent(words)}${at ? `&minPosition=${at}` : ''}`,
    });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      (res.json().words as { value: string; base: string; source: string }[]).map((w) => [w.value, [w.base, w.source]]),
    );
  };
  const post = (a: Agent, url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => a.request({ method, url, payload });

  it("answers each word's base word from the dictionary, irregular forms included, as word keys", async () => {
    expect(await families(agent(), 'Ging,gegangen,„Häuser“,seine,ging')).toEqual({
      ging: ['gehen', 'dictionary'],
      gegangen: ['gehen', 'dictionary'],
      häuser: ['haus', 'dictionary'],
      seine: ['seine', 'dictionary'],
    });
    expect(await families(agent(), 'fui,iba', undefined, 'es')).toEqual({ fui: ['ir', 'dictionary'], iba: ['ir', 'dictionary'] });
  });

  it('splits a form off, sets its base by hand and rejoins it, for this learner only; a repeat changes nothing', async () => {
    const ana = agent();
    const ben = agent();
    const split = await post(ana, '/api/dictionary/families/split', { languageCode: 'de', word: 'Ging' });
    expect(split.statusCode).toBe(200);
    expect(split.json()).toMatchObject({ changed: 1 });
    expect(await families(ana, 'ging,gegangen', split.json().position)).toEqual({
      ging: ['ging', 'split'],
      gegangen: ['gehen', 'dictionary'],
    });
    expect(await families(ben, 'ging')).toEqual({ ging: ['gehen', 'dictionary'] });
    expect((await post(ana, '/api/dictionary/families/split', { languageCode: 'de', word: 'ging' })).json()).toEqual({ changed: 0 });

    const set = await post(ana, '/api/dictionary/families/base', { languageCode: 'de', word: 'ging', base: 'Gehen' }, 'PUT');
    expect(await families(ana, 'ging', set.json().position)).toEqual({ ging: ['gehen', 'own'] });

    const rejoined = await post(ana, '/api/dictionary/families/rejoin', { languageCode: 'de', word: 'ging' });
    expect(rejoined.json()).toMatchObject({ changed: 1 });
    expect(await families(ana, 'ging', rejoined.json().position)).toEqual({ ging: ['gehen', 'dictionary'] });
  });

  it('refuses a base word that is no word, and changes nothing', async () => {
    const ana = agent();
    const res = await post(ana, '/api/dictionary/families/base', { languageCode: 'de', word: 'ging', base: '…' }, 'PUT');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('Not a word');
    expect(await families(ana, 'ging')).toEqual({ ging: ['gehen', 'dictionary'] });
  });

  it("lets only admins correct a base word; the correction holds for everyone but a learner's own choice", async () => {
    const learner = agent();
    const refused = await post(learner, '/api/admin/word-families', { languageCode: 'es', word: 'sé', base: 'saber' }, 'PUT');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(ADMIN_ONLY);
    expect((await learner.request({ method: 'GET', url: '/api/admin/word-families?languageCode=es&word=s%C3%A9' })).statusCode).toBe(403);
    expect(await families(learner, 'sé', undefined, 'es')).toEqual({ sé: ['ser', 'dictionary'] });

    const admin = agent('Admin');
    const corrected = await post(admin, '/api/admin/word-families', { languageCode: 'es', word: 'Sé', base: 'saber' }, 'PUT');
    expect(corrected.statusCode).toBe(200);
    const at = corrected.json().position as string;
    expect(await families(learner, 'sé', at, 'es')).toEqual({ sé: ['saber', 'corrected'] });
    const look = await admin.request({ method: 'GET', url: `/api/admin/word-families?languageCode=es&word=s%C3%A9&minPosition=${at}` });
    expect(look.json()).toMatchObject({ word: 'sé', dictionaryBase: 'ser', correction: { base: 'saber' } });

    // A learner's own split wins over the correction.
    const split = await post(learner, '/api/dictionary/families/split', { languageCode: 'es', word: 'sé' });
    expect(await families(learner, 'sé', split.json().position, 'es')).toEqual({ sé: ['sé', 'split'] });

    const back = await post(admin, '/api/admin/word-families', { languageCode: 'es', word: 'sé', base: null }, 'PUT');
    expect(await families(agent(), 'sé', back.json().position, 'es')).toEqual({ sé: ['ser', 'dictionary'] });
  });
});
