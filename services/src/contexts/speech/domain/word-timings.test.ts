import { afterAll, describe, expect, it } from 'vitest';
import { wrapForSpeech } from '@verba/contracts';
import { createEspeakWasmSynthesizer } from '../adapters/espeak-wasm';
import { wordMarks } from '../adapters/polly';
import { byteIndexes, codePointIndexes, wordsOfMarks } from './word-timings';

const wordsOf = (text: string, words: { start: number; end: number }[]) => words.map((w) => text.slice(w.start, w.end));

describe('word timings from an engine marks', () => {
  it('maps SSML indexes back through the break, the prosody and the escaping to the words of the text', () => {
    const text = 'Tom & Jerry sagen „Hallo“.';
    const ssml = wrapForSpeech(text, 0.8);
    const at = (word: string) => ssml.indexOf(word);
    const marks = [
      { index: at('Tom'), ms: 150 },
      { index: at('&amp;') + 4, ms: 400 }, // espeak-ng speaks "&" and marks the entity's ";": no word of the text
      { index: at('Jerry'), ms: 600 },
      { index: at('sagen') + 2, ms: 900 }, // inside a word is that word
      { index: at('Hallo'), ms: 1200 },
      { index: at('Hallo') + 1, ms: 1300 }, // a second mark on one word keeps the first
      { index: 3, ms: 0 }, // inside <speak>: dropped
    ];
    const words = wordsOfMarks(text, 0.8, marks);
    expect(wordsOf(text, words)).toEqual(['Tom', 'Jerry', 'sagen', 'Hallo']);
    expect(words.map((w) => w.offsetMs)).toEqual([150, 600, 900, 1200]);
  });

  it('counts espeak-ng code points and Polly bytes as UTF-16 indexes', () => {
    expect(codePointIndexes('a😀b')).toEqual([0, 1, 3, 4]);
    const bytes = byteIndexes('Ü😀b');
    expect([bytes.get(0), bytes.get(2), bytes.get(6)]).toEqual([0, 1, 3]);
  });

  it("reads Polly's word speech marks, one JSON object a line, with byte offsets", () => {
    const text = 'Grüße aus Köln';
    const ssml = wrapForSpeech(text);
    const byte = (word: string) => Buffer.byteLength(ssml.slice(0, ssml.indexOf(word)));
    const lines = [
      { time: 6, type: 'sentence', start: byte('Grüße'), end: 0, value: text },
      { time: 6, type: 'word', start: byte('Grüße'), end: 0, value: 'Grüße' },
      { time: 520, type: 'word', start: byte('aus'), end: 0, value: 'aus' },
      { time: 700, type: 'word', start: byte('Köln'), end: 0, value: 'Köln' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const words = wordsOfMarks(text, 1, wordMarks(ssml, lines));
    expect(words).toEqual([
      { start: 0, end: 5, offsetMs: 6 },
      { start: 6, end: 9, offsetMs: 520 },
      { start: 10, end: 14, offsetMs: 700 },
    ]);
  });

  describe('espeak-ng (WebAssembly)', () => {
    const espeak = createEspeakWasmSynthesizer();
    afterAll(async () => espeak.close?.());

    it('gives every word of a German sentence with umlauts and quotes, in order, within the audio', async () => {
      const text = 'Über die Straße „grüßen“ wir Müller.';
      const { audio, marks } = await espeak.synthesize({ ssml: wrapForSpeech(text, 0.8), voiceId: 'Marlene' });
      const words = wordsOfMarks(text, 0.8, marks ?? []);
      expect(wordsOf(text, words)).toEqual(['Über', 'die', 'Straße', 'grüßen', 'wir', 'Müller']);
      const seconds = (audio.length - 44) / 2 / 22050;
      const times = words.map((w) => w.offsetMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBeGreaterThanOrEqual(100); // after the lead-in break (150 ms, rendered a little shorter)
      expect(times.at(-1)!).toBeLessThan(seconds * 1000);
    });
  });
});
