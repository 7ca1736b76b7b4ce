import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MESSAGES, MESSAGES, splitSentences, type SentenceTiming } from '@verba/contracts';
import { ADMIN_ONLY, SESSION_EXPIRED } from '../../platform/http/routes';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { multipart } from '../../../test-support/platform/multipart';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { readWholeLog } from '../../../test-support/platform/whole-log';
import { pcm16ToWav } from './adapters/wav';
import { espeakLoader } from './domain/alignment/espeak';
import { syntheticRecording } from './domain/alignment/synthetic-recording';
import { createSpeechModule } from './module';
import type { Synthesizer } from './adapters/synthesizer';
import { HttpError } from '../../platform/http/problem';
import type { Module } from '../../platform/module';

const database = await preferredTestDatabase();
const RATE = 16000;
/** Silence: a recording the aligner refuses (no speech), so an admin's upload falls back to the length estimate. */
const wav = (seconds: number) => Buffer.from(pcm16ToWav(new Int16Array(Math.round(seconds * RATE)), RATE));

/**
 * Speaks a tenth of a second per letter of the sentence (SSML markup left out), so timings are exact, and
 * marks each word where an engine would: its index in the SSML, heard when its first letter is.
 */
const lettersSynthesizer: Synthesizer = {
  name: 'letters',
  async synthesize({ ssml }) {
    const sentence = ssml.replace(/<[^>]+>/g, '');
    const body = ssml.indexOf(sentence);
    const marks = [...sentence.matchAll(/\p{L}+/gu)].map((m) => ({ index: body + m.index, ms: m.index * 100 }));
    return { audio: pcm16ToWav(new Int16Array(sentence.length * RATE * 0.1), RATE), contentType: 'audio/wav', marks };
  },
};

/** Stands in for learning and library: which chapters and articles a learner may open (else their 404/403). */
const opened = new Set<string>();
const premium = new Set<string>();
const owners: Module = {
  name: 'chapters-and-articles',
  readAccess: () => {
    const check = async (_user: unknown, id: string) => {
      if (premium.has(id)) throw new HttpError(403, 'This chapter is for Master members');
      if (!opened.has(id)) throw new HttpError(404, 'Chapter not found');
      return { language: 'de' as const };
    };
    const rule = {
      check,
      visible: async (_user: unknown, ids: readonly string[]) => new Set(ids.filter((id) => opened.has(id) && !premium.has(id))),
    };
    return { chapter: rule, article: rule };
  },
};

