import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SPEECH_UNAVAILABLE, SPEECH_WORDS_HEADER, parseSpokenWords } from '@verba/contracts';
import { SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { loadConfig } from '../../platform/config';
import { createEspeakWasmSynthesizer } from './adapters/espeak-wasm';
import { usageStream } from './events';
import { configuredSynthesizer, createSpeechModule } from './module';
import type { SpeechRequest, Synthesizer } from './adapters/synthesizer';

const database = await preferredTestDatabase();

/** Records every synthesis it is asked for and answers with recognisable bytes. */
function recordingSynthesizer(): Synthesizer & { calls: SpeechRequest[] } {
  const calls: SpeechRequest[] = [];
  return {
    name: 'recording',
    calls,
    async synthesize(request) {
      calls.push(request);
      return { audio: new TextEncoder().encode(`MP3:${request.voiceId}:${request.ssml}`), contentType: 'audio/mpeg' };
    },
  };
}

describe(`text-to-speech routes on ${database.label}`, () => {
  let t: TestApp;
  let now = new Date('2026-03-31T23:50:00.000Z');
  const synth = recordingSynthesizer();
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, createSpeechModule({ now: () => now, synthesizer: synth })]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);

  function learner(subscription: 'free' | 'master' = 'free'): { agent: Agent; uid: string } {
    const uid = randomUUID();
    return { agent: t.agent().setCookies(testUserCookies(uid, 'User', subscription)), uid };
  }
  const speak = (agent: Agent, text: string, extra: Record<string, unknown> = {}) =>
    agent.request({ method: 'POST', url: '/api/tts', payload: { text, voiceId: 'Marlene', ssml: true, ...extra } });
  const limit = async (agent: Agent) => (await agent.request({ method: 'POST', url: '/api/translationLimit' })).json();

  it('speaks the text as SSML with the 150 ms break and returns the audio bytes with their type', async () => {
    const { agent } = learner();
    const before = synth.calls.length;
    const res = await speak(agent, 'Tom & Jerry', { voiceId: 'Tatyana' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.toString()).toBe('MP3:Tatyana:<speak><break time="150ms"/>Tom &amp; Jerry</speak>');
    expect(synth.calls.slice(before)).toEqual([{ voiceId: 'Tatyana', ssml: '<speak><break time="150ms"/>Tom &amp; Jerry</speak>' }]);
    // An engine that gives no word timings: no words header (the reader highlights the sentence only).
    expect(res.headers[SPEECH_WORDS_HEADER]).toBeUndefined();
  });

  it('accepts text the client already wrapped, without wrapping it twice, and applies the speed', async () => {
    const { agent } = learner();
    const res = await speak(agent, '<speak><break time="150ms"/>l&apos;homme</speak>', { voiceId: 'Celine', speed: 0.75 });
    expect(res.rawPayload.toString()).toBe(`MP3:Celine:<speak><break time="150ms"/><prosody rate="75%">l&apos;homme</prosody></speak>`);
  });

  it.each([
    [{ voiceId: 'Marlene' }, 'Text is required'],
    [{ text: '   ', voiceId: 'Marlene' }, 'Text is required'],
    [{ text: 'x'.repeat(3001), voiceId: 'Marlene' }, 'At most 3000 characters can be spoken at once'],
    [{ text: 'Hallo', voiceId: 'Joanna' }, 'Unknown voice'],
    [{ text: 'Hallo', voiceId: 'Marlene', speed: 5 }, 'Speed must be between 0.5 and 2'],
  ])('refuses %j with a clear message, counting and appending nothing', async (payload, message) => {
    const { agent } = learner();
    const before = await eventCount();
    const res = await agent.request({ method: 'POST', url: '/api/tts', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('describes the audio route in the API docs', async () => {
    const docs = await t.agent().request({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(expect.arrayContaining(['/api/tts', '/api/translationLimit']));
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/tts', '/api/translationLimit']) {
      const res = await t.agent().request({ method: 'POST', url, payload: { text: 'Hallo', voiceId: 'Marlene' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(SESSION_EXPIRED);
    }
  });

  it('gives a free user 50 calls a month, refuses the 51st with the spec message, lets cached phrases through, and starts again next month', async () => {
    now = new Date('2026-03-31T23:50:00.000Z');
    const { agent } = learner();
    expect(await limit(agent)).toEqual({ month: '2026-03', used: 0, limit: 50, remaining: 50, allowed: true });
    for (let i = 1; i <= 50; i++) expect((await speak(agent, `Satz Nummer ${i}`)).statusCode, `call ${i}`).toBe(200);
    expect(await limit(agent)).toEqual({ month: '2026-03', used: 50, limit: 50, remaining: 0, allowed: false });

    const calls = synth.calls.length;
    const over = await speak(agent, 'Satz Nummer 51');
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe(MESSAGES.tts.monthlyLimitReached);
    expect(over.json().message).toBe(
      'You have reached your monthly limit of 50 translations. Upgrade to Master for unlimited pronunciations.',
    );
    expect(synth.calls.length).toBe(calls); // refused before paying for a synthesis

    // A phrase already spoken costs no call, so it still plays, and counts nothing.
    const again = await speak(agent, 'Satz Nummer 7');
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.toString()).toContain('Satz Nummer 7');
    expect(synth.calls.length).toBe(calls);
    expect((await limit(agent)).used).toBe(50);

    now = new Date('2026-04-01T00:00:00.000Z');
    expect(await limit(agent)).toEqual({ month: '2026-04', used: 0, limit: 50, remaining: 50, allowed: true });
    expect((await speak(agent, 'Satz Nummer 51')).statusCode).toBe(200);
    expect((await limit(agent)).used).toBe(1);
  });

  it('does not count a cached phrase even for a user who never spoke it', async () => {
    const first = learner();
    const second = learner();
    await speak(first.agent, 'Guten Abend allerseits');
    expect((await speak(second.agent, 'Guten Abend allerseits')).statusCode).toBe(200);
    expect((await limit(second.agent)).used).toBe(0);
    // Another voice or speed is another recording, and is counted.
    await speak(second.agent, 'Guten Abend allerseits', { voiceId: 'Hans' });
    await speak(second.agent, 'Guten Abend allerseits', { speed: 1.5 });
    expect((await limit(second.agent)).used).toBe(2);
  });

  it('lets Master speak without limit (still counted)', async () => {
    const { agent } = learner('master');
    for (let i = 1; i <= 60; i++) expect((await speak(agent, `Master Satz ${i}`)).statusCode).toBe(200);
    expect(await limit(agent)).toMatchObject({ used: 60, limit: null, remaining: 'unlimited', allowed: true });
  });

  it('counts exactly under concurrency: 70 parallel new phrases give exactly 50 audios and 20 refusals', async () => {
    const { agent, uid } = learner();
    const results = await Promise.all(Array.from({ length: 70 }, (_, i) => speak(agent, `Parallel ${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 403)).toHaveLength(20);
    const rows = await t.platform.db.raw('select data from es_events where stream_id = ? order by stream_revision', [
      usageStream(uid, '2026-04'),
    ]);
    expect(rows.rows.map((r: { data: { callsThisMonth: number } }) => r.data.callsThisMonth)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});

describe(`text-to-speech with the configured engine on ${database.label}`, () => {
  it('picks Polly when a region is configured, else espeak-ng compiled to WebAssembly', () => {
    expect(configuredSynthesizer(loadConfig({})).name).toBe('espeak-ng-wasm');
    expect(configuredSynthesizer(loadConfig({ POLLY_REGION: 'eu-central-1', POLLY_ENDPOINT: 'http://127.0.0.1:9' })).name).toBe('polly');
  });

  it('speaks through the WebAssembly espeak-ng by default: a real WAV file, cached on repeat', async () => {
    const t = await createTestApp(await database.create(), [testAuthModule, createSpeechModule()]);
    try {
      const agent = t.agent().setCookies(testUserCookies(randomUUID()));
      const speakOnce = () =>
        agent.request({
          method: 'POST',
          url: '/api/tts',
          payload: { text: 'Es riecht nach Brot und Kaffee.', voiceId: 'Marlene', ssml: true },
        });
      const res = await speakOnce();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
      expect(res.rawPayload.length).toBeGreaterThan(44_100); // more than a second of 22 kHz 16-bit speech
      // Each word of the text with the moment it is heard, in order, within the audio (read-aloud highlights it).
      const words = parseSpokenWords(res.headers[SPEECH_WORDS_HEADER] as string);
      const text = 'Es riecht nach Brot und Kaffee.';
      expect(words.map((w) => text.slice(w.start, w.end))).toEqual(['Es', 'riecht', 'nach', 'Brot', 'und', 'Kaffee']);
      const times = words.map((w) => w.offsetMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)!).toBeLessThan(((res.rawPayload.length - 44) / 2 / 22_050) * 1000);
      const again = await speakOnce();
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
      expect(parseSpokenWords(again.headers[SPEECH_WORDS_HEADER] as string)).toEqual(words); // kept with the cached audio
      expect((await agent.request({ method: 'POST', url: '/api/translationLimit' })).json().used).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('answers 503 "Speech is unavailable on this server" when no engine can run, counting nothing', async () => {
    const t = await createTestApp(await database.create(), [
      testAuthModule,
      createSpeechModule({ synthesizer: createEspeakWasmSynthesizer({ engine: '@verba/no-such-speech-engine' }) }),
    ]);
    try {
      const agent = t.agent().setCookies(testUserCookies(randomUUID()));
      const res = await agent.request({ method: 'POST', url: '/api/tts', payload: { text: 'Hallo', voiceId: 'Marlene', ssml: true } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(SPEECH_UNAVAILABLE);
      expect(res.json().message).toBe('Speech is unavailable on this server');
      expect((await agent.request({ method: 'POST', url: '/api/translationLimit' })).json().used).toBe(0);
    } finally {
      await t.close();
    }
  });
});
