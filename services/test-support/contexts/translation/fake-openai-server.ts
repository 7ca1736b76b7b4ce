import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
}

export type Answer = { status: number; json: unknown };

/** The body an OpenAI-compatible server answers a chat completion with. */
export const completion = (content: string | null): Answer => ({
  status: 200,
  json: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
  },
});

/**
 * For tests: a tiny OpenAI-compatible server on 127.0.0.1 that records every request and answers with
 * what `answer` returns. The test that starts it closes it.
 */
export async function startFakeOpenAi(answer: (request: ChatRequest) => Answer) {
  const received: ChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: ChatRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
      };
      received.push(request);
      const { status, json } =
        req.url === '/v1/chat/completions' ? answer(request) : { status: 404, json: { error: { message: 'no such route' } } };
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