/** Issue 16 scope 7: the audio manager (admin) and the player's read (learner). */
describe(`audio manager routes on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  let learner: Agent;
  const adminId = randomUUID();
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, owners, createSpeechModule({ synthesizer: lettersSynthesizer })]);
    admin = t.agent().setCookies(testUserCookies(adminId, 'Admin', 'free'));
    learner = t.agent().setCookies(testUserCookies(randomUUID(), 'User', 'free'));
  });
  afterAll(async () => t?.close());

  const eventCount = async () => (await readWholeLog(t.platform.store)).length;
  const upload = (url: string, files: Parameters<typeof multipart>[0], fields: Record<string, string>, who = admin) =>
    who.request({ method: 'POST', url, ...multipart(files, fields) });

  it('generates a chapter’s audio sentence by sentence, times each sentence, and the learner plays it', async () => {
    const chapterId = randomUUID();
    opened.add(chapterId);
    const text = 'Guten Tag! Ich heiße Anna.\nWie geht es dir?';
    const res = await admin.request({
      method: 'POST',
      url: `/api/admin/audio/chapter/${chapterId}/generate`,
      payload: { text, voiceId: 'Marlene' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { audio, position } = res.json();
    // Each sentence: its letters at 0.1 s, laid end to end.
    const lengths = splitSentences(text).map((s) => s.length * 0.1);
    expect(audio).toMatchObject({ targetKind: 'chapter', targetId: chapterId, contentType: 'audio/wav', source: 'generated' });
    expect(audio.sentences).toHaveLength(3);
    expect(audio.sentences[1].start).toBeCloseTo(lengths[0]!, 2);
    expect(audio.sentences[2].end).toBeCloseTo(lengths[0]! + lengths[1]! + lengths[2]!, 2);
    expect(audio.durationSeconds).toBeCloseTo(audio.sentences[2].end, 2);
    // Each word as the engine marked it: "Ich heiße Anna." begins at 1 s, each word ends where the next begins.
    expect(audio.sentences[1].words).toEqual([
      { from: 0, to: 3, start: 1, end: 1.4 },
      { from: 4, to: 9, start: 1.4, end: 2 },
      { from: 10, to: 14, start: 2, end: 2.5 },
    ]);

    expect(
      (await admin.request({ method: 'GET', url: `/api/admin/audio/chapter/${chapterId}?minPosition=${position}` })).json().audio,
    ).toEqual(audio);
    await t.caughtUp();
    expect((await learner.request({ method: 'GET', url: `/api/audio/chapter/${chapterId}` })).json().audio).toEqual(audio);
    const file = await t.agent().request({ method: 'GET', url: audio.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The fact carries the acting admin, and no text.
    const attached = (await readWholeLog(t.platform.store)).filter((e) => e.type === 'speech.AudioAttached').at(-1)!;
    expect(attached.data).toMatchObject({ by: adminId });
    expect(attached.metadata).toMatchObject({ userId: adminId });
    expect(JSON.stringify(attached.data)).not.toContain('Anna');
  });

  it("answers the player only for a chapter or article the learner may open, with its owner's 404 or 403", async () => {
    const [hidden, locked] = [randomUUID(), randomUUID()];
    premium.add(locked);
    for (const id of [hidden, locked]) {
      const made = await admin.request({
        method: 'POST',
        url: `/api/admin/audio/chapter/${id}/generate`,
        payload: { text: 'Geheim.', voiceId: 'Marlene' },
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    await t.caughtUp();
    const hiddenRes = await learner.request({ method: 'GET', url: `/api/audio/chapter/${hidden}` });
    expect(hiddenRes.statusCode).toBe(404);
    expect(hiddenRes.json().detail).toBe('Chapter not found');
    const lockedRes = await learner.request({ method: 'GET', url: `/api/audio/chapter/${locked}` });
    expect(lockedRes.statusCode).toBe(403);
    expect(JSON.stringify(lockedRes.json())).not.toContain('url');
  });

  it('aligns an uploaded recording to its text, as a learner’s own audio is aligned', async () => {
    const chapterId = randomUUID();
    opened.add(chapterId);
    const sentences = ['Guten Morgen, Herr Becker!', 'Vier Brötchen, bitte.', 'Das macht fünf Euro zwanzig.'];
    const recording = syntheticRecording(sentences, await espeakLoader()(), { voice: 'de+m3', speed: 1.1, seed: 5, sampleRate: 22_050 });
    const bytes = Buffer.from(
      pcm16ToWav(
        Int16Array.from(recording.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767)),
        22_050,
      ),
    );
    const res = await upload(`/api/admin/audio/chapter/${chapterId}`, [{ filename: 'kapitel.wav', type: 'audio/wav', bytes }], {
      text: sentences.join('\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { audio } = res.json() as { audio: { source: string; sentences: SentenceTiming[] } };
    expect(audio.source).toBe('aligned');
    audio.sentences.forEach((s, i) => expect(Math.abs(s.start - recording.starts[i]!), `sentence ${i}`).toBeLessThan(0.3));
    // And each word, found in its sentence by its offsets, heard within 0.3 s of where the recording says it.
    expect(audio.sentences.map((s, i) => (s.words ?? []).map((w) => sentences[i]!.slice(w.from, w.to)))).toEqual([
      ['Guten', 'Morgen', 'Herr', 'Becker'],
      ['Vier', 'Brötchen', 'bitte'],
      ['Das', 'macht', 'fünf', 'Euro', 'zwanzig'],
    ]);
    audio.sentences.forEach((s, i) =>
      s.words!.forEach((w, k) => expect(Math.abs(w.start - recording.wordStarts[i]![k]!), `word ${k} of ${i}`).toBeLessThan(0.3)),
    );
  }, 60_000);

  it('takes an uploaded WAV it cannot align, estimates timings from sentence lengths, serves it byte-equal, and removes it', async () => {
    const articleId = randomUUID();
    opened.add(articleId);
    const bytes = wav(6);
    const res = await upload(`/api/admin/audio/article/${articleId}`, [{ filename: 'lesen.wav', type: 'audio/wav', bytes }], {
      text: 'Eins. Zwei drei vier.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { audio } = res.json();
    expect(audio).toMatchObject({ source: 'upload', contentType: 'audio/wav', durationSeconds: 6 });
    // "Eins." is 5 letters of 20: a quarter of six seconds.
    expect(audio.sentences).toEqual([
      { start: 0, end: 1.5 },
      { start: 1.5, end: 6 },
    ]);
    expect((await t.agent().request({ method: 'GET', url: audio.url })).rawPayload.equals(bytes)).toBe(true);
    await t.caughtUp();
    const managed = async (query = '') =>
      (await admin.request({ method: 'GET', url: `/api/admin/audio/article/${articleId}${query}` })).json().audio;
    expect(await managed()).toEqual(audio);
    // The audio manager's read is cached (spec §9: admin data 1000 s): a change behind the projector's back is not read...
    await t.platform.db('speech_audio').where({ target_id: articleId }).update({ duration_seconds: 99 });
    expect(await managed()).toEqual(audio);

    // ...until a write is projected: the admin reads their removal at once.
    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/audio/article/${articleId}` });
    expect(removed.json()).toMatchObject({ ok: true });
    expect(await managed(`?minPosition=${removed.json().position}`)).toBeNull();
    await t.caughtUp();
    expect((await learner.request({ method: 'GET', url: `/api/audio/article/${articleId}` })).json()).toEqual({ audio: null });
    const again = await admin.request({ method: 'DELETE', url: `/api/admin/audio/article/${articleId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(AUDIO_MESSAGES.noAudio);
  });

  const wavFile = { filename: 'a.wav', type: 'audio/wav', bytes: wav(1) };
  it.each([
    [
      'a renamed .exe',
      [{ filename: 'talk.mp3', type: 'audio/mpeg', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 0x90)]) }],
      { text: 'Hallo.' },
      400,
      AUDIO_MESSAGES.wrongType,
    ],
    [
      'an image',
      [{ filename: 'x.ogg', type: 'audio/ogg', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0]) }],
      { text: 'Hallo.' },
      400,
      AUDIO_MESSAGES.wrongType,
    ],
    [
      'a WAV whose length cannot be read',
      [{ filename: 'b.wav', type: 'audio/wav', bytes: Buffer.from('RIFF\0\0\0\0WAVEjunkjunk') }],
      { text: 'Hallo.' },
      400,
      AUDIO_MESSAGES.unreadable,
    ],
    [
      'a file over 20 MB',
      [{ filename: 'big.wav', type: 'audio/wav', bytes: Buffer.alloc(20_971_521, 1) }],
      { text: 'Hallo.' },
      413,
      AUDIO_MESSAGES.tooLarge,
    ],
    ['zero files', [], { text: 'Hallo.' }, 400, MESSAGES.form.fileRequired],
    ['two files', [wavFile, wavFile], { text: 'Hallo.' }, 400, MESSAGES.form.fileRequired],
    ['no text', [wavFile], {}, 400, AUDIO_MESSAGES.textRequired],
    ['a text without a sentence', [wavFile], { text: ' … ' }, 400, AUDIO_MESSAGES.textRequired],
  ] as const)('refuses %s with a clear message and appends nothing', async (_what, files, fields, status, message) => {
    const before = await eventCount();
    const res = await upload(`/api/admin/audio/chapter/${randomUUID()}`, [...files], { ...fields });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('refuses a generation without text, or for an unknown kind of target, and appends nothing', async () => {
    const before = await eventCount();
    const empty = await admin.request({
      method: 'POST',
      url: `/api/admin/audio/chapter/${randomUUID()}/generate`,
      payload: { text: '  ', voiceId: 'Marlene' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(AUDIO_MESSAGES.textRequired);
    const kind = await admin.request({
      method: 'POST',
      url: `/api/admin/audio/podcast/${randomUUID()}/generate`,
      payload: { text: 'Hallo.', voiceId: 'Marlene' },
    });
    expect(kind.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('is for admins: 401 anonymous, 403 learner, nothing appended; learners only read', async () => {
    const before = await eventCount();
    const url = `/api/admin/audio/chapter/${randomUUID()}`;
    const anonymous = await t.agent().request({ method: 'POST', url: `${url}/generate`, payload: { text: 'Hallo.', voiceId: 'Marlene' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(SESSION_EXPIRED);
    for (const call of [
      { method: 'POST' as const, url: `${url}/generate`, payload: { text: 'Hallo.', voiceId: 'Marlene' } },
      { method: 'DELETE' as const, url },
      { method: 'GET' as const, url },
    ]) {
      const res = await learner.request(call);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ADMIN_ONLY);
    }
    expect((await upload(url, [wavFile], { text: 'Hallo.' }, learner)).statusCode).toBe(403);
    expect((await t.agent().request({ method: 'GET', url: `/api/audio/chapter/${randomUUID()}` })).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });
});
