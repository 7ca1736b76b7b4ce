import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_AUDIO_MAX_BYTES, LEARNER_AUDIO_MESSAGES as L, LIBRARY_MESSAGES, splitSentences } from '@verba/contracts';
import type { Agent, TestApp } from '../../test-support/platform/test-app';
import { createArticle, database, eventCount, expectProblem, get, libraryTestApp, person } from '../../test-support/contexts/library/app';
import { multipartForm } from '../../test-support/contexts/library/epub';
import { pcm16ToWav } from '../contexts/speech/adapters/wav';
import { espeakLoader } from '../contexts/speech/domain/alignment/espeak';
import { syntheticRecording } from '../contexts/speech/domain/alignment/synthetic-recording';
import { createSpeechModule } from '../contexts/speech/module';

/**
 * Issue 40.2: a learner attaches their own recording to their own private article (speech's route, the
 * library's article: composed here, as the all-in-one app composes them).
 */

/** Four sentences, and a recording of them made with the speech engine (another voice, another speed, pauses, noise). */
const SENTENCES = [
  'Guten Morgen, Herr Becker!',
  'Vier Brötchen, bitte.',
  'Und ein Stück Kuchen für meine Frau.',
  'Das macht fünf Euro zwanzig.',
];
const toWav = (samples: Float32Array, rate: number) =>
  pcm16ToWav(
    Int16Array.from(samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767)),
    rate,
  );

const attach = (agent: Agent, articleId: string, file?: { filename: string; bytes: Uint8Array; type?: string }) =>
  agent.request({ method: 'POST', url: `/api/audio/article/${articleId}`, ...multipartForm({}, file) });

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  'Guten Morgen, Anna!',
  '',
  '2',
  '00:00:04,000 --> 00:00:07,000',
  'Wie geht es dir? Hast du Zeit für einen Kaffee?',
  '',
  '3',
  '00:00:07,000 --> 00:00:09,000',
  'Ich habe heute keine Zeit.',
  '',
].join('\n');

