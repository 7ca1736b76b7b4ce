import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '@verba/contracts';
import { alignToReference, speakReference } from './align';
import { espeakLoader } from './espeak';

const loadEspeak = espeakLoader();
import { syntheticRecording } from './synthetic-recording';

const DEMO = new URL('../../../../../data/demo/articles/', import.meta.url);

/** The first `count` sentences of the language's demo articles (their text after the front matter). */
export function demoSentences(language: string, count: number): string[] {
  const files = readdirSync(DEMO)
    .filter((f) => f.includes(`-${language}-`))
    .sort();
  const texts = files.map((f) => readFileSync(new URL(f, DEMO), 'utf8').replace(/^---[\s\S]*?\n---\n/, ''));
  return splitSentences(texts.join('\n')).slice(0, count);
}

const share = (errors: number[], within: number) => errors.filter((e) => Math.abs(e) <= within).length / errors.length;

describe('forced alignment of a recording to its sentences (synthesis + DTW)', () => {
  // The recording: another voice variant at another speed, random pauses, noise, at 44.1 kHz. The
  // reference: the aligner's own voice at normal speed. So no sentence sounds the same in the two.
  it.each([
    { language: 'de', recordedBy: 'de+m3', speed: 1.25, pause: [0.2, 2], noise: 0.002 },
    { language: 'ru', recordedBy: 'ru+m3', speed: 1.25, pause: [0.2, 2], noise: 0.002 },
    // Slower, with pauses from a breath (50 ms) to 4 s, and noise 2.5 times louder (about -30 dB under the speech).
    { language: 'fr', recordedBy: 'fr+m1', speed: 0.8, pause: [0.05, 4], noise: 0.005 },
  ] as const)(
    '$language (recorded by $recordedBy at $speed): 95 in 100 of 24 sentence starts within 300 ms, 9 in 10 words',
    async (c) => {
      const sentences = demoSentences(c.language, 24);
      expect(sentences).toHaveLength(24);
      const speaker = await loadEspeak();
      const recording = syntheticRecording(sentences, speaker, {
        voice: c.recordedBy,
        speed: c.speed,
        pause: [...c.pause],
        noise: c.noise,
        seed: 40,
      });
      const aligned = alignToReference(recording, speakReference(sentences, `${c.language}+f3`, speaker));

      expect(aligned.sentences).toHaveLength(24);
      const errors = aligned.sentences.map((t, i) => t.start - recording.starts[i]!);
      expect(share(errors, 0.3), `errors (s): ${errors.map((e) => e.toFixed(2)).join(' ')}`).toBeGreaterThanOrEqual(0.95);
      // Each sentence ends after it starts and before the next one starts: the pauses belong to no sentence.
      aligned.sentences.forEach((t, i) => {
        expect(t.end).toBeGreaterThan(t.start);
        if (i + 1 < 24) expect(t.end).toBeLessThanOrEqual(aligned.sentences[i + 1]!.start);
      });
      const wordErrors = aligned.words.flatMap((words, i) => words.map((w, k) => w.start - recording.wordStarts[i]![k]!));
      expect(wordErrors.length).toBeGreaterThan(100);
      expect(share(wordErrors, 0.3)).toBeGreaterThanOrEqual(0.9);
    },
    120_000,
  );
});
