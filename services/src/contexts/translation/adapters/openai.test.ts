import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config';
import { createLogger } from '../../../platform/logger';
import type { TranslationMemory } from '../domain/memory';
import {
  completion,
  startFakeOpenAi,
  type Answer,
  type ChatRequest,
} from '../../../../test-support/contexts/translation/fake-openai-server';
import { configuredProvider } from '../module';
import { createOpenAiProvider, PLAIN_TRANSLATION_PROMPT } from './openai';
import { InvalidProviderResultError } from './port';

describe('OpenAI adapter against a local OpenAI-compatible server', () => {
  let next: (r: ChatRequest) => Answer = () => completion('Good morning');
  let server: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    server = await startFakeOpenAi((r) => next(r));
  });
  afterAll(async () => server?.close());

  const provider = () =>
    createOpenAiProvider({ apiKey: 'sk-test-key-0123456789', baseURL: server.baseURL, model: 'verba-test-model', timeoutMs: 5000 });

  it('sends the model, the prompt as the system message and the text as the user message, and returns the answer', async () => {
    next = () => completion('  Good morning, Mrs Krüger!  ');
    const result = await provider().translate({
      text: 'Guten Morgen, Frau Krüger!',
      prompt: 'Translate for a learner.',
      locale: 'en',
      sourceLanguage: 'de',
    });
    expect(result).toEqual({ text: 'Good morning, Mrs Krüger!', source: 'ai' });
    const request = server.received.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key-0123456789');
    expect(request.body.model).toBe('verba-test-model');
    expect(request.body.messages).toEqual([
      { role: 'system', content: 'Translate for a learner.\n\nTranslate from German into the language with the code "en".' },
      { role: 'user', content: 'Guten Morgen, Frau Krüger!' },
    ]);
  });

  it('uses its own instruction when there is no prompt', async () => {
    next = () => completion('bread');
    expect((await provider().translate({ text: 'Brot', locale: 'en-GB' }))?.text).toBe('bread');
    expect(server.received.at(-1)!.body.messages[0]!.content).toBe(
      `${PLAIN_TRANSLATION_PROMPT}\n\nTranslate into the language with the code "en-GB".`,
    );
  });

  it('treats an empty answer as an invalid result', async () => {
    next = () => completion(null);
    await expect(provider().translate({ text: 'Brot', locale: 'en' })).rejects.toBeInstanceOf(InvalidProviderResultError);
    next = () => completion('   ');
    await expect(provider().translate({ text: 'Brot', locale: 'en' })).rejects.toBeInstanceOf(InvalidProviderResultError);
  });

  it('moderates an article with the prompt, asking for JSON, and reads ok or a reason', async () => {
    next = () => completion('{"ok": false, "reason": "It insults a group of people."}');
    const declined = await provider().checkArticle({ prompt: 'Decline hate speech.', name: 'Title', content: 'Body text' });
    expect(declined).toEqual({ ok: false, reason: 'It insults a group of people.' });
    const request = server.received.at(-1)!;
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    expect(request.body.messages[0]!.content).toMatch(/^Decline hate speech\.\n\nAnswer with a JSON object only/);
    expect(request.body.messages[1]).toEqual({ role: 'user', content: 'Title\n\nBody text' });

    next = () => completion('{"ok": true}');
    expect(await provider().checkArticle({ prompt: 'p', name: '', content: 'fine' })).toEqual({ ok: true });
  });

  it('treats a moderation answer that is not the agreed JSON as an invalid result', async () => {
    for (const content of ['Looks fine to me!', '{"ok": false}', '{"allowed": true}']) {
      next = () => completion(content);
      await expect(provider().checkArticle({ prompt: 'p', name: '', content: 'x' }), content).rejects.toBeInstanceOf(
        InvalidProviderResultError,
      );
    }
  });

  it('fails with the API error when the server refuses', async () => {
    next = () => ({ status: 400, json: { error: { message: 'model not found', type: 'invalid_request_error' } } });
    await expect(provider().translate({ text: 'Brot', locale: 'en' })).rejects.toMatchObject({ status: 400 });
  });
});

describe('provider selection', () => {
  const log = createLogger('silent', 'test');
  const noMemory = { find: async () => new Map<string, string>() } as unknown as TranslationMemory;

  it('uses OpenAI when a key is configured, else the local provider', () => {
    expect(configuredProvider(loadConfig({}), noMemory, log).name).toBe('local');
    expect(configuredProvider(loadConfig({ OPENAI_API_KEY: '' }), noMemory, log).name).toBe('local');
    expect(
      configuredProvider(
        loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }),
        noMemory,
        log,
      ).name,
    ).toBe('openai:gpt-test');
  });

  it('answers from the offline dictionary, marked as a fallback, when the configured OpenAI server cannot be reached', async () => {
    // Port 9 (discard) has no server: the connection is refused.
    const provider = configuredProvider(
      loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }),
      noMemory,
      log,
    );
    expect(await provider.translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'tent',
      source: 'dictionary',
      fallback: true,
    });
  });
});
