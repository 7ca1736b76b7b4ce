import { createServer, type Http2Server, type Http2Session, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapForSpeech } from '@verba/contracts';
import { createPollySynthesizer } from './polly';

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A stand-in Polly endpoint on 127.0.0.1: records each request and answers with fixed MP3-looking bytes.
 * HTTP/2 in clear text, because that is what the Polly client speaks (its default handler is HTTP/2).
 */
describe('Polly adapter against a local endpoint', () => {
  const received: Received[] = [];
  const audio = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2048, 7)]);
  let server: Http2Server;
  const sessions = new Set<Http2Session>();
  let endpoint: string;
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
        received.push({ method: req.method, headers: req.headers, body });
        if (body.OutputFormat === 'json') {
          // Word speech marks: one JSON object a line, `start` a byte offset in the SSML.
          const ssml = String(body.Text);
          const marks = [...ssml.matchAll(/Krüger|Morgen/g)].map((m, i) =>
            JSON.stringify({ time: 100 + i * 300, type: 'word', start: Buffer.byteLength(ssml.slice(0, m.index)), end: 0, value: m[0] }),
          );
          res.writeHead(200, { 'content-type': 'application/x-json-stream' });
          res.end(marks.join('\n'));
          return;
        }
        if (failNext) {
          failNext = false;
          res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'InvalidSsmlException' });
          res.end(JSON.stringify({ message: 'Invalid SSML request' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'x-amzn-requestcharacters': '20' });
        res.end(audio);
      });
    });
    server.on('session', (session) => {
      sessions.add(session);
      session.on('close', () => sessions.delete(session));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The client keeps its HTTP/2 session open for reuse; end it, or close() would wait for it forever.
    for (const session of sessions) session.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const polly = () =>
    createPollySynthesizer({ region: 'eu-central-1', endpoint, credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' } });

  it('sends the voice, SSML text with the 150 ms break and MP3 format, and returns the audio bytes', async () => {
    const ssml = wrapForSpeech('Guten Morgen, Frau Krüger!');
    const before = received.length;
    const result = await polly().synthesize({ ssml, voiceId: 'Vicki' });
    expect(result.contentType).toBe('audio/mpeg');
    expect(Buffer.from(result.audio).equals(audio)).toBe(true);
    // The words' timings come from a second call for word speech marks, as UTF-16 indexes in the SSML.
    expect(result.marks).toEqual([
      { index: ssml.indexOf('Morgen'), ms: 100 },
      { index: ssml.indexOf('Krüger'), ms: 400 },
    ]);
    const marksRequest = received.slice(before).find((r) => r.body.OutputFormat === 'json')!;
    expect(marksRequest.body).toMatchObject({ SpeechMarkTypes: ['word'], TextType: 'ssml', VoiceId: 'Vicki', Text: ssml });

    const request = received.slice(before).find((r) => r.body.OutputFormat === 'mp3')!;
    expect(request.method).toBe('POST');
    expect(request.headers[':path']).toBe('/v1/speech');
    expect(request.body).toEqual({
      OutputFormat: 'mp3',
      Text: '<speak><break time="150ms"/>Guten Morgen, Frau Krüger!</speak>',
      TextType: 'ssml',
      VoiceId: 'Vicki',
    });
    // Signed like a real AWS call; the secret itself never travels.
    expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/polly\/aws4_request/);
    expect(JSON.stringify(request)).not.toContain('test-secret');
  });

  it('fails with the service error when Polly refuses', async () => {
    failNext = true;
    await expect(polly().synthesize({ ssml: wrapForSpeech('x'), voiceId: 'Hans' })).rejects.toThrow('Invalid SSML request');
  });
});
