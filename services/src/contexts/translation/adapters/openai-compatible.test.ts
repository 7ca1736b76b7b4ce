import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIConnectionTimeoutError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../platform/config';
import { createLogger } from '../../../platform/logger';
import type { TranslationMemory } from '../domain/memory';
import { configuredProvider } from '../module';
import { createOpenAiProvider } from './openai';
import { InvalidProviderResultError } from './port';

/**
 * The translation port against a local OpenAI-compatible server (Ollama, llama.cpp's server), run here as a
 * small fake on 127.0.0.1 that answers POST /v1/chat/completions with the bodies those servers send.
 */
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; messages?: { role: string; content: string }[]; stream?: boolean };
}
type Reply = { status: number; json: unknown; delayMs?: number };

/** Ollama's answer (its OpenAI-compatible endpoint): with `model`, `created`, `system_fingerprint` and `usage`. */
const ollama = (content: string): Reply => ({
  status: 200,
  json: {
    id: 'chatcmpl-421',
    object: 'chat.completion',
    created: 1733430000,
    model: 'llama3.2',
    system_fingerprint: 'fp_ollama',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 38, completion_tokens: 5, total_tokens: 43 },
  },
});
/** llama.cpp's server: no `usage` (older builds), no `system_fingerprint`, the model as it was loaded. */
const llamaCpp = (content: string): Reply => ({
  status: 200,
  json: {
    id: 'chatcmpl-Xh2d',
    object: 'chat.completion',
    created: 1733430000,
    model: 'gpt-3.5-turbo',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});

async function startServer() {
  const received: Received[] = [];
  let reply: (r: Received) => Reply = () => ollama('');
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
      };
      received.push(request);
      const known = req.method === 'POST' && req.url === '/v1/chat/completions';
      const { status, json, delayMs = 0 } = known ? reply(request) : { status: 404, json: { error: { message: 'not found' } } };
      const timer = setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      }, delayMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    answer: (next: (r: Received) => Reply) => (reply = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const log = createLogger('silent', 'test');
const noMemory = { find: async () => new Map<string, string>() } as unknown as TranslationMemory;

describe('AI translation through a local OpenAI-compatible server (Ollama, llama.cpp)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());

  /** What the app runs with OPENAI_BASE_URL and OPENAI_MODEL set and no key: the AI first, the dictionary behind it. */
  const configured = (extra: Record<string, string> = {}) =>
    configuredProvider(loadConfig({ OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: 'llama3.2', ...extra }), noMemory, log);
  const adapter = (timeoutMs = 5000) => createOpenAiProvider({ baseURL: server.baseURL, model: 'llama3.2', timeoutMs });

  it('is on with a base URL and no key, and sends the model and messages to /v1/chat/completions without an Authorization header', async () => {
    server.answer(() => ollama('Good morning, Mrs Krüger!'));
    const answer = await configured().translate({ text: 'Guten Morgen, Frau Krüger!', locale: 'en', sourceLanguage: 'de' });
    expect(answer).toEqual({ text: 'Good morning, Mrs Krüger!', source: 'ai' });
    const request = server.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body.model).toBe('llama3.2');
    expect(request.body.stream).not.toBe(true);
    expect(request.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request.body.messages?.[0]?.content).toMatch(/Translate from German into the language with the code "en"\.$/);
    expect(request.body.messages?.[1]?.content).toBe('Guten Morgen, Frau Krüger!');
  });

  it('sends the key as a bearer token when one is set (a hosted server)', async () => {
    server.answer(() => ollama('bread'));
    await configured({ OPENAI_API_KEY: 'sk-local-0123456789' }).translate({ text: 'Brot', locale: 'en', sourceLanguage: 'de' });
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-local-0123456789');
  });

  it("reads llama.cpp's answer, which has no usage or fingerprint", async () => {
    server.answer(() => llamaCpp('  The tent is by the lake.  '));
    expect(await adapter().translate({ text: 'Das Zelt steht am See.', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'The tent is by the lake.',
      source: 'ai',
    });
  });

  it('treats an answer without text as an invalid result, and the learner gets the dictionary, marked as a fallback', async () => {
    server.answer(() => llamaCpp(''));
    await expect(adapter().translate({ text: 'Zelt', locale: 'en' })).rejects.toBeInstanceOf(InvalidProviderResultError);
    expect(await configured().translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'tent',
      source: 'dictionary',
      fallback: true,
    });
  });

  it("fails with the server's error (status and message), and the learner gets the dictionary instead", async () => {
    server.answer(() => ({ status: 500, json: { error: { message: 'llama runner process has terminated' } } }));
    await expect(adapter().translate({ text: 'Zelt', locale: 'en' })).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining('llama runner process has terminated'),
    });
    expect(await configured().translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'tent',
      source: 'dictionary',
      fallback: true,
    });
  });

  it('reports a model the server does not have (404), and the learner gets the dictionary instead', async () => {
    server.answer((r) => ({
      status: 404,
      json: { error: { message: `model "${r.body.model}" not found, try pulling it first`, type: 'api_error' } },
    }));
    await expect(adapter().translate({ text: 'Zelt', locale: 'en' })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('model "llama3.2" not found'),
    });
    expect(await configured().translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'tent',
      source: 'dictionary',
      fallback: true,
    });
  });

  it('gives up on a server slower than the timeout, and the learner gets the dictionary instead', async () => {
    server.answer(() => ({ ...ollama('too late'), delayMs: 3000 }));
    const started = Date.now();
    await expect(adapter(200).translate({ text: 'Zelt', locale: 'en' })).rejects.toBeInstanceOf(APIConnectionTimeoutError);
    expect(await configured({ OPENAI_TIMEOUT_MS: '200' }).translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({
      text: 'tent',
      source: 'dictionary',
      fallback: true,
    });
    // One retry each, never the server's three seconds.
    expect(Date.now() - started).toBeLessThan(2900);
  });

  it('answers from the dictionary alone when neither a key nor a base URL is set', () => {
    expect(configuredProvider(loadConfig({}), noMemory, log).name).toBe('local');
    expect(
      configuredProvider(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3.2' }), noMemory, log).name,
    ).toBe('openai:llama3.2');
  });
});
