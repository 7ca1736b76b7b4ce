import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './decode';
import { AUDIO_DECODERS } from './decoders';
import { ALIGNMENT_MESSAGES, type AlignJobOutput } from './jobs';
import { refusal } from '../../../../../test-support/platform/refusal';
import { alignmentTestPool } from '../../../../../test-support/contexts/speech/alignment-pool';

/** Two sentences spoken by espeak-ng, encoded by lame and oggenc (test-support/contexts/speech/make-alignment-fixtures.ts), and their true starts. */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const truth = JSON.parse(new TextDecoder().decode(fixture('speech.json'))) as { sentences: string[]; starts: number[]; seconds: number };

/** Silent MPEG-2.5 layer III frames (8 kbit/s, 8 kHz, 72 ms each): an hour and a bit in 3.6 MB. */
function silentMp3(seconds: number): Uint8Array {
  const frames = Math.ceil(seconds / 0.072);
  const file = new Uint8Array(frames * 72);
  for (let i = 0; i < frames; i++) file.set([0xff, 0xe3, 0x18, 0xc0], i * 72);
  return file;
}

describe('mp3 and Ogg Vorbis recordings', () => {
  it('decodes both to one channel of the whole recording', async () => {
    for (const name of ['speech.mp3', 'speech.ogg']) {
      const pcm = await decodeAudio(fixture(name), AUDIO_DECODERS);
      const seconds = pcm!.samples.length / pcm!.sampleRate;
      // lame and Vorbis add up to a few frames of padding at the ends.
      expect(Math.abs(seconds - truth.seconds), name).toBeLessThan(0.15);
      expect(Math.max(...pcm!.samples.subarray(0, 100_000).map(Math.abs)), name).toBeGreaterThan(0.1);
    }
  });

  it('takes no other file for theirs: an Ogg without Vorbis, an m4a, text', () => {
    const ogg = fixture('speech.ogg');
    const opus = ogg.slice();
    opus.set(new TextEncoder().encode('OpusHead'), 28 + ogg[26]!);
    const m4a = new Uint8Array([0, 0, 0, 32, ...new TextEncoder().encode('ftypM4A isomiso2')]);
    for (const bytes of [opus, m4a, new TextEncoder().encode('Guten Morgen')]) {
      expect(AUDIO_DECODERS.filter((d) => d.accepts(bytes))).toEqual([]);
    }
  });

  describe('aligned on the untrusted pool', () => {
    const pool = alignmentTestPool();
    afterAll(() => pool.close());

    it('aligns an mp3 and an ogg file to their sentences', async () => {
      for (const name of ['speech.mp3', 'speech.ogg']) {
        const aligned = await pool.run<AlignJobOutput>('speech.align', {
          audio: { bytes: fixture(name) },
          sentences: truth.sentences,
          language: 'de',
        });
        aligned.sentences.forEach((t, i) => expect(Math.abs(t.start - truth.starts[i]!), `${name} sentence ${i}`).toBeLessThan(0.3));
      }
    }, 60_000);

    it('refuses an m4a by name, and an over-long file by its frames before decoding it', async () => {
      const m4a = new Uint8Array([0, 0, 0, 32, ...new TextEncoder().encode('ftypM4A isomiso2'), ...new Uint8Array(64)]);
      const run = (bytes: Uint8Array) =>
        refusal(pool.run('speech.align', { audio: { bytes }, sentences: truth.sentences, language: 'de' }));
      expect(await run(m4a)).toEqual({ status: 415, message: ALIGNMENT_MESSAGES.m4a });
      const started = performance.now();
      expect(await run(silentMp3(3601))).toEqual({ status: 413, message: ALIGNMENT_MESSAGES.tooLong });
      expect(performance.now() - started).toBeLessThan(2000);
      // The same frames under the hour are decoded: silence, so nothing to align.
      expect(await run(silentMp3(20))).toEqual({ status: 422, message: ALIGNMENT_MESSAGES.noSpeech });
    }, 60_000);
  });
});