describe(`the learner's own audio on their own article on ${database.label}`, () => {
  let t: TestApp;
  let recording: ReturnType<typeof syntheticRecording>;
  beforeAll(async () => {
    t = await libraryTestApp([createSpeechModule()]);
    recording = syntheticRecording(SENTENCES, await espeakLoader()(), { voice: 'de+m3', speed: 1.2, seed: 7, sampleRate: 22_050 });
  });
  afterAll(async () => t?.close());

  it('aligns a recording to a pasted article’s sentences, and the player reads it', async () => {
    const author = person(t);
    const { article } = await createArticle(author.agent, {
      content: `${SENTENCES.slice(0, 2).join(' ')}\n\n${SENTENCES.slice(2).join(' ')}`,
    });
    const res = await attach(author.agent, article.id, {
      filename: 'vorgelesen.wav',
      bytes: toWav(recording.samples, 22_050),
      type: 'audio/wav',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { audio } = res.json() as { audio: { source: string; sentences: { start: number; end: number }[]; url: string } };
    expect(audio).toMatchObject({ targetKind: 'article', targetId: article.id, contentType: 'audio/wav', source: 'aligned' });
    expect(audio.sentences).toHaveLength(4);
    audio.sentences.forEach((s, i) => expect(Math.abs(s.start - recording.starts[i]!), `sentence ${i}`).toBeLessThan(0.3));
    await t.caughtUp();
    expect((await get(author.agent, `/api/audio/article/${article.id}`)).json().audio).toEqual(audio);
    const whole = await get(t.agent(), audio.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // A player seeks (a sentence clicked) by asking for the bytes from there on.
    const size = whole.rawPayload.length;
    const part = await t.agent().request({ method: 'GET', url: audio.url, headers: { range: 'bytes=1000-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Buffer.compare(part.rawPayload, whole.rawPayload.subarray(1000))).toBe(0);
    const past = await t.agent().request({ method: 'GET', url: audio.url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  }, 60_000);

  it('times an imported subtitle’s sentences by its cues, a line of two sentences sharing its cue', async () => {
    const author = person(t);
    const imported = await author.agent.request({
      method: 'POST',
      url: '/api/articles/import/file',
      ...multipartForm(
        { languageCode: 'de', category: 'Fiction', generalDifficulty: 'B1', commandId: randomUUID() },
        { filename: 'kaffee.srt', bytes: new TextEncoder().encode(SRT) },
      ),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const articleId = (imported.json() as { articles: { id: string }[] }).articles[0]!.id;
    await t.caughtUp();
    const mp3 = new Uint8Array(readFileSync(new URL('../contexts/speech/domain/alignment/fixtures/speech.mp3', import.meta.url)));
    const res = await attach(author.agent, articleId, { filename: 'kaffee.mp3', bytes: mp3, type: 'audio/mpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const { audio } = res.json() as { audio: { source: string; contentType: string; sentences: { start: number; end: number }[] } };
    expect(audio).toMatchObject({ source: 'cues', contentType: 'audio/mpeg' });
    const [first, second, third, fourth] = audio.sentences;
    expect(audio.sentences).toHaveLength(4);
    expect(first).toEqual({ start: 1, end: 3.5 });
    expect(second!.start).toBe(4);
    // "Wie geht es dir?" and "Hast du Zeit für einen Kaffee?" share 4-7 s by their lengths (16 and 30 characters).
    expect(second!.end).toBeCloseTo(4 + (3 * 16) / 46, 2);
    expect(third).toEqual({ start: second!.end, end: 7 });
    expect(fourth).toEqual({ start: 7, end: 9 });
  }, 60_000);

  it('refuses what is not a recording it can read, too large, too quiet, with a clear message, appending nothing', async () => {
    const author = person(t);
    const { article } = await createArticle(author.agent, { content: SENTENCES.join(' ') });
    await t.caughtUp();
    const before = await eventCount(t);
    const m4a = new Uint8Array([0, 0, 0, 32, ...new TextEncoder().encode('ftypM4A isomiso2'), ...new Uint8Array(64)]);
    expectProblem(await attach(author.agent, article.id), 400, L.fileRequired);
    expectProblem(
      await attach(author.agent, article.id, { filename: 'text.mp3', bytes: new TextEncoder().encode('Guten Morgen!') }),
      415,
      L.notAudio,
    );
    expectProblem(await attach(author.agent, article.id, { filename: 'aufnahme.m4a', bytes: m4a, type: 'audio/mp4' }), 415, L.m4a);
    const silence = toWav(new Float32Array(22_050 * 3), 22_050);
    expectProblem(await attach(author.agent, article.id, { filename: 'still.wav', bytes: silence, type: 'audio/wav' }), 422, L.noSpeech);
    const huge = new Uint8Array(LEARNER_AUDIO_MAX_BYTES + 1);
    huge.set(toWav(recording.samples.subarray(0, 1000), 22_050).subarray(0, 44));
    expectProblem(await attach(author.agent, article.id, { filename: 'riesig.wav', bytes: huge, type: 'audio/wav' }), 413, L.tooLarge);
    expect(await eventCount(t)).toBe(before);
    expect((await get(author.agent, `/api/audio/article/${article.id}`)).json().audio).toBeNull();
  }, 60_000);

  it('reads a 60 MB recording off the request thread: the event loop is never held long', async () => {
    const author = person(t);
    const { article } = await createArticle(author.agent, { content: SENTENCES.join(' ') });
    await t.caughtUp();
    // Five minutes of 48 kHz stereo silence: read, sniffed and decoded in the pool, then refused as no speech.
    const frames = 48_000 * 60 * 5;
    const wav = Buffer.alloc(44 + frames * 4);
    wav.write('RIFF', 0, 'ascii');
    wav.writeUInt32LE(36 + frames * 4, 4);
    wav.write('WAVEfmt ', 8, 'ascii');
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(2, 22);
    wav.writeUInt32LE(48_000, 24);
    wav.writeUInt32LE(48_000 * 4, 28);
    wav.writeUInt16LE(4, 32);
    wav.writeUInt16LE(16, 34);
    wav.write('data', 36, 'ascii');
    wav.writeUInt32LE(frames * 4, 40);
    const form = multipartForm({}, { filename: 'lang.wav', bytes: wav });
    // Sent as a network delivers it: 64 KiB at a time, each in its own turn of the event loop (an injected
    // Buffer, or a stream of it read at once, would be parsed in one turn however the route reads it).
    async function* chunks() {
      for (let at = 0; at < form.payload.length; at += 65_536) {
        await new Promise((resolve) => setImmediate(resolve));
        yield form.payload.subarray(at, at + 65_536);
      }
    }
    const upload = async () => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const res = await author.agent.request({
        method: 'POST' as const,
        url: `/api/audio/article/${article.id}`,
        payload: Readable.from(chunks()),
        headers: { ...form.headers, 'content-length': String(form.payload.length) },
      });
      delay.disable();
      expectProblem(res, 422, L.noSpeech);
      return delay.max / 1e6;
    };
    // No step of the route copies or parses the whole file on this thread (copying 100 MB held it about 300 ms
    // here, ed25839). Best of up to three uploads: a busy machine can stall any one of them (a CI run saw 263 ms
    // once), but a step that holds the loop does so every time.
    const held: number[] = [];
    while (held.length < 3 && !held.some((ms) => ms < 200)) held.push(await upload());
    console.log(`60 MB upload: event loop held at most ${held.map((ms) => `${Math.round(ms)} ms`).join(', then ')}`);
    expect(Math.min(...held)).toBeLessThan(200);
  }, 120_000);

  it('is the author’s alone: another learner’s private article is not there (404), and nothing is appended', async () => {
    const author = person(t);
    const other = person(t);
    const { article } = await createArticle(author.agent, { content: SENTENCES.join(' ') });
    await t.caughtUp();
    const before = await eventCount(t);
    const wav = toWav(recording.samples, 22_050);
    expectProblem(
      await attach(other.agent, article.id, { filename: 'a.wav', bytes: wav, type: 'audio/wav' }),
      404,
      LIBRARY_MESSAGES.articleNotFound,
    );
    expectProblem(
      await attach(other.agent, randomUUID(), { filename: 'a.wav', bytes: wav, type: 'audio/wav' }),
      404,
      LIBRARY_MESSAGES.articleNotFound,
    );
    expect((await attach(t.agent(), article.id, { filename: 'a.wav', bytes: wav, type: 'audio/wav' })).statusCode).toBe(401);
    expect(await eventCount(t)).toBe(before);
    expect(splitSentences(SENTENCES.join(' '))).toEqual(SENTENCES);
  }, 60_000);
});
