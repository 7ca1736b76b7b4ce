import { afterAll, describe, expect, it } from 'vitest';
import { pcm16ToWav } from '../../adapters/wav';
import type { AlignJobOutput } from './jobs';
import { ALIGNMENT_MESSAGES } from './jobs';
import { espeakLoader } from './espeak';

const loadEspeak = espeakLoader();
import { syntheticRecording } from './synthetic-recording';
import { refusal } from '../../../../../test-support/platform/refusal';
import { alignmentTestPool } from '../../../../../test-support/contexts/speech/alignment-pool';

const SENTENCES = [
  'Guten Morgen, Herr Becker!',
  'Vier Brötchen, bitte.',
  'Und ein Stück Kuchen für meine Frau.',
  'Das macht fünf Euro zwanzig.',
];

describe('the alignment job on the untrusted pool', () => {
  const pool = alignmentTestPool();
  afterAll(() => pool.close());

  it('aligns an uploaded WAV file to its sentences, speaking the reference inside the pool’s thread', async () => {
    const recording = syntheticRecording(SENTENCES, await loadEspeak(), { voice: 'de+m3', speed: 1.2, seed: 7, sampleRate: 22_050 });
    const wav = pcm16ToWav(
      Int16Array.from(recording.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767)),
      22_050,
    );
    const aligned = await pool.run<AlignJobOutput>('speech.align', { audio: { bytes: wav }, sentences: SENTENCES, language: 'de' });
    expect(aligned.sentences).toHaveLength(4);
    aligned.sentences.forEach((t, i) => expect(Math.abs(t.start - recording.starts[i]!)).toBeLessThan(0.3));
    expect(aligned.words.map((w) => w.length)).toEqual([4, 3, 7, 5]);
    expect(aligned.words[1]![0]).toMatchObject({ from: 0, to: 4 }); // "Vier"
  }, 60_000);

  it('takes decoded samples too, with another voice for the reference', async () => {
    const recording = syntheticRecording(SENTENCES.slice(0, 2), await loadEspeak(), { voice: 'de+f4', speed: 0.9, seed: 8 });
    const aligned = await pool.run<AlignJobOutput>('speech.align', {
      audio: { samples: recording.samples, sampleRate: recording.sampleRate },
      sentences: SENTENCES.slice(0, 2),
      language: 'de',
      voice: 'de+m3',
    });
    aligned.sentences.forEach((t, i) => expect(Math.abs(t.start - recording.starts[i]!)).toBeLessThan(0.3));
  }, 60_000);

  it('refuses what it cannot align with a clear message', async () => {
    const run = (input: object) => refusal(pool.run('speech.align', input));
    const silence = { samples: new Float32Array(16_000), sampleRate: 16_000 };
    expect(await run({ audio: { bytes: new TextEncoder().encode('MZ not a recording') }, sentences: SENTENCES, language: 'de' })).toEqual({
      status: 415,
      message: ALIGNMENT_MESSAGES.notAudio,
    });
    expect(await run({ audio: silence, sentences: SENTENCES, language: 'de' })).toEqual({
      status: 422,
      message: ALIGNMENT_MESSAGES.noSpeech,
    });
    expect(await run({ audio: silence, sentences: [], language: 'de' })).toEqual({ status: 400, message: ALIGNMENT_MESSAGES.noText });
    expect(await run({ audio: silence, sentences: ['…'], language: 'de' })).toEqual({ status: 400, message: ALIGNMENT_MESSAGES.noText });
    expect(await run({ audio: silence, sentences: SENTENCES, language: 'de', voice: '../etc' })).toEqual({
      status: 400,
      message: ALIGNMENT_MESSAGES.unknownVoice,
    });
    const noRate = { samples: new Float32Array(10), sampleRate: 0.001 };
    expect(await run({ audio: noRate, sentences: SENTENCES, language: 'de' })).toEqual({
      status: 415,
      message: ALIGNMENT_MESSAGES.notAudio,
    });
  }, 60_000);

  it('messages are sentences', () => {
    for (const message of Object.values(ALIGNMENT_MESSAGES)) expect(message).toMatch(/^[A-Z].*\.$/);
  });
});
