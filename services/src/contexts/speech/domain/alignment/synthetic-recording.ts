import { wrapForSpeech } from '@verba/contracts';
import { codePointIndexes, wordsOfMarks } from '../word-timings';
import type { Speaker } from './align';
import { concat, int16ToFloat, resample } from './resample';

/**
 * A "recording" whose true sentence and word times are known, for the aligner's tests and bench: each
 * sentence spoken by the engine in another voice and at another speed than the aligner's reference,
 * with pauses of random length between, faint noise throughout, at a CD sample rate.
 */
export interface SyntheticRecording {
  samples: Float32Array;
  sampleRate: number;
  /** Where each sentence's sound starts (seconds). */
  starts: number[];
  /** Where each sentence's words start, by the engine's own word events (seconds). */
  wordStarts: number[][];
}

export interface RecordingOptions {
  voice: string;
  speed: number;
  seed: number;
  /** Pauses between sentences, seconds. */
  pause?: [number, number];
  /** Amplitude of the noise (uniform), against the engine's peaks of about 0.5. */
  noise?: number;
  sampleRate?: number;
}

/** A small deterministic generator (the same seed, the same recording). */
export function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

export function syntheticRecording(sentences: readonly string[], speaker: Speaker, options: RecordingOptions): SyntheticRecording {
  const next = random(options.seed);
  const [shortest, longest] = options.pause ?? [0.2, 2];
  const noise = options.noise ?? 0.002;
  const rate = speaker.sampleRate;
  const pieces: Float32Array[] = [];
  const starts: number[] = [];
  const wordStarts: number[][] = [];
  let at = 0;
  for (const sentence of sentences) {
    const pause = new Float32Array(Math.round(rate * (shortest + next() * (longest - shortest))));
    pieces.push(pause);
    at += pause.length;
    const ssml = wrapForSpeech(sentence, options.speed);
    const spoken = speaker.speak(ssml, options.voice);
    const samples = int16ToFloat(spoken.samples);
    let onset = 0;
    while (onset < samples.length && Math.abs(samples[onset]!) < 0.02) onset++;
    starts.push((at + onset) / rate);
    const indexes = codePointIndexes(ssml);
    const marks = spoken.words.flatMap(([position, ms]) =>
      indexes[position - 1] === undefined ? [] : [{ index: indexes[position - 1]!, ms }],
    );
    wordStarts.push(wordsOfMarks(sentence, options.speed, marks).map((w) => Math.max(at + onset, at + (w.offsetMs / 1000) * rate) / rate));
    pieces.push(samples);
    at += samples.length;
  }
  pieces.push(new Float32Array(rate)); // a second of room noise after the last sentence
  const joined = concat(pieces);
  for (let i = 0; i < joined.length; i++) joined[i]! += (next() - 0.5) * 2 * noise;
  const sampleRate = options.sampleRate ?? 44_100;
  return { samples: resample(joined, rate, sampleRate), sampleRate, starts, wordStarts };
}
