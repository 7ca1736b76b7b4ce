import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../platform/logger';
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
import { withFallback } from './adapters/fallback';
import type { TranslationProvider } from './adapters/port';
import { TranslationResultSchema } from '@verba/contracts';

const database = await preferredTestDatabase();
const NOTHING = 'No prompt or text available for translation.';
const FAILED = 'An error occurred during translation';
const NOW = new Date('2026-05-04T10:00:00.000Z');

const eventCount = async (t: TestApp) => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
const as = (t: TestApp, role = 'User') => t.agent().setCookies(testUserCookies(randomUUID(), role));
const post = (agent: Agent, url: string, payload?: unknown) =>
  agent.request({ method: 'POST', url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

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
      ['POST', 'translation/meanings'],
      ['GET', 'translation/meanings?languageCode=de&word=Zelt'],
    ] as const) {
      const res = await t
        .agent()
        .request({ method, url: `/api/${url}`, ...(method === 'POST' ? { payload: { text: 'Brot', prompt: 'p' } } : {}) });
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

  it('looks words up in the offline dictionary, through their lemma, and glosses sentences word by word (labelled as a gloss)', async () => {
    const agent = as(t);
    const word = await post(agent, 'translation', { text: 'Zelt', languageCode: 'de' });
    expect(word.statusCode).toBe(200);
    expect(word.json()).toMatchObject({ success: true, found: true, data: 'tent', source: 'dictionary' });
    expect(typeof word.json().duration_s).toBe('number');
    // What the reader sends for a word: translation-ai with a prompt and the sentence; the lemma comes back.
    const inflected = await post(agent, 'translation-ai', {
      text: 'gegessen',
      prompt: 'Translate the word.',
      languageCode: 'de',
      context: 'Wir haben Fisch gegessen.',
    });
    expect(inflected.json()).toMatchObject({ found: true, source: 'dictionary', lemma: 'essen' });
    expect(inflected.json().data).toContain('eaten');
    expect((await post(agent, 'translation-ai', { text: 'mangeons', prompt: 'p', languageCode: 'fr' })).json()).toMatchObject({
      data: 'eat',
      lemma: 'manger',
    });

    const sentence = await post(agent, 'translation-ai', {
      text: 'Guten Morgen! Das Wasser war sehr kalt.',
      prompt: 'Translate for a learner.',
      locale: 'en',
    });
    expect(sentence.json()).toMatchObject({ data: 'Good morning! The water was very cold.', source: 'gloss' });
    expect((await post(agent, 'translation', { text: 'Спокойной ночи, мама' })).json()).toMatchObject({
      data: 'Good night, mum',
      source: 'gloss',
    });
    expect(
      (await post(agent, 'translation-ai/multi-words-translation-prompt/post', { text: 'tout le monde', languageCode: 'fr' })).json(),
    ).toMatchObject({
      data: 'everyone',
      source: 'dictionary',
    });
  });

  it('answers a name with itself when the sentence writes it as one (transliterated from Cyrillic)', async () => {
    const agent = as(t);
    const krueger = await post(agent, 'translation-ai', {
      text: 'Krüger',
      prompt: 'p',
      languageCode: 'de',
      context: 'In der Bäckerei von Frau Krüger ist es warm.',
    });
    expect(krueger.json()).toMatchObject({ found: true, data: 'Krüger' });
    const masha = await post(agent, 'translation-ai', {
      text: 'Маша',
      prompt: 'p',
      languageCode: 'ru',
      context: 'Сегодня Маша идёт в школу.',
    });
    expect(masha.json()).toMatchObject({ found: true, data: 'Masha' });
    // Without the sentence there is no telling a name from an unknown word.
    expect((await post(agent, 'translation-ai', { text: 'Krüger', prompt: 'p', languageCode: 'de' })).json()).toMatchObject({
      found: false,
    });
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
    expect((await post(agent, 'translation', { text: 'Brot', languageCode: 'de' })).json()).toMatchObject({
      found: true,
      data: expect.stringMatching(/^bread/),
    });
    expect(await t.platform.db('translation_memory').where({ translation: '' }).select('source_key')).toEqual([]);
  });

  it("saves a learner's own meaning of a word, offers it back to them only, and keeps it sealed in the log", async () => {
    const userId = randomUUID();
    const lea = t.agent().setCookies(testUserCookies(userId));
    const other = as(t);
    const meaning = (agent: Agent, word: string, minPosition?: string) =>
      agent.request({
        method: 'GET',
        url: `/api/translation/meanings?languageCode=de&word=${encodeURIComponent(word)}${minPosition ? `&minPosition=${minPosition}` : ''}`,
      });
    expect((await meaning(lea, 'Blorptastisch')).json()).toEqual({ word: 'Blorptastisch', meaning: null });

    const before = await eventCount(t);
    for (const [payload, message] of [
      [{ languageCode: 'de', word: 'Blorptastisch' }, 'Required'],
      [{ languageCode: 'de', word: 'Blorptastisch', meaning: '   ' }, 'Required'],
      [{ languageCode: 'de', word: 'Blorptastisch', meaning: 'x'.repeat(301) }, 'Maximum 300 letters are allowed'],
      [{ languageCode: 'de', word: ' ', meaning: 'great' }, 'The word is required'],
      [{ languageCode: 'de', word: 'x'.repeat(301), meaning: 'great' }, 'A word or phrase has at most 300 characters'],
    ] as const) {
      const bad = await post(lea, 'translation/meanings', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect((await post(lea, 'translation/meanings', { languageCode: 'xx', word: 'a', meaning: 'b' })).statusCode).toBe(400);
    expect(await eventCount(t)).toBe(before);

    const saved = await post(lea, 'translation/meanings', {
      languageCode: 'de',
      word: 'Blorptastisch',
      meaning: 'fantastically blorpy',
      commandId: randomUUID(),
    });
    expect(saved.json()).toMatchObject({ changed: true, position: expect.any(String) });
    // The word is keyed as the reader keys it: case and edge punctuation aside.
    expect((await meaning(lea, 'blorptastisch,', saved.json().position)).json()).toEqual({
      word: 'blorptastisch,',
      meaning: 'fantastically blorpy',
    });
    expect((await meaning(other, 'Blorptastisch')).json()).toEqual({ word: 'Blorptastisch', meaning: null });
    const again = await post(lea, 'translation/meanings', { languageCode: 'de', word: 'BLORPTASTISCH', meaning: 'fantastically blorpy' });
    expect(again.json()).toEqual({ changed: false });
    expect(await eventCount(t)).toBe(before + 1);

    const changed = await post(lea, 'translation/meanings', { languageCode: 'de', word: 'Blorptastisch', meaning: 'wonderfully odd' });
    expect((await meaning(lea, 'Blorptastisch', changed.json().position)).json().meaning).toBe('wonderfully odd');
    // Another language is another word.
    expect(
      (await lea.request({ method: 'GET', url: '/api/translation/meanings?languageCode=fr&word=Blorptastisch' })).json().meaning,
    ).toBeNull();

    const logged = JSON.stringify((await t.platform.db.raw(`select data from es_events where type = 'translation.OwnMeaningSaved'`)).rows);
    expect(logged).not.toContain('wonderfully odd');
    expect(logged).not.toContain('Blorptastisch');
  });

  it('rebuilds the own-meanings read model to the same rows', async () => {
    await t.caughtUp();
    const read = () => t.platform.db('translation_own_meanings').orderBy(['user_id', 'language', 'word_key']).select();
    const before = await read();
    await t.platform.runner.rebuild('translation-own-meanings');
    expect(await read()).toEqual(before);
    expect(before.length).toBeGreaterThanOrEqual(1);
  });

  it('checks public articles: an ordinary one passes, a call for violence is declined with a reason', async () => {
    const agent = as(t);
    const article = { name: 'Ein Morgen in der Bäckerei', content: 'Es ist sechs Uhr am Morgen. Es riecht nach Brot und Kaffee.' };
    expect((await post(agent, 'translation-ai/check-public-article', article)).json()).toEqual({ ok: true });
    const declined = await post(agent, 'translation-ai/check-public-article', {
      name: 'Meinung',
      content: 'Man sollte sie alle ausrotten.',
    });
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
    const second = await post(admin, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Translate very simply.' });
    const same = await post(admin, 'translation-ai/prompts/update', { kind: 'translation', prompt: 'Translate very simply.' });
    expect(same.json()).toEqual({ changed: false });
    expect(await eventCount(t)).toBe(before + 2);

    const current = (
      await user.request({ method: 'GET', url: `/api/translation-ai/prompts/get?minPosition=${first.json().position}` })
    ).json();
    expect(current.prompts[0].version).toBeGreaterThanOrEqual(1);
    // Read-your-writes: the history read with the second update's position includes it, however busy the projector.
    const history = (
      await admin.request({
        method: 'GET',
        url: `/api/translation-ai/prompts/history?kind=translation&minPosition=${second.json().position}`,
      })
    ).json();
    expect(history.versions).toEqual([
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

/** A test app whose provider talks to a fake OpenAI server; set `next` to answer the requests. */
function withFakeOpenAi(provider: (baseURL: string, log: Logger) => (memory: TranslationMemory) => TranslationProvider) {
  const fake = {
    t: undefined as unknown as TestApp,
    server: undefined as unknown as Awaited<ReturnType<typeof startFakeOpenAi>>,
    next: (() => completion('ok')) as (r: ChatRequest) => Answer,
    logged: [] as string[],
  };
  beforeAll(async () => {
    fake.server = await startFakeOpenAi((r) => fake.next(r));
    const log = createLogger('info', 'test', { write: (line: string) => void fake.logged.push(line) });
    fake.t = await createTestApp(await database.create(), [
      testAuthModule,
      createTranslationModule({ now: () => NOW, log, provider: provider(fake.server.baseURL, log) }),
    ]);
  });
  afterAll(async () => {
    await fake.t?.close();
    await fake.server?.close();
  });
  return fake;
}

describe(`translation routes with the OpenAI adapter on ${database.label}`, () => {
  const SECRET = 'sk-live-very-secret-key-000111222';
  const fake = withFakeOpenAi((baseURL) => () => createOpenAiProvider({ apiKey: SECRET, baseURL, model: 'test-model', timeoutMs: 5000 }));

  it('caches translations by text, locale and prompt: a repeat costs no call', async () => {
    const agent = as(fake.t);
    fake.next = (r) => completion(`EN(${r.body.messages[1]!.content})`);
    const calls = fake.server.received.length;
    const body = { text: 'Die Stadt ist noch ruhig', prompt: 'Translate.', locale: 'en' };
    expect((await post(agent, 'translation-ai', body)).json()).toMatchObject({
      success: true,
      found: true,
      data: 'EN(Die Stadt ist noch ruhig)',
    });
    expect((await post(as(fake.t), 'translation-ai', body)).json()).toMatchObject({ found: true, data: 'EN(Die Stadt ist noch ruhig)' });
    expect(fake.server.received.length).toBe(calls + 1);
    await post(agent, 'translation-ai', { ...body, prompt: 'Translate formally.' });
    await post(agent, 'translation-ai', { ...body, locale: 'en-GB' });
    await post(agent, 'translation', { text: body.text });
    expect(fake.server.received.length).toBe(calls + 4);
  });

  it('sends the stored multi-word prompt with the selection', async () => {
    const admin = as(fake.t, 'Admin');
    await post(admin, 'translation-ai/prompts/update', { kind: 'multiWord', prompt: 'Explain the idiom.' });
    fake.next = () => completion('to be in a good mood');
    let res = await post(as(fake.t), 'translation-ai/multi-words-translation-prompt/post', {
      text: 'gut gelaunt sein',
      languageCode: 'de',
    });
    // The prompt is read from the read model, which follows the log a moment later.
    for (let i = 0; i < 250 && !fake.server.received.at(-1)!.body.messages[0]!.content.startsWith('Explain the idiom.'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await post(as(fake.t), 'translation-ai/multi-words-translation-prompt/post', {
        text: `gut gelaunt sein ${i}`,
        languageCode: 'de',
      });
    }
    expect(res.json().data).toBe('to be in a good mood');
    expect(fake.server.received.at(-1)!.body.messages[0]!.content).toBe(
      'Explain the idiom.\n\nTranslate from German into the language with the code "en".',
    );
  });

  it('moderates with the stored prompt and returns the provider verdict', async () => {
    fake.next = () => completion('{"ok": false, "reason": "Insults a group."}');
    const res = await post(as(fake.t), 'translation-ai/check-public-article', { name: 'T', content: 'Some text' });
    expect(res.json()).toEqual({ ok: false, reason: 'Insults a group.' });
    expect(fake.server.received.at(-1)!.body.messages[0]!.content.startsWith(DEFAULT_PROMPTS.publicArticleCheck)).toBe(true);
  });

  it('answers the spec error (502) for an invalid result or a failing server, and never leaks the key', async () => {
    const agent = as(fake.t);
    const translate = ['translation', { text: `Kaffee ${randomUUID()}` }] as const;
    const check = ['translation-ai/check-public-article', { content: 'text' }] as const;
    const cases = [
      [completion(''), [translate, check]],
      [completion('not json'), [check]], // a fine translation, but not a verdict
      [
        { status: 401, json: { error: { message: `Incorrect API key provided: ${SECRET}`, type: 'invalid_request_error' } } },
        [translate, check],
      ],
      [{ status: 500, json: { error: { message: `internal error for ${SECRET}` } } }, [translate, check]],
    ] as const;
    for (const [answer, calls] of cases) {
      fake.next = () => answer;
      for (const [url, payload] of calls) {
        const res = await post(agent, url, { ...payload, ...(url === 'translation' ? { text: `Kaffee ${randomUUID()}` } : {}) });
        expect(res.statusCode, `${url} ${JSON.stringify(answer)}`).toBe(502);
        expect(res.json().message).toBe(FAILED);
        expect(res.body).not.toContain(SECRET);
      }
    }
    expect(fake.logged.length).toBeGreaterThan(0);
    expect(fake.logged.join('\n')).not.toContain(SECRET);
    expect(fake.logged.join('\n')).not.toContain('sk-live');
  });

  it('keeps every translation in the memory, which the local provider then reuses offline', async () => {
    fake.next = (r) => completion(r.body.messages[1]!.content === 'mejor' ? 'best' : 'My grandfather makes the best omelette');
    const agent = as(fake.t);
    await post(agent, 'translation', { text: 'Mi abuelo hace la mejor tortilla', languageCode: 'es' });
    await post(agent, 'translation', { text: 'mejor', languageCode: 'es' });

    const local = createLocalProvider(new TranslationMemory(fake.t.platform.db, () => NOW));
    expect(await local.translate({ text: 'Mi abuelo hace la mejor tortilla', locale: 'en', sourceLanguage: 'es' })).toEqual({
      text: 'My grandfather makes the best omelette',
      source: 'memory',
    });
    // A new sentence: the glossary plus the remembered word, a gloss.
    expect(await local.translate({ text: 'La mejor casa', locale: 'en', sourceLanguage: 'es' })).toEqual({
      text: 'The best house',
      source: 'gloss',
    });
  });
});

describe(`translation with OpenAI configured and the offline dictionary as its fallback on ${database.label}`, () => {
  const fake = withFakeOpenAi(
    (baseURL, log) => (memory) =>
      withFallback(
        createOpenAiProvider({ apiKey: 'sk-fallback-secret-1', baseURL, model: 'm', timeoutMs: 5000 }),
        createLocalProvider(memory),
        log,
      ),
  );

  it('answers from the dictionary when the AI fails, does not cache that, and asks the AI again next time', async () => {
    const agent = as(fake.t);
    fake.next = () => ({ status: 500, json: { error: { message: 'overloaded' } } });
    const body = { text: 'Zelt', prompt: 'Translate the word "Zelt" as used here.', languageCode: 'de' };
    const down = await post(agent, 'translation-ai', body);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ found: true, data: 'tent', source: 'dictionary' });
    expect(fake.logged.join('\n')).toContain('answering from the offline dictionary');
    expect(fake.logged.join('\n')).not.toContain('sk-fallback-secret-1');

    fake.next = () => completion('tent (for camping)');
    expect((await post(agent, 'translation-ai', body)).json()).toMatchObject({ data: 'tent (for camping)', source: 'ai' });
  });

  it('still says "found: false" when neither the AI nor the dictionary has an answer', async () => {
    fake.next = () => ({ status: 503, json: { error: { message: 'down' } } });
    expect((await post(as(fake.t), 'translation-ai', { text: 'Qxzvbnm', prompt: 'p', languageCode: 'de' })).json()).toMatchObject({
      found: false,
      data: '',
    });
  });
});
