import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { ADMIN_ONLY, SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { DEFAULT_PROMPTS } from './domain/default-prompts';
import { completion, startFakeOpenAi, type Answer, type ChatRequest } from '../../../test-support/contexts/translation/fake-openai-server';
import { createLocalProvider } from './adapters/local/provider';
import { TranslationMemory } from './domain/memory';
import { createTranslationModule } from './module';
import { createOpenAiProvider } from './adapters/openai';
import { TranslationResultSchema } from '@verba/contracts';

const database = await preferredTestDatabase();
const NOTHING = 'No prompt or text available for translation.';
const FAILED = 'An error occurred during translation';
const NOW = new Date('2026-05-04T10:00:00.000Z');

const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
const as = (t: TestApp, role = 'User') => t.agent().setCookies(testUserCookies(randomUUID(), role));
const post = (agent: Agent, url: string, payload?: unknown) => agent.request({ method: 'POST', url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

describe(`translation routes with the local provider on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, createTranslationModule({ now: () => NOW })]);
  });
  afterAll(async () => t?.close());

  it('answers 401 on every translation route without a session', async () => {
    for (const [method, url] of [
      ['POST', 'translation'],
      ['POST', 'translation-ai'],
      ['POST', 'translation-ai/multi-words-translation-prompt/post'],
      ['POST', 'translation-ai/check-public-article'],
      ['GET', 'translation-ai/prompts/get'],
      ['POST', 'translation-ai/prompts/update'],
      ['GET', 'translation-ai/prompts/history?kind=translation'],
    ] as const) {
      const res = await t.agent().request({ method, url: `/api/${url}`, ...(method === 'POST' ? { payload: { text: 'Brot', prompt: 'p' } } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(SESSION_EXPIRED);
    }
  });

  it.each([
    ['translation-ai', { prompt: 'Translate.', locale: 'en' }, NOTHING],
    ['translation-ai', { text: 'Brot', locale: 'en' }, NOTHING],
    ['translation-ai', { text: '   ', prompt: 'Translate.' }, NOTHING],
    ['translation-ai', { text: 'Brot', prompt: '' }, NOTHING],
    ['translation-ai', undefined, NOTHING],
    ['translation', {}, NOTHING],
    ['translation', { text: 'x'.repeat(5001) }, 'At most 5000 characters can be translated at once'],
    ['translation', { text: 'Brot', locale: 'english' }, 'locale must be a language code such as en'],
    ['translation-ai/multi-words-translation-prompt/post', { locale: 'en' }, NOTHING],
    ['translation-ai/check-public-article', { name: 'Title' }, 'The article has no text to check'],
  ])('POST %s %j: 400 with the exact message', async (url, payload, message) => {
    const res = await post(as(t), url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('translates words and sentences from the glossaries, guessing the language when not given', async () => {
    const agent = as(t);
    const word = await post(agent, 'translation', { text: 'Brot', languageCode: 'de' });
    expect(word.statusCode).toBe(200);
    expect(word.json()).toMatchObject({ success: true, data: 'bread' });
    expect(typeof word.json().duration_s).toBe('number');

    const sentence = await post(agent, 'translation-ai', { text: 'Guten Morgen! Das Wasser war sehr kalt.', prompt: 'Translate for a learner.', locale: 'en' });
    expect(sentence.json().data).toBe('Good morning! The water was very cold.');
    expect((await post(agent, 'translation', { text: 'Спокойной ночи, мама' })).json().data).toBe('Good night, mum');
    expect((await post(agent, 'translation-ai/multi-words-translation-prompt/post', { text: 'tout le monde', languageCode: 'fr' })).json().data).toBe('everyone');
  });

  it('answers 200 found: false for a text the glossaries and memory do not know (nothing upstream failed)', async () => {
    const agent = as(t);
    for (const [url, payload] of [
      ['translation', { text: 'Qwertz zxcvb' }],
      ['translation', { text: 'Brot', languageCode: 'de', locale: 'fr' }],
      ['translation-ai', { text: 'Blorptastisch', prompt: 'Translate the word as used here.', languageCode: 'de' }],
      ['translation-ai/multi-words-translation-prompt/post', { text: 'zxq vbn', languageCode: 'fr' }],
    ] as const) {
      const res = await post(agent, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(200);
      expect(res.json()).toMatchObject({ success: true, found: false, data: '' });
      expect(TranslationResultSchema.parse(res.json()).found).toBe(false);
    }
    // A miss is neither cached nor remembered: a known word still answers found: true.
    expect((await post(agent, 'translation', { text: 'Brot', languageCode: 'de' })).json()).toMatchObject({ found: true, data: 'bread' });
    expect(await t.platform.db('translation_memory').where({ translation: '' }).select('source_key')).toEqual([]);
  });

  it('checks public articles: an ordinary one passes, a call for violence is declined with a reason', async () => {
    const agent = as(t);
    const article = { name: 'Ein Morgen in der Bäckerei', content: 'Es ist sechs Uhr am Morgen. Es riecht nach Brot und Kaffee.' };
    expect((await post(agent, 'translation-ai/check-public-article', article)).json()).toEqual({ ok: true });
    const declined = await post(agent, 'translation-ai/check-public-article', { name: 'Meinung', content: 'Man sollte sie alle ausrotten.' });
    expect(declined.json()).toEqual({ ok: false, reason: 'The article contains violent or hateful language ("ausrotten").' });
  });

  it('shows the default prompts, lets only admins change them, and keeps every version', async () => {
    const user = as(t);
    const initial = (await user.request({ method: 'GET', url: '/api/translation-ai/prompts/get' })).json();
    expect(initial.prompts).toEqual([
      { kind: 'translation', prompt: DEFAULT_PROMPTS.translation, version: 0 },
      { kind: 'multiWord', prompt: DEFAULT_PROMPTS.multiWord, version: 0 },
      { kind: 'publicArticleCheck', prompt: DEFAULT_PROMPTS.publicArticleCheck, version: 0 },
    ]);

    const before = await eventCount(t);
    const refused = await post(user, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Mine now.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ADMIN_ONLY);
    expect((await user.request({ method: 'GET', url: '/api/translation-ai/prompts/history?kind=translation' })).statusCode).toBe(403);
    for (const [payload, message] of [
      [{ kind: 'poetry', prompt: 'x' }, 'Unknown prompt kind'],
      [{ kind: 'translation', prompt: '  ' }, 'The prompt is required'],
    ] as const) {
      const bad = await post(as(t, 'Admin'), 'translation-ai/prompts/update', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect(await eventCount(t)).toBe(before);

    const admin = as(t, 'Owner');
    const first = await post(admin, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Translate simply.' });
    expect(first.json()).toMatchObject({ changed: true });
    await post(admin, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Translate very simply.' });
    const same = await post(admin, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Translate very simply.' });
    expect(same.json()).toEqual({ changed: false });
    expect(await eventCount(t)).toBe(before + 2);

    const current = (await user.request({ method: 'GET', url: `/api/translation-ai/prompts/get?minPosition=${first.json().position}` })).json();
    // minPosition is the first update's; the second may or may not be applied yet, so wait for the history too.
    const history = (await admin.request({ method: 'GET', url: `/api/translation-ai/prompts/history?kind=translation&minPosition=${first.json().position}` })).json();
    expect(current.prompts[0].version).toBeGreaterThanOrEqual(1);
    const settled = async () => (await admin.request({ method: 'GET', url: '/api/translation-ai/prompts/history?kind=translation' })).json().versions;
    let versions = history.versions;
    for (let i = 0; i < 50 && versions.length < 2; i++) versions = await settled();
    expect(versions).toEqual([
      { version: 2, prompt: 'Translate very simply.', updatedAt: NOW.toISOString(), updatedBy: expect.any(String) },
      { version: 1, prompt: 'Translate simply.', updatedAt: NOW.toISOString(), updatedBy: expect.any(String) },
    ]);
    const after = (await user.request({ method: 'GET', url: '/api/translation-ai/prompts/get' })).json();
    expect(after.prompts[0]).toEqual({ kind: 'translation', prompt: 'Translate very simply.', version: 2, updatedAt: NOW.toISOString() });
    expect(after.prompts[1].version).toBe(0);
  });

  it('rebuilds the prompt read models to the same rows', async () => {
    await t.caughtUp();
    const read = async () => ({
      current: await t.platform.db('translation_prompts').orderBy('kind').select(),
      versions: await t.platform.db('translation_prompt_versions').orderBy(['kind', 'version']).select(),
    });
    const before = await read();
    await t.platform.runner.rebuild('translation-prompts');
    expect(await read()).toEqual(before);
    expect(before.versions.length).toBeGreaterThanOrEqual(2);
  });
});

describe(`translation routes with the OpenAI adapter on ${database.label}`, () => {
  const SECRET = 'sk-live-very-secret-key-000111222';
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let next: (r: ChatRequest) => Answer = () => completion('ok');
  const logged: string[] = [];
  beforeAll(async () => {
    server = await startFakeOpenAi((r) => next(r));
    const log = createLogger('info', 'test', { write: (line: string) => void logged.push(line) });
    t = await createTestApp(await database.create(), [
      testAuthModule,
      createTranslationModule({
        now: () => NOW,
        log,
        provider: () => createOpenAiProvider({ apiKey: SECRET, baseURL: server.baseURL, model: 'test-model', timeoutMs: 5000 }),
      }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('caches translations by text, locale and prompt: a repeat costs no call', async () => {
    const agent = as(t);
    next = (r) => completion(`EN(${r.body.messages[1]!.content})`);
    const calls = server.received.length;
    const body = { text: 'Die Stadt ist noch ruhig', prompt: 'Translate.', locale: 'en' };
    expect((await post(agent, 'translation-ai', body)).json()).toMatchObject({ success: true, found: true, data: 'EN(Die Stadt ist noch ruhig)' });
    expect((await post(as(t), 'translation-ai', body)).json()).toMatchObject({ found: true, data: 'EN(Die Stadt ist noch ruhig)' });
    expect(server.received.length).toBe(calls + 1);
    await post(agent, 'translation-ai', { ...body, prompt: 'Translate formally.' });
    await post(agent, 'translation-ai', { ...body, locale: 'en-GB' });
    await post(agent, 'translation', { text: body.text });
    expect(server.received.length).toBe(calls + 4);
  });

  it('sends the stored multi-word prompt with the selection', async () => {
    const admin = as(t, 'Admin');
    await post(admin, 'translation-ai/prompts/update', { kind: 'multiWord', prompt: 'Explain the idiom.' });
    next = () => completion('to be in a good mood');
    let res = await post(as(t), 'translation-ai/multi-words-translation-prompt/post', { text: 'gut gelaunt sein', languageCode: 'de' });
    // The prompt is read from the read model, which follows the log a moment later.
    for (let i = 0; i < 50 && !server.received.at(-1)!.body.messages[0]!.content.startsWith('Explain the idiom.'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await post(as(t), 'translation-ai/multi-words-translation-prompt/post', { text: `gut gelaunt sein ${i}`, languageCode: 'de' });
    }
    expect(res.json().data).toBe('to be in a good mood');
    expect(server.received.at(-1)!.body.messages[0]!.content).toBe('Explain the idiom.\n\nTranslate from German into the language with the code "en".');
  });

  it('moderates with the stored prompt and returns the provider verdict', async () => {
    next = () => completion('{"ok": false, "reason": "Insults a group."}');
    const res = await post(as(t), 'translation-ai/check-public-article', { name: 'T', content: 'Some text' });
    expect(res.json()).toEqual({ ok: false, reason: 'Insults a group.' });
    expect(server.received.at(-1)!.body.messages[0]!.content.startsWith(DEFAULT_PROMPTS.publicArticleCheck)).toBe(true);
  });

  it('answers the spec error (502) for an invalid result or a failing server, and never leaks the key', async () => {
    const agent = as(t);
    const translate = ['translation', { text: `Kaffee ${randomUUID()}` }] as const;
    const check = ['translation-ai/check-public-article', { content: 'text' }] as const;
    const cases = [
      [completion(''), [translate, check]],
      [completion('not json'), [check]], // a fine translation, but not a verdict
      [{ status: 401, json: { error: { message: `Incorrect API key provided: ${SECRET}`, type: 'invalid_request_error' } } }, [translate, check]],
      [{ status: 500, json: { error: { message: `internal error for ${SECRET}` } } }, [translate, check]],
    ] as const;
    for (const [answer, calls] of cases) {
      next = () => answer;
      for (const [url, payload] of calls) {
        const res = await post(agent, url, { ...payload, ...(url === 'translation' ? { text: `Kaffee ${randomUUID()}` } : {}) });
        expect(res.statusCode, `${url} ${JSON.stringify(answer)}`).toBe(502);
        expect(res.json().message).toBe(FAILED);
        expect(res.body).not.toContain(SECRET);
      }
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(SECRET);
    expect(logged.join('\n')).not.toContain('sk-live');
  });

  it('keeps every translation in the memory, which the local provider then reuses offline', async () => {
    next = (r) => completion(r.body.messages[1]!.content === 'mejor' ? 'best' : 'My grandfather makes the best omelette');
    const agent = as(t);
    await post(agent, 'translation', { text: 'Mi abuelo hace la mejor tortilla', languageCode: 'es' });
    await post(agent, 'translation', { text: 'mejor', languageCode: 'es' });

    const local = createLocalProvider(new TranslationMemory(t.platform.db, () => NOW));
    expect(await local.translate({ text: 'Mi abuelo hace la mejor tortilla', locale: 'en', sourceLanguage: 'es' })).toBe('My grandfather makes the best omelette');
    // A new sentence: the glossary plus the remembered word.
    expect(await local.translate({ text: 'La mejor casa', locale: 'en', sourceLanguage: 'es' })).toBe('The best house');
  });
});
