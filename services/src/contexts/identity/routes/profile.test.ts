import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MARK_FAMILY_DEFAULT,
  NAME_INVISIBLE,
  unknownTimeZone,
  USERNAME_CONFUSABLE,
  USERNAME_RESERVED,
  USERNAME_RULE,
  USERNAME_TAKEN,
} from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { identityModule } from '../module';
import { signUpVerified } from '../../../../test-support/contexts/identity/accounts';

const database = await preferredTestDatabase();
let n = 0;
const uniqueEmail = () => `onboard${++n}.${Date.now()}@example.org`;
const PASSWORD = 'correct horse battery';

describe(`onboarding and profile routes on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

  it('onboards: language and level, then showMainOnboarding stops', async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().showMainOnboarding).toBe(true);
    const res = await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'fr', level: 'A2' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      showMainOnboarding: false,
      currentLearningLanguage: 'fr',
      languageLevels: { fr: 'A2' },
      learnedLanguages: ['fr'],
    });
    const bad = await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'it', level: 'A2' } });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps usernames unique whatever their case, and frees a username its owner gave up', async () => {
    const a = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const b = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const name = `Reader_${Date.now()}`;
    const check = (agent: typeof a.agent, value: string) =>
      agent.request({ method: 'POST', url: '/api/user/check-username', payload: { name: value } });
    expect((await check(a.agent, name)).json()).toEqual({ available: true });
    const set = await a.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { name: 'Ana', username: name } });
    expect(set.statusCode).toBe(200);
    expect(set.json().profile).toMatchObject({ name: 'Ana', username: name });
    expect((await check(a.agent, name)).json()).toEqual({ available: true }); // it is hers
    expect((await check(b.agent, name.toUpperCase())).json()).toEqual({ available: false });

    const before = await eventCount();
    const taken = await b.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: name.toLowerCase() } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(USERNAME_TAKEN);
    expect(await eventCount()).toBe(before);

    const rule = await b.agent.request({ method: 'POST', url: '/api/user/check-username', payload: { name: 'a b' } });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().message).toBe(USERNAME_RULE);

    await a.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: `${name}_2` } });
    expect((await check(b.agent, name)).json()).toEqual({ available: true });
    expect((await b.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: name } })).statusCode).toBe(200);
  });

  it('refuses usernames that look like a taken one or a reserved word, and names of invisible characters only', async () => {
    const a = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const b = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const digits = String(Date.now());
    const name = `nora_${digits}`;
    expect((await a.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: { username: name } })).statusCode).toBe(200);
    const set = (value: object) => b.agent.request({ method: 'POST', url: '/api/user/basic-info', payload: value });

    const before = await eventCount();
    for (const [value, status, message] of [
      [{ username: `n\u043Era_${digits}` }, 409, USERNAME_CONFUSABLE], // Cyrillic о
      [{ username: `ΝΟRΑ_${digits}` }, 409, USERNAME_CONFUSABLE], // Greek capitals
      [{ username: `ｎｏｒａ_${digits}` }, 409, USERNAME_TAKEN], // full width: NFKC makes it the same name
      [{ username: '\u0430dmin' }, 400, USERNAME_RESERVED], // Cyrillic а
      [{ username: 'Sup.Port' }, 400, USERNAME_RESERVED],
      [{ name: '\u200B\u2060\u3164' }, 400, NAME_INVISIBLE],
    ] as const) {
      const res = await set(value);
      expect(res.statusCode, JSON.stringify(value)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await eventCount()).toBe(before);
    const check = await b.agent.request({ method: 'POST', url: '/api/user/check-username', payload: { name: `n\u043Era_${digits}` } });
    expect(check.json()).toEqual({ available: false });
    // Its lookalikes are no one else's to take, but stay free for its holder.
    const own = await a.agent.request({ method: 'POST', url: '/api/user/check-username', payload: { name: `n\u043Era_${digits}` } });
    expect(own.json()).toEqual({ available: true });
    // Names are kept NFKC-normalised.
    expect((await set({ name: 'Ｂｅａ' })).json().profile.name).toBe('Bea');
  });

  it('changes the learning language and merges settings part by part', async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'de', level: 'B1' } });
    const lang = await agent.request({ method: 'POST', url: '/api/user/change-language', payload: { languageId: 'es' } });
    expect(lang.json().profile).toMatchObject({ currentLearningLanguage: 'es', learnedLanguages: ['de', 'es'] });

    await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { speech: { speed: 0.8, voices: { de: 'Vicki' } } } });
    await agent.request({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { speech: { voices: { es: 'Lucia' } }, library: { view: 'cards' } },
    });
    const profile = (await agent.request({ method: 'GET', url: '/api/user/profile' })).json();
    expect(profile.settings).toEqual({ speech: { speed: 0.8, voices: { de: 'Vicki', es: 'Lucia' } }, library: { view: 'cards' } });

    const wrongVoice = await agent.request({
      method: 'PATCH',
      url: '/api/user/settings',
      payload: { speech: { voices: { de: 'Nobody' } } },
    });
    expect(wrongVoice.statusCode).toBe(400);
    const tooFast = await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { speech: { speed: 3 } } });
    expect(tooFast.statusCode).toBe(400);
  });

  it('keeps "Mark the whole family" (always, ask, never; unset means ask) beside the other settings, and refuses another value', async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const profile = async () => (await agent.request({ method: 'GET', url: '/api/user/profile' })).json();
    expect((await profile()).settings.words).toBeUndefined();
    expect(MARK_FAMILY_DEFAULT).toBe('ask');
    await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { library: { view: 'cards' } } });
    const saved = await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { words: { markFamily: 'always' } } });
    expect(saved.statusCode).toBe(200);
    expect((await profile()).settings).toMatchObject({ library: { view: 'cards' }, words: { markFamily: 'always' } });
    const wrong = await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { words: { markFamily: 'sometimes' } } });
    expect(wrong.statusCode).toBe(400);
    await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { words: { markFamily: 'never' } } });
    expect((await profile()).settings.words).toEqual({ markFamily: 'never' });
  });

  it("keeps the learner's time zone: none (UTC) until one is saved, an unknown one refused with its message", async () => {
    const { agent, uid: userId } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const before = (await agent.request({ method: 'GET', url: '/api/user/profile' })).json();
    expect(before.settings.timeZone).toBeUndefined(); // the shell saves the browser's zone then
    expect(await t.deps.timeZones.timeZoneOf(userId)).toBe('UTC');

    const saved = await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { timeZone: 'America/Los_Angeles' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.settings).toEqual({ timeZone: 'America/Los_Angeles' });
    await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { library: { view: 'cards' } } });
    const profile = (await agent.request({ method: 'GET', url: '/api/user/profile' })).json();
    expect(profile.settings).toEqual({ timeZone: 'America/Los_Angeles', library: { view: 'cards' } });
    expect(await t.deps.timeZones.timeZoneOf(userId)).toBe('America/Los_Angeles');

    const events = await eventCount();
    const unknown = await agent.request({ method: 'PATCH', url: '/api/user/settings', payload: { timeZone: 'Mars/Olympus_Mons' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(unknownTimeZone('Mars/Olympus_Mons'));
    expect(await eventCount()).toBe(events);
    expect(await t.deps.timeZones.timeZoneOf(userId)).toBe('America/Los_Angeles');
  });

  it('adds up time spent per language', async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), PASSWORD);
    const none = await agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds: 30 } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a learning language first.');
    await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'ru', level: 'A1' } });
    for (const seconds of [30, 45, 60]) {
      expect((await agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds } })).statusCode).toBe(200);
    }
    await agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds: 20, languageCode: 'de' } });
    await t.caughtUp();
    expect((await agent.request({ method: 'GET', url: '/api/user/profile' })).json().timeSpent).toEqual({ ru: 135, de: 20 });
    expect((await agent.request({ method: 'PATCH', url: '/api/user/time', payload: { seconds: 0 } })).statusCode).toBe(400);
  });

  it('answers 401 to every onboarding and profile route without a session', async () => {
    const guest = t.agent();
    for (const [method, url] of [
      ['GET', '/api/user/profile'],
      ['POST', '/api/user/check-username'],
      ['POST', '/api/user/basic-info'],
      ['POST', '/api/user/onboarding'],
      ['POST', '/api/user/change-language'],
      ['PATCH', '/api/user/settings'],
      ['PATCH', '/api/user/time'],
    ] as const) {
      expect((await guest.request({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});
