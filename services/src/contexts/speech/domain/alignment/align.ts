import { wrapForSpeech, type SentenceTiming, type SentenceWord } from '@verba/contracts';
import { codePointIndexes, wordsOfMarks } from '../word-timings';
import { multiscaleDtw, type DtwOptions } from './dtw';
import { FEATURE_RATE, HOP, mfcc } from './features';
import { concat, int16ToFloat, resample } from './resample';

/**
 * Forced alignment by synthesis and DTW (the method of echogarden's DTW engine, without its
 * dependencies): the text is spoken by espeak-ng, whose sentence and word times are known; the
 * recording's features are warped onto the synthetic ones; each known time of the synthetic speech is
 * carried along the warping path to a time in the recording.
 */

/** The engine, as the aligner needs it: 16-bit samples and its word events ([code point in the SSML, ms]). */
export interface Speaker {
  sampleRate: number;
  speak(ssml: string, voice: string): { samples: Int16Array; words: [number, number][] };
}

/** A word of a sentence (contracts' SentenceWord): `from`..`to` are UTF-16 offsets into the sentence; times in seconds. */
export type WordTiming = SentenceWord;

/** The synthetic speech and where in it each sentence and word is (seconds). */
export interface Reference {
  samples: Float32Array;
  sampleRate: number;
  sentences: { start: number; end: number; words: WordTiming[] }[];
}

export interface Alignment {
  /** One per sentence, in order (SentenceTimingSchema's shape). */
  sentences: SentenceTiming[];
  /** Per sentence, its words as far as the engine marked them (empty when it marked none). */
  words: WordTiming[][];
}

/** 10 ms frames of the sound's loudness: where speech starts and ends within a synthesized sentence. */
function voicedSpan(samples: Float32Array, sampleRate: number): { first: number; last: number } | undefined {
  const frame = Math.round(sampleRate / 100);
  const loudness: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! ** 2;
    loudness.push(Math.sqrt(sum / frame));
  }
  const threshold = Math.max(...loudness, 0) * 0.03; // -30 dB under the loudest frame
  const first = loudness.findIndex((l) => l > threshold);
  if (first < 0 || threshold === 0) return undefined;
  const last = loudness.length - 1 - [...loudness].reverse().findIndex((l) => l > threshold);
  return { first: (first * frame) / sampleRate, last: ((last + 1) * frame) / sampleRate };
}

/**
 * Silence put before and after each synthesized sentence. The warping path runs from the first frame
 * to the last, so without it a recording's lead-in (or a long pause) would have no silence of the
 * reference to pair with, and would be taken for the first word. (The engine starts some voices'
 * sentences at their first sample, its lead-in break unheard.)
 */
const PAUSE_SECONDS = 0.3;

/**
 * Each sentence spoken alone and the pieces laid end to end, a pause around each: a sentence's start
 * and end are where its own sound starts and ends.
 */
export function speakReference(sentences: readonly string[], voice: string, speaker: Speaker): Reference {
  const pieces: Float32Array[] = [];
  const timed: Reference['sentences'] = [];
  const pause = new Float32Array(Math.round(PAUSE_SECONDS * speaker.sampleRate));
  let offset = 0;
  for (const sentence of sentences) {
    pieces.push(pause);
    offset += pause.length / speaker.sampleRate;
    const ssml = wrapForSpeech(sentence);
    const spoken = speaker.speak(ssml, voice);
    const samples = int16ToFloat(spoken.samples);
    const seconds = samples.length / speaker.sampleRate;
    const span = voicedSpan(samples, speaker.sampleRate) ?? { first: 0, last: seconds };
    const indexes = codePointIndexes(ssml);
    const marks = spoken.words.flatMap(([position, ms]) =>
      indexes[position - 1] === undefined ? [] : [{ index: indexes[position - 1]!, ms }],
    );
    const starts = wordsOfMarks(sentence, 1, marks);
    const words = starts.map((w, k) => ({
      from: w.start,
      to: w.end,
      start: offset + Math.max(span.first, w.offsetMs / 1000),
      end: offset + Math.min(span.last, k + 1 < starts.length ? starts[k + 1]!.offsetMs / 1000 : span.last),
    }));
    timed.push({ start: offset + span.first, end: offset + span.last, words });
    pieces.push(samples);
    offset += seconds;
  }
  pieces.push(pause);
  return { samples: concat(pieces), sampleRate: speaker.sampleRate, sentences: timed };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The recording's sentence and word times. A reference time goes to the first recording frame warped
 * onto its frame for a start, the last for an end: a pause longer in the recording than in the
 * synthetic speech is then silence between sentences, not part of either.
 */
export function alignToReference(
  recording: { samples: Float32Array; sampleRate: number },
  reference: Reference,
  options: DtwOptions = {},
): Alignment {
  const ours = mfcc(resample(reference.samples, reference.sampleRate, FEATURE_RATE));
  const theirs = mfcc(resample(recording.samples, recording.sampleRate, FEATURE_RATE));
  const path = multiscaleDtw(ours, theirs, options);
  const first = new Int32Array(ours.frames).fill(-1);
  const last = new Int32Array(ours.frames);
  for (let k = 0; k < path.a.length; k++) {
    const r = path.a[k]!;
    if (first[r] === -1) first[r] = path.b[k]!;
    last[r] = path.b[k]!;
  }
  const frameOf = (seconds: number) => Math.min(ours.frames - 1, Math.max(0, Math.round((seconds * FEATURE_RATE) / HOP)));
  const duration = recording.samples.length / recording.sampleRate;
  const time = (frame: number) => Math.min(duration, (frame * HOP) / FEATURE_RATE);
  const startOf = (seconds: number) => time(first[frameOf(seconds)]!);
  const endOf = (seconds: number) => time(last[frameOf(seconds)]! + 1);
  return {
    sentences: reference.sentences.map((s) => ({ start: round(startOf(s.start)), end: round(Math.max(startOf(s.start), endOf(s.end))) })),
    // A word ends where the next one starts (the same instant, not a frame apart); the last where its sentence does.
    words: reference.sentences.map((s) =>
      s.words.map((w, k) => {
        const next = s.words[k + 1];
        const end = next ? startOf(next.start) : endOf(w.end);
        return { ...w, start: round(startOf(w.start)), end: round(Math.max(startOf(w.start), end)) };
      }),
    ),
  };
}
