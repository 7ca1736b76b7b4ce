import { LEARNER_AUDIO_MESSAGES, LEARNER_AUDIO_SECONDS_MAX, LEARNING_LANGUAGES, type SentenceTiming } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { alignToReference, speakReference, type WordTiming } from './align';
import { durationOf, sniffAudio } from '../audio-files';
import { decodeAudio, type AudioDecoder, type Pcm } from './decode';
import { AUDIO_DECODERS, isMpeg4 } from './decoders';
import { espeakLoader } from './espeak';
import type { Speaker } from './align';

/** What a learner reads when their audio cannot be aligned (problem+json messages, each a full sentence). */
export const ALIGNMENT_MESSAGES = {
  notAudio: LEARNER_AUDIO_MESSAGES.notAudio,
  m4a: LEARNER_AUDIO_MESSAGES.m4a,
  noSpeech: LEARNER_AUDIO_MESSAGES.noSpeech,
  tooLong: LEARNER_AUDIO_MESSAGES.tooLong,
  noText: LEARNER_AUDIO_MESSAGES.noText,
  tooMuchText: 'The text is too long to align to audio in one go.',
  unknownVoice: 'The voice to align with is not one the speech engine has.',
} as const;

/** An hour: decoded at 44.1 kHz it is 635 MB of samples already, outside the pool's heap limit. */
export const ALIGNMENT_LIMITS = { secondsMax: LEARNER_AUDIO_SECONDS_MAX, sentencesMax: 10_000, charactersMax: 300_000 } as const;

/**
 * The pool budget the caller passes with the job: 10 minutes of speech align in about 16 s on this
 * machine (bench/alignment.ts), so an hour takes about 100 s: 3 minutes leave a margin for a busy machine.
 */
export const ALIGNMENT_JOB_BUDGET = { timeMs: 180_000 } as const;

/** The espeak-ng voice of each language for the reference (its accent: es is Castilian, es-419 American). */
const REFERENCE_VOICES: Readonly<Record<(typeof LEARNING_LANGUAGES)[number], string>> = {
  de: 'de+f3',
  fr: 'fr+f3',
  es: 'es+f3',
  ru: 'ru+f3',
};

export interface AlignJobInput {
  /** Decoded samples, or the file's bytes (decoded here: WAV, mp3 and Ogg Vorbis unless other decoders are given). */
  audio: Pcm | { bytes: Uint8Array };
  /** The text's sentences as splitSentences gives them: timing i is sentence i. */
  sentences: readonly string[];
  language: (typeof LEARNING_LANGUAGES)[number];
  /** An espeak-ng voice other than the language's own (e.g. 'fr+m3'). */
  voice?: string;
}

export interface AlignJobOutput {
  sentences: SentenceTiming[];
  words: WordTiming[][];
}

/** The job's sentence timings with their words (offsets in the sentence, as the reader finds them in its text). */
export function timedSentences(output: AlignJobOutput): SentenceTiming[] {
  return output.sentences.map((sentence, i) => (output.words[i]?.length ? { ...sentence, words: output.words[i] } : sentence));
}

/** The loudest 10 ms of the audio (RMS), to tell a recording from silence. */
function peakLoudness(samples: Float32Array, sampleRate: number): number {
  const frame = Math.max(1, Math.round(sampleRate / 100));
  let peak = 0;
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! ** 2;
    peak = Math.max(peak, sum / frame);
  }
  return Math.sqrt(peak);
}

async function recordingOf(audio: AlignJobInput['audio'], decoders: readonly AudioDecoder[] = AUDIO_DECODERS): Promise<Pcm> {
  if ('bytes' in audio) {
    if (!(audio.bytes instanceof Uint8Array)) throw new Refused(415, ALIGNMENT_MESSAGES.notAudio);
    if (isMpeg4(audio.bytes)) throw new Refused(415, ALIGNMENT_MESSAGES.m4a);
    // The length the file's headers or frames tell, before anything is decoded: an over-long file costs no decoding.
    const file = Buffer.from(audio.bytes.buffer, audio.bytes.byteOffset, audio.bytes.byteLength);
    const type = sniffAudio(file);
    const seconds = type ? durationOf(file, type) : undefined;
    if (seconds !== undefined && seconds > ALIGNMENT_LIMITS.secondsMax) throw new Refused(413, ALIGNMENT_MESSAGES.tooLong);
    const decoded = await decodeAudio(audio.bytes, decoders).catch(() => undefined);
    if (!decoded) throw new Refused(415, ALIGNMENT_MESSAGES.notAudio);
    return decoded;
  }
  if (!(audio.samples instanceof Float32Array) || !(audio.sampleRate >= 8000 && audio.sampleRate <= 192_000)) {
    throw new Refused(415, ALIGNMENT_MESSAGES.notAudio);
  }
  return audio;
}

/** The job itself: the engine to speak the reference, and the decoders to try (AUDIO_DECODERS unless told). */
export async function alignRecording(
  input: AlignJobInput,
  speaker: () => Promise<Speaker>,
  decoders?: readonly AudioDecoder[],
): Promise<AlignJobOutput> {
  const sentences = Array.isArray(input.sentences) ? input.sentences.filter((s) => typeof s === 'string') : [];
  if (sentences.length === 0 || sentences.length !== input.sentences.length || !sentences.some((s) => /[\p{L}\p{N}]/u.test(s))) {
    throw new Refused(400, ALIGNMENT_MESSAGES.noText);
  }
  const characters = sentences.reduce((n, s) => n + s.length, 0);
  if (sentences.length > ALIGNMENT_LIMITS.sentencesMax || characters > ALIGNMENT_LIMITS.charactersMax) {
    throw new Refused(413, ALIGNMENT_MESSAGES.tooMuchText);
  }
  const voice = input.voice ?? REFERENCE_VOICES[input.language];
  if (!voice || !/^[a-z]{2,3}(-[a-z0-9]+)?(\+[a-z0-9]+)?$/.test(voice)) throw new Refused(400, ALIGNMENT_MESSAGES.unknownVoice);
  const recording = await recordingOf(input.audio, decoders);
  const seconds = recording.samples.length / recording.sampleRate;
  if (seconds > ALIGNMENT_LIMITS.secondsMax) throw new Refused(413, ALIGNMENT_MESSAGES.tooLong);
  // Under -60 dB full scale at its loudest, or a blip: nothing was said.
  if (seconds < 0.1 || peakLoudness(recording.samples, recording.sampleRate) < 1e-3) throw new Refused(422, ALIGNMENT_MESSAGES.noSpeech);
  const reference = speakReference(sentences, voice, await speaker());
  return alignToReference(recording, reference);
}

/**
 * Forced alignment of a recording to its text's sentences and words, on the untrusted pool (run with
 * ALIGNMENT_JOB_BUDGET). A function, so the engine each pool thread loads is kept by that thread's
 * job table (runtime/untrusted-worker.ts: `...speechAlignmentJobs()`), never by this module.
 */
export function speechAlignmentJobs(decoders?: readonly AudioDecoder[]) {
  const speaker = espeakLoader();
  return { 'speech.align': (input: AlignJobInput) => alignRecording(input, speaker, decoders) };
}
